/// An endpoint the import writes.
struct ImportedEndpoint {
    var name: String
    var description: String?
    var method: String
    var path: String
    var inputs: [(name: String, type: String)] = []
    /// Query keys and the inputs they read, in the order written.
    var query: [(key: String, value: String)] = []
    /// Inputs (flat models) whose fields are spread into the query.
    var spreads: [String] = []
    var usingQuery: Bool?
    /// `queryArrays`: the query keys of arrays with the style the document gives (`repeated`, `comma`).
    var queryArrays: [(key: String, style: String)] = []
    /// `param: "{body}"`: the input sent as the JSON body (or the form, with `bodyEncoding`).
    var body: String?
    /// `body: form`: the param is an `application/x-www-form-urlencoded` body; nil for JSON.
    var bodyEncoding: String?
    var headers: [(name: String, value: String)] = []
    /// Headers whose value is the input's JSON text (`{ json: "{input}" }`: a parameter with `content`).
    var jsonHeaders: Set<String> = []
    var files: [(name: String, value: String)] = []
    var fields: [(name: String, value: String)] = []
    /// Multipart parts sent as JSON (`upload.json`).
    var jsonParts: [(name: String, value: String)] = []
    /// Header fields of multipart parts (`upload.headers`), from the parts' `encoding.headers`.
    var partHeaders: [(part: String, headers: [(name: String, value: String)])] = []
    var response: String?
    /// `responseMetadata: true`: the success response declares headers, which the app reads from an `APIResponse`.
    var responseMetadata = false
    /// `errors`: the failure statuses (`400`, `4XX`, `default`) whose JSON bodies the app gets decoded, with their types.
    var errors: [(status: String, type: String)] = []
    var uses: Set<String> = []
}

extension OpenAPIImporter {
    /// The endpoint name of every operation, by its index: the operationId as a Swift name, else one made of the
    /// method and the path. Unique in the whole document, and so are the names the generated code of every style
    /// derives from it: the members of the mock (`createOrderMock`) and of the tca client (`_createOrder`), which a
    /// spec's endpoints share, and the types a style declares per method (clean's use cases: `CreateOrderUseCase`,
    /// `CreateOrderRequestValues`), which the module's endpoints share. A name that clashes gets the method as a
    /// suffix (`createOrderMockGet`), then a number, with a warning.
    mutating func nameOperations(_ operations: [Operation]) -> [String] {
        // Each member name and type name given out, with the endpoint it was given for.
        var members: [String: String] = [:]
        var types: [String: String] = [:]
        func clash(_ name: String) -> String? {
            for member in MockMembers.namesInEveryStyle(for: name) {
                guard let owner = members[member] else { continue }
                return owner == name ? "'\(name)' is already an endpoint" : "the code generated for '\(owner)' declares '\(member)'"
            }
            for (type, style) in DomainNames.endpointTypesWithStyles(forMethod: name) {
                if let owner = types[type] { return "the \(style) style would name its types '\(type)', as for '\(owner)'" }
                if reservedNames.contains(type) || ImportNames.reservedTypeNames.contains(type) {
                    return "the \(style) style would name its types '\(type)', a type of the generated code"
                }
            }
            return nil
        }
        var names: [String] = []
        for operation in operations {
            let op = operation.node
            var base: String
            if let id = op["operationId"]?.string, !id.isEmpty {
                base = ImportNames.memberName(id)
            } else {
                base = Self.derivedName(method: operation.method, path: operation.urlPath)
            }
            if SwiftIdentifier.isKeyword(base) { base += "Operation" }
            var name = base
            if let reason = clash(base) {
                let suffixed = base + SwiftIdentifier.capitalized(operation.method)
                name = suffixed
                var number = 2
                while clash(name) != nil {
                    name = suffixed + String(number)
                    number += 1
                }
                warn("\(operation.method.uppercased()) \(operation.path) is named '\(name)': \(reason)", at: op["operationId"] ?? op)
            }
            for member in MockMembers.namesInEveryStyle(for: name) { members[member] = name }
            for type in DomainNames.endpointTypesOfEveryStyle(forMethod: name) { types[type] = name }
            names.append(name)
        }
        return names
    }

    /// One operation as the endpoint `name`; nil when nothing usable is left (warned).
    mutating func importOperation(_ operation: Operation, name: String) -> ImportedEndpoint? {
        let op = operation.node
        let where_ = "\(operation.method.uppercased()) \(operation.path)"
        let capitalized = SwiftIdentifier.capitalized(name)
        var endpoint = ImportedEndpoint(name: name, method: operation.method.uppercased(), path: operation.urlPath)
        var description = (op["summary"]?.string ?? op["description"]?.string)?.trimmingWhitespace()
        if op["deprecated"]?.bool == true { description = "Deprecated." + (description.map { " " + $0 } ?? "") }
        endpoint.description = description?.isEmpty == false ? description : nil

        var inputNames: Set<String> = []
        let parameters = operationParameters(operation, where_: where_)
        importPath(
            operation, parameters: parameters, where_: where_, capitalized: capitalized, endpoint: &endpoint,
            inputNames: &inputNames)

        // The body decides where the query parameters go: `param` without one, `query` beside one.
        let body = requestBody(op, where_: where_, capitalized: capitalized, endpoint: &endpoint, inputNames: &inputNames)

        // The query keys sent so far, with the parameter that sends each: an object's properties are spread into
        // the query, so one of them can be another parameter's key, and a key sent twice does not generate.
        var queryKeys: [String: String] = [:]
        for parameter in parameters where parameter.place != "path" {
            let node = parameter.node
            let pname = parameter.name
            switch parameter.place {
            case "query":
                importQueryParameter(
                    node, name: pname, where_: where_, capitalized: capitalized, queryKeys: &queryKeys,
                    endpoint: &endpoint, inputNames: &inputNames)
            case "header":
                importHeaderParameter(
                    node, name: pname, where_: where_, capitalized: capitalized, endpoint: &endpoint,
                    inputNames: &inputNames)
            case "cookie":
                warn("cookie parameter '\(pname)' of \(where_) is left out: the runtime sends no cookies of its own", at: node)
            default:
                warn("parameter '\(pname)' of \(where_) is in '\(parameter.place)', which is not a place OpenAPI knows; left out", at: node)
            }
        }
        if body == nil, !endpoint.query.isEmpty || !endpoint.spreads.isEmpty, ["POST", "PUT", "PATCH"].contains(endpoint.method) {
            endpoint.usingQuery = true
        }
        if body == .json || body == .bytes || body == .form, endpoint.method == "DELETE" { endpoint.usingQuery = false }
        response(op, where_: where_, capitalized: capitalized, endpoint: &endpoint)
        securityCheck(op, where_: where_)
        return endpoint
    }

    /// The response: the lowest 2xx with a body (or `default` when there is no 2xx), read as JSON.
    private mutating func response(_ op: SpecNode, where_: String, capitalized: String, endpoint: inout ImportedEndpoint) {
        guard let responses = op["responses"]?.members else { return }
        var successes = responses.filter { $0.key.hasPrefix("2") }
        successes.sort { ($0.key.uppercased() == "2XX" ? 1 : 0, $0.key) < ($1.key.uppercased() == "2XX" ? 1 : 0, $1.key) }
        let errors = responses.filter { !$0.key.hasPrefix("2") && !$0.key.hasPrefix("1") && !$0.key.hasPrefix("3") }
        var chosen = successes.first
        if chosen == nil, let fallback = responses.first(where: { $0.key == "default" }) {
            chosen = fallback
            warn("\(where_) has no 2xx response; its 'default' response is the success type", at: document.location(offset: fallback.keyOffset))
        } else {
            errorBodies(errors, where_: where_, capitalized: capitalized, endpoint: &endpoint)
        }
        guard let chosen, let response = document.resolved(chosen.value, warnings: &warnings, what: "response \(chosen.key) of \(where_)") else { return }
        // A success without a body (204) next to one with a body: the body's type, optional.
        let withBody = successes.compactMap { member -> (SpecMember, SpecNode)? in
            guard let resolved = document.resolved(member.value, warnings: &warnings, what: "a response"),
                resolved["content"]?.members?.isEmpty == false
            else { return nil }
            return (member, resolved)
        }
        let (member, body) = chosen.key == "default" ? (chosen, response) : (withBody.first ?? (chosen, response))
        // Declared response headers (`ETag`, `Location`, `X-Next`) are read from the `APIResponse`; OpenAPI ignores
        // a declared `Content-Type`.
        if let headers = body["headers"]?.members, headers.contains(where: { $0.key.lowercased() != "content-type" }) {
            endpoint.responseMetadata = true
        }
        guard let content = body["content"]?.members, !content.isEmpty else { return }
        let optional = withBody.count < successes.count && chosen.key != "default"
        // JSON first (a file is also offered as JSON by some servers); else the bytes of a file, an image or a
        // binary `*/*`, which a `Data` response hands over as they came, asking for them with `Accept`.
        guard let json = content.first(where: { Self.isJSON($0.key) && !isBinaryMedia($0) }) else {
            let files = content.filter(isBinaryMedia)
            // A multipart response: a model of its parts, which the runtime reads part by part.
            if files.isEmpty, let form = content.first(where: { Self.essence($0.key) == "multipart/form-data" }),
                let schema = form.value["schema"]
            {
                var type = swiftType(schema, hint: capitalized + "Response")
                if case .fields? = models[type.text]?.kind {
                    if optional { type.nullable = true }
                    endpoint.response = type.optionalText
                    endpoint.uses.formUnion(type.models)
                    if !endpoint.headers.contains(where: { $0.name.lowercased() == "accept" }) {
                        endpoint.headers.append(("Accept", "multipart/form-data"))
                    }
                    addPartHeaders(form.value["encoding"]?.members ?? [], to: type.text, where: "response \(member.key) of \(where_)")
                    return
                }
            }
            // Any other media type (XML, text, HTML): the body's bytes as they came, which the app reads as the
            // media type says, rather than no response at all.
            let bytes = files.isEmpty ? content : files
            endpoint.response = optional ? "Data?" : "Data"
            if !endpoint.headers.contains(where: { $0.name.lowercased() == "accept" }) {
                let accept = bytes.map(\.key).joined(separator: ", ")
                if accept != "*/*" { endpoint.headers.append(("Accept", accept)) }
            }
            return
        }
        // The server answers with the media type it is asked for: a versioned one is sent as it is declared.
        if let accept = Self.ownMediaType(json.key) { endpoint.headers.append(("Accept", accept)) }
        guard let schema = json.value["schema"] else {
            endpoint.response = "JSONValue"
            return
        }
        var type = swiftType(schema, hint: capitalized + "Response")
        if optional { type.nullable = true }
        if type.text == "Data" {
            // A JSON string of base64 (`format: byte`): a `Data` response would be the body's bytes, quotes and all.
            warn("response \(member.key) of \(where_) is base64 text in JSON; typed as String (Data(base64Encoded:) reads it)", at: schema)
            type.text = "String"
        }
        endpoint.response = type.optionalText
        endpoint.uses.formUnion(type.models)
        for other in withBody.dropFirst() {
            guard let otherSchema = other.1["content"]?.members?.first(where: { Self.isJSON($0.key) })?.value["schema"] else { continue }
            let otherType = swiftType(otherSchema, hint: capitalized + "Response" + other.0.key)
            if otherType.text != type.text {
                warn(
                    "response \(other.0.key) of \(where_) is \(otherType.text), but an endpoint has one success type: \(type.text) from \(member.key)",
                    at: document.location(offset: other.0.keyOffset))
            }
        }
    }

    /// The `errors` of an endpoint: each failure response (4xx, 5xx, `4XX`, `5XX`, `default`) with a JSON body, its
    /// schema's type; a body the runtime cannot decode, or a status `errors` cannot name, is warned about (the app
    /// gets `NetworkError.server` with the raw body for it).
    private mutating func errorBodies(
        _ responses: [SpecMember], where_: String, capitalized: String, endpoint: inout ImportedEndpoint
    ) {
        for member in responses {
            guard let response = document.resolved(member.value, warnings: &warnings, what: "response \(member.key) of \(where_)"),
                let content = response["content"]?.members, !content.isEmpty
            else { continue }
            guard ErrorBody.Status(member.key) != nil else {
                warn(
                    "response \(member.key) of \(where_) is not a failure status 'errors' can name (400–599, 4XX, 5XX, "
                        + "default); the app gets its body as the raw bytes of NetworkError.server",
                    at: document.location(offset: member.keyOffset))
                continue
            }
            guard let json = content.first(where: { Self.isJSON($0.key) && !isBinaryMedia($0) }) else {
                // Text: the runtime hands a `String` error body over as the body's text.
                if content.contains(where: { $0.key.lowercased().hasPrefix("text/") }) {
                    endpoint.errors.append((member.key, "String"))
                    continue
                }
                let types = content.map(\.key).joined(separator: ", ")
                warn(
                    "error response \(member.key) of \(where_) is \(types), which the runtime does not decode; the app gets "
                        + "it as the raw bytes of NetworkError.server", at: response)
                continue
            }
            guard let schema = json.value["schema"] else {
                endpoint.errors.append((member.key, "JSONValue"))
                continue
            }
            // A shared response (`$ref: '#/components/responses/ErrorBadRequest'`) names its body's model; an
            // operation's own, the operation and the status (`UpdatePetError400`).
            var hint = capitalized + "Error" + (member.key == "default" ? "Default" : member.key.uppercased())
            if let reference = member.value["$ref"]?.string, reference.hasPrefix("#/components/responses/"),
                let last = reference.split(separator: "/").last
            {
                hint = ImportNames.typeName(OpenAPIDocument.unescapePointer(String(last)))
            }
            var type = swiftType(schema, hint: hint)
            if type.text == "Data" {
                warn(
                    "error response \(member.key) of \(where_) is base64 text in JSON; typed as String (Data(base64Encoded:) "
                        + "reads it)", at: schema)
                type.text = "String"
            }
            endpoint.errors.append((member.key, type.optionalText))
            endpoint.uses.formUnion(type.models)
        }
    }

    /// `get /pets/{petId}/photos` → `getPetsByPetIdPhotos`.
    static func derivedName(method: String, path: String) -> String {
        var name = method
        for segment in path.split(separator: "/") {
            if segment.hasPrefix("{") {
                name += "By" + ImportNames.typeName(String(segment))
            } else {
                name += ImportNames.typeName(String(segment))
            }
        }
        return ImportNames.memberName(name)
    }
}

extension OpenAPIImporter {
    /// The parts' `encoding.headers` of a multipart response: a field each of the response model (optional unless
    /// `required`) that holds the header (`partHeader`), typed by its schema (a string enum, else a scalar).
    mutating func addPartHeaders(_ encoding: [SpecMember], to modelName: String, where what: String) {
        guard var model = models[modelName], case .fields(var fields) = model.kind else { return }
        var names = Set(fields.map(\.name))
        let parts = Set(fields.map { $0.json ?? $0.name })
        for part in encoding {
            guard let declared = part.value["headers"]?.members else { continue }
            for (name, raw) in declared.map({ ($0.key, $0.value) }) {
                let lowered = name.lowercased()
                if lowered == "content-type" { continue }
                if lowered == "content-disposition" {
                    // OpenAPI: Content-Disposition names the part.
                    warn("header '\(name)' of part '\(part.key)' of \(what) is the form's own; ignored, as OpenAPI says", at: raw)
                    continue
                }
                guard SpecValidator.isHeaderName(name) else {
                    warn("header '\(name)' of part '\(part.key)' of \(what) is not a valid HTTP header name; the app does not receive it", at: raw)
                    continue
                }
                guard parts.contains(part.key) else {
                    warn(
                        "part '\(part.key)' of \(what) is not a property of the response; the app does not receive its header '\(name)'",
                        at: raw)
                    continue
                }
                let header = document.resolved(raw, warnings: &warnings, what: "header '\(name)' of part '\(part.key)'") ?? raw
                var type = header["schema"].map {
                    swiftType($0, hint: modelName + ImportNames.typeName(part.key) + ImportNames.typeName(name))
                } ?? ImportedType(text: "String")
                if pathText(type) == nil {
                    warn("header '\(name)' of part '\(part.key)' of \(what) is \(type.text), which a header cannot hold; the app receives it as a String", at: header)
                    type = ImportedType(text: "String")
                }
                let field = ImportNames.unique(ImportNames.memberName(part.key + "-" + name), in: &names)
                fields.append(ImportedField(
                    name: field, type: header["required"]?.bool == true ? type.text : ImportedType.optional(type.text),
                    description: header["description"]?.string, location: document.location(raw),
                    partHeader: (part.key, name)))
                model.uses.formUnion(type.models)
            }
        }
        model.kind = .fields(fields)
        models[modelName] = model
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first.properties.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
