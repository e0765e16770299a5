extension SpecValidator {
    /// File parts must name an `UploadFile`, `[UploadFile]` or optional one; fields are template strings, and a
    /// field that is one placeholder may read an optional value (left out when nil); the method must be able to
    /// carry a body.
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
        if spec.files.isEmpty {
            error("'files' of the upload of '\(scope.endpoint)' names no file", at: spec.location)
            ok = false
        }
        var names: Set<String> = []
        for pair in spec.files + spec.fields where !names.insert(pair.name.value).inserted {
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
        return ok ? Upload(files: files, fields: fields) : nil
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
        if case .success(let raw) = parsed, raw.count == 1, case .reference(let single) = raw[0],
            single.mappedMembers == nil
        {
            guard let reference = resolve(single, scope: scope, at: value.location, allowOptional: true, place: place())
            else {
                return nil
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
