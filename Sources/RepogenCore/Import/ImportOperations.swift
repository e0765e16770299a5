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
    var files: [(name: String, value: String)] = []
    var fields: [(name: String, value: String)] = []
    var response: String?
    /// `responseMetadata: true`: the success response declares headers, which the app reads from an `APIResponse`.
    var responseMetadata = false
    var uses: Set<String> = []
}

extension OpenAPIImporter {
    /// The endpoint name of every operation, by its index: the operationId as a Swift name, else one made of the
    /// method and the path. Unique in the whole document, and so are the names the generated code of every style
    /// derives from it: the members of the mock (`createOrderMock`) and of the tca client (`_createOrder`), which a
    /// spec's endpoints share, and the clean style's use case types (`CreateOrderUseCase`,
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
            for type in DomainNames.endpointTypesOfEveryStyle(forMethod: name) {
                if let owner = types[type] { return "the clean style would name its types '\(type)', as for '\(owner)'" }
                if reservedNames.contains(type) || ImportNames.reservedTypeNames.contains(type) {
                    return "the clean style would name its types '\(type)', a type of the generated code"
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
        // Parameters: the path item's, replaced by the operation's of the same name and place.
        var parameters: [(node: SpecNode, name: String, place: String)] = []
        for list in [operation.pathItem["parameters"], op["parameters"]] {
            for raw in list?.items ?? [] {
                guard let parameter = document.resolved(raw, warnings: &warnings, what: "a parameter of \(where_)") else { continue }
                guard let pname = parameter["name"]?.string, let place = parameter["in"]?.string else {
                    warn("a parameter of \(where_) needs 'name' and 'in'; left out", at: raw)
                    continue
                }
                parameters.removeAll { $0.name == pname && $0.place == place }
                parameters.append((parameter, pname, place))
            }
        }
        // Path: `{petId}` becomes the input's placeholder.
        var path = ""
        var rest = Substring(operation.urlPath)
        var pathInputs: [String: String] = [:]
        var encoded = false
        func literal(_ text: Substring) -> String {
            let (result, changed) = Self.pathLiteral(text)
            encoded = encoded || changed
            return result
        }
        while let open = rest.firstIndex(of: "{") {
            path += literal(rest[..<open])
            guard let close = rest[open...].firstIndex(of: "}") else {
                rest = rest[open...]
                break
            }
            let pname = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            if let input = pathInputs[pname] {
                path += "{" + input + "}"
                continue
            }
            let declared = parameters.first { $0.name == pname && $0.place == "path" }
            let input = ImportNames.unique(ImportNames.memberName(pname), in: &inputNames)
            pathInputs[pname] = input
            var type = ImportedType(text: "String")
            if let declared {
                type = parameterType(declared.node, hint: capitalized + ImportNames.typeName(pname))
            } else {
                warn("path parameter '\(pname)' of \(where_) is not declared; it is a String input", at: document.location(offset: operation.methodOffset))
            }
            var placeholder = input
            switch pathText(type) {
            case .text: break
            case .rawValue: placeholder += ".rawValue"
            case .none:
                warn("path parameter '\(pname)' of \(where_) is \(type.text), which a path cannot hold; it is a String input", at: declared?.node ?? op)
                type = ImportedType(text: "String")
            }
            endpoint.inputs.append((input, type.text))
            endpoint.uses.formUnion(type.models)
            path += "{" + placeholder + "}"
        }
        path += literal(rest)
        // A dot segment would be resolved away by URL loaders (and is refused in a spec): as data, percent-encoded.
        path = path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            guard segment == "." || segment == ".." else { return String(segment) }
            encoded = true
            return segment == "." ? "%2E" : "%2E%2E"
        }.joined(separator: "/")
        if encoded {
            warn("the path of \(where_) has characters a URL path cannot hold as written; they are percent-encoded", at: document.location(offset: operation.methodOffset))
        }
        endpoint.path = path
        for parameter in parameters where parameter.place == "path" && pathInputs[parameter.name] == nil {
            warn("path parameter '\(parameter.name)' of \(where_) is not in the path; left out", at: parameter.node)
        }

        // The body decides where the query parameters go: `param` without one, `query` beside one.
        let body = requestBody(op, where_: where_, capitalized: capitalized, endpoint: &endpoint, inputNames: &inputNames)

        // The query keys sent so far, with the parameter that sends each: an object's properties are spread into
        // the query, so one of them can be another parameter's key, and a key sent twice does not generate.
        var queryKeys: [String: String] = [:]
        func sendsNewQueryKeys(_ keys: [String], of name: String) -> Bool {
            if let key = keys.first(where: { queryKeys[$0] != nil }), let other = queryKeys[key] {
                let node = parameters.first { $0.name == name && $0.place == "query" }?.node ?? op
                warn("query parameter '\(name)' of \(where_) would send the key '\(key)', which '\(other)' sends; left out", at: node)
                return false
            }
            for key in keys { queryKeys[key] = name }
            return true
        }
        for parameter in parameters where parameter.place != "path" {
            let node = parameter.node
            let pname = parameter.name
            switch parameter.place {
            case "query":
                // Beside a JSON body (or a file's bytes) the query parameters are the endpoint's `query`.
                // `form` style is what the runtime writes, and for arrays `spaceDelimited` and `pipeDelimited`
                // (`deepObject` is not).
                let style = node["style"]?.string ?? "form"
                guard ["form", "spaceDelimited", "pipeDelimited"].contains(style) else {
                    warn("query parameter '\(pname)' of \(where_) has style '\(style)', which the runtime cannot write; left out", at: node)
                    continue
                }
                var type = parameterType(node, hint: capitalized + ImportNames.typeName(pname))
                guard style == "form" || type.text.hasPrefix("[") && isQueryScalar(type.text) else {
                    warn(
                        "query parameter '\(pname)' of \(where_) has style '\(style)', which the runtime writes only for "
                            + "an array of scalars; left out", at: node)
                    continue
                }
                if node["required"]?.bool != true { type.nullable = true }
                let input = ImportNames.unique(ImportNames.memberName(pname), in: &inputNames)
                if let model = type.models.first, type.text == model, case .fields(let fields)? = models[model]?.kind {
                    // An object in the query: its keys are spread (`explode: false` would write `filter=a,1,b,2`).
                    guard node["explode"]?.bool != false else {
                        warn("query parameter '\(pname)' of \(where_) is an object with 'explode: false', which the runtime cannot write; left out", at: node)
                        inputNames.remove(input)
                        continue
                    }
                    guard fields.allSatisfy({ isQueryScalar($0.type) }) else {
                        warn("query parameter '\(pname)' of \(where_) is an object with nested values, which a query string cannot hold; left out", at: node)
                        inputNames.remove(input)
                        continue
                    }
                    guard sendsNewQueryKeys(fields.map { $0.json ?? $0.name }, of: pname) else {
                        inputNames.remove(input)
                        continue
                    }
                    endpoint.spreads.append(input)
                } else if !isQueryScalar(type.text) {
                    warn("query parameter '\(pname)' of \(where_) is \(type.text), which a query string cannot hold item by item; left out", at: node)
                    inputNames.remove(input)
                    continue
                } else {
                    guard sendsNewQueryKeys([pname], of: pname) else {
                        inputNames.remove(input)
                        continue
                    }
                    endpoint.query.append((pname, "{" + input + "}"))
                    if type.text.hasPrefix("[") {
                        // OpenAPI's `form` arrays are repeated keys (`id=1&id=2`) unless `explode: false`
                        // (`id=1,2`); the runtime's default is neither, so the spec says which.
                        // `spaceDelimited` and `pipeDelimited` join with spaces or `|` (`explode` does not apply).
                        let arrays = style == "spaceDelimited" ? "space" : style == "pipeDelimited" ? "pipe"
                            : node["explode"]?.bool == false ? "comma" : "repeated"
                        if let form = endpoint.queryArrays.first(where: { $0.key == pname }) {
                            // The form body has an array of this name (read first): a key has one style, in the body
                            // and the query alike.
                            if form.style != arrays {
                                warn(
                                    "query parameter '\(pname)' of \(where_) is an array in style '\(arrays)', but the form "
                                        + "body's array '\(pname)' is '\(form.style)', and a key has one style: both are '\(form.style)'",
                                    at: node)
                            }
                        } else {
                            endpoint.queryArrays.append((pname, arrays))
                        }
                    }
                }
                endpoint.inputs.append((input, type.optionalText))
                endpoint.uses.formUnion(type.models)
            case "header":
                let lowered = pname.lowercased()
                if ["accept", "content-type", "authorization"].contains(lowered) {
                    let why = lowered == "authorization" ? "set the manager's authToken and authScheme" : "the runtime sets it"
                    warn("header parameter '\(pname)' of \(where_) is left out: \(why)", at: node)
                    continue
                }
                guard SpecValidator.isHeaderName(pname) else {
                    warn("header parameter '\(pname)' of \(where_) is not a valid HTTP header name; left out", at: node)
                    continue
                }
                var type = parameterType(node, hint: capitalized + ImportNames.typeName(pname))
                var placeholder = ""
                switch pathText(type) {
                case .text: break
                case .rawValue: placeholder = ".rawValue"
                case .none:
                    warn("header parameter '\(pname)' of \(where_) is \(type.text), which a header cannot hold; it is a String input", at: node)
                    type = ImportedType(text: "String")
                }
                // An optional header is an optional input: the generated request leaves it out when nil.
                let required = node["required"]?.bool == true
                let input = ImportNames.unique(ImportNames.memberName(pname), in: &inputNames)
                endpoint.inputs.append((input, required ? type.text : ImportedType.optional(type.text)))
                endpoint.uses.formUnion(type.models)
                endpoint.headers.append((pname, "{" + input + placeholder + "}"))
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

    /// A JSON value, a multipart form, bytes (a `Data` param, sent as they are), or a urlencoded form.
    enum BodyKind { case json, upload, bytes, form }

    /// The request body: a JSON value (one input, the param), a urlencoded form (one input, the param, with
    /// `body: form`), a multipart form (an upload), or a file's bytes.
    private mutating func requestBody(
        _ op: SpecNode, where_: String, capitalized: String, endpoint: inout ImportedEndpoint, inputNames: inout Set<String>
    ) -> BodyKind? {
        guard let raw = op["requestBody"],
            let body = document.resolved(raw, warnings: &warnings, what: "the request body of \(where_)")
        else { return nil }
        guard let content = body["content"]?.members, !content.isEmpty else {
            warn("the request body of \(where_) has no 'content'; left out", at: raw)
            return nil
        }
        if endpoint.method == "GET" {
            warn("GET \(where_.dropFirst(4)) has a request body, which a GET request cannot send; left out", at: raw)
            return nil
        }
        let required = body["required"]?.bool == true
        if let json = content.first(where: { Self.isJSON($0.key) && !isBinaryMedia($0) }) {
            // The body is what the document says it is (`application/merge-patch+json`), not plain JSON.
            if let type = Self.ownMediaType(json.key) { endpoint.headers.append(("Content-Type", type)) }
            guard let schema = json.value["schema"] else {
                warn("the JSON body of \(where_) has no schema; it is a JSONValue", at: json.value)
                addBody(ImportedType.any, required: required, endpoint: &endpoint, inputNames: &inputNames)
                return .json
            }
            var type = swiftType(schema, hint: capitalized + "Request")
            if type.text == "Data" {
                // A JSON string of base64 (`format: byte`): a `Data` param sent as the body would be its raw bytes.
                warn("the request body of \(where_) is base64 text in JSON; typed as String (Data.base64EncodedString() makes it)", at: schema)
                type.text = "String"
            }
            addBody(type, required: required, endpoint: &endpoint, inputNames: &inputNames)
            if content.count > 1 {
                let others = content.filter { $0.key != json.key }.map(\.key).joined(separator: ", ")
                warn("\(where_) also takes \(others); the import sends JSON", at: raw)
            }
            return .json
        }
        // Without JSON, a urlencoded form (an OAuth token endpoint's, say): its properties are the param's keys.
        if let form = content.first(where: { Self.essence($0.key) == "application/x-www-form-urlencoded" }) {
            guard formBody(form.value, required: required, where_: where_, capitalized: capitalized, endpoint: &endpoint, inputNames: &inputNames) else {
                return nil
            }
            if content.count > 1 {
                let others = content.filter { $0.key != form.key }.map(\.key).joined(separator: ", ")
                warn("\(where_) also takes \(others); the import sends \(form.key)", at: raw)
            }
            return .form
        }
        if let form = content.first(where: { $0.key.lowercased().hasPrefix("multipart/form-data") }) {
            guard endpoint.method != "DELETE" else {
                warn("\(where_) has a multipart body, which the runtime sends with POST, PUT and PATCH only; left out", at: raw)
                return nil
            }
            return upload(form.value, required: required, where_: where_, capitalized: capitalized, endpoint: &endpoint, inputNames: &inputNames) ? .upload : nil
        }
        // A file's bytes (`application/octet-stream`, an image, a binary `*/*`): a `Data` param, sent as it is
        // with the media type as `Content-Type` (the runtime's default for `Data` is `application/octet-stream`).
        let files = content.filter(isBinaryMedia)
        if let file = files.first {
            if !endpoint.headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                let mediaType = file.key.split(separator: ";").first.map { String($0).trimmingWhitespace() } ?? file.key
                if mediaType.lowercased() != "application/octet-stream", !mediaType.contains("*") {
                    endpoint.headers.append(("Content-Type", file.key))
                }
            }
            if files.count > 1 || content.count > 1 {
                let others = content.filter { $0.key != file.key }.map(\.key).joined(separator: ", ")
                warn("\(where_) also takes \(others); the import sends \(file.key)", at: raw)
            }
            var type = ImportedType(text: "Data")
            if !required { type.nullable = true }
            let input = ImportNames.unique("content", in: &inputNames)
            endpoint.inputs.append((input, type.optionalText))
            endpoint.body = input
            return .bytes
        }
        let types = content.map(\.key).joined(separator: ", ")
        warn("the request body of \(where_) is \(types); a repogen endpoint sends JSON, application/x-www-form-urlencoded, multipart/form-data or a file's bytes, so it is left out", at: raw)
        return nil
    }

    private mutating func addBody(_ type: ImportedType, required: Bool, endpoint: inout ImportedEndpoint, inputNames: inout Set<String>) {
        var type = type
        if !required { type.nullable = true }
        // A component's name says what the body is (`newPet`); an inline schema's made-up name does not.
        let named = type.models.contains(type.text) && componentModels.values.contains(type.text)
        let base = named ? ImportNames.memberName(type.text) : "body"
        let input = ImportNames.unique(base, in: &inputNames)
        endpoint.inputs.append((input, type.optionalText))
        endpoint.body = input
        endpoint.uses.formUnion(type.models)
    }

    /// A urlencoded form body: an object whose properties are scalars or arrays of scalars, one input sent as the
    /// param with `body: form`; each array property in the style its `encoding` gives (OpenAPI's default for a form
    /// is `style: form`, `explode: true`: repeated keys). False, with a warning saying why, for what a form body
    /// cannot hold.
    private mutating func formBody(
        _ media: SpecNode, required: Bool, where_: String, capitalized: String, endpoint: inout ImportedEndpoint,
        inputNames: inout Set<String>
    ) -> Bool {
        guard let schema = media["schema"] else {
            warn("the form body of \(where_) has no schema; left out", at: media)
            return false
        }
        var type = swiftType(schema, hint: capitalized + "Request")
        // A free-form object: its keys are known only at run time, and a form's values are text.
        if type.text == "JSONValue" || type.text == "[String: JSONValue]" { type = ImportedType(text: "[String: String]") }
        if type.text.hasPrefix("[String: "), type.text.hasSuffix("]"),
            isQueryScalar(String(type.text.dropFirst(9).dropLast())), !type.text.dropFirst(9).hasPrefix("[")
        {
            addBody(type, required: required, endpoint: &endpoint, inputNames: &inputNames)
            endpoint.bodyEncoding = "form"
            return true
        }
        guard let model = type.models.first, type.text == model, case .fields(let fields)? = models[model]?.kind else {
            warn(
                "the form body of \(where_) is \(type.text), not an object of properties, which a form body needs; left out",
                at: schema)
            return false
        }
        if let nested = fields.first(where: { !isQueryScalar($0.type) }) {
            warn(
                "property '\(nested.json ?? nested.name)' of the form body of \(where_) is \(nested.type), which a form body "
                    + "cannot hold (only scalars and arrays of scalars); the body is left out", at: nested.location)
            return false
        }
        guard !fields.isEmpty else {
            warn("the form body of \(where_) has no properties; left out", at: schema)
            return false
        }
        let encoding = media["encoding"]?.members ?? []
        var arrays: [(key: String, style: String)] = []
        for field in fields {
            let key = field.json ?? field.name
            let part = encoding.first { $0.key == key }?.value
            if let contentType = part?["contentType"]?.string {
                warn(
                    "property '\(key)' of the form body of \(where_) has contentType '\(contentType)', which a urlencoded "
                        + "form ignores; it is sent as text", at: part ?? schema)
            }
            var text = field.type.hasSuffix("?") ? String(field.type.dropLast()) : field.type
            if text.hasSuffix("?") { text.removeLast() }
            guard text.hasPrefix("[") else { continue }
            let style = part?["style"]?.string ?? "form"
            switch style {
            case "form": arrays.append((key, part?["explode"]?.bool == false ? "comma" : "repeated"))
            case "spaceDelimited": arrays.append((key, "space"))
            case "pipeDelimited": arrays.append((key, "pipe"))
            default:
                warn(
                    "property '\(key)' of the form body of \(where_) has style '\(style)', which the runtime cannot write "
                        + "for an array; the body is left out", at: part ?? schema)
                return false
            }
        }
        addBody(type, required: required, endpoint: &endpoint, inputNames: &inputNames)
        endpoint.bodyEncoding = "form"
        endpoint.queryArrays += arrays
        return true
    }

    /// A multipart body: binary properties are files, scalars are text fields; false when there is no file part.
    private mutating func upload(
        _ media: SpecNode, required: Bool, where_: String, capitalized: String, endpoint: inout ImportedEndpoint,
        inputNames: inout Set<String>
    ) -> Bool {
        guard let schema = media["schema"] else {
            warn("the multipart body of \(where_) has no schema; left out", at: media)
            return false
        }
        var visited: Set<String> = []
        let shape = objectShape(schema, visited: &visited, depth: 0)
        var files: [(String, String, String)] = []
        var fields: [(String, String, String)] = []
        for property in shape.properties {
            let optional = !shape.required.contains(property.name) || !required
            let input = ImportNames.unique(ImportNames.memberName(property.name), in: &inputNames)
            let resolved = document.resolved(property.schema, warnings: &warnings, what: "part '\(property.name)'") ?? property.schema
            if isBinary(resolved) {
                files.append((property.name, input, optional ? "UploadFile?" : "UploadFile"))
            } else if types(of: resolved).contains("array"), let items = resolved["items"], isBinary(document.resolved(items, warnings: &warnings, what: "part '\(property.name)'") ?? items) {
                files.append((property.name, input, "[UploadFile]"))
            } else {
                var type = swiftType(property.schema, hint: capitalized + ImportNames.typeName(property.name))
                guard pathText(type) != nil else {
                    warn("part '\(property.name)' of the multipart body of \(where_) is \(type.text), which a form text field cannot hold; left out", at: property.schema)
                    inputNames.remove(input)
                    continue
                }
                if optional { type.nullable = true }
                let placeholder = pathText(type) == .rawValue ? ".rawValue" : ""
                if type.nullable, !placeholder.isEmpty {
                    warn("part '\(property.name)' of \(where_) is an optional enum; it is a required argument", at: property.schema)
                    type.nullable = false
                }
                endpoint.uses.formUnion(type.models)
                fields.append((property.name, input + placeholder, type.optionalText))
            }
        }
        guard !files.isEmpty else {
            warn("the multipart body of \(where_) has no file part (a string with format binary); left out", at: schema)
            for field in fields { inputNames.remove(field.1) }
            return false
        }
        for (part, input, type) in files {
            endpoint.inputs.append((input, type))
            endpoint.files.append((part, "{" + input + "}"))
        }
        for (part, input, type) in fields {
            let name = input.hasSuffix(".rawValue") ? String(input.dropLast(9)) : input
            endpoint.inputs.append((name, type))
            endpoint.fields.append((part, "{" + input + "}"))
        }
        return true
    }

    func isBinary(_ schema: SpecNode) -> Bool {
        if schema["format"]?.string == "binary" { return true }
        // 3.1: a file is a string with a media type and no encoding (or no type at all).
        return schema["contentMediaType"] != nil && schema["contentEncoding"] == nil
    }

    /// The media type an endpoint sends as its own `Accept` or `Content-Type`: a JSON variant the runtime's
    /// `application/json` is not (`application/vnd.x+json;version=2`, `application/merge-patch+json`), as a
    /// spec template (braces doubled); nil for plain JSON and wildcards, which the runtime's headers already say.
    static func ownMediaType(_ mediaType: String) -> String? {
        let lowered = Self.essence(mediaType)
        guard lowered.hasSuffix("+json") || lowered == "text/json" || lowered == "application/json" && mediaType.contains(";")
        else { return nil }
        return mediaType.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
    }

    /// A body that is bytes, not JSON or text: `application/octet-stream`, `image/*`, `audio/*`, `video/*`,
    /// `application/pdf` and `application/zip` whatever their schema, and any media type (`*/*` too) whose schema is a
    /// binary string (`format: binary`, or 3.1's `contentMediaType`).
    func isBinaryMedia(_ media: SpecMember) -> Bool {
        let lowered = Self.essence(media.key)
        if ["application/octet-stream", "application/pdf", "application/zip"].contains(lowered)
            || ["image/", "audio/", "video/"].contains(where: lowered.hasPrefix)
        {
            return true
        }
        guard let schema = media.value["schema"] else { return false }
        return isBinary(schema)
    }

    /// A media type without its parameters, lowercased: `Application/JSON; charset=utf-8` is `application/json`.
    static func essence(_ mediaType: String) -> String {
        mediaType.lowercased().split(separator: ";").first.map { String($0).trimmingWhitespace() } ?? ""
    }

    static func isJSON(_ mediaType: String) -> Bool {
        let lowered = essence(mediaType)
        return lowered == "application/json" || lowered.hasSuffix("+json") || lowered == "*/*" || lowered == "application/*"
            || lowered == "text/json"
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
            for error in errors {
                if let resolved = document.resolved(error.value, warnings: &warnings, what: "a response"), resolved["content"] != nil {
                    errorResponses = (errorResponses?.first ?? error.value, (errorResponses?.count ?? 0) + 1)
                    break
                }
            }
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
            guard !files.isEmpty else {
                let types = content.map(\.key).joined(separator: ", ")
                warn("response \(member.key) of \(where_) is \(types), which the runtime does not decode; the endpoint has no response type", at: body)
                return
            }
            endpoint.response = optional ? "Data?" : "Data"
            if !endpoint.headers.contains(where: { $0.name.lowercased() == "accept" }) {
                let accept = files.map(\.key).joined(separator: ", ")
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

    /// How a value is written as text (the name `PathText` is the output folder path helper's).
    enum TextForm { case text, rawValue }

    /// How a value of `type` is written into a path, a header or a form field: as it is, as its raw value, or not.
    func pathText(_ type: ImportedType) -> TextForm? {
        let plain = ["String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "Bool", "UUID", "Decimal"]
        if plain.contains(type.text) { return .text }
        if let model = models[type.text], case .enumeration = model.kind { return .rawValue }
        return nil
    }

    /// Whether a field's type can be one query item: a scalar or an array of scalars.
    func isQueryScalar(_ type: String) -> Bool {
        var text = type.hasSuffix("?") ? String(type.dropLast()) : type
        if text.hasPrefix("["), text.hasSuffix("]"), !text.contains(":") { text = String(text.dropFirst().dropLast()) }
        if text.hasSuffix("?") { text.removeLast() }
        // A union of scalars (`oneOf: [string, integer]`) is one of them: the runtime writes its JSON value.
        if case .union(let cases, _)? = models[text]?.kind {
            return cases.allSatisfy { item in
                pathText(ImportedType(text: item.type)) != nil || ["Date", "URL", "Data"].contains(item.type)
            }
        }
        return pathText(ImportedType(text: text)) != nil || text == "Date" || text == "URL" || text == "Data"
    }

    private mutating func parameterType(_ parameter: SpecNode, hint: String) -> ImportedType {
        if let schema = parameter["schema"] { return swiftType(schema, hint: hint) }
        if let content = parameter["content"]?.members?.first, let schema = content.value["schema"] {
            warn("a parameter with 'content' (\(content.key)) is sent as a plain value", at: parameter)
            return swiftType(schema, hint: hint)
        }
        warn("a parameter without a schema is a String", at: parameter)
        return ImportedType(text: "String")
    }

    /// Literal path text as a spec path holds it: characters a URL path cannot hold (and braces, which a spec
    /// path reads as placeholders) percent-encoded; true when anything was.
    static func pathLiteral(_ text: Substring) -> (String, Bool) {
        var result = ""
        var changed = false
        for scalar in text.unicodeScalars {
            if SpecValidator.isURLPathScalar(scalar), scalar != "{", scalar != "}" {
                result.unicodeScalars.append(scalar)
            } else {
                changed = true
                for byte in String(scalar).utf8 { result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true) }
            }
        }
        return (result, changed)
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

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first.properties.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
