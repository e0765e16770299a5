/// Whether the JSON of one type always decodes as another, across two versions of a domain's models: what an old
/// app receives when the new server answers with the new type. Structural, by JSON keys and raw values (names of
/// models do not reach the wire): a struct decodes when every field the old one requires is sent under its key with
/// a type that decodes; an enum when the new values are old ones (or the old enum keeps unknown values); a union
/// when each new case decodes as the old case of its tag.
struct WireShape {
    let old: QualifiedModels
    let new: QualifiedModels

    /// Whether a value of `newType` (in `newScope`), encoded, decodes as `oldType` (in `oldScope`).
    func decodes(_ newType: SwiftType, _ newScope: String?, as oldType: SwiftType, _ oldScope: String?) -> Bool {
        var visiting = Set<String>()
        return decodes(newType, newScope, oldType, oldScope, &visiting)
    }

    private func decodes(
        _ n: SwiftType, _ newScope: String?, _ o: SwiftType, _ oldScope: String?, _ visiting: inout Set<String>
    ) -> Bool {
        switch (n.shape, o.shape) {
        case (.optional(let x), .optional(let y)):
            return decodes(x, newScope, y, oldScope, &visiting)
        case (_, .optional(let y)):
            return decodes(n, newScope, y, oldScope, &visiting)
        case (.optional, _):
            return false
        case (.array(let x), .array(let y)):
            return decodes(x, newScope, y, oldScope, &visiting)
        case (.dictionary(let a, let x), .dictionary(let b, let y)):
            return a.description == b.description && decodes(x, newScope, y, oldScope, &visiting)
        case (.named(let x, let xs), .named(let y, let ys)):
            if y == "JSONValue" && ys.isEmpty { return true }
            let newModel = new.resolve(x, from: newScope)
            let oldModel = old.resolve(y, from: oldScope)
            switch (newModel, oldModel) {
            case (nil, nil):
                // Types the spec does not define: the same type, or an integer where a floating-point number was.
                guard xs.count == ys.count else { return false }
                let sameBase = x == y || (["Int", "Int32", "Int64"].contains(x) && ["Double", "Float"].contains(y))
                return sameBase && zip(xs, ys).allSatisfy { decodes($0, newScope, $1, oldScope, &visiting) }
            case (let newName?, let oldName?):
                guard xs.isEmpty && ys.isEmpty else {
                    // A generic model: the same model with arguments that decode.
                    return xs.count == ys.count && modelsDecode(newName, oldName, &visiting)
                        && zip(xs, ys).allSatisfy { decodes($0, newScope, $1, oldScope, &visiting) }
                }
                return modelsDecode(newName, oldName, &visiting)
            default:
                return false
            }
        default:
            return false
        }
    }

    private func modelsDecode(_ newName: String, _ oldName: String, _ visiting: inout Set<String>) -> Bool {
        // A type that holds itself: decodes unless something else says not.
        guard visiting.insert(newName + "|" + oldName).inserted else { return true }
        guard let a = new.byName[newName], let b = old.byName[oldName] else { return false }
        switch (a.kind, b.kind) {
        case (.fields(let newFields), .fields(let oldFields)):
            return oldFields.allSatisfy { field in
                guard let sent = newFields.first(where: { $0.jsonKey == field.jsonKey }) else { return field.type.isOptional }
                return decodes(sent.type, newName, field.type, oldName, &visiting)
            }
        case (.enumeration(let newCases), .enumeration(let oldCases)):
            guard a.isIntegerEnum == b.isIntegerEnum else { return false }  // `1` is not `"1"`
            return b.unknownCase != nil || newCases.allSatisfy { value in oldCases.contains { $0.rawValue == value.rawValue } }
        case (.union(let x), .union(let y)):
            guard x.discriminator == y.discriminator else { return false }
            return x.cases.allSatisfy { variant in
                let match = x.discriminator == nil
                    ? y.cases.first { $0.name == variant.name } : y.cases.first { $0.tag == variant.tag }
                guard let match else { return false }
                return decodes(variant.type, newName, match.type, oldName, &visiting)
            }
        default:
            return false
        }
    }
}

/// A side's models by qualified name (`Item`, `Item.Price`), nested ones after their parent, and how a type name
/// written inside a model resolves to one of them.
struct QualifiedModels {
    /// In declaration order, each nested model after its parent.
    var ordered: [(name: String, model: Model)] = []
    var byName: [String: Model] = [:]

    init(_ models: [Model]) {
        func register(_ model: Model, scope: String?) {
            let name = scope.map { $0 + "." + model.name } ?? model.name
            ordered.append((name, model))
            if byName[name] == nil { byName[name] = model }
            for nested in model.nested { register(nested, scope: name) }
        }
        for model in models { register(model, scope: nil) }
    }

    /// The qualified name `name` means inside `scope` (a model's qualified name), if it is a model.
    func resolve(_ name: String, from scope: String?) -> String? {
        var scope = scope
        while let current = scope, !current.isEmpty {
            if byName[current + "." + name] != nil { return current + "." + name }
            let parts = current.split(separator: ".").dropLast()
            scope = parts.isEmpty ? nil : parts.joined(separator: ".")
        }
        return byName[name] != nil ? name : nil
    }
}
