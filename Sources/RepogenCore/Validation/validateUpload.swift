extension SpecValidator {
    /// File parts must name an `UploadFile`, `[UploadFile]` or optional one; fields are template strings, and a
    /// field that is one placeholder may read an optional value (left out when nil) or an array of text values (one
    /// part per element); JSON parts are one value each (optional: left out when nil); the form has at least one
    /// part; the method must be able to carry a body.
    mutating func validateUpload(_ spec: UploadSpec, scope: InputScope, method: MethodChoice?) -> Upload? {
        var ok = true
        let methods: [HTTPMethod]
        switch method {
        case .fixed(let fixed)?: methods = [fixed]
        case .conditional(_, let whenTrue, let whenFalse)?: methods = [whenTrue, whenFalse]
        case nil: methods = []
        }
        if methods.contains(where: { $0 == .get || $0 == .delete }) {
            error("an upload of '\(scope.endpoint)' needs POST, PUT or PATCH", at: spec.location)
            ok = false
        }
        if spec.files.isEmpty && spec.fields.isEmpty && spec.json.isEmpty {
            error("the upload of '\(scope.endpoint)' names no part: give 'files', 'fields' or 'json'", at: spec.location)
            ok = false
        }
        var names: Set<String> = []
        for pair in spec.files + spec.fields + spec.json where !names.insert(pair.name.value).inserted {
            error("duplicate part '\(pair.name.value)' in the upload of '\(scope.endpoint)'", at: pair.name.location)
            ok = false
        }
        var files: [(name: String, value: ValueReference)] = []
        for (name, value) in spec.files {
            if let reference = uploadFile(name, value: value, scope: scope) {
                files.append((name.value, reference))
            } else {
                ok = false
            }
        }
        var fields: [(name: String, value: [TemplatePart])] = []
        for (name, value) in spec.fields {
            if let parts = uploadField(name, value: value, scope: scope) {
                fields.append((name.value, parts))
            } else {
                ok = false
            }
        }
        var json: [(name: String, value: ValueReference)] = []
        for (name, value) in spec.json {
            if let reference = uploadJSON(name, value: value, scope: scope) {
                json.append((name.value, reference))
            } else {
                ok = false
            }
        }
        var headers: [(part: String, headers: [CustomHeader])] = []
        for (part, pairs) in spec.headers {
            if !names.contains(part.value) {
                error("'headers' of the upload of '\(scope.endpoint)' names the part '\(part.value)', which the upload does not send", at: part.location)
                ok = false
                continue
            }
            if let partHeaders = uploadHeaders(part.value, pairs, scope: scope) {
                headers.append((part.value, partHeaders))
            } else {
                ok = false
            }
        }
        return ok ? Upload(files: files, fields: fields, json: json, headers: headers) : nil
    }

    /// A part's header fields: HTTP names other than the form's own `Content-Disposition` and `Content-Type`, each
    /// once; values as a custom header's (a lone optional value is left out when nil).
    private mutating func uploadHeaders(_ part: String, _ pairs: [UploadSpec.Pair], scope: InputScope) -> [CustomHeader]? {
        var ok = true
        var seen: Set<String> = []
        var headers: [CustomHeader] = []
        for (name, value) in pairs {
            func place() -> String { "header '\(name.value)' of part '\(part)' of the upload of '\(scope.endpoint)'" }
            if !Self.isHeaderName(name.value) {
                error("'\(name.value)' is not a valid HTTP header name", at: name.location)
                ok = false
                continue
            }
            if ["content-disposition", "content-type"].contains(name.value.lowercased()) {
                error("\(place()) is the form's own (Content-Disposition names the part; Content-Type is a file's or JSON part's type)", at: name.location)
                ok = false
                continue
            }
            if !seen.insert(name.value.lowercased()).inserted {
                error("duplicate \(place())", at: name.location)
                ok = false
                continue
            }
            if let bad = value.value.utf8.first(where: { $0 < 0x20 && $0 != UInt8(ascii: "\t") || $0 == 0x7F }) {
                error(
                    "the value of \(place()) contains \(Self.describe(Unicode.Scalar(bad))), which is not allowed in an HTTP header",
                    at: value.location)
                ok = false
            } else if let parts = resolveTemplate(
                value, scope: scope, allowOptional: Self.isSinglePlaceholder(value.value), asText: true, place: place())
            {
                headers.append(CustomHeader(name: name.value, value: parts))
            } else {
                ok = false
            }
        }
        return ok ? headers : nil
    }

    /// The value a JSON part sends: one placeholder of a value that is not a file (optional: the part is left out
    /// when it is nil).
    private mutating func uploadJSON(
        _ name: Located<String>, value: Located<String>, scope: InputScope
    ) -> ValueReference? {
        func place() -> String { "JSON part '\(name.value)' of the upload of '\(scope.endpoint)'" }
        guard let parts = resolveTemplate(value, scope: scope, allowOptional: true, place: place()) else { return nil }
        guard parts.count == 1, case .reference(let reference) = parts[0], reference.mappedMembers == nil else {
            error("\(place()) must be one value like \"{metadata}\"", at: value.location)
            return nil
        }
        let type = reference.type ?? (reference.members.isEmpty ? scope.inputs[reference.input].type : nil)
        if let type, type.description.contains("UploadFile") {
            error("\(place()) is '\(type)', which is not Codable; send it in 'files'", at: value.location)
            return nil
        }
        return reference
    }

    /// The input (or member of one) a file part sends: one placeholder, an `UploadFile`, `UploadFile?` or
    /// `[UploadFile]`.
    private mutating func uploadFile(
        _ name: Located<String>, value: Located<String>, scope: InputScope
    ) -> ValueReference? {
        func place() -> String { "file '\(name.value)' of the upload of '\(scope.endpoint)'" }
        guard let parts = resolveTemplate(value, scope: scope, allowOptional: true, place: place()) else { return nil }
        guard parts.count == 1, case .reference(let reference) = parts[0], reference.mappedMembers == nil else {
            error("\(place()) must be one input like \"{images}\"", at: value.location)
            return nil
        }
        let type = scope.inputs[reference.input].type.description
        if reference.members.isEmpty, !["UploadFile", "UploadFile?", "[UploadFile]"].contains(type) {
            error("\(place()) must be an UploadFile, UploadFile? or [UploadFile], not '\(type)'", at: value.location)
            return nil
        }
        return reference
    }

    /// The text a field part sends: one value written as text (optional: the field is left out when it is nil), or
    /// text with placeholders of values that are not optional.
    private mutating func uploadField(
        _ name: Located<String>, value: Located<String>, scope: InputScope
    ) -> [TemplatePart]? {
        func place() -> String { "field '\(name.value)' of the upload of '\(scope.endpoint)'" }
        let parsed = TemplateString.parse(value.value)
        // A field that is one value may read an optional one: the field is left out when it is nil.
        if case .success(let raw) = parsed, raw.count == 1, case .reference(let single) = raw[0] {
            guard let reference = resolve(
                single, scope: scope, at: value.location, allowOptional: true, writtenAsText: true, place: place())
            else {
                return nil
            }
            // An array of text values: one part per element.
            if let type = reference.type ?? (reference.members.isEmpty ? scope.inputs[reference.input].type : nil),
                case .array(let element) = type.unwrapped.shape
            {
                if element.isOptional {
                    error("\(place()) uses '\(single.text)', an array of optional values, which has no part for nil", at: value.location)
                    return nil
                }
                if let problem = textProblem(element, scope: reference.typeScope, reference: single.text + "[]") {
                    error("\(place()) uses '\(single.text)', whose element \(problem)", at: value.location)
                    return nil
                }
                return [.reference(reference)]
            }
            if let type = reference.type,
                let problem = textProblem(type, scope: reference.typeScope, reference: single.text)
            {
                error("\(place()) uses '\(single.text)', which \(problem)", at: value.location)
                return nil
            }
            return [.reference(reference)]
        } else if case .success(let raw) = parsed, raw.count > 1, let optional = raw.lazy.compactMap({ part -> String? in
            guard case .reference(let reference) = part, let index = scope.index(of: reference.root),
                scope.inputs[index].type.isOptional
            else { return nil }
            return reference.root
        }).first {
            error(
                "\(place()) writes the optional input '\(optional)' into text; a field that is one optional value "
                    + "(\"{\(optional)}\") is left out when nil, but text around it has no value then",
                at: value.location)
            return nil
        } else {
            return resolveTemplate(value, parsed: parsed, scope: scope, allowOptional: false, place: place())
        }
    }
}
