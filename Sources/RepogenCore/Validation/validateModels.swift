/// Models: the names a spec declares and the types that refer to them, each model's fields or cases checked, and
/// structs that contain themselves.
extension SpecValidator {
    /// Reports every name in `type` that is neither built in, defined under `models`, nor listed in `externalTypes`.
    mutating func checkReferences(
        _ type: SwiftType, at location: SourceLocation, what: @autoclosure () -> String, typeParameters: [String] = [],
        scope: [String] = []
    ) -> Bool {
        var ok = true
        for name in type.referencedNames where !types.knows(name, typeParameters: typeParameters, scope: scope) {
            // A model that is written but broken was reported where it is written: not "undefined" here too.
            if brokenModels.contains(name) || brokenModels.contains(String(name.split(separator: ".").last ?? "")) {
                ok = false
                continue
            }
            // A nested model named without its parent: suggest the qualified name.
            let nested = types.models.filter { $0.hasSuffix("." + name) }.sorted()
            let hint = nested.isEmpty
                ? NameSuggester.hint(for: name, among: types.candidates + typeParameters) : "; did you mean '\(nested[0])'?"
            error(
                "\(what()) uses the undefined type '\(name)'; define it under 'models' or list it in "
                    + "'externalTypes'\(hint)", at: location)
            ok = false
        }
        return ok && checkTypeArguments(type, at: location, what: what(), scope: scope)
    }

    /// Reports a model written with another number of type arguments than it has type parameters: `Page` or
    /// `Item<String>` where `Page<T>` and `Item` are declared would not build ("reference to generic type requires
    /// arguments", "cannot specialize non-generic type").
    private mutating func checkTypeArguments(
        _ type: SwiftType, at location: SourceLocation, what: String, scope: [String]
    ) -> Bool {
        switch type.shape {
        case .array(let element), .optional(let element):
            return checkTypeArguments(element, at: location, what: what, scope: scope)
        case .dictionary(let key, let value):
            let keyOK = checkTypeArguments(key, at: location, what: what, scope: scope)
            return checkTypeArguments(value, at: location, what: what, scope: scope) && keyOK
        case .named(let name, let arguments):
            var ok = true
            for argument in arguments where !checkTypeArguments(argument, at: location, what: what, scope: scope) { ok = false }
            guard let model = types.model(named: name, in: scope) else { return ok }
            let parameters = types.typeParameters[model] ?? []
            // Inside its own declaration a generic model's bare name means itself (`next: Page?` in `Page<T>`).
            guard parameters.count != arguments.count, !(arguments.isEmpty && scope.joined(separator: ".") == model)
            else { return ok }
            let wanted = parameters.isEmpty
                ? "'\(name)' is not generic; write it without '<…>'"
                : "'\(name)' takes \(parameters.count) type argument\(parameters.count == 1 ? "" : "s") "
                    + "(\(name)<\(parameters.joined(separator: ", "))>), not \(arguments.count)"
            error("\(what) uses '\(type.description)': \(wanted)", at: location)
            return false
        }
    }

    /// Built-in types that are not `Codable`: they can be inputs (in a path, a header, an upload) but not fields,
    /// responses or params.
    static let notCodable: [String: String] = [
        "Character": "'Character', which is not Codable; use String",
        "Swift.Character": "'Character', which is not Codable; use String",
        "UploadFile": "'UploadFile', which is not Codable; it can only be an input sent as a file of an 'upload'",
        "BodyChoice": "'BodyChoice', a body sent as JSON, text or bytes, which is not Codable; it can only be an input that is the whole param",
    ]

    mutating func checkCodable(_ type: SwiftType, at location: SourceLocation, what: @autoclosure () -> String) -> Bool {
        guard let name = type.referencedNames.first(where: { Self.notCodable[$0] != nil }), let reason = Self.notCodable[name]
        else { return true }
        error("\(what()) uses \(reason)", at: location)
        return false
    }

    /// `Void` is only a whole response ("no body"): inside another type, as a field or an input, it is not `Codable`.
    mutating func checkNoVoid(_ type: SwiftType, at location: SourceLocation, what: @autoclosure () -> String) -> Bool {
        guard type.referencedNames.contains(where: { $0 == "Void" || $0 == "Swift.Void" })
        else { return true }
        error(
            "\(what()) uses 'Void', which has no value to encode or decode; only a whole response may be 'Void' "
                + "(no body)", at: location)
        return false
    }

    /// Collects the names a spec defines, before anything refers to them.
    mutating func declareTypes(_ spec: Spec, imports: [String], generated: Set<String>, modules: Set<String>) {
        types.modules.formUnion(imports)
        let reserved = generated
        for name in spec.externalTypes {
            // A plain name is one (the parse is for the rest): an imported spec lists hundreds, in every style.
            let plain = SwiftIdentifier.isValid(name.value) && !SwiftIdentifier.isKeyword(name.value)
            if plain || SwiftType.parse(name.value).map(\.simpleName) == .success(name.value) || isQualifiedName(name.value) {
                types.external.insert(name.value)
                if let member = shadowedMember(name.value) {
                    error(
                        "external type '\(name.value)' would be taken for \(member) where the generated code writes "
                            + "the type as a value ('\(name.value).self'); list it with its module ('MyModule.\(name.value)')",
                        at: name.location)
                }
            } else {
                error("external type '\(name.value)' is not a valid type name", at: name.location)
            }
        }
        declareModels(spec.models, parent: nil, reserved: reserved, modules: modules)
    }

    /// Registers models under their qualified names, nested ones included, and checks their names.
    private mutating func declareModels(
        _ models: [ModelSpec], parent: ModelSpec?, reserved: Set<String>, modules: Set<String>
    ) {
        let prefix = parent.map { qualifiedName(of: $0) + "." } ?? ""
        for model in models {
            let name = model.name
            if !SwiftIdentifier.isValid(name.value) || SwiftIdentifier.isKeyword(name.value)
                || name.value == "Any"
            {
                error("model name '\(name.value)' is not a valid Swift type name", at: name.location)
            } else if TypeScope.builtins.contains(name.value) {
                error("model '\(name.value)' would hide the standard type of the same name", at: name.location)
            } else if TypeScope.reserved.contains(name.value) || modules.contains(name.value) {
                error(
                    "model '\(name.value)' would hide the type or module of that name, which the generated code uses; "
                        + "rename the model", at: name.location)
            } else if parent == nil, reserved.contains(name.value) {
                error("model '\(name.value)' clashes with a type repogen generates for this spec", at: name.location)
            } else if parent == nil, let what = ReservedNames.moduleNames(of: style)[name.value] {
                error("model '\(name.value)' would hide \(what); rename the model", at: name.location)
            } else if parent == nil, let member = shadowedMember(name.value) {
                error(
                    "model '\(name.value)' would be taken for \(member) where the generated code writes the type as "
                        + "a value ('\(name.value).self'); rename the model", at: name.location)
            } else if parent == nil, types.external.contains(name.value) {
                error("model '\(name.value)' is also listed in 'externalTypes'", at: name.location)
            } else if let parent {
                if name.value == parent.name.value {
                    error("nested model '\(name.value)' has the name of the model it is declared in", at: name.location)
                } else if name.value == "CodingKeys" {
                    error("nested model 'CodingKeys' clashes with the coding keys repogen generates", at: name.location)
                } else if case .fields(let fields) = parent.kind, fields.contains(where: { $0.name.value == name.value }) {
                    error(
                        "nested model '\(name.value)' has the name of a field of '\(parent.name.value)'",
                        at: name.location)
                } else if !parent.typeParameters.isEmpty {
                    error(
                        "generic model '\(parent.name.value)' cannot declare nested models; declare '\(name.value)' "
                            + "at the top level", at: name.location)
                }
            }
            let qualified = prefix + name.value
            // A top-level model's qualified name is its name, which `qualifiedName(of:)` falls back to.
            if parent != nil { nestedPaths[Self.key(model)] = qualified }
            types.models.insert(qualified)
            if parent != nil { types.nestedNames.insert(name.value) }
            types.typeParameters[qualified] = model.typeParameters.map(\.value)
            if model.hashable?.value == true { types.hashable.insert(qualified) }
            if case .enumeration(let cases) = model.kind {
                var rawValues: [String: String] = [:]
                let isInteger = cases.first?.isInteger == true
                for item in cases {
                    // An Int enum's values by their one spelling (`+1`, `01` are `1`), as its examples and defaults are.
                    let raw = isInteger ? Self.integerRawValue(item.rawValue.value) : item.rawValue.value
                    if let raw, let caseName = item.name?.value ?? Self.caseName(fromRawValue: raw) {
                        rawValues[raw] = caseName
                    }
                }
                types.enumCases[qualified] = rawValues
                if isInteger { types.integerEnums.insert(qualified) }
            }
            declareModels(model.nested, parent: model, reserved: reserved, modules: modules)
        }
    }

    /// The qualified name a declared model was registered under.
    func qualifiedName(of model: ModelSpec) -> String {
        nestedPaths.isEmpty ? model.name.value : nestedPaths[Self.key(model)] ?? model.name.value
    }

    /// Identifies a model declaration by where its name is written.
    static func key(_ model: ModelSpec) -> String {
        "\(model.name.location.line):\(model.name.location.column)"
    }

    private func isQualifiedName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count > 1 && parts.allSatisfy { SwiftIdentifier.isValid(String($0)) }
    }

    mutating func validateModels(_ specs: [ModelSpec]) -> [Model] {
        var models = validateModelsInHalves(specs) ?? specs.compactMap { validateModel($0) }
        checkRecursion()
        checkDiscriminators()
        checkUnionCycles()
        markIndirectUnions(&models, prefix: "")
        if !types.fields.isEmpty {
            let indirect = indirectFields()
            if !indirect.isEmpty {
                checkIndirectStorage(indirect)
                markIndirectFields(&models, indirect, prefix: "")
            }
        }
        return models
    }

    /// The models of a large spec, validated in two halves at once, each by its own copy of the validator (a model's
    /// checks read the declared types and add only what is the model's own: its fields, its union, where its fields
    /// are written, diagnostics), then joined in order. Nil when anything was reported or a model was dropped, or the
    /// spec is small: the caller then validates the models one by one from the state before (nothing of the halves
    /// is kept), and the diagnostics come in the order that gives.
    private mutating func validateModelsInHalves(_ specs: [ModelSpec]) -> [Model]? {
        guard specs.count >= 1_000 else { return nil }
        let start = self
        let reported = diagnostics.diagnostics.count
        let halves = inHalves(specs.count) { range -> (validator: SpecValidator, models: [Model])? in
            var validator = start
            var models: [Model] = []
            models.reserveCapacity(range.count)
            for index in range {
                guard let model = validator.validateModel(specs[index]) else { return nil }
                models.append(model)
            }
            return validator.diagnostics.diagnostics.count == reported ? (validator, models) : nil
        }
        guard var first = halves.0, let second = halves.1 else { return nil }
        self = first.validator
        absorbModels(of: second.validator, since: start)
        first.models.append(contentsOf: second.models)
        return first.models
    }

    /// Adds what `other`, a copy of this validator as it was at `start`, recorded of the models it validated (as a
    /// run one by one would: the later of two models of the same name wins).
    private mutating func absorbModels(of other: SpecValidator, since start: SpecValidator) {
        types.fields.merge(other.types.fields) { _, later in later }
        types.invalidModels.formUnion(other.types.invalidModels)
        types.unions.merge(other.types.unions) { _, later in later }
        types.additionalProperties.merge(other.types.additionalProperties) { _, later in later }
        types.openEnums.formUnion(other.types.openEnums)
        fieldLocations.merge(other.fieldLocations) { _, later in later }
        unionCaseLocations.merge(other.unionCaseLocations) { _, later in later }
        pendingDiscriminators += other.pendingDiscriminators.dropFirst(start.pendingDiscriminators.count)
    }

    /// A struct that must contain itself (`Node { next: Node }`, or `A { b: B }` with `B { a: A }`: every field on the
    /// way required) has no value that could ever be built or decoded: an error. With an optional field (or a list) on
    /// the way a value can end, and the fields that close the cycle are boxed (`markIndirectFields`).
    private mutating func checkRecursion() {
        for (message, location) in recursionErrors() { error(message, at: location) }
    }

    /// The struct a field of `type` (written in `scope`) must hold: a struct model named directly, not optional.
    private func requiredModel(_ type: SwiftType, scope: [String]) -> String? {
        guard case .named(let name, _) = type.shape, let model = types.model(named: name, in: scope), types.fields[model] != nil
        else { return nil }
        return model
    }

    /// The errors of `checkRecursion`, in the order found: a walk that only reads the validator (a walk that reported
    /// as it went would copy the whole validator at every model it visits).
    private func recursionErrors() -> [(message: String, location: SourceLocation)] {
        var found: [(message: String, location: SourceLocation)] = []
        var state: [String: Int] = [:]  // 1: on the current path, 2: done
        var path: [(model: String, field: Field)] = []
        var reported: Set<String> = []
        func visit(_ model: String) {
            state[model] = 1
            // A top-level model's scope is its name (what the split gives), without a split per model.
            let plain = !model.isEmpty && !model.utf8.contains(UInt8(ascii: "."))
            let scope = plain ? [model] : model.split(separator: ".").map(String.init)
            for field in types.fields[model] ?? [] {
                guard let next = requiredModel(field.type, scope: scope) else { continue }
                path.append((model, field))
                if state[next] == 1 {
                    let cycle = path.drop { $0.model != next }
                    let route = cycle.map { "\($0.model).\($0.field.name)" }.joined(separator: " → ")
                    if let location = fieldLocation(field.name, of: model), reported.insert(route).inserted {
                        found.append((
                            "model '\(next)' must contain itself (\(route)), every field on the way required, so no "
                                + "value of it could ever be built or decoded; make one of them optional ('\(next)?') "
                                + "or hold it in an array ('[\(next)]')", location))
                    }
                } else if state[next] == nil {
                    visit(next)
                }
                path.removeLast()
            }
            state[model] = 2
        }
        for model in types.fields.keys.sorted() where state[model] == nil {
            visit(model)
        }
        return found
    }

    /// The fields of each struct (qualified name → field names) that hold, themselves or through other structs'
    /// fields, a value of their own struct by value (not in an array or a dictionary): the struct models' strongly
    /// connected components (Tarjan's), a field being indirect when it leads to a struct of its own component.
    private func indirectFields() -> [String: Set<String>] {
        var index: [String: Int] = [:]
        var low: [String: Int] = [:]
        var stack: [String] = []
        var onStack: Set<String> = []
        var component: [String: Int] = [:]
        var components = 0
        var edges: [String: [(field: String, target: String)]] = [:]
        func targets(_ model: String) -> [(field: String, target: String)] {
            if let known = edges[model] { return known }
            let scope = model.split(separator: ".").map(String.init)
            var result: [(field: String, target: String)] = []
            for field in types.fields[model] ?? [] {
                for next in directModels(field.type, scope: scope, depth: 0) where types.fields[next] != nil {
                    result.append((field.name, next))
                }
            }
            edges[model] = result
            return result
        }
        func connect(_ model: String) {
            index[model] = index.count
            low[model] = index[model]
            stack.append(model)
            onStack.insert(model)
            for edge in targets(model) {
                if index[edge.target] == nil {
                    connect(edge.target)
                    low[model] = min(low[model] ?? 0, low[edge.target] ?? 0)
                } else if onStack.contains(edge.target) {
                    low[model] = min(low[model] ?? 0, index[edge.target] ?? 0)
                }
            }
            if low[model] == index[model] {
                while let top = stack.popLast() {
                    onStack.remove(top)
                    component[top] = components
                    if top == model { break }
                }
                components += 1
            }
        }
        for model in types.fields.keys.sorted() where index[model] == nil {
            connect(model)
        }
        var result: [String: Set<String>] = [:]
        for (model, list) in edges {
            for edge in list where component[edge.target] == component[model] {
                result[model, default: []].insert(edge.field)
            }
        }
        return result
    }

    /// A boxed field's private storage (`_parent` for `parent`) must not be another field's name.
    private mutating func checkIndirectStorage(_ indirect: [String: Set<String>]) {
        for model in indirect.keys.sorted() {
            let fields = types.fields[model] ?? []
            for field in fields where indirect[model]?.contains(field.name) == true {
                let storage = indirectStorageName(field.name)
                guard fields.contains(where: { $0.name == storage }), let location = fieldLocation(storage, of: model) else { continue }
                error(
                    "field '\(storage)' of '\(model)' clashes with the box that stores field '\(field.name)', which holds "
                        + "'\(model)' itself; rename it and keep its key with json: \(storage)", at: location)
            }
        }
    }

    /// Marks the fields `indirectFields` found (by qualified model name) as `isIndirect`.
    private func markIndirectFields(_ models: inout [Model], _ indirect: [String: Set<String>], prefix: String) {
        for position in models.indices {
            let qualified = prefix + models[position].name
            if let names = indirect[qualified], case .fields(var fields) = models[position].kind {
                for field in fields.indices where names.contains(fields[field].name) {
                    fields[field].isIndirect = true
                }
                models[position].kind = .fields(fields)
            }
            markIndirectFields(&models[position].nested, indirect, prefix: qualified + ".")
        }
    }

    /// The models a value of `type` (written in `scope`) stores by value: not inside an array or a dictionary.
    func directModels(_ type: SwiftType, scope: [String], depth: Int) -> [String] {
        guard depth < 16 else { return [] }
        switch type.shape {
        case .optional(let wrapped): return directModels(wrapped, scope: scope, depth: depth + 1)
        case .array, .dictionary: return []
        case .named(let name, let arguments):
            guard let model = types.model(named: name, in: scope) else { return [] }
            var result = [model]
            let parameters = types.typeParameters[model] ?? []
            for (index, argument) in arguments.enumerated() where index < parameters.count {
                if storesByValue(parameters[index], in: model, depth: depth + 1) {
                    result += directModels(argument, scope: scope, depth: depth + 1)
                }
            }
            return result
        }
    }

    /// Whether generic `model` stores a value of its type parameter `parameter` directly.
    private func storesByValue(_ parameter: String, in model: String, depth: Int) -> Bool {
        guard depth < 16 else { return false }
        func direct(_ type: SwiftType) -> Bool {
            switch type.shape {
            case .optional(let wrapped): return direct(wrapped)
            case .array, .dictionary: return false
            case .named(let name, let arguments):
                if name == parameter && arguments.isEmpty { return true }
                let scope = model.split(separator: ".").map(String.init)
                guard let inner = types.model(named: name, in: scope) else { return false }
                let parameters = types.typeParameters[inner] ?? []
                return arguments.enumerated().contains { index, argument in
                    index < parameters.count && direct(argument) && storesByValue(parameters[index], in: inner, depth: depth + 1)
                }
            }
        }
        return (types.fields[model] ?? []).contains { direct($0.type) }
    }

    private mutating func validateModel(_ spec: ModelSpec) -> Model? {
        let name = spec.name.value
        let qualified = qualifiedName(of: spec)
        let scope = qualified.split(separator: ".").map(String.init)
        var ok = true
        var parameters: [String] = []
        for parameter in spec.typeParameters {
            if !SwiftIdentifier.isValid(parameter.value) || SwiftIdentifier.isKeyword(parameter.value) {
                error("type parameter '\(parameter.value)' of '\(name)' is not a valid Swift identifier", at: parameter.location)
                ok = false
            } else if parameters.contains(parameter.value) || types.knows(parameter.value)
                || TypeScope.reserved.contains(parameter.value)
            {
                error("type parameter '\(parameter.value)' of '\(name)' is already a type name", at: parameter.location)
                ok = false
            }
            parameters.append(parameter.value)
        }
        let kind: Model.Kind
        switch spec.kind {
        case .fields(let fields):
            guard let valid = validateFields(fields, model: name, typeParameters: parameters, scope: scope) else {
                types.invalidModels.insert(qualified)
                return nil
            }
            types.fields[qualified] = valid
            kind = .fields(valid)
            if let written = spec.additionalProperties {
                guard let type = validateAdditionalProperties(written, spec: spec, fields: valid, typeParameters: parameters, scope: scope)
                else {
                    types.invalidModels.insert(qualified)
                    return nil
                }
                types.additionalProperties[qualified] = type
            }
        case .enumeration(let cases):
            if !parameters.isEmpty {
                error("enum '\(name)' cannot have type parameters", at: spec.location)
                ok = false
            }
            guard let valid = validateCases(cases, model: spec) else { return nil }
            kind = .enumeration(valid)
        case .union(let union):
            if let first = spec.typeParameters.first {
                error("union '\(name)' cannot have type parameters; its cases name concrete types", at: first.location)
                ok = false
            }
            guard let valid = validateUnion(union, model: spec, scope: scope) else {
                types.invalidModels.insert(qualified)
                return nil
            }
            types.unions[qualified] = valid
            kind = .union(valid)
        }
        if let written = spec.additionalProperties, !spec.kind.isStruct {
            error(
                "'additionalProperties' of model '\(name)' keeps the JSON keys besides a struct's fields; '\(name)' is "
                    + (spec.kind.isUnion ? "a union ('oneOf')" : "an enum"), at: written.location)
            ok = false
        }
        let conformances = validateConformances(spec, kind: kind, typeParameters: parameters, scope: scope)
        if conformances.unknownCase != nil { types.openEnums.insert(qualified) }
        let nested = spec.nested.compactMap { validateModel($0) }
        guard ok, conformances.ok, nested.count == spec.nested.count else { return nil }
        return Model(
            name: name, documentation: spec.description?.value, typeParameters: parameters, kind: kind, nested: nested,
            isHashable: conformances.isHashable, identity: conformances.identity, unknownCase: conformances.unknownCase,
            additionalProperties: types.additionalProperties[qualified])
    }

    /// The type of a struct's `additionalProperties` (its values): valid, known, Codable, Hashable when the model is;
    /// no field of the model is named `additionalProperties`, the stored property that holds them.
    private mutating func validateAdditionalProperties(
        _ written: Located<String>, spec: ModelSpec, fields: [Field], typeParameters: [String], scope: [String]
    ) -> SwiftType? {
        let name = spec.name.value
        let what = "'additionalProperties' of '\(name)'"
        if fields.contains(where: { $0.name == Self.additionalPropertiesName }) {
            let location = fieldLocation(Self.additionalPropertiesName, of: scope.joined(separator: ".")) ?? written.location
            error(
                "field 'additionalProperties' of '\(name)' clashes with the stored property that keeps its other keys "
                    + "('additionalProperties: \(written.value)'); rename the field and keep its key with "
                    + "json: additionalProperties", at: location)
            return nil
        }
        let type: SwiftType
        switch SwiftType.parse(written.value) {
        case .success(let parsed): type = parsed
        case .failure(let failure):
            error("invalid type for \(what): \(failure.message)", at: written.location)
            return nil
        }
        guard checkReferences(type, at: written.location, what: what, typeParameters: typeParameters, scope: scope),
            checkNoVoid(type, at: written.location, what: what),
            checkCodable(type, at: written.location, what: what)
        else { return nil }
        if spec.hashable?.value == true, let problem = hashableProblem(type, scope: scope) {
            error("'additionalProperties' of hashable model '\(name)' holds \(problem)", at: written.location)
            return nil
        }
        return type
    }

    /// The stored property of a struct with `additionalProperties`.
    static let additionalPropertiesName = "additionalProperties"

    /// Where field `field` of struct model `model` (qualified name) is named; nil when the model has no such valid field.
    func fieldLocation(_ field: String, of model: String) -> SourceLocation? {
        guard let index = types.fields[model]?.firstIndex(where: { $0.name == field }) else { return nil }
        return fieldLocations[model]?[index]
    }

    private mutating func validateFields(
        _ specs: [FieldSpec], model: String, typeParameters: [String], scope: [String]
    ) -> [Field]? {
        var fields: [Field] = []
        var locations: [SourceLocation] = []
        // Each JSON key, with the field that uses it: a few, searched in order.
        var keys: [(key: String, field: String)] = []
        var ok = true
        for spec in specs {
            // Only an error says it: not built for every field.
            func what() -> String { "field '\(spec.name.value)' of '\(model)'" }
            guard checkIdentifier(spec.name, what: "field name") else {
                ok = false
                continue
            }
            if spec.name.value == "CodingKeys" {
                error("field name 'CodingKeys' clashes with the coding keys of '\(model)'", at: spec.name.location)
                ok = false
                continue
            }
            let key = spec.jsonKey?.value ?? spec.name.value
            if let other = keys.last(where: { $0.key == key })?.field {
                error("\(what()) has the JSON key '\(key)', which field '\(other)' already uses", at: (spec.jsonKey ?? spec.name).location)
                ok = false
            }
            keys.append((key, spec.name.value))
            switch SwiftType.parse(spec.type.value) {
            case .success(let type):
                guard
                    checkReferences(
                        type, at: spec.type.location, what: what(), typeParameters: typeParameters, scope: scope),
                    checkNoVoid(type, at: spec.type.location, what: what()),
                    checkCodable(type, at: spec.type.location, what: what())
                else {
                    ok = false
                    continue
                }
                var defaultValue: String?
                if let node = spec.defaultValue {
                    switch DefaultValue.literal(for: node.value, type: type, scope: scope, types: types) {
                    case .success(let literal): defaultValue = literal
                    case .failure(let failure):
                        error("the default of \(what()) \(failure.message)", at: node.location)
                        ok = false
                    }
                }
                var partHeader: PartHeader?
                if let written = spec.partHeader {
                    guard let checked = checkPartHeader(written, type: type, what: what(), scope: scope) else {
                        ok = false
                        continue
                    }
                    partHeader = checked
                }
                locations.append(spec.name.location)
                fields.append(Field(
                    name: spec.name.value, type: type, jsonKey: key, documentation: spec.description?.value,
                    defaultValue: defaultValue, isEncoded: spec.encode?.value ?? true, partHeader: partHeader))
            case .failure(let failure):
                error("invalid type for \(what()): \(failure.message)", at: spec.type.location)
                ok = false
            }
        }
        // A part header's part is another field's JSON key: a part the model holds.
        for spec in specs {
            guard let written = spec.partHeader else { continue }
            let parts = specs.filter { $0.partHeader == nil }.map { $0.jsonKey?.value ?? $0.name.value }
            if !parts.contains(written.part.value) {
                let hint = parts.isEmpty ? "the model holds no part" : "the parts are the JSON keys of its other fields: " + parts.joined(separator: ", ")
                error(
                    "'partHeader' of field '\(spec.name.value)' of '\(model)' names part '\(written.part.value)', which no field of the model holds (\(hint))",
                    at: written.part.location)
                ok = false
            }
        }
        guard ok else { return nil }
        fieldLocations[scope.joined(separator: ".")] = locations
        return fields
    }

    /// `partHeader` of a field: a header name HTTP can carry that is not the part's own (`Content-Type`,
    /// `Content-Disposition`), and a field type a header's text decodes as (a string, number or Boolean, a string
    /// enum, or an optional of one).
    private mutating func checkPartHeader(
        _ written: PartHeaderSpec, type: SwiftType, what: String, scope: [String]
    ) -> PartHeader? {
        let header = written.header
        guard Self.isHeaderName(header.value) else {
            error("'partHeader' of \(what): '\(header.value)' is not a valid HTTP header name", at: header.location)
            return nil
        }
        if ["content-type", "content-disposition"].contains(header.value.lowercased()) {
            error(
                "'partHeader' of \(what): '\(header.value)' is the part's own header (its media type or its name), not one a field can hold",
                at: header.location)
            return nil
        }
        var holdsText = false
        if case .named(let name, let arguments) = type.unwrapped.shape, arguments.isEmpty {
            if Self.partHeaderScalars.contains(name) {
                holdsText = true
            } else if let model = types.model(named: name, in: scope), types.enumCases[model] != nil {
                holdsText = true
            }
        }
        guard holdsText else {
            error(
                "'partHeader' of \(what): a header field is text, which decodes as a String, a number, a Bool or a string enum, not \(type.description)",
                at: written.location)
            return nil
        }
        return PartHeader(part: written.part.value, header: header.value)
    }

    /// The built-in types a part header's text decodes as.
    static let partHeaderScalars: Set<String> = [
        "String", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float",
    ]

    private mutating func validateCases(_ specs: [EnumCaseSpec], model: ModelSpec) -> [EnumCase]? {
        let name = model.name.value
        guard !specs.isEmpty else {
            error("enum '\(name)' has no cases", at: model.location)
            return nil
        }
        var cases: [EnumCase] = []
        var names: Set<String> = []
        var values: Set<String> = []
        var ok = true
        let isInteger = specs[0].isInteger
        for spec in specs {
            var spec = spec
            if spec.isInteger != isInteger {
                let first = specs[0]
                error(
                    "enum '\(name)' mixes string and integer values: "
                        + (isInteger ? "its first case's value is the integer \(first.rawValue.value), this one the string '\(spec.rawValue.value)'"
                            : "its first case's value is the string '\(first.rawValue.value)', this one the integer \(spec.rawValue.value)")
                        + "; an enum's raw values are all Strings or all Ints", at: spec.rawValue.location)
                ok = false
                continue
            }
            if isInteger {
                switch NumberLiteral.literal(spec.rawValue.value, forTypeNamed: "Int") {
                case .success(let spelled)?:
                    spec.rawValue.value = Int(spelled).map(String.init) ?? spelled
                case .failure(let failure)?:
                    error(
                        "the value \(spec.rawValue.value) of a case of enum '\(name)' \(failure.reason); an Int enum's values are integers",
                        at: spec.rawValue.location)
                    ok = false
                    continue
                case nil:
                    error("the value \(spec.rawValue.value) of a case of enum '\(name)' is not a number", at: spec.rawValue.location)
                    ok = false
                    continue
                }
            }
            let caseName: String
            if let given = spec.name {
                guard checkIdentifier(given, what: "case name") else {
                    ok = false
                    continue
                }
                caseName = given.value
            } else if let derived = Self.caseName(fromRawValue: spec.rawValue.value) {
                caseName = derived
            } else {
                error(
                    "cannot make a Swift case name from '\(spec.rawValue.value)' in enum '\(name)'; "
                        + "write { \"name\": …, \"value\": \"\(spec.rawValue.value)\" }", at: spec.rawValue.location)
                ok = false
                continue
            }
            if !values.insert(spec.rawValue.value).inserted {
                error("duplicate value '\(spec.rawValue.value)' in enum '\(name)'", at: spec.rawValue.location)
                ok = false
            } else if !names.insert(caseName).inserted {
                error("duplicate case '\(caseName)' in enum '\(name)'", at: (spec.name ?? spec.rawValue).location)
                ok = false
            }
            cases.append(
                EnumCase(
                    name: caseName, rawValue: spec.rawValue.value, documentation: spec.description?.value,
                    isInteger: isInteger))
        }
        return ok ? cases : nil
    }

    /// An `Int` enum's raw value written as `text` (`+1`, `01`, `-0`), in its one spelling (`1`, `0`); nil when
    /// `text` is not an integer in `Int`'s range (an error where the case is declared).
    static func integerRawValue(_ text: String) -> String? {
        guard case .success(let spelled)? = NumberLiteral.literal(text, forTypeNamed: "Int"), let value = Int(spelled)
        else { return nil }
        return String(value)
    }

    /// `VISIT_SUCCESS` -> `visitSuccess`, `open-status` -> `openStatus`, `OWNER` -> `owner`; nil when the words
    /// do not make an identifier (empty, or starting with a digit).
    static func caseName(fromRawValue raw: String) -> String? {
        // ASCII (nearly every raw value) split byte by byte: the same words as the Unicode properties give.
        let words = raw.utf8.allSatisfy({ $0 < 0x80 })
            ? raw.utf8.split { !(($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39)) }
                .map { String(decoding: $0, as: UTF8.self) }
            : raw.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        guard !words.isEmpty else { return nil }
        var name = ""
        for (index, word) in words.enumerated() {
            // An all-caps word is lowercased as a whole; a camelCase word keeps its inner capitals.
            let base = word == word.uppercased() ? word.lowercased() : word
            name += index == 0 ? base.prefix(1).lowercased() + base.dropFirst() : SwiftIdentifier.capitalized(base)
        }
        return SwiftIdentifier.isValid(name) ? name : nil
    }
}
