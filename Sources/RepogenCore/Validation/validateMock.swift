/// Validation of `collections` and of the endpoints' `mock`: what the `tca` style's in-memory `mockValue` keeps, and
/// which endpoints list, get, create, update or delete its elements. Everything is checked so that the generated
/// mock compiles: the element type, its id field, and the types of the endpoints' inputs and responses.
extension SpecValidator {
    /// Whether `spec` says anything about the in-memory mock (most specs do not: nothing to check).
    static func usesMockStore(_ spec: Spec) -> Bool {
        !spec.collections.isEmpty || spec.endpoints.contains { $0.mock != nil }
    }

    /// Checks the collections and every endpoint's `mock` against the validated `endpoints`, recording them there.
    /// An endpoint that failed validation is skipped (its problems are reported already).
    mutating func validateMockStore(_ spec: Spec, endpoints: inout [Endpoint], models: [Model]) -> [MockCollection] {
        let defaults = DefaultValues(models)
        var collections: [MockCollection] = []
        var byName: [String: MockCollection] = [:]
        for collection in spec.collections {
            if let checked = validateCollection(collection) {
                collections.append(checked)
                byName[checked.name] = checked
            }
        }
        let declared = Set(spec.collections.map(\.name.value))
        var indexByName: [String: Int] = [:]
        for (index, endpoint) in endpoints.enumerated() { indexByName[endpoint.caseName] = index }
        for endpointSpec in spec.endpoints {
            guard let action = endpointSpec.mock, let index = indexByName[endpointSpec.name.value] else { continue }
            guard let collection = byName[action.collection.value] else {
                if !declared.contains(action.collection.value) {
                    error(
                        "'mock' of '\(endpointSpec.name.value)' names the collection '\(action.collection.value)', "
                            + "which 'collections' does not declare"
                            + NameSuggester.hint(for: action.collection.value, among: spec.collections.map(\.name.value)),
                        at: action.collection.location)
                }
                continue
            }
            endpoints[index].mockAction = validateMockAction(
                action, collection: collection, endpoint: endpoints[index], spec: endpointSpec, defaults: defaults)
        }
        return collections
    }

    private mutating func validateCollection(_ collection: CollectionSpec) -> MockCollection? {
        let name = collection.name
        guard checkIdentifier(name, what: "collection") else { return nil }
        let typeText = collection.type.value
        guard case .success(let type) = parseType(typeText) else {
            error("'\(typeText)' is not a type; the type of collection '\(name.value)' must name a model", at: collection.type.location)
            return nil
        }
        guard case .named(let written, let arguments) = type.shape, arguments.isEmpty,
            let model = types.model(named: written, in: []), let fields = types.fields[model],
            types.typeParameters[model]?.isEmpty ?? true
        else {
            // A model whose fields had errors, or one that could not be read: reported there.
            if case .named(let written, _) = type.shape,
                types.model(named: written, in: []).map(types.invalidModels.contains) == true
                    || brokenModels.contains(written)
            {
                return nil
            }
            error(
                "the type of collection '\(name.value)' must be a model of this spec with fields (not generic), "
                    + "not '\(typeText)'", at: collection.type.location)
            return nil
        }
        let idName = collection.id?.value ?? "id"
        guard let idField = fields.first(where: { $0.name == idName }) else {
            let hint = NameSuggester.hint(for: idName, among: fields.map(\.name))
            error(
                collection.id == nil
                    ? "model '\(typeText)' has no field 'id' to tell the elements of collection '\(name.value)' "
                        + "apart; name the field with 'id'\(hint)"
                    : "model '\(typeText)' has no field '\(idName)'\(hint)",
                at: collection.id?.location ?? collection.type.location)
            return nil
        }
        if let example = collection.exampleValue {
            // Decoded as `[Element]` when the mock starts.
            checkExample(example, as: .array(of: type), what: "the example of collection '\(name.value)'")
        }
        return MockCollection(
            name: name.value, elementType: type.description, idField: idName, idType: idField.type,
            example: collection.example?.value)
    }

    private mutating func validateMockAction(
        _ action: MockActionSpec, collection: MockCollection, endpoint: Endpoint, spec: EndpointSpec,
        defaults: DefaultValues
    ) -> MockAction? {
        let name = endpoint.caseName
        if let metadata = spec.responseMetadata, metadata.value {
            error(
                "'\(name)' cannot have a 'mock' and return its response's status and headers: the in-memory mock "
                    + "answers values, not responses (remove 'responseMetadata', or 'mock')", at: metadata.location)
            return nil
        }
        let element = collection.elementType
        // The response as the wire has it: a collection of DTOs answers an endpoint whose response maps them to
        // domain types, converted as the live repository converts them.
        let success = endpoint.response ?? "Void"
        let verb = action.verb.rawValue
        func wrongResponse(_ expected: String) {
            error(
                "'\(name)' returns '\(success)', but '\(verb)' of collection '\(collection.name)' answers \(expected)",
                at: spec.response?.location ?? action.location)
        }
        var answersElement = false
        var answersOptional = false
        var page: MockPage?
        switch action.verb {
        case .list:
            if let pageSpec = action.page {
                guard let checked = validatePage(pageSpec, collection: collection, endpoint: endpoint, spec: spec, defaults: defaults)
                else { return nil }
                page = checked
            } else if success != "[\(element)]" {
                wrongResponse("'[\(element)]' (or, with 'page', a page model holding them)")
                return nil
            }
        case .get:
            answersElement = true
            answersOptional = success == element + "?"
            guard success == element || answersOptional else {
                wrongResponse("'\(element)' (or '\(element)?', nil when there is none)")
                return nil
            }
        case .create, .update, .delete, .set:
            answersElement = success == element
            guard answersElement || success == "Void" else {
                wrongResponse("'\(element)' or nothing")
                return nil
            }
        }
        var argument: ValueReference?
        if let text = action.argument {
            let key = action.verb == .create || action.verb == .update ? "value" : "id"
            guard let (reference, type) = placeholder(text, key: key, endpoint: endpoint, spec: spec) else { return nil }
            if key == "id" {
                // `==` compares a value with an optional of its type too.
                let id = collection.idType.unwrapped.description
                guard let type, type == id || type == id + "?" else {
                    error(
                        "'\(text.value.dropFirst().dropLast())' is of type '\(type ?? "unknown (a field of an external type)")', but the id "
                            + "'\(collection.idField)' of collection '\(collection.name)' is of type '\(collection.idType)'",
                        at: text.location)
                    return nil
                }
            } else if type != element {
                error(
                    "'\(text.value.dropFirst().dropLast())' is of type '\(type ?? "unknown (a field of an external type)")', but collection "
                        + "'\(collection.name)' holds '\(element)'", at: text.location)
                return nil
            }
            argument = reference
        }
        var checked = MockAction(
            verb: action.verb, collection: collection, argument: argument, answersElement: answersElement,
            answersOptional: answersOptional)
        checked.page = page
        if action.verb == .set, let field = action.field, let to = action.to {
            let fields = collectionFields(collection)
            guard let found = fields.first(where: { $0.name == field.value }) else {
                error(
                    "collection '\(collection.name)' holds '\(element)', which has no field '\(field.value)'"
                        + NameSuggester.hint(for: field.value, among: fields.map(\.name)), at: field.location)
                return nil
            }
            guard found.type.description == "Bool" || found.type.description == "Bool?" else {
                error(
                    "'set' of 'mock' of '\(name)' sets a Bool field, but '\(field.value)' of '\(element)' is of type "
                        + "'\(found.type)'", at: field.location)
                return nil
            }
            guard found.name != collection.idField else {
                error("'set' of 'mock' of '\(name)' cannot change the id '\(found.name)'", at: field.location)
                return nil
            }
            checked.field = found.name
            checked.fieldIsOptional = found.type.isOptional
            checked.fieldValue = to.value
        }
        return checked
    }

    /// The fields of a collection's element model (checked to exist when the collection was).
    private func collectionFields(_ collection: MockCollection) -> [Field] {
        guard let model = types.model(named: collection.elementType, in: []) else { return [] }
        return types.fields[model] ?? []
    }

    /// The input (or field of one) that `text`, the `key` of a `mock`, names as one placeholder, and its type.
    private mutating func placeholder(
        _ text: Located<String>, key: String, endpoint: Endpoint, spec: EndpointSpec
    ) -> (ValueReference, String?)? {
        let name = endpoint.caseName
        let scope = InputScope(
            endpoint: name, inputs: endpoint.inputs,
            broken: Set(spec.inputs.map(\.name.value)).subtracting(endpoint.inputs.map(\.name)))
        guard case .success(let parts) = TemplateString.parse(text.value), parts.count == 1,
            case .reference(let raw) = parts[0]
        else {
            error(
                "'\(key)' of 'mock' of '\(name)' must be one placeholder naming an input, like "
                    + "\"{\(endpoint.inputs.first?.name ?? key)}\", not '\(text.value)'", at: text.location)
            return nil
        }
        guard
            let reference = resolve(
                raw, scope: scope, at: text.location, allowOptional: true, place: "'\(key)' of 'mock' of '\(name)'")
        else { return nil }
        return (reference, Self.valueType(reference))
    }

    /// `page` of a `list`: the response must be a page model with a field holding `[Element]`; `next` a field of it
    /// of type `String?`, `Int?` (the next offset, nil on the last page) or `Bool` (whether there is more); `total`
    /// an `Int` field (the collection's count); `cursor`
    /// an input of type `String`, `Int` or their optionals (the offset, nil for 0), `size` one of type `Int` or
    /// `Int?` (nil for the rest); and every other field of the page model optional, with a `default`, or of a type
    /// with a default value.
    private mutating func validatePage(
        _ pageSpec: MockPageSpec, collection: MockCollection, endpoint: Endpoint, spec: EndpointSpec,
        defaults: DefaultValues
    ) -> MockPage? {
        let name = endpoint.caseName
        let element = collection.elementType
        let wire = endpoint.response ?? "Void"
        guard case .success(let type) = SwiftType.parse(wire), case .named(_, let arguments) = type.shape,
            let (modelName, model) = defaults.model(of: type), case .fields(let fields) = model.kind
        else {
            error(
                "'page' of 'mock' of '\(name)' answers a page model holding elements of collection "
                    + "'\(collection.name)', but '\(name)' returns '\(wire)', which is not a model with fields",
                at: spec.response?.location ?? pageSpec.location)
            return nil
        }
        /// A field's type with the model's type parameters replaced by the response's arguments.
        func bound(_ fieldType: SwiftType) -> String {
            var substitutions: [String: String] = [:]
            for (parameter, argument) in zip(model.typeParameters, arguments) { substitutions[parameter] = argument.description }
            switch fieldType.shape {
            case .named(let name, let none) where none.isEmpty: return substitutions[name] ?? fieldType.description
            case .array(let inner):
                if case .named(let name, let none) = inner.shape, none.isEmpty, let argument = substitutions[name] {
                    return "[" + argument + "]"
                }
                return fieldType.description
            case .optional(let inner):
                if case .named(let name, let none) = inner.shape, none.isEmpty, let argument = substitutions[name] {
                    return argument + "?"
                }
                return fieldType.description
            default: return fieldType.description
            }
        }
        guard let items = fields.first(where: { $0.name == pageSpec.items.value }) else {
            error(
                "page model '\(modelName)' has no field '\(pageSpec.items.value)' to hold the list"
                    + NameSuggester.hint(for: pageSpec.items.value, among: fields.map(\.name)), at: pageSpec.items.location)
            return nil
        }
        guard bound(items.type) == "[\(element)]" else {
            error(
                "field '\(items.name)' of page model '\(modelName)' is of type '\(bound(items.type))', but collection "
                    + "'\(collection.name)' holds '\(element)': it must be '[\(element)]'", at: pageSpec.items.location)
            return nil
        }
        var nextKind: MockPage.CursorKind?
        if let next = pageSpec.next {
            guard let field = fields.first(where: { $0.name == next.value }), field.name != items.name else {
                error(
                    "page model '\(modelName)' has no field '\(next.value)' for the next page's cursor"
                        + NameSuggester.hint(for: next.value, among: fields.map(\.name).filter { $0 != items.name }),
                    at: next.location)
                return nil
            }
            switch bound(field.type) {
            case "String?": nextKind = .text
            case "Int?": nextKind = .number
            case "Bool": nextKind = .flag
            default:
                error(
                    "field '\(field.name)' of page model '\(modelName)' is of type '\(bound(field.type))'; 'next' takes a "
                        + "'String?' or 'Int?' (the next page's cursor, nil on the last page) or a 'Bool' (whether "
                        + "there is more)", at: next.location)
                return nil
            }
        }
        if let total = pageSpec.total {
            guard let field = fields.first(where: { $0.name == total.value }),
                field.name != items.name, field.name != pageSpec.next?.value
            else {
                error(
                    "page model '\(modelName)' has no field '\(total.value)' for the number of elements"
                        + NameSuggester.hint(for: total.value, among: fields.map(\.name).filter { $0 != items.name }),
                    at: total.location)
                return nil
            }
            guard bound(field.type) == "Int" || bound(field.type) == "Int?" else {
                error(
                    "field '\(field.name)' of page model '\(modelName)' is of type '\(bound(field.type))'; 'total' takes "
                        + "an 'Int' (the number of elements in the collection)", at: total.location)
                return nil
            }
        }
        var cursor: ValueReference?
        var cursorKind = MockPage.CursorKind.number
        if let text = pageSpec.cursor {
            guard let (reference, type) = placeholder(text, key: "cursor", endpoint: endpoint, spec: spec) else { return nil }
            switch type {
            case "String", "String?": cursorKind = .text
            case "Int", "Int?": cursorKind = .number
            default:
                error(
                    "the cursor '\(text.value)' of 'page' of '\(name)' is of type '\(type ?? "unknown")'; it must be a "
                        + "'String', an 'Int' or an optional of one (the offset of the page's first element)",
                    at: text.location)
                return nil
            }
            cursor = reference
        }
        var size: ValueReference?
        if let text = pageSpec.size {
            guard let (reference, type) = placeholder(text, key: "size", endpoint: endpoint, spec: spec) else { return nil }
            guard type == "Int" || type == "Int?" else {
                error(
                    "the size '\(text.value)' of 'page' of '\(name)' is of type '\(type ?? "unknown")'; it must be an "
                        + "'Int' or 'Int?'", at: text.location)
                return nil
            }
            size = reference
        }
        let filled = Set([items.name] + [pageSpec.next?.value, pageSpec.total?.value].compactMap { $0 })
        guard let others = defaults.initializerArguments(of: type, except: filled) else { return nil }
        switch others {
        case .failure(let failure):
            error(
                "the in-memory mock cannot build page model '\(modelName)' for '\(name)': \(failure.reason); make "
                    + "its other fields optional or give them a 'default'", at: spec.response?.location ?? pageSpec.location)
            return nil
        case .success(let values):
            var roles: [(field: String, role: MockPage.Role)] = []
            for field in fields {
                if field.name == items.name {
                    roles.append((field.name, .items))
                } else if field.name == pageSpec.next?.value {
                    roles.append((field.name, .next))
                } else if field.name == pageSpec.total?.value {
                    roles.append((field.name, .total))
                } else if let value = values.first(where: { $0.field == field.name }) {
                    roles.append((field.name, .value(value.value)))
                }
            }
            return MockPage(
                type: wire, arguments: roles, cursor: cursor, cursorKind: cursorKind, size: size, nextKind: nextKind)
        }
    }
}
