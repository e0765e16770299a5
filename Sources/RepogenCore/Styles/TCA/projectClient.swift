/// The domain's client, and each endpoint's closure in it.
struct TCAProjection: StyleProjection {
    let model: APIModel
    let names: DomainNames
    let storageName: String
    let defaults: DefaultValues

    init(model: APIModel, names: DomainNames) {
        self.model = model
        self.names = names
        storageName = clientStorageName(model)
        defaults = DefaultValues(model.models)
    }

    /// The client's closures take the repository methods' names: `func list()` would redeclare `var list`.
    var keepsAnArgumentInShortcuts: Bool { true }

    func extend(_ viewModel: inout EndpointViewModel, pieces: EndpointPieces, index: Int) {
        viewModel.tca = [
            projectClientMember(
                pieces.endpoint, client: names.client, storageName: storageName, isLast: index == model.endpoints.count - 1,
                defaults: defaults)
        ]
    }

    func extend(_ viewModel: inout DomainViewModel) {
        viewModel.tca = [projectClient(model, names: names, storageName: storageName)]
    }
}

/// The `tca` style's client: the domain's `@DependencyClient` and, per endpoint, its closure with what
/// the live, preview and mock values set it to.
func projectClient(_ model: APIModel, names: DomainNames, storageName: String) -> ClientViewModel {
    let collections = model.collections.map { collection in
        let type = "[" + collection.elementType + "]"
        let initial = collection.example.map {
            "(try? APIError.example(" + SwiftCode.rawStringLiteral($0) + ", as: " + type + ".self, for: "
                + SwiftCode.stringLiteral(names.client + ".MockStorage." + collection.name) + ")) ?? []"
        } ?? "[]"
        return CollectionViewModel(
            name: SwiftIdentifier.escaped(collection.name), elementType: collection.elementType, initialValue: initial)
    }
    let defaults = DefaultValues(model.models)
    return ClientViewModel(
        name: names.client,
        accessor: names.clientAccessor,
        // A comment alone (no default value) sets nothing.
        hasPreviews: model.endpoints.contains {
            previewClosure($0, client: names.client, defaults: defaults).contains { !$0.hasPrefix("//") }
        },
        hasCollections: !collections.isEmpty,
        hasMockActions: hasMockActions(model),
        collections: collections,
        storageName: storageName,
        storageParameters: collections.map { $0.name + ": [" + $0.elementType + "]" }.joined(separator: ", "))
}

/// The name of `mock(_:)`'s storage: no endpoint's closure may have a parameter of that name.
func clientStorageName(_ model: APIModel) -> String {
    SwiftCode.freshName("storage", avoiding: Set(model.endpoints.flatMap { $0.inputs.map(\.argumentLabel) }))
}

func projectClientMember(
    _ endpoint: Endpoint, client: String, storageName: String, isLast: Bool, defaults: DefaultValues
) -> ClientMemberViewModel {
    let labels = endpoint.inputs.map { SwiftIdentifier.escaped($0.argumentLabel) }
    let types = endpoint.inputs.map(\.type.description)
    let value = endpoint.domainResponse?.type ?? endpoint.response ?? "Void"
    let success = endpoint.responseMetadata ? "APIResponse<" + value + ">" : value
    let parameters = endpoint.inputs.indices.map { "_ " + labels[$0] + ": " + types[$0] }
    let closureType = "@Sendable (" + parameters.joined(separator: ", ") + ") async throws -> " + success
    let arguments = endpoint.inputs.indices.map { SwiftCode.callLabel(endpoint.inputs[$0].argumentLabel) + ": $\($0)" }
    let liveCall = SwiftIdentifier.escaped(endpoint.methodName) + "(" + arguments.joined(separator: ", ") + ")"
    return ClientMemberViewModel(
        closureType: closureType,
        liveCall: liveCall,
        separator: isLast ? "" : ",",
        preview: previewClosure(endpoint, client: client, defaults: defaults),
        mock: endpoint.mockAction.map { mockClosure($0, endpoint: endpoint, storage: storageName) } ?? [])
}

/// Whether some endpoint of `model` has a `mock` action.
func hasMockActions(_ model: APIModel) -> Bool {
    model.endpoints.contains { $0.mockAction != nil }
}

/// `{ _, _ in … }`: a closure's parameter list that binds none of its `count` arguments; empty for none.
private func ignoring(_ count: Int) -> String {
    count == 0 ? "" : Array(repeating: "_", count: count).joined(separator: ", ") + " in "
}

/// What the preview value answers for `endpoint`, as the lines that set its closure: its example, nothing when it has
/// no response, the collection's examples for a `list` or `get` of the mock, the input of the response's type
/// (`createPerson: { $0 }`), or else a default value of the response's type (`[]`, `0`, a model of its
/// fields' defaults); a comment saying why when the type has none (an external type, a model that needs itself).
private func previewClosure(_ endpoint: Endpoint, client: String, defaults: DefaultValues) -> [String] {
    let count = endpoint.inputs.count
    let assignment = "client." + SwiftIdentifier.escaped(endpoint.methodName) + " = "
    // With `responseMetadata`, the value comes in an `APIResponse` (status 200, no headers).
    func answer(_ value: String) -> String {
        endpoint.responseMetadata ? "APIResponse(value: " + value + ")" : value
    }
    if let example = endpoint.example, let wire = endpoint.response {
        let decoded = "APIError.example(" + SwiftCode.rawStringLiteral(example) + ", as: " + wire + ".self, for: "
            + SwiftCode.stringLiteral(client + "." + endpoint.methodName) + ")"
        let value = answer(endpoint.domainResponse?.conversion.apply(to: decoded) ?? decoded)
        return [assignment + "{ " + ignoring(count) + "try " + value + " }"]
    }
    if endpoint.response == nil {
        if endpoint.responseMetadata { return [assignment + "{ " + ignoring(count) + answer("()") + " }"] }
        return [assignment + (count == 0 ? "{ }" : "{ " + ignoring(count) + "}")]
    }
    if let action = endpoint.mockAction, action.verb == .list || action.verb == .get {
        // A fresh storage each call: what the collection's `example` holds.
        return mockClosure(action, endpoint: endpoint, storage: nil)
    }
    let success = endpoint.domainResponse?.type ?? endpoint.response ?? "Void"
    if let echoed = endpoint.inputs.firstIndex(where: { $0.type.description == success }) {
        let names = endpoint.inputs.indices.map { $0 == echoed ? "value" : "_" }
        return [assignment + "{ " + names.joined(separator: ", ") + " in " + answer("value") + " }"]
    }
    guard let wire = endpoint.response else { return [] }
    switch defaults.value(ofType: wire) {
    case .success(let value):
        // `[]`, `[:]` and `nil` need no conversion to the domain type; a model's `toDomain()` does.
        let converted = value == "[]" || value == "[:]" || value == "nil"
            ? value : endpoint.domainResponse?.conversion.apply(to: value) ?? value
        return [assignment + "{ " + ignoring(count) + answer(converted) + " }"]
    case .failure(let failure):
        return [
            "// " + SwiftCode.commentText(
                endpoint.methodName + ": no default value, " + failure.reason
                    + "; calls report themselves as in testValue (give it an `example`)")
        ]
    }
}

/// The mock value's assignment of the closure for `endpoint` (`client.fetchPersons = { … }`), which lists, gets, creates, updates or deletes elements of a collection
/// of the storage, line by line (each line indented from the first).
/// `storage` names the `LockIsolated` storage; without one (a preview's `list` or `get`), reads are of a fresh
/// `MockStorage()`.
private func mockClosure(_ action: MockAction, endpoint: Endpoint, storage storageName: String?) -> [String] {
    let names = MockClosureNames(action, endpoint: endpoint, storage: storageName)
    var lines = [names.head]
    switch action.verb {
    case .list, .get: lines += mockReadLines(action, names)
    case .create, .update: lines += mockWriteLines(action, names)
    case .delete, .set: lines += mockRemovalLines(action, names)
    }
    lines.append("}")
    return lines
}

/// The names a mock closure's lines use: its parameters (named by the argument labels), its locals (which avoid
/// them), the collection's and what finds an element.
private struct MockClosureNames {
    let endpoint: Endpoint
    /// What the closure reads (`storage.value`, or a fresh `MockStorage()`) and the storage it writes.
    let source: String
    let storageName: String
    let inputs: [Input]
    let labels: [String]
    /// `client.fetchPersons = { id in`.
    let head: String
    let contents: String
    let element: String
    let index: String
    let found: String
    let done: String
    let list: String
    /// The action's argument, as an expression of the closure's parameters.
    let argument: String
    /// The closure that finds the element the argument names.
    let matches: String
    let notFound = "throw APIError.serverError(404)"

    init(_ action: MockAction, endpoint: Endpoint, storage storageName: String?) {
        self.endpoint = endpoint
        source = storageName.map { $0 + ".value" } ?? "MockStorage()"
        self.storageName = storageName ?? ""
        let inputs = endpoint.inputs.map { input in
            var renamed = input
            renamed.name = input.argumentLabel
            return renamed
        }
        let labels = inputs.map(\.name)
        self.inputs = inputs
        self.labels = labels
        head = "client." + SwiftIdentifier.escaped(endpoint.methodName) + " = "
            + (labels.isEmpty ? "{" : "{ " + labels.map(SwiftIdentifier.escaped).joined(separator: ", ") + " in")
        contents = SwiftCode.freshName("contents", avoiding: labels)
        let element = SwiftCode.freshName("element", avoiding: labels)
        self.element = element
        index = SwiftCode.freshName("index", avoiding: labels)
        found = SwiftCode.freshName("found", avoiding: labels)
        done = SwiftCode.freshName("done", avoiding: labels)
        list = SwiftIdentifier.escaped(action.collection.name)
        let id = SwiftIdentifier.escaped(action.collection.idField)
        let argument = action.argument.map { SwiftCode.expression($0, inputs: inputs) } ?? ""
        self.argument = argument
        switch action.verb {
        case .get, .delete, .set: matches = "{ " + element + " in " + element + "." + id + " == " + argument + " }"
        default: matches = "{ " + element + " in " + element + "." + id + " == " + argument + "." + id + " }"
        }
    }

    /// A collection of DTOs answers the domain values the live repository would.
    func convert(_ value: String) -> String { endpoint.domainResponse?.conversion.apply(to: value) ?? value }
}

/// A `list` (of a page, or the whole collection) or a `get` (nil or 404 when there is no such element).
private func mockReadLines(_ action: MockAction, _ names: MockClosureNames) -> [String] {
    let collection = names.source + "." + names.list
    if action.verb == .list {
        guard let page = action.page else { return ["    " + names.convert(collection)] }
        return pageLines(
            page, source: collection, elementType: action.collection.elementType, inputs: names.inputs,
            labels: names.labels)
    }
    if action.answersOptional {
        return ["    " + names.convert(collection + ".first(where: " + names.matches + ")")]
    }
    return [
        "    guard let " + names.found + " = " + collection + ".first(where: " + names.matches + ") else {",
        "        " + names.notFound,
        "    }",
        "    return " + names.convert(names.found),
    ]
}

/// A `create` (409 when the id is taken) or an `update` (404 when there is no such element), answering the element.
private func mockWriteLines(_ action: MockAction, _ names: MockClosureNames) -> [String] {
    let (contents, list) = (names.contents, names.list)
    var lines: [String]
    if action.verb == .create {
        lines = [
            "    let " + names.done + " = " + names.storageName + ".withValue { " + contents + " in",
            "        if " + contents + "." + list + ".contains(where: " + names.matches + ") { return false }",
            "        " + contents + "." + list + ".append(" + names.argument + ")",
            "        return true",
            "    }",
            "    // The server refuses a second element with the same id.",
            "    guard " + names.done + " else { throw APIError.serverError(409) }",
        ]
    } else {
        lines = [
            "    let " + names.done + " = " + names.storageName + ".withValue { " + contents + " in",
            "        guard let " + names.index + " = " + contents + "." + list + ".firstIndex(where: " + names.matches
                + ") else {",
            "            return false",
            "        }",
            "        " + contents + "." + list + "[" + names.index + "] = " + names.argument,
            "        return true",
            "    }",
            "    guard " + names.done + " else { " + names.notFound + " }",
        ]
    }
    if action.answersElement { lines.append("    return " + names.convert(names.argument)) }
    return lines
}

/// A `delete` or a `set` of a flag, 404 when there is no such element, answering the element or nothing.
private func mockRemovalLines(_ action: MockAction, _ names: MockClosureNames) -> [String] {
    let (contents, list, found) = (names.contents, names.list, names.found)
    var lines: [String]
    if action.verb == .delete {
        lines = [
            "    let " + found + " = " + names.storageName + ".withValue { " + contents + " in",
            "        " + contents + "." + list + ".firstIndex(where: " + names.matches + ").map { " + contents + "." + list
                + ".remove(at: $0) }",
            "    }",
        ]
    } else {
        let field = SwiftIdentifier.escaped(action.field ?? "")
        lines = [
            "    let " + found + " = " + names.storageName + ".withValue { " + contents + " in",
            "        " + contents + "." + list + ".firstIndex(where: " + names.matches + ").map { " + names.index + " in",
            "            " + contents + "." + list + "[" + names.index + "]." + field + " = "
                + (action.fieldValue ? "true" : "false"),
            "            return " + contents + "." + list + "[" + names.index + "]",
            "        }",
            "    }",
        ]
    }
    if action.answersElement {
        lines += ["    guard let " + found + " else { " + names.notFound + " }", "    return " + names.convert(found)]
    } else {
        lines.append("    guard " + found + " != nil else { " + names.notFound + " }")
    }
    return lines
}

/// The body of a paged `list`: the slice of the collection (`source`) from the cursor's offset (0 without one, or
/// for text that is not a number) and of the size's length (the rest without one), in the page model with the next
/// page's cursor (the offset after the slice as text or a number, nil on the last page; or whether there is more)
/// the collection's count, and every other field's default.
private func pageLines(
    _ page: MockPage, source: String, elementType: String, inputs: [Input], labels: [String]
) -> [String] {
    let all = SwiftCode.freshName("all", avoiding: labels)
    let start = SwiftCode.freshName("start", avoiding: labels)
    let end = SwiftCode.freshName("end", avoiding: labels)
    let offset: String
    if let cursor = page.cursor {
        let value = SwiftCode.expression(cursor, inputs: inputs)
        switch (page.cursorKind, SwiftCode.isOptional(cursor, inputs: inputs)) {
        case (.text, true): offset = "Swift.Int(" + value + " ?? \"\") ?? 0"
        case (.text, false): offset = "Swift.Int(" + value + ") ?? 0"
        case (_, true): offset = value + " ?? 0"
        case (_, false): offset = value
        }
    } else {
        offset = "0"
    }
    var lines = [
        "    let " + all + " = " + source,
        "    let " + start + " = Swift.min(Swift.max(" + offset + ", 0), " + all + ".count)",
    ]
    if let size = page.size {
        let value = SwiftCode.expression(size, inputs: inputs)
        let length = "Swift.min(Swift.max($0, 0), " + all + ".count - " + start + ")"
        lines.append(
            "    let " + end + " = " + start + " + "
                + (SwiftCode.isOptional(size, inputs: inputs) ? "(" + value + ".map { " + length + " } ?? (" + all + ".count - " + start + "))"
                    : length.replacingOccurrences(of: "$0", with: value)))
    } else {
        lines.append("    let " + end + " = " + all + ".count")
    }
    let arguments = page.arguments.map { argument -> String in
        let value: String
        switch argument.role {
        case .items: value = "[" + elementType + "](" + all + "[" + start + "..<" + end + "])"
        case .next:
            switch page.nextKind ?? .number {
            case .text: value = end + " < " + all + ".count ? Swift.String(" + end + ") : nil"
            case .number: value = end + " < " + all + ".count ? " + end + " : nil"
            case .flag: value = end + " < " + all + ".count"
            }
        case .total: value = all + ".count"
        case .value(let text): value = text
        }
        return SwiftCode.callLabel(argument.field) + ": " + value
    }
    lines.append("    return " + page.type + "(" + arguments.joined(separator: ", ") + ")")
    return lines
}
