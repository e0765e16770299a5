/// Models (structs, enums, unions) and domain types.
extension Comparison {
    /// A model without its name: what makes two models the same type under two names.
    func modelShape(_ model: Model) -> String {
        var text = model.typeParameters.joined(separator: ",") + "|" + (model.isHashable ? "H" : "") + "|"
        text += model.identity.map { "\($0)" } ?? ""
        switch model.kind {
        case .fields(let fields):
            text += "|fields:" + fields.map {
                "\($0.name):\($0.type):\($0.jsonKey):\($0.defaultValue ?? ""):\($0.isEncoded)"
                    + ($0.partHeader.map { ":\($0.part)/\($0.header)" } ?? "")
            }.joined(separator: ";") + (model.additionalProperties.map { "|additional:\($0)" } ?? "")
        case .enumeration(let cases):
            text += "|enum\(model.isIntegerEnum ? "(Int)" : ""):" + cases.map { "\($0.name)=\($0.rawValue)" }.joined(separator: ";") + "|" + (model.unknownCase ?? "")
        case .union(let union):
            text += "|union:\(union.discriminator ?? ""):" + union.cases.map { "\($0.name):\($0.type):\($0.tag)" }.joined(separator: ";")
        }
        return text + "|nested:" + model.nested.map(\.name).joined(separator: ",")
    }

    /// The wire impact of a change to a model, by where the model is used on either side.
    func wire(_ oldName: String?, _ newName: String?, request: WireImpact, response: WireImpact) -> WireImpact {
        let inRequest = oldName.map { oldUsage.request.contains($0) } == true || newName.map { newUsage.request.contains($0) } == true
        let inResponse = oldName.map { oldUsage.response.contains($0) } == true || newName.map { newUsage.response.contains($0) } == true
        return max(inRequest ? request : .none, inResponse ? response : .none)
    }

    mutating func compareModels() {
        let newByName = newModels.byName
        var removed = oldModels.ordered.filter { newByName[$0.name] == nil }
        var added = newModels.ordered.filter { oldModels.byName[$0.name] == nil }
        // A rename: the only removed model of its shape (and nesting depth) and the only added one.
        func key(_ name: String, _ model: Model) -> String { "\(name.split(separator: ".").count)|" + modelShape(model) }
        var addedByShape: [String: [String]] = [:]
        for (name, model) in added { addedByShape[key(name, model), default: []].append(name) }
        let removedShapes = removed.map { key($0.name, $0.model) }
        var removedCount: [String: Int] = [:]
        for shape in removedShapes { removedCount[shape, default: 0] += 1 }
        var renames: [(old: String, new: String)] = []
        for ((name, _), shape) in zip(removed, removedShapes) where removedCount[shape] == 1 {
            if let candidates = addedByShape[shape], candidates.count == 1, let match = candidates.first {
                renames.append((name, match))
            }
        }
        let renamedNames = Set(renames.map(\.new))
        added.removeAll { renamedNames.contains($0.name) }
        removed.removeAll { model in renames.contains { $0.old == model.name } }
        for (oldName, newName) in renames {
            let (a, b) = (oldName.split(separator: ".").last.map(String.init) ?? oldName,
                          newName.split(separator: ".").last.map(String.init) ?? newName)
            if a != b { modelRenames[a] = b }
        }
        for (name, _) in removed {
            add(
                "model-removed", name, "the model '\(name)' was removed",
                source: .breaking, wire: .none, old: oldIndex.model(name), new: nil)
        }
        for (oldName, newName) in renames {
            // A nested model keeps its name when its parent is renamed: only the parent's rename is reported.
            let lastOld = oldName.split(separator: ".").last.map(String.init)
            let lastNew = newName.split(separator: ".").last.map(String.init)
            if lastOld != lastNew {
                add(
                    "model-renamed", newName,
                    "possible rename: the model '\(oldName)' was removed and '\(newName)' added with the same shape",
                    source: .breaking, wire: .none, old: oldIndex.model(oldName), new: newIndex.model(newName),
                    renamedFrom: oldName)
            }
        }
        for (name, _) in added {
            add(
                "model-added", name, "the model '\(name)' was added",
                source: .additive, wire: .none, old: nil, new: newIndex.model(name))
        }
        let renameOf = Dictionary(renames.map { ($0.old, $0.new) }, uniquingKeysWith: { a, _ in a })
        for (name, model) in oldModels.ordered {
            let newName = renameOf[name] ?? name
            if let other = newByName[newName] { compare(model, name, other, newName) }
        }
    }

    /// Where a model is used, for the messages of its changes: their wire impact follows from it.
    func usageNote(_ oldName: String, _ name: String) -> String {
        let request = oldUsage.request.contains(oldName) || newUsage.request.contains(name)
        let response = oldUsage.response.contains(oldName) || newUsage.response.contains(name)
        switch (request, response) {
        case (true, true): return " ('\(name)' is in requests and responses)"
        case (true, false): return " ('\(name)' is in requests)"
        case (false, true): return " ('\(name)' is in responses)"
        case (false, false): return " ('\(name)' is in no request or response)"
        }
    }

    mutating func compare(_ a: Model, _ oldName: String, _ b: Model, _ name: String) {
        let first = changes.count
        compareContents(a, oldName, b, name)
        let note = usageNote(oldName, name)
        for index in first..<changes.count where changes[index].wire != .none {
            changes[index].message += note
        }
    }

    mutating func compareContents(_ a: Model, _ oldName: String, _ b: Model, _ name: String) {
        let (oldAt, newAt) = (oldIndex.model(oldName), newIndex.model(name))
        func kindName(_ kind: Model.Kind) -> String {
            switch kind {
            case .fields: "a struct"
            case .enumeration: "an enum"
            case .union: "a union"
            }
        }
        switch (a.kind, b.kind) {
        case (.fields(let x), .fields(let y)):
            // A generic parameter renamed (`T` to `Element`) is the parameters' change, not each field's.
            let saved = modelRenames
            if a.typeParameters.count == b.typeParameters.count {
                for (p, q) in zip(a.typeParameters, b.typeParameters) where p != q { modelRenames[p] = q }
            }
            compareFields(x + Self.additionalPropertiesField(a), y + Self.additionalPropertiesField(b), oldName, name)
            modelRenames = saved
        case (.enumeration(let x), .enumeration(let y)):
            compareCases(x, y, a, b, oldName, name)
        case (.union(let x), .union(let y)):
            compareUnions(x, y, oldName, name)
        default:
            add(
                "model-kind-changed", name, "the model '\(name)' is now \(kindName(b.kind)), not \(kindName(a.kind))",
                source: .breaking, wire: wire(oldName, name, request: .breaking, response: .breaking),
                old: oldAt, new: newAt)
            return
        }
        if a.typeParameters != b.typeParameters {
            // Code names a generic model by its arguments (`Page<Item>`): only their number can break it.
            let renamedOnly = a.typeParameters.count == b.typeParameters.count
            add(
                renamedOnly ? "type-parameters-renamed" : "type-parameters-changed", name,
                "the generic parameters of '\(name)' are now <\(b.typeParameters.joined(separator: ", "))>, "
                    + "not <\(a.typeParameters.joined(separator: ", "))>",
                source: renamedOnly ? .none : .breaking, wire: .none, old: oldAt, new: newAt)
        }
        compareConformances(
            name, hashable: (a.isHashable, b.isHashable), identity: (a.identity, b.identity),
            old: oldIndex.models[oldName]?.hashable?.location ?? oldIndex.models[oldName]?.identifiable?.location ?? oldAt,
            new: newIndex.models[name]?.hashable?.location ?? newIndex.models[name]?.identifiable?.location ?? newAt)
    }

    /// A struct's `additionalProperties` as the field it is in Swift (`additionalProperties: [String: T] = [:]`), so
    /// that adding, removing or retyping it is reported as a field's change is.
    static func additionalPropertiesField(_ model: Model) -> [Field] {
        guard let value = model.additionalProperties,
            case .success(let type) = SwiftType.parse("[String: \(value.description)]")
        else { return [] }
        return [Field(
            name: SpecValidator.additionalPropertiesName, type: type, jsonKey: "(the other keys)", documentation: nil,
            defaultValue: "[:]")]
    }

    mutating func compareConformances(
        _ name: String, hashable: (Bool, Bool), identity: (Identity?, Identity?), old: SourceLocation?, new: SourceLocation?
    ) {
        if hashable.0 != hashable.1 {
            add(
                hashable.1 ? "conformance-added" : "conformance-removed", name,
                "'\(name)' is \(hashable.1 ? "now" : "no longer") Hashable",
                source: hashable.1 ? .additive : .breaking, wire: .none, old: old, new: new)
        }
        if identity.0 != identity.1 {
            let added = identity.0 == nil
            add(
                added ? "conformance-added" : "conformance-removed", name,
                identity.1 == nil ? "'\(name)' is no longer Identifiable"
                    : added ? "'\(name)' is now Identifiable" : "'\(name)' is now Identifiable by another field",
                source: added ? .additive : .breaking, wire: .none, old: old, new: new)
        }
    }

    mutating func compareFields(_ x: [Field], _ y: [Field], _ oldName: String, _ name: String) {
        let oldModelAt = oldIndex.model(oldName)
        let newModelAt = newIndex.model(name)
        func oldAt(_ field: String) -> FieldSpec? { oldIndex.field(field, of: oldName) }
        func newAt(_ field: String) -> FieldSpec? { newIndex.field(field, of: name) }
        var pairs: [(Field, Field)] = []
        var removed: [Field] = []
        var added = y.filter { field in !x.contains { $0.name == field.name } }
        for field in x {
            if let match = y.first(where: { $0.name == field.name }) { pairs.append((field, match)) } else { removed.append(field) }
        }
        var renames: [(Field, Field)] = []
        for field in removed {
            let candidates = added.filter { $0.jsonKey == field.jsonKey && $0.type.description == renamed(field.type.description) }
            if candidates.count == 1, let match = candidates.first {
                renames.append((field, match))
                added.removeAll { $0.name == match.name }
            }
        }
        removed.removeAll { field in renames.contains { $0.0.name == field.name } }

        for field in removed {
            add(
                "field-removed", name + "." + field.name, "the field '\(field.name)' (\(field.type)) of '\(name)' was removed",
                source: .breaking,
                wire: wire(oldName, name, request: .breaking, response: field.type.isOptional ? .compatible : .breaking),
                old: oldAt(field.name)?.name.location ?? oldModelAt, new: nil)
        }
        for (a, b) in renames {
            add(
                "field-renamed", name + "." + b.name,
                "possible rename: the field '\(a.name)' of '\(name)' is now '\(b.name)' (the same JSON key and type)",
                source: .breaking, wire: .none, old: oldAt(a.name)?.name.location ?? oldModelAt,
                new: newAt(b.name)?.name.location ?? newModelAt, renamedFrom: a.name)
        }
        for field in added {
            let at = newAt(field.name)?.name.location ?? newModelAt
            let subject = name + "." + field.name
            if field.type.isOptional {
                add(
                    "optional-field-added", subject, "the optional field '\(field.name)' (\(field.type)) was added to '\(name)'",
                    source: .additive, wire: wire(oldName, name, request: .compatible, response: .compatible), old: nil, new: at)
            } else if let value = field.defaultValue {
                add(
                    "defaulted-field-added", subject,
                    "the field '\(field.name)' (\(field.type), default \(value)) was added to '\(name)'",
                    source: .additive, wire: wire(oldName, name, request: .breaking, response: .compatible), old: nil, new: at)
            } else {
                add(
                    "field-added", subject, "the required field '\(field.name)' (\(field.type)) was added to '\(name)'",
                    source: .breaking, wire: wire(oldName, name, request: .breaking, response: .compatible), old: nil, new: at)
            }
        }
        for (a, b) in pairs + renames {
            let subject = name + "." + b.name
            let (oldSpec, newSpec) = (oldAt(a.name), newAt(b.name))
            let (oldField, newField) = (oldSpec?.name.location ?? oldModelAt, newSpec?.name.location ?? newModelAt)
            if a.jsonKey != b.jsonKey {
                add(
                    "field-key-changed", subject, "the JSON key of '\(subject)' is now \"\(b.jsonKey)\", not \"\(a.jsonKey)\"",
                    source: .none, wire: wire(oldName, name, request: .breaking, response: .breaking),
                    old: oldSpec?.jsonKey?.location ?? oldField, new: newSpec?.jsonKey?.location ?? newField)
            }
            // `partHeader`: where a multipart response's field is read from (a part's header, not a part).
            if a.partHeader != b.partHeader {
                func describe(_ header: PartHeader?) -> String {
                    header.map { "header '\($0.header)' of part '\($0.part)'" } ?? "no part header"
                }
                add(
                    "field-key-changed", subject,
                    "'\(subject)' now holds \(describe(b.partHeader)) of a multipart response (partHeader), not \(describe(a.partHeader))",
                    source: .none, wire: wire(oldName, name, request: .none, response: .breaking),
                    old: oldSpec?.partHeader?.location ?? oldField, new: newSpec?.partHeader?.location ?? newField)
            }
            let (oldType, newType) = (renamed(a.type.description), b.type.description)
            let (oldTypeAt, newTypeAt) = (oldSpec?.type.location ?? oldField, newSpec?.type.location ?? newField)
            if oldType != newType {
                if !a.type.isOptional && newType == oldType + "?" {
                    add(
                        "field-made-optional", subject, "'\(subject)' is now optional (\(newType))",
                        source: .breaking, wire: wire(oldName, name, request: .compatible, response: .breaking),
                        old: oldTypeAt, new: newTypeAt)
                } else if a.type.isOptional && oldType == newType + "?" {
                    add(
                        "field-made-required", subject, "'\(subject)' is no longer optional (\(newType))",
                        source: .breaking, wire: wire(oldName, name, request: .breaking, response: .compatible),
                        old: oldTypeAt, new: newTypeAt)
                } else {
                    add(
                        "field-type-changed", subject, "'\(subject)' is now \(newType), not \(a.type)",
                        source: .breaking, wire: wire(oldName, name, request: .breaking, response: .breaking),
                        old: oldTypeAt, new: newTypeAt)
                }
            }
            // An optional field defaults to nil whether or not the spec says so.
            let oldDefault = a.defaultValue ?? (a.type.isOptional ? "nil" : nil)
            let newDefault = b.defaultValue ?? (b.type.isOptional ? "nil" : nil)
            let (oldDefaultAt, newDefaultAt) = (oldSpec?.defaultValue?.location ?? oldField, newSpec?.defaultValue?.location ?? newField)
            switch (oldDefault, newDefault) {
            case (nil, let value?) where a.type.isOptional == b.type.isOptional:
                add(
                    "field-default-added", subject, "'\(subject)' now defaults to \(value)",
                    source: .additive, wire: .none, old: oldDefaultAt, new: newDefaultAt)
            case (let value?, nil) where a.type.isOptional == b.type.isOptional:
                add(
                    "field-default-removed", subject, "'\(subject)' no longer defaults to \(value)",
                    source: .breaking, wire: .none, old: oldDefaultAt, new: newDefaultAt)
            case (let x?, let y?) where x != y && a.type.isOptional == b.type.isOptional:
                add(
                    "field-default-changed", subject, "'\(subject)' now defaults to \(y), not \(x)",
                    source: .none, wire: wire(oldName, name, request: .breaking, response: .none),
                    old: oldDefaultAt, new: newDefaultAt)
            default:
                break
            }
            if a.isEncoded != b.isEncoded {
                add(
                    "field-encoding-changed", subject,
                    b.isEncoded ? "'\(subject)' is now encoded" : "'\(subject)' is no longer encoded (encode: false)",
                    source: .none, wire: wire(oldName, name, request: .breaking, response: .none),
                    old: oldSpec?.encode?.location ?? oldField, new: newSpec?.encode?.location ?? newField)
            }
        }
    }

    mutating func compareCases(_ x: [EnumCase], _ y: [EnumCase], _ a: Model, _ b: Model, _ oldName: String, _ name: String) {
        let (oldModelAt, newModelAt) = (oldIndex.model(oldName), newIndex.model(name))
        func oldAt(_ raw: String) -> SourceLocation? { oldIndex.enumCase(raw: raw, of: oldName)?.rawValue.location ?? oldModelAt }
        func newAt(_ raw: String) -> SourceLocation? { newIndex.enumCase(raw: raw, of: name)?.rawValue.location ?? newModelAt }
        if a.isIntegerEnum != b.isIntegerEnum {
            // `"1"` and `1` are other values on the wire, and `rawValue` another type: one change, not a case each.
            let type = { (model: Model) in model.isIntegerEnum ? "Int" : "String" }
            add(
                "enum-raw-type-changed", name, "the raw values of '\(name)' are now \(type(b))s, not \(type(a))s",
                source: .breaking, wire: wire(oldName, name, request: .breaking, response: .breaking),
                old: oldModelAt, new: newModelAt)
            return
        }
        /// A raw value as the spec writes it: `"OPEN"`, or `1` for an `Int` enum.
        func shown(_ item: EnumCase) -> String { item.isInteger ? item.rawValue : "\"\(item.rawValue)\"" }
        var removed = x.filter { old in !y.contains { $0.rawValue == old.rawValue } }
        var added = y.filter { new in !x.contains { $0.rawValue == new.rawValue } }
        for old in x {
            guard let new = y.first(where: { $0.rawValue == old.rawValue }) else { continue }
            if old.name != new.name {
                add(
                    "enum-case-renamed", name + "." + new.name,
                    "the case '\(old.name)' of '\(name)' is now '\(new.name)' (raw value \(shown(new)))",
                    source: .breaking, wire: .none, old: oldAt(old.rawValue), new: newAt(new.rawValue), renamedFrom: old.name)
            }
        }
        for old in removed {
            guard let new = added.first(where: { $0.name == old.name }) else { continue }
            add(
                "enum-value-changed", name + "." + new.name,
                "the raw value of '\(name).\(new.name)' is now \(shown(new)), not \(shown(old))",
                source: .none, wire: wire(oldName, name, request: .breaking, response: .breaking),
                old: oldAt(old.rawValue), new: newAt(new.rawValue))
            removed.removeAll { $0.rawValue == old.rawValue }
            added.removeAll { $0.rawValue == new.rawValue }
        }
        for old in removed {
            add(
                "enum-case-removed", name + "." + old.name, "the case '\(old.name)' (\(shown(old))) of '\(name)' was removed",
                source: .breaking, wire: wire(oldName, name, request: .breaking, response: .compatible),
                old: oldAt(old.rawValue), new: nil)
        }
        for new in added {
            add(
                "enum-case-added", name + "." + new.name, "the case '\(new.name)' (\(shown(new))) was added to '\(name)'",
                source: .breaking,
                wire: wire(oldName, name, request: .compatible, response: a.unknownCase == nil ? .breaking : .compatible),
                old: nil, new: newAt(new.rawValue))
        }
        if a.unknownCase != b.unknownCase {
            let what = b.unknownCase.map { "now keeps unlisted values in '\($0)'" } ?? "no longer keeps unlisted values"
            add(
                "unknown-case-changed", name + "." + (b.unknownCase ?? a.unknownCase ?? ""), "'\(name)' \(what)",
                source: .breaking, wire: .none,
                old: oldIndex.models[oldName]?.unknown?.location ?? oldModelAt,
                new: newIndex.models[name]?.unknown?.location ?? newModelAt)
        }
    }

    mutating func compareUnions(_ x: Union, _ y: Union, _ oldName: String, _ name: String) {
        let (oldModelAt, newModelAt) = (oldIndex.model(oldName), newIndex.model(name))
        func oldAt(_ index: Int) -> SourceLocation? { oldIndex.unionCase(at: index, of: oldName)?.location ?? oldModelAt }
        func newAt(_ index: Int) -> SourceLocation? { newIndex.unionCase(at: index, of: name)?.location ?? newModelAt }
        if x.discriminator != y.discriminator {
            add(
                "union-discriminator-changed", name,
                "the discriminator of '\(name)' is now \(y.discriminator.map { "\"\($0)\"" } ?? "none"), "
                    + "not \(x.discriminator.map { "\"\($0)\"" } ?? "none")",
                source: .none, wire: wire(oldName, name, request: .breaking, response: .breaking),
                old: oldIndex.union(oldName)?.discriminator?.location ?? oldModelAt,
                new: newIndex.union(name)?.discriminator?.location ?? newModelAt)
        }
        var pairs: [(Int, Int)] = []
        var removed: [Int] = []
        var added = Set(y.cases.indices)
        for (i, old) in x.cases.enumerated() {
            if let j = y.cases.firstIndex(where: { $0.name == old.name }) {
                pairs.append((i, j))
                added.remove(j)
            } else {
                removed.append(i)
            }
        }
        var renames: [(Int, Int)] = []
        for i in removed {
            let old = x.cases[i]
            let candidates = added.filter { y.cases[$0].type.description == renamed(old.type.description) && y.cases[$0].tag == old.tag }
            if candidates.count == 1, let j = candidates.first {
                renames.append((i, j))
                added.remove(j)
            }
        }
        removed.removeAll { i in renames.contains { $0.0 == i } }
        for i in removed {
            add(
                "union-case-removed", name + "." + x.cases[i].name, "the case '\(x.cases[i].name)' of '\(name)' was removed",
                source: .breaking, wire: wire(oldName, name, request: .breaking, response: .compatible), old: oldAt(i), new: nil)
        }
        for (i, j) in renames {
            add(
                "union-case-renamed", name + "." + y.cases[j].name,
                "possible rename: the case '\(x.cases[i].name)' of '\(name)' is now '\(y.cases[j].name)' (the same payload and tag)",
                source: .breaking, wire: .none, old: oldAt(i), new: newAt(j), renamedFrom: x.cases[i].name)
        }
        for j in added.sorted() {
            add(
                "union-case-added", name + "." + y.cases[j].name,
                "the case '\(y.cases[j].name)' (\(y.cases[j].type)) was added to '\(name)'",
                source: .breaking, wire: wire(oldName, name, request: .compatible, response: .breaking), old: nil, new: newAt(j))
        }
        for (i, j) in pairs {
            let (a, b) = (x.cases[i], y.cases[j])
            let subject = name + "." + b.name
            if renamed(a.type.description) != b.type.description {
                add(
                    "union-case-type-changed", subject, "the case '\(subject)' now holds \(b.type), not \(a.type)",
                    source: .breaking, wire: wire(oldName, name, request: .breaking, response: .breaking),
                    old: oldAt(i), new: newAt(j))
            } else if a.tag != b.tag && x.discriminator != nil && y.discriminator != nil {
                add(
                    "union-tag-changed", subject, "the tag of '\(subject)' is now \"\(b.tag)\", not \"\(a.tag)\"",
                    source: .none, wire: wire(oldName, name, request: .breaking, response: .breaking),
                    old: oldIndex.unionCase(at: i, of: oldName)?.tag?.location ?? oldAt(i),
                    new: newIndex.unionCase(at: j, of: name)?.tag?.location ?? newAt(j))
            }
        }
    }

    mutating func compareDomainTypes() {
        let oldTypes = old.model.domainModels
        let newTypes = new.model.domainModels
        for type in oldTypes where !newTypes.contains(where: { $0.name == type.name }) {
            add(
                "domain-type-removed", type.name, "the domain type '\(type.name)' (from '\(type.dto)') was removed",
                source: .breaking, wire: .none, old: oldIndex.domainTypes[type.name]?.name.location, new: nil)
        }
        for type in newTypes {
            let at = newIndex.domainTypes[type.name]?.name.location
            guard let before = oldTypes.first(where: { $0.name == type.name }) else {
                add(
                    "domain-type-added", type.name, "the domain type '\(type.name)' (from '\(type.dto)') was added",
                    source: .additive, wire: .none, old: nil, new: at)
                continue
            }
            let oldAt = oldIndex.domainTypes[type.name]?.name.location
            let oldFields = before.fields.map { "\($0.name): \(renamed($0.type.description))" }
            let newFields = type.fields.map { "\($0.name): \($0.type.description)" }
            if oldFields != newFields {
                add(
                    "domain-type-changed", type.name,
                    "the fields of the domain type '\(type.name)' are now (\(newFields.joined(separator: ", "))), "
                        + "not (\(before.fields.map { "\($0.name): \($0.type)" }.joined(separator: ", ")))",
                    source: .breaking, wire: .none, old: oldAt, new: at)
            }
            compareConformances(
                type.name, hashable: (before.isHashable, type.isHashable), identity: (before.identity, type.identity),
                old: oldAt, new: at)
        }
    }
}
