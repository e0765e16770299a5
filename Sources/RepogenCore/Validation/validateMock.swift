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
        if let metadata = spec.responseMetadata, metadata.value {
            error(
                "'\(endpoint.caseName)' cannot have a 'mock' and return its response's status and headers: the in-memory mock "
                    + "answers values, not responses (remove 'responseMetadata', or 'mock')", at: metadata.location)
            return nil
        }
        guard let answer = mockAnswer(action, collection: collection, endpoint: endpoint, spec: spec, defaults: defaults)
        else { return nil }
        var argument: ValueReference?
        if let text = action.argument {
            guard let reference = mockArgument(text, action: action, collection: collection, endpoint: endpoint, spec: spec)
            else { return nil }
            argument = reference
        }
        var checked = MockAction(
            verb: action.verb, collection: collection, argument: argument, answersElement: answer.element,
            answersOptional: answer.optional)
        checked.page = answer.page
        if action.verb == .set, let field = action.field, let to = action.to {
            guard let found = mockSetField(field, collection: collection, endpoint: endpoint) else { return nil }
            checked.field = found.name
            checked.fieldIsOptional = found.type.isOptional
            checked.fieldValue = to.value
        }
        return checked
    }

    /// What the action answers, checked against the endpoint's response: an element (`get`, optional when the
    /// response is), the elements or a page of them (`list`), an element or nothing (the others).
    private mutating func mockAnswer(
        _ action: MockActionSpec, collection: MockCollection, endpoint: Endpoint, spec: EndpointSpec,
        defaults: DefaultValues
    ) -> (element: Bool, optional: Bool, page: MockPage?)? {
        let name = endpoint.caseName
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
        switch action.verb {
        case .list:
            if let pageSpec = action.page {
                guard let checked = validatePage(pageSpec, collection: collection, endpoint: endpoint, spec: spec, defaults: defaults)
                else { return nil }
                return (false, false, checked)
            } else if success != "[\(element)]" {
                wrongResponse("'[\(element)]' (or, with 'page', a page model holding them)")
                return nil
            }
            return (false, false, nil)
        case .get:
            let answersOptional = success == element + "?"
            guard success == element || answersOptional else {
                wrongResponse("'\(element)' (or '\(element)?', nil when there is none)")
                return nil
            }
            return (true, answersOptional, nil)
        case .create, .update, .delete, .set:
            let answersElement = success == element
            guard answersElement || success == "Void" else {
                wrongResponse("'\(element)' or nothing")
                return nil
            }
            return (answersElement, false, nil)
        }
    }

    /// The input (or field of one) the action's `value` (`create`, `update`) or `id` (the others) names, of the
    /// collection's element type or its id's type.
    private mutating func mockArgument(
        _ text: Located<String>, action: MockActionSpec, collection: MockCollection, endpoint: Endpoint,
        spec: EndpointSpec
    ) -> ValueReference? {
        let element = collection.elementType
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
        return reference
    }

    /// The field `set` changes: a Bool (or Bool?) field of the element, not its id.
    private mutating func mockSetField(
        _ field: Located<String>, collection: MockCollection, endpoint: Endpoint
    ) -> Field? {
        let name = endpoint.caseName
        let element = collection.elementType
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
        return found
    }

    /// The fields of a collection's element model (checked to exist when the collection was).
    private func collectionFields(_ collection: MockCollection) -> [Field] {
        guard let model = types.model(named: collection.elementType, in: []) else { return [] }
        return types.fields[model] ?? []
    }

    /// The input (or field of one) that `text`, the `key` of a `mock`, names as one placeholder, and its type.
    mutating func placeholder(
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
}
