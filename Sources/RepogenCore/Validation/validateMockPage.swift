/// Validation of `page` of a mock's `list`: the page model the endpoint answers, its fields for the elements, the next
/// page's cursor and the total, the inputs for the cursor and the size, and how the mock fills the other fields.
extension SpecValidator {
    /// A page model as the response binds it: its fields, with the model's type parameters replaced by the
    /// response's arguments.
    private struct PageModel {
        let name: String
        let fields: [Field]
        let substitutions: [String: String]

        init(name: String, model: Model, arguments: [SwiftType], fields: [Field]) {
            self.name = name
            self.fields = fields
            var substitutions: [String: String] = [:]
            for (parameter, argument) in zip(model.typeParameters, arguments) { substitutions[parameter] = argument.description }
            self.substitutions = substitutions
        }

        /// A field's type with the model's type parameters replaced by the response's arguments.
        func bound(_ fieldType: SwiftType) -> String {
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
    }

    /// `page` of a `list`: the response must be a page model with a field holding `[Element]`; `next` a field of it
    /// of type `String?`, `Int?` (the next offset, nil on the last page) or `Bool` (whether there is more); `total`
    /// an `Int` field (the collection's count); `cursor`
    /// an input of type `String`, `Int` or their optionals (the offset, nil for 0), `size` one of type `Int` or
    /// `Int?` (nil for the rest); and every other field of the page model optional, with a `default`, or of a type
    /// with a default value.
    mutating func validatePage(
        _ pageSpec: MockPageSpec, collection: MockCollection, endpoint: Endpoint, spec: EndpointSpec,
        defaults: DefaultValues
    ) -> MockPage? {
        let name = endpoint.caseName
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
        let page = PageModel(name: modelName, model: model, arguments: arguments, fields: fields)
        guard let items = pageItems(pageSpec.items, page: page, collection: collection) else { return nil }
        var nextKind: MockPage.CursorKind?
        if let next = pageSpec.next {
            guard let kind = pageNextKind(next, page: page, items: items) else { return nil }
            nextKind = kind
        }
        if let total = pageSpec.total {
            guard checkPageTotal(total, page: page, items: items, next: pageSpec.next) else { return nil }
        }
        var cursor: ValueReference?
        var cursorKind = MockPage.CursorKind.number
        if let text = pageSpec.cursor {
            guard let (reference, kind) = pageCursor(text, endpoint: endpoint, spec: spec) else { return nil }
            cursor = reference
            cursorKind = kind
        }
        var size: ValueReference?
        if let text = pageSpec.size {
            guard let reference = pageSize(text, endpoint: endpoint, spec: spec) else { return nil }
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
            return MockPage(
                type: wire, arguments: Self.pageRoles(fields, items: items, pageSpec: pageSpec, values: values),
                cursor: cursor, cursorKind: cursorKind, size: size, nextKind: nextKind)
        }
    }

    /// The field of the page model that holds the list (`items`), of type `[Element]`.
    private mutating func pageItems(
        _ itemsName: Located<String>, page: PageModel, collection: MockCollection
    ) -> Field? {
        let element = collection.elementType
        guard let items = page.fields.first(where: { $0.name == itemsName.value }) else {
            error(
                "page model '\(page.name)' has no field '\(itemsName.value)' to hold the list"
                    + NameSuggester.hint(for: itemsName.value, among: page.fields.map(\.name)), at: itemsName.location)
            return nil
        }
        guard page.bound(items.type) == "[\(element)]" else {
            error(
                "field '\(items.name)' of page model '\(page.name)' is of type '\(page.bound(items.type))', but collection "
                    + "'\(collection.name)' holds '\(element)': it must be '[\(element)]'", at: itemsName.location)
            return nil
        }
        return items
    }

    /// How the page model's `next` field holds the next page's cursor.
    private mutating func pageNextKind(_ next: Located<String>, page: PageModel, items: Field) -> MockPage.CursorKind? {
        guard let field = page.fields.first(where: { $0.name == next.value }), field.name != items.name else {
            error(
                "page model '\(page.name)' has no field '\(next.value)' for the next page's cursor"
                    + NameSuggester.hint(for: next.value, among: page.fields.map(\.name).filter { $0 != items.name }),
                at: next.location)
            return nil
        }
        switch page.bound(field.type) {
        case "String?": return .text
        case "Int?": return .number
        case "Bool": return .flag
        default:
            error(
                "field '\(field.name)' of page model '\(page.name)' is of type '\(page.bound(field.type))'; 'next' takes a "
                    + "'String?' or 'Int?' (the next page's cursor, nil on the last page) or a 'Bool' (whether "
                    + "there is more)", at: next.location)
            return nil
        }
    }

    /// Whether the page model's `total` field is an `Int` (or `Int?`) of its own.
    private mutating func checkPageTotal(
        _ total: Located<String>, page: PageModel, items: Field, next: Located<String>?
    ) -> Bool {
        guard let field = page.fields.first(where: { $0.name == total.value }),
            field.name != items.name, field.name != next?.value
        else {
            error(
                "page model '\(page.name)' has no field '\(total.value)' for the number of elements"
                    + NameSuggester.hint(for: total.value, among: page.fields.map(\.name).filter { $0 != items.name }),
                at: total.location)
            return false
        }
        guard page.bound(field.type) == "Int" || page.bound(field.type) == "Int?" else {
            error(
                "field '\(field.name)' of page model '\(page.name)' is of type '\(page.bound(field.type))'; 'total' takes "
                    + "an 'Int' (the number of elements in the collection)", at: total.location)
            return false
        }
        return true
    }

    /// The input that `cursor` names (the offset of the page's first element), and how it holds the offset.
    private mutating func pageCursor(
        _ text: Located<String>, endpoint: Endpoint, spec: EndpointSpec
    ) -> (ValueReference, MockPage.CursorKind)? {
        guard let (reference, type) = placeholder(text, key: "cursor", endpoint: endpoint, spec: spec) else { return nil }
        switch type {
        case "String", "String?": return (reference, .text)
        case "Int", "Int?": return (reference, .number)
        default:
            error(
                "the cursor '\(text.value)' of 'page' of '\(endpoint.caseName)' is of type '\(type ?? "unknown")'; it must be a "
                    + "'String', an 'Int' or an optional of one (the offset of the page's first element)",
                at: text.location)
            return nil
        }
    }

    /// The input that `size` names: an `Int` or `Int?`.
    private mutating func pageSize(_ text: Located<String>, endpoint: Endpoint, spec: EndpointSpec) -> ValueReference? {
        guard let (reference, type) = placeholder(text, key: "size", endpoint: endpoint, spec: spec) else { return nil }
        guard type == "Int" || type == "Int?" else {
            error(
                "the size '\(text.value)' of 'page' of '\(endpoint.caseName)' is of type '\(type ?? "unknown")'; it must be an "
                    + "'Int' or 'Int?'", at: text.location)
            return nil
        }
        return reference
    }

    /// What the mock writes into each field of the page model, in the model's order.
    private static func pageRoles(
        _ fields: [Field], items: Field, pageSpec: MockPageSpec, values: [(field: String, value: String)]
    ) -> [(field: String, role: MockPage.Role)] {
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
        return roles
    }
}
