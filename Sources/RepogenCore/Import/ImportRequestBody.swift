/// The request body of an imported operation: JSON, a urlencoded form, a multipart upload, or bytes; and the media
/// types that decide which.
extension OpenAPIImporter {
    /// A JSON value, a multipart form, bytes (a `Data` param, sent as they are), or a urlencoded form.
    enum BodyKind { case json, upload, bytes, form }

    /// The request body: a JSON value (one input, the param), a urlencoded form (one input, the param, with
    /// `body: form`), a multipart form (an upload), or a file's bytes.
    mutating func requestBody(
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
            // Text and bytes beside plain JSON: a `BodyChoice`, the app sends the one it has with its Content-Type.
            let choices = content.filter { ["text/plain", "application/octet-stream"].contains(Self.essence($0.key)) }
            if !choices.isEmpty, Self.ownMediaType(json.key) == nil, type.text != "Data", type.text != "String" {
                type.text = "BodyChoice<\(type.text)>"
            }
            addBody(type, required: required, endpoint: &endpoint, inputNames: &inputNames)
            let sent = type.text.hasPrefix("BodyChoice<") ? Set(choices.map(\.key) + [json.key]) : [json.key]
            if content.count > sent.count {
                let others = content.filter { !sent.contains($0.key) }.map(\.key).joined(separator: ", ")
                warn("\(where_) also takes \(others); the import sends \(sent.count > 1 ? "JSON, text or bytes" : "JSON")", at: raw)
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
        // A file's bytes (`application/octet-stream`, an image, a binary `*/*`), or any other media type (XML, plain
        // text): a `Data` param, sent as it is with the media type as `Content-Type` (the runtime's default for
        // `Data` is `application/octet-stream`); the app writes the bytes the media type says.
        let binary = content.filter(isBinaryMedia)
        let files = binary.isEmpty ? content : binary
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

    /// A multipart body: binary properties are files, scalars and arrays of scalars are text fields (an array: one
    /// part per element), objects and other JSON values are JSON parts (OpenAPI's default content type for them is
    /// `application/json`); false when it has no part.
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
        var jsonParts: [(String, String, String)] = []
        let encoding = media["encoding"]?.members ?? []
        for property in shape.properties {
            let partEncoding = encoding.first { $0.key == property.name }?.value
            let optional = !shape.required.contains(property.name) || !required
            let input = ImportNames.unique(ImportNames.memberName(property.name), in: &inputNames)
            let resolved = document.resolved(property.schema, warnings: &warnings, what: "part '\(property.name)'") ?? property.schema
            if isBinary(resolved) {
                files.append((property.name, input, optional ? "UploadFile?" : "UploadFile"))
            } else if types(of: resolved).contains("array"), let items = resolved["items"], isBinary(document.resolved(items, warnings: &warnings, what: "part '\(property.name)'") ?? items) {
                files.append((property.name, input, "[UploadFile]"))
            } else {
                var type = swiftType(property.schema, hint: capitalized + ImportNames.typeName(property.name))
                let contentType = partEncoding?["contentType"]?.string.map(Self.essence)
                let elementText: TextForm? = type.text.hasPrefix("[") && type.text.hasSuffix("]") && !type.text.contains(":")
                    ? pathText(ImportedType(text: String(type.text.dropFirst().dropLast()))) : nil
                let textArray = elementText != nil
                if contentType == "application/json" || (contentType == nil && pathText(type) == nil && !textArray) {
                    // A JSON part: an object, or anything the document says is JSON.
                    if optional { type.nullable = true }
                    endpoint.uses.formUnion(type.models)
                    jsonParts.append((property.name, input, type.optionalText))
                    continue
                }
                if textArray {
                    // An array of text values: one part per element.
                    if optional { type.nullable = true }
                    endpoint.uses.formUnion(type.models)
                    fields.append((property.name, input + (elementText == .rawValue ? "[].rawValue" : ""), type.optionalText))
                    continue
                }
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
        guard !files.isEmpty || !fields.isEmpty || !jsonParts.isEmpty else {
            warn("the multipart body of \(where_) has no part; left out", at: schema)
            return false
        }
        for (part, input, type) in files {
            endpoint.inputs.append((input, type))
            endpoint.files.append((part, "{" + input + "}"))
        }
        for (part, input, type) in fields {
            let name = input.hasSuffix("[].rawValue") ? String(input.dropLast(11))
                : input.hasSuffix(".rawValue") ? String(input.dropLast(9)) : input
            endpoint.inputs.append((name, type))
            endpoint.fields.append((part, "{" + input + "}"))
        }
        for (part, input, type) in jsonParts {
            endpoint.inputs.append((input, type))
            endpoint.jsonParts.append((part, "{" + input + "}"))
        }
        // The parts' `encoding.headers`: an input each (optional unless `required`), set in the parts of that name.
        let sent = Set(files.map(\.0) + fields.map(\.0) + jsonParts.map(\.0))
        for member in encoding where sent.contains(member.key) {
            let part = member.key
            guard let declared = member.value["headers"]?.members, !declared.isEmpty else { continue }
            var headers: [(name: String, value: String)] = []
            for (name, raw) in declared.map({ ($0.key, $0.value) }) {
                let lowered = name.lowercased()
                if lowered == "content-type" || lowered == "content-disposition" {
                    // OpenAPI: a part's Content-Type is `contentType`'s; Content-Disposition names the part.
                    warn("header '\(name)' of part '\(part)' of \(where_) is the form's own; ignored, as OpenAPI says", at: raw)
                    continue
                }
                guard SpecValidator.isHeaderName(name) else {
                    warn("header '\(name)' of part '\(part)' of \(where_) is not a valid HTTP header name; left out", at: raw)
                    continue
                }
                let header = document.resolved(raw, warnings: &warnings, what: "header '\(name)' of part '\(part)'") ?? raw
                var type = header["schema"].map {
                    swiftType($0, hint: capitalized + ImportNames.typeName(part) + ImportNames.typeName(name))
                } ?? ImportedType(text: "String")
                var placeholder = ""
                switch pathText(type) {
                case .text: break
                case .rawValue: placeholder = ".rawValue"
                case .none:
                    warn("header '\(name)' of part '\(part)' of \(where_) is \(type.text), which a header cannot hold; it is a String input", at: header)
                    type = ImportedType(text: "String")
                }
                let input = ImportNames.unique(ImportNames.memberName(name), in: &inputNames)
                endpoint.inputs.append((input, header["required"]?.bool == true ? type.text : ImportedType.optional(type.text)))
                endpoint.uses.formUnion(type.models)
                headers.append((name, "{" + input + placeholder + "}"))
            }
            if !headers.isEmpty { endpoint.partHeaders.append((part, headers)) }
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
}
