/// A parameter of an operation: its node (resolved), its name and its place (`path`, `query`, `header`, `cookie`).
typealias OperationParameter = (node: SpecNode, name: String, place: String)

extension OpenAPIImporter {
    /// The parameters of an operation: the path item's, replaced by the operation's of the same name and place.
    mutating func operationParameters(_ operation: Operation, where_: String) -> [OperationParameter] {
        var parameters: [OperationParameter] = []
        for list in [operation.pathItem["parameters"], operation.node["parameters"]] {
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
        return parameters
    }

    /// The endpoint's path: `{petId}` becomes the input's placeholder, each path parameter an input; text a URL path
    /// cannot hold as written is percent-encoded.
    mutating func importPath(
        _ operation: Operation, parameters: [OperationParameter], where_: String, capitalized: String,
        endpoint: inout ImportedEndpoint, inputNames: inout Set<String>
    ) {
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
            let placeholder = pathInput(
                pname, input: input, declared: declared?.node, operation: operation, where_: where_,
                capitalized: capitalized, endpoint: &endpoint)
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
    }

    /// The input of the path parameter `pname` (a String when it is not declared, or of a type a path cannot hold),
    /// added to the endpoint. Returns its placeholder (`input`, or `input.rawValue` for an enum).
    private mutating func pathInput(
        _ pname: String, input: String, declared: SpecNode?, operation: Operation, where_: String, capitalized: String,
        endpoint: inout ImportedEndpoint
    ) -> String {
        var type = ImportedType(text: "String")
        if let declared {
            type = parameterType(declared, hint: capitalized + ImportNames.typeName(pname))
        } else {
            warn("path parameter '\(pname)' of \(where_) is not declared; it is a String input", at: document.location(offset: operation.methodOffset))
        }
        var placeholder = input
        switch pathText(type) {
        case .text: break
        case .rawValue: placeholder += ".rawValue"
        case .none:
            warn("path parameter '\(pname)' of \(where_) is \(type.text), which a path cannot hold; it is a String input", at: declared ?? operation.node)
            type = ImportedType(text: "String")
        }
        endpoint.inputs.append((input, type.text))
        endpoint.uses.formUnion(type.models)
        return placeholder
    }

    /// A query parameter: an input in the endpoint's query (a scalar or an array of scalars), or an object whose
    /// keys are spread into it; left out (warned) when the runtime cannot write it.
    mutating func importQueryParameter(
        _ node: SpecNode, name pname: String, where_: String, capitalized: String, queryKeys: inout [String: String],
        endpoint: inout ImportedEndpoint, inputNames: inout Set<String>
    ) {
        // Beside a JSON body (or a file's bytes) the query parameters are the endpoint's `query`.
        // `form` style is what the runtime writes, and for arrays `spaceDelimited` and `pipeDelimited`
        // (`deepObject` is not).
        // `content: application/json`: the value's JSON text as one item (`queryArrays: { key: json }`).
        if let schema = jsonContentSchema(node) {
            var type = swiftType(schema, hint: capitalized + ImportNames.typeName(pname))
            if node["required"]?.bool != true { type.nullable = true }
            guard sendsNewQueryKeys([pname], of: pname, at: node, where_: where_, queryKeys: &queryKeys) else { return }
            let input = ImportNames.unique(ImportNames.memberName(pname), in: &inputNames)
            endpoint.query.append((pname, "{" + input + "}"))
            endpoint.queryArrays.append((pname, "json"))
            endpoint.inputs.append((input, type.optionalText))
            endpoint.uses.formUnion(type.models)
            return
        }
        let style = node["style"]?.string ?? "form"
        if style == "deepObject" {
            importDeepObjectParameter(
                node, name: pname, where_: where_, capitalized: capitalized, queryKeys: &queryKeys, endpoint: &endpoint,
                inputNames: &inputNames)
            return
        }
        guard ["form", "spaceDelimited", "pipeDelimited"].contains(style) else {
            warn("query parameter '\(pname)' of \(where_) has style '\(style)', which the runtime cannot write; left out", at: node)
            return
        }
        var type = parameterType(node, hint: capitalized + ImportNames.typeName(pname))
        guard style == "form" || type.text.hasPrefix("[") && isQueryScalar(type.text) else {
            warn(
                "query parameter '\(pname)' of \(where_) has style '\(style)', which the runtime writes only for "
                    + "an array of scalars; left out", at: node)
            return
        }
        if node["required"]?.bool != true { type.nullable = true }
        let input = ImportNames.unique(ImportNames.memberName(pname), in: &inputNames)
        if let model = type.models.first, type.text == model, case .fields(let fields)? = models[model]?.kind {
            // An object in the query: its keys are spread (`explode: false` would write `filter=a,1,b,2`).
            guard node["explode"]?.bool != false else {
                warn("query parameter '\(pname)' of \(where_) is an object with 'explode: false', which the runtime cannot write; left out", at: node)
                inputNames.remove(input)
                return
            }
            guard fields.allSatisfy({ isQueryScalar($0.type) }) else {
                warn("query parameter '\(pname)' of \(where_) is an object with nested values, which a query string cannot hold; left out", at: node)
                inputNames.remove(input)
                return
            }
            guard sendsNewQueryKeys(fields.map { $0.json ?? $0.name }, of: pname, at: node, where_: where_, queryKeys: &queryKeys)
            else {
                inputNames.remove(input)
                return
            }
            endpoint.spreads.append(input)
        } else if !isQueryScalar(type.text) {
            warn("query parameter '\(pname)' of \(where_) is \(type.text), which a query string cannot hold item by item; left out", at: node)
            inputNames.remove(input)
            return
        } else {
            guard sendsNewQueryKeys([pname], of: pname, at: node, where_: where_, queryKeys: &queryKeys) else {
                inputNames.remove(input)
                return
            }
            endpoint.query.append((pname, "{" + input + "}"))
            if type.text.hasPrefix("[") {
                addQueryArray(pname, style: style, node: node, where_: where_, endpoint: &endpoint)
            }
        }
        endpoint.inputs.append((input, type.optionalText))
        endpoint.uses.formUnion(type.models)
    }

    /// The schema of a parameter's `content` when its media type is JSON; nil without one.
    func jsonContentSchema(_ node: SpecNode) -> SpecNode? {
        guard let content = node["content"]?.members?.first, Self.isJSON(content.key) else { return nil }
        return content.value["schema"]
    }

    /// A `deepObject` query parameter (`sort[field]=name`): an input in the query in the `deepObject` style, when
    /// its value is an object of scalars or arrays of scalars; left out (warned) otherwise.
    private mutating func importDeepObjectParameter(
        _ node: SpecNode, name pname: String, where_: String, capitalized: String, queryKeys: inout [String: String],
        endpoint: inout ImportedEndpoint, inputNames: inout Set<String>
    ) {
        guard node["explode"]?.bool != false else {
            warn(
                "query parameter '\(pname)' of \(where_) has style 'deepObject' with 'explode: false', which OpenAPI "
                    + "does not define; left out", at: node)
            return
        }
        var type = parameterType(node, hint: capitalized + ImportNames.typeName(pname))
        let flat: Bool
        if let model = type.models.first, type.text == model, case .fields(let fields)? = models[model]?.kind {
            flat = fields.allSatisfy { isQueryScalar($0.type) }
        } else if type.text.hasPrefix("[String: "), type.text.hasSuffix("]") {
            flat = isQueryScalar(String(type.text.dropFirst("[String: ".count).dropLast()))
        } else {
            flat = false
        }
        guard flat else {
            warn(
                "query parameter '\(pname)' of \(where_) has style 'deepObject' but is \(type.text), not an object of "
                    + "scalars or arrays of scalars, which the runtime writes; left out", at: node)
            return
        }
        guard sendsNewQueryKeys([pname], of: pname, at: node, where_: where_, queryKeys: &queryKeys) else { return }
        if node["required"]?.bool != true { type.nullable = true }
        let input = ImportNames.unique(ImportNames.memberName(pname), in: &inputNames)
        endpoint.query.append((pname, "{" + input + "}"))
        endpoint.queryArrays.append((pname, "deepObject"))
        endpoint.inputs.append((input, type.optionalText))
        endpoint.uses.formUnion(type.models)
    }

    /// Whether the query parameter `name` sends only keys no other parameter sends (warned when not); records them.
    private mutating func sendsNewQueryKeys(
        _ keys: [String], of name: String, at node: SpecNode, where_: String, queryKeys: inout [String: String]
    ) -> Bool {
        if let key = keys.first(where: { queryKeys[$0] != nil }), let other = queryKeys[key] {
            warn("query parameter '\(name)' of \(where_) would send the key '\(key)', which '\(other)' sends; left out", at: node)
            return false
        }
        for key in keys { queryKeys[key] = name }
        return true
    }

    /// The style of the query array `pname` in `queryArrays`, unless the form body already gave the key one.
    private mutating func addQueryArray(
        _ pname: String, style: String, node: SpecNode, where_: String, endpoint: inout ImportedEndpoint
    ) {
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

    /// A header parameter: an input sent in a header (optional when the header is), unless the runtime sets the
    /// header itself or the name is not a valid header name (warned).
    mutating func importHeaderParameter(
        _ node: SpecNode, name pname: String, where_: String, capitalized: String, endpoint: inout ImportedEndpoint,
        inputNames: inout Set<String>
    ) {
        let lowered = pname.lowercased()
        if ["accept", "content-type", "authorization"].contains(lowered) {
            let why = lowered == "authorization" ? "set the manager's authToken and authScheme" : "the runtime sets it"
            warn("header parameter '\(pname)' of \(where_) is left out: \(why)", at: node)
            return
        }
        guard SpecValidator.isHeaderName(pname) else {
            warn("header parameter '\(pname)' of \(where_) is not a valid HTTP header name; left out", at: node)
            return
        }
        // `content: application/json`: the value's JSON text (`{ json: "{input}" }`), whatever its type.
        if let schema = jsonContentSchema(node) {
            let type = swiftType(schema, hint: capitalized + ImportNames.typeName(pname))
            let input = ImportNames.unique(ImportNames.memberName(pname), in: &inputNames)
            endpoint.inputs.append((input, node["required"]?.bool == true ? type.text : ImportedType.optional(type.text)))
            endpoint.uses.formUnion(type.models)
            endpoint.headers.append((pname, "{" + input + "}"))
            endpoint.jsonHeaders.insert(pname)
            return
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
}
