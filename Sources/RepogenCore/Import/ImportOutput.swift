extension OpenAPIImporter {
    /// The first line of every YAML spec an import writes, which also tells a later import which files were its own.
    static func headerLine(documentPath: String) -> String {
        "Imported from \(documentPath) by 'repogen import'; edits here are replaced when it runs again."
    }

    /// How many files a spec of `count` models spreads them over (`modelFiles`): one per 40 models, at most 8, so
    /// that a file's compile job stays short and a machine of 8 cores uses them all; one below 80 models.
    static func modelFiles(forModels count: Int) -> Int {
        min(8, max(1, count / 40))
    }

    // MARK: Recursion

    /// A struct holding itself (`Node { parent: Node? }`, maybe through other structs) is a recursive model: the spec
    /// writes it as it is, and generation boxes the field. Only a cycle of required fields (`Node { next: Node }`)
    /// has no value that ends, JSON or Swift: the field that closes it becomes `JSONValue`, with a warning.
    mutating func breakRecursion() {
        var state: [String: Int] = [:]
        for name in modelOrder where state[name] == nil { visitForRecursion(name, state: &state) }
    }

    /// The struct model a field of `type` must hold (required, by value), if any.
    private func directModel(_ type: String) -> String? {
        guard !type.hasSuffix("?"), case .fields? = models[type]?.kind else { return nil }
        return type
    }

    /// Depth-first over the fields that hold structs by value: 1 is on the current path, 2 is done.
    private mutating func visitForRecursion(_ name: String, state: inout [String: Int]) {
        state[name] = 1
        guard case .fields(var fields)? = models[name]?.kind else {
            state[name] = 2
            return
        }
        var changed = false
        for index in fields.indices {
            guard let next = directModel(fields[index].type) else { continue }
            if state[next] == 1 {
                warn(
                    "'\(name).\(fields[index].name)' must hold '\(next)', which must hold '\(name)': every field on the way "
                        + "is required, so no value ends; the field is JSONValue (decode '\(next)' from it)",
                    at: fields[index].location)
                fields[index].type = "JSONValue"
                changed = true
            } else if state[next] == nil {
                visitForRecursion(next, state: &state)
            }
        }
        if changed { models[name]?.kind = .fields(fields) }
        state[name] = 2
    }

    // MARK: Servers and security

    /// The document's `servers` as a spec's: each with its url, description and variables (a default, the `enum`
    /// values); nil without any. A server a spec cannot hold (a variable without a default or named so that it
    /// cannot be a Swift parameter, a default outside its `enum`, a url its values do not make a URL of) is left
    /// out, with a warning: the comment atop the spec still names it.
    mutating func serversText() -> SpecText? {
        var servers: [SpecText] = []
        for server in document.root["servers"]?.items ?? [] {
            guard let url = server["url"]?.string else { continue }
            func leaveOut(_ why: String) { warn("server '\(url)' is left out of the specs' 'servers': \(why)", at: server) }
            guard let placeholders = SpecValidator.serverPlaceholders(url) else {
                leaveOut("its braces do not pair")
                continue
            }
            var variables: [(key: String, value: SpecText)] = []
            var defaults: [String: String] = [:]
            var problem: String?
            for variable in server["variables"]?.members ?? [] {
                guard SwiftIdentifier.isValid(variable.key), placeholders.contains(variable.key) else {
                    problem = "the variable '\(variable.key)' is not in its url or not a Swift parameter name"
                    break
                }
                guard let value = variable.value["default"]?.scalarText else {
                    problem = "the variable '\(variable.key)' has no default"
                    break
                }
                let values = (variable.value["enum"]?.items ?? []).compactMap(\.scalarText)
                if !values.isEmpty, !values.contains(value) || Set(values).count != values.count {
                    problem = "the default of '\(variable.key)' is not one of its enum values, or a value is listed twice"
                    break
                }
                defaults[variable.key] = value
                var members: [(key: String, value: SpecText)] = [("default", .string(value))]
                if !values.isEmpty { members.append(("enum", .sequence(values.map { .string($0) }, flow: true, spaced: false))) }
                if let description = variable.value["description"]?.string { members.append(("description", .string(description))) }
                variables.append((variable.key, .mapping(members, flow: true)))
            }
            if problem == nil, let missing = placeholders.first(where: { defaults[$0] == nil }) {
                problem = "its url uses '{\(missing)}', which is not one of its variables"
            }
            if problem == nil, let urlProblem = SpecValidator.serverURLProblem(url, defaults) { problem = urlProblem }
            if let problem {
                leaveOut(problem)
                continue
            }
            var members: [(key: String, value: SpecText)] = [("url", .string(url))]
            if let description = server["description"]?.string { members.append(("description", .string(description))) }
            if !variables.isEmpty { members.append(("variables", .mapping(variables, flow: false))) }
            servers.append(.mapping(members, flow: false))
        }
        return servers.isEmpty ? nil : .sequence(servers, flow: false, spaced: false)
    }

    /// The manager settings the document asks for: the base URL from `servers`, the auth scheme from the security
    /// scheme the document requires.
    mutating func runtimeSettings() -> [String] {
        var settings: [String] = []
        if let servers = document.root["servers"]?.items, let first = servers.first, var url = first["url"]?.string {
            for variable in first["variables"]?.members ?? [] {
                if let value = variable.value["default"]?.scalarText { url = url.replacingOccurrences(of: "{\(variable.key)}", with: value) }
            }
            if url.hasPrefix("/") {
                settings.append("configuration.baseURL = URL(string: \"https://<host>\(url)\")  // the server is relative to where the document is served")
            } else {
                settings.append("configuration.baseURL = URL(string: \(SpecText.jsonQuoted(url)))")
            }
            if servers.count > 1 {
                let others = servers.dropFirst().compactMap { $0["url"]?.string }.joined(separator: ", ")
                settings.append("// other servers: \(others)")
            }
        }
        guard let schemes = document.root["components"]?["securitySchemes"]?.members, !schemes.isEmpty else { return settings }
        // The scheme: the document's first requirement, else the first any operation asks for.
        var used: [String] = []
        for requirement in document.root["security"]?.items ?? [] {
            used += requirement.members?.map(\.key) ?? []
        }
        for path in document.root["paths"]?.members ?? [] {
            for operation in path.value.members ?? [] {
                for requirement in operation.value["security"]?.items ?? [] { used += requirement.members?.map(\.key) ?? [] }
            }
        }
        var seen: Set<String> = []
        used = used.filter { seen.insert($0).inserted }
        guard let chosenName = used.first else { return settings }
        for member in schemes where used.contains(member.key) && member.key != chosenName {
            warn(
                "security scheme '\(member.key)' is not mapped: the runtime sends one kind of credentials, "
                    + "'\(chosenName)'; add the others in the manager's willSend", at: document.location(offset: member.keyOffset))
        }
        guard let member = schemes.first(where: { $0.key == chosenName }),
            let scheme = document.resolved(member.value, warnings: &warnings, what: "security scheme '\(chosenName)'")
        else { return settings }
        let type = scheme["type"]?.string ?? ""
        var setting: String?
        switch type {
        case "http":
            switch scheme["scheme"]?.string?.lowercased() {
            case "bearer": setting = ".bearer"
            case "basic": setting = ".basic"
            default: setting = nil
            }
        case "apiKey":
            let name = scheme["name"]?.string ?? ""
            switch scheme["in"]?.string {
            case "header": setting = name.lowercased() == "authorization" ? ".raw" : ".header(\(SpecText.jsonQuoted(name)))"
            case "query": setting = ".query(\(SpecText.jsonQuoted(name)))"
            default: setting = nil
            }
        case "oauth2", "openIdConnect":
            setting = ".bearer"
        default:
            setting = nil
        }
        if let setting {
            settings.append("configuration.authScheme = \(setting)  // security scheme '\(chosenName)' (\(type))")
            settings.append("configuration.authToken = { /* the current token */ }")
        } else {
            warn(
                "security scheme '\(chosenName)' (\(type)) has no runtime setting: set the credentials in the manager's willSend",
                at: document.location(offset: member.keyOffset))
        }
        return settings
    }

    /// Warns when an operation asks for other auth than the document (the runtime sends the token with every request).
    mutating func securityCheck(_ op: SpecNode, where_: String) {
        guard let security = op["security"]?.items else { return }
        let global = document.root["security"]?.items ?? []
        let needsNone = security.isEmpty || security.contains { $0.members?.isEmpty == true }
        if needsNone, !global.isEmpty {
            warn(
                "\(where_) needs no credentials, but the manager sends its token with every request when authToken "
                    + "returns one", at: op["security"] ?? op)
        }
    }

    // MARK: Specs

    /// One spec per domain: its endpoints, the models it is the first (in file order) to use, and the models it uses
    /// from other specs as external types.
    mutating func writeSpecs(domains: [String], endpoints: [String: [ImportedEndpoint]], settings: [String]) -> [OutputFile] {
        var owner: [String: String] = [:]
        var usedBy: [String: Set<String>] = [:]
        for domain in domains {
            var used: Set<String> = []
            var queue = (endpoints[domain] ?? []).flatMap(\.uses)
            while let next = queue.popLast() {
                guard used.insert(next).inserted else { continue }
                queue += models[next]?.uses ?? []
            }
            usedBy[domain] = used
            for model in used where owner[model] == nil { owner[model] = domain }
        }
        // A component schema no operation uses is still one of the document's types: it goes into the first spec,
        // with what it uses. An inline model made for something left out (warned) is not written.
        var reachable: Set<String> = []
        var queue = Array(Set(usedBy.values.joined()).union(componentModels.values))
        while let next = queue.popLast() {
            guard reachable.insert(next).inserted else { continue }
            queue += models[next]?.uses ?? []
        }
        for model in modelOrder where owner[model] == nil && reachable.contains(model) { owner[model] = domains.first }
        // Each spec's tree here (naming may warn); its text, the larger part of the work, on two threads below.
        var trees: [(domain: String, root: [(key: String, value: SpecText)], comment: [String])] = []
        let servers = serversText()
        for domain in domains {
            var root: [(key: String, value: SpecText)] = []
            // Each domain is its own module's worth of code: each spec lists the servers (`<Domain>Servers`).
            if let servers { root.append(("servers", servers)) }
            // What the spec's endpoints and its own models name themselves, that other specs define: not what those
            // types use in turn, which a chain of references (a resource's `related` resource) makes every model.
            var references = Set((endpoints[domain] ?? []).flatMap(\.uses))
            for model in modelOrder where owner[model] == domain { references.formUnion(models[model]?.uses ?? []) }
            let external = references.filter { owner[$0] != domain && owner[$0] != nil }.sorted()
            if !external.isEmpty {
                root.append(("externalTypes", .sequence(external.map { .string($0) }, flow: true, spaced: false)))
            }
            let own = modelOrder.filter { owner[$0] == domain }
            // A spec of many models spreads them over several files, which the compiler works on in parallel.
            let modelFiles = Self.modelFiles(forModels: own.count)
            if modelFiles > 1 { root.insert(("modelFiles", .number("\(modelFiles)")), at: 0) }
            if !own.isEmpty {
                var entries: [(key: String, value: SpecText)] = []
                for name in own {
                    if let model = models[name] { entries.append((name, modelText(model))) }
                }
                root.append(("models", SpecText.mapping(entries, flow: false)))
            }
            root.append(("endpoints", .sequence((endpoints[domain] ?? []).map { endpointText($0) }, flow: false, spaced: true)))
            var comment = [Self.headerLine(documentPath: document.file.path)]
            if let info = document.root["info"], let title = info["title"]?.scalarText {
                comment.append("\(title)\(info["version"]?.scalarText.map { " " + $0 } ?? ""): the '\(RepogenFacts.domain(forSpecPath: domain))' domain.")
            }
            if !settings.isEmpty {
                comment.append("Runtime settings (NetworkConfiguration):")
                comment += settings.map { "  " + $0 }
            }
            trees.append((domain, root, comment.map { Diagnostic.oneLine($0) }))
        }
        let format = options.format
        let (all, threads) = (trees, min(2, trees.count))
        let rendered = onOwnThreads(threads) { thread -> [(index: Int, file: OutputFile)] in
            stride(from: thread, to: all.count, by: threads).map { index in
                let tree = all[index]
                switch format {
                case .yaml:
                    return (index, OutputFile(relativePath: tree.domain + ".yaml", contents: SpecText.yaml(tree.root, comment: tree.comment)))
                case .json:
                    return (index, OutputFile(relativePath: tree.domain + ".json", contents: SpecText.json(tree.root)))
                }
            }
        }
        let files = rendered.joined().sorted { $0.index < $1.index }.map(\.file)
        return files
    }

    private func modelText(_ model: ImportedModel) -> SpecText {
        var members: [(key: String, value: SpecText)] = []
        if let description = model.description?.trimmingWhitespace(), !description.isEmpty {
            members.append(("description", .string(description)))
        }
        switch model.kind {
        case .enumeration(let cases):
            var items: [SpecText] = []
            let explicit = cases.contains { $0.name != nil }
            for item in cases {
                if explicit, let name = item.name {
                    let value = model.isIntegerEnum ? SpecText.number(item.value) : SpecText.string(item.value)
                    items.append(SpecText.mapping([("name", SpecText.string(name)), ("value", value)], flow: true))
                } else {
                    items.append(SpecText.string(item.value))
                }
            }
            members.append(("enum", SpecText.sequence(items, flow: !explicit, spaced: false)))
        case .union(let cases, let discriminator):
            var items: [SpecText] = []
            for item in cases {
                if item.name == nil, item.tag == nil {
                    items.append(SpecText.string(item.type))
                    continue
                }
                var keys: [(key: String, value: SpecText)] = []
                if let name = item.name { keys.append(("case", SpecText.string(name))) }
                keys.append(("type", SpecText.string(item.type)))
                if let tag = item.tag { keys.append(("tag", SpecText.string(tag))) }
                items.append(SpecText.mapping(keys, flow: true))
            }
            members.append(("oneOf", SpecText.sequence(items, flow: false, spaced: false)))
            if let discriminator { members.append(("discriminator", SpecText.string(discriminator))) }
        case .fields(let fields):
            var entries: [(key: String, value: SpecText)] = []
            for field in fields {
                var keys: [(key: String, value: SpecText)] = [("type", SpecText.string(field.type))]
                if let json = field.json { keys.append(("json", SpecText.string(json))) }
                if let description = field.description?.trimmingWhitespace(), !description.isEmpty {
                    keys.append(("description", SpecText.string(description)))
                }
                if let partHeader = field.partHeader {
                    keys.append(("partHeader", SpecText.mapping(
                        [("part", SpecText.string(partHeader.part)), ("header", SpecText.string(partHeader.header))], flow: true)))
                }
                if field.json == nil, field.description?.isEmpty != false, field.partHeader == nil {
                    entries.append((field.name, SpecText.string(field.type)))
                } else {
                    entries.append((field.name, SpecText.mapping(keys, flow: true)))
                }
            }
            members.append(("fields", SpecText.mapping(entries, flow: false)))
            if let additional = model.additionalProperties {
                members.append(("additionalProperties", SpecText.string(additional)))
            }
        }
        return .mapping(members, flow: false)
    }

    private func endpointText(_ endpoint: ImportedEndpoint) -> SpecText {
        var members: [(key: String, value: SpecText)] = [("name", .string(endpoint.name))]
        if let description = endpoint.description { members.append(("description", .string(description))) }
        members.append(("method", .string(endpoint.method)))
        members.append(("path", .string(endpoint.path)))
        if !endpoint.inputs.isEmpty {
            var inputs: [SpecText] = []
            for input in endpoint.inputs {
                inputs.append(SpecText.mapping([("name", SpecText.string(input.name)), ("type", SpecText.string(input.type))], flow: true))
            }
            members.append(("inputs", SpecText.sequence(inputs, flow: false, spaced: false)))
        }
        let query = SpecText.mapping(endpoint.query.map { ($0.key, .string($0.value)) }, flow: true)
        // The query parameters: the param, or beside a body (the param) the endpoint's `query`.
        var queryValue: SpecText?
        if !endpoint.spreads.isEmpty {
            var parts: [SpecText] = endpoint.spreads.map { .string("{" + $0 + "}") }
            if !endpoint.query.isEmpty { parts.append(query) }
            queryValue = .sequence(parts, flow: true, spaced: false)
        } else if !endpoint.query.isEmpty {
            queryValue = query
        }
        if let body = endpoint.body {
            members.append(("param", .string("{" + body + "}")))
            if let queryValue { members.append(("query", queryValue)) }
        } else if let queryValue {
            members.append(("param", queryValue))
        }
        if let usingQuery = endpoint.usingQuery { members.append(("usingQuery", .bool(usingQuery))) }
        if let encoding = endpoint.bodyEncoding { members.append(("body", .string(encoding))) }
        if !endpoint.queryArrays.isEmpty {
            members.append(("queryArrays", .mapping(endpoint.queryArrays.map { ($0.key, .string($0.style)) }, flow: true)))
        }
        if !endpoint.headers.isEmpty {
            let custom: [(String, SpecText)] = endpoint.headers.map { header in
                endpoint.jsonHeaders.contains(header.name)
                    ? (header.name, .mapping([("json", .string(header.value))], flow: true)) : (header.name, .string(header.value))
            }
            members.append(("header", .mapping([("custom", .mapping(custom, flow: true))], flow: true)))
        }
        if !endpoint.files.isEmpty || !endpoint.fields.isEmpty || !endpoint.jsonParts.isEmpty {
            var upload: [(key: String, value: SpecText)] = []
            for (key, parts) in [("files", endpoint.files), ("fields", endpoint.fields), ("json", endpoint.jsonParts)] where !parts.isEmpty {
                upload.append((key, .mapping(parts.map { ($0.name, .string($0.value)) }, flow: true)))
            }
            if !endpoint.partHeaders.isEmpty {
                let parts = endpoint.partHeaders.map { part in
                    (part.part, SpecText.mapping(part.headers.map { ($0.name, .string($0.value)) }, flow: true))
                }
                upload.append(("headers", .mapping(parts, flow: true)))
            }
            members.append(("upload", .mapping(upload, flow: true)))
        }
        if let response = endpoint.response { members.append(("response", .string(response))) }
        if endpoint.responseMetadata { members.append(("responseMetadata", .bool(true))) }
        if !endpoint.errors.isEmpty {
            members.append(("errors", .mapping(endpoint.errors.map { ($0.status, .string($0.type)) }, flow: true)))
        }
        return .mapping(members, flow: false)
    }
}
