/// How `repogen import` splits operations into specs.
package enum DomainGrouping: String, Sendable, CaseIterable {
    /// One spec per tag (an operation's first tag; `default` without one).
    case byTag = "by-tag"
    /// One spec per first path segment after the prefix every path shares (`/api/v1/pets/{id}` → `pets`).
    case byPathPrefix = "by-path-prefix"
}

package struct ImportOptions: Sendable, Equatable {
    package var domains: DomainGrouping = .byTag
    /// The format of the specs written.
    package var format: SpecFormat = .yaml
    /// The folder the specs go into, as the user wrote it: the validation run names files below it.
    package var output = "Specs"

    package init(domains: DomainGrouping = .byTag, format: SpecFormat = .yaml, output: String = "Specs") {
        self.domains = domains
        self.format = format
        self.output = output
    }
}

/// What an import produces: one spec per domain, the warnings about what a spec cannot say, and the runtime
/// settings the document asks for (its server, its auth).
package struct ImportResult: Sendable {
    package var files: [OutputFile]
    package var warnings: [Diagnostic]
    package var settings: [String]
}

/// Turns an OpenAPI 3.0 or 3.1 document into repogen specs.
package struct OpenAPIImporter {
    /// `repogen import` reads a document of at most this size: real descriptions reach 10-30 MB (a spec, written
    /// by hand, may have 10 MB), and a 64 MB one imports.
    package static let maximumDocumentSize = 128 * 1024 * 1024

    let document: OpenAPIDocument
    let options: ImportOptions
    var warnings: [Diagnostic] = []
    var models: [String: ImportedModel] = [:]
    /// Models in the order they were made: component schemas in document order, inline ones where first met.
    var modelOrder: [String] = []
    /// Component schema name → model name, for the schemas that become models.
    var componentModels: [String: String] = [:]
    /// Component schemas that are not models (a string, an array): the type they stand for.
    var aliasTypes: [String: ImportedType] = [:]
    var aliasesInProgress: Set<String> = []
    var referencesInProgress: Set<String> = []
    /// Models made for inline schemas, by the schema's offset in the document.
    var inlineModels: [Int: String] = [:]
    /// Every type name given out, and those the generated code declares for the domains.
    var typeNames: Set<String> = []
    var reservedNames: Set<String> = []

    mutating func warn(_ message: String, at node: SpecNode) {
        warnings.append(Diagnostic(.warning, message, at: document.location(node)))
    }

    mutating func warn(_ message: String, at location: SourceLocation) {
        warnings.append(Diagnostic(.warning, message, at: location))
    }

    /// Imports the document in `file`.
    /// - Throws: `DiagnosticsError` when the file is not an OpenAPI 3 document, or (a bug) when the specs made from
    ///   it do not validate.
    package static func run(_ file: SpecFile, options: ImportOptions) throws(DiagnosticsError) -> ImportResult {
        let root: SpecNode
        do {
            switch file.format {
            case .json: root = try JSONSpecReader.read(file)
            case .yaml: root = try YAMLSpecReader.read(file, dialect: .document)
            }
        } catch {
            throw DiagnosticsError([error])
        }
        PhaseTimes.mark("import: read the document")
        guard root.members != nil else {
            throw DiagnosticsError([Diagnostic(.error, "an OpenAPI document is a mapping, not \(root.kindDescription)", at: file.location(at: root.offset))])
        }
        let start = SourceLocation(path: file.path, line: 1, column: 1)
        if let swagger = root["swagger"] {
            throw DiagnosticsError([Diagnostic(
                .error, "this is a Swagger \(swagger.scalarText ?? "2") document; import reads OpenAPI 3.0 and 3.1 (convert it first, "
                    + "e.g. with swagger2openapi)", at: file.location(at: swagger.offset))])
        }
        guard let versionNode = root["openapi"] else {
            throw DiagnosticsError([Diagnostic(.error, "not an OpenAPI document: there is no 'openapi' key", at: start)])
        }
        guard let version = versionNode.scalarText, version.hasPrefix("3.0") || version.hasPrefix("3.1") else {
            throw DiagnosticsError([Diagnostic(
                .error, "OpenAPI \(versionNode.scalarText ?? "?") is not supported; import reads 3.0 and 3.1",
                at: file.location(at: versionNode.offset))])
        }
        var importer = OpenAPIImporter(document: OpenAPIDocument(file: file, root: root), options: options)
        return try importer.run()
    }

    init(document: OpenAPIDocument, options: ImportOptions) {
        self.document = document
        self.options = options
    }

    mutating func run() throws(DiagnosticsError) -> ImportResult {
        let operations = collectOperations()
        let webhooks = warnAboutWebhooks()
        if operations.isEmpty, webhooks > 0, let key = document.root.members?.first(where: { $0.key == "webhooks" }) {
            // An OpenAPI 3.1 document may describe only the requests a server sends: nothing for a client to call.
            warn(
                "the document has no operations under 'paths', only \(webhooks) webhook(s); no spec is written",
                at: document.location(offset: key.keyOffset))
            return ImportResult(files: [], warnings: orderedWarnings(), settings: [])
        }
        guard !operations.isEmpty else {
            let at = document.root["paths"].map(document.location) ?? SourceLocation(path: document.file.path, line: 1, column: 1)
            throw DiagnosticsError([Diagnostic(.error, "the document has no operations to import (under 'paths')", at: at)])
        }
        let domains = assignDomains(operations)
        // The types every style's code declares for the domains and the endpoints: no model may take them.
        for domain in domains.files {
            reservedNames.formUnion(DomainNames(domain: RepogenFacts.domain(forSpecPath: domain)).typesOfEveryStyle)
        }
        let endpointNames = nameOperations(operations)
        for name in endpointNames {
            reservedNames.insert(name)
            reservedNames.formUnion(DomainNames.endpointTypesOfEveryStyle(forMethod: name))
        }
        typeNames = ImportNames.reservedTypeNames.union(reservedNames)
        nameComponentModels()
        importComponentModels()
        var endpoints: [String: [ImportedEndpoint]] = [:]
        for operation in operations {
            let domain = domains.byOperation[operation.index]
            if let endpoint = importOperation(operation, name: endpointNames[operation.index]) {
                endpoints[domain, default: []].append(endpoint)
            }
        }
        breakRecursion()
        PhaseTimes.mark("import: models and operations")
        let settings = runtimeSettings()
        var files = writeSpecs(domains: domains.files, endpoints: endpoints, settings: settings)
        files.sort { $0.relativePath < $1.relativePath }
        PhaseTimes.mark("import: write the specs")
        try validate(files)
        PhaseTimes.mark("import: check the specs in every style")
        return ImportResult(files: files, warnings: orderedWarnings(), settings: settings)
    }

    /// The warnings in the document's order, as a compiler lists problems.
    private func orderedWarnings() -> [Diagnostic] {
        warnings.enumerated().sorted { a, b in
            let (x, y) = (a.element.location, b.element.location)
            return (x?.line ?? 0, x?.column ?? 0, a.offset) < (y?.line ?? 0, y?.column ?? 0, b.offset)
        }.map(\.element)
    }

    /// One warning per webhook (OpenAPI 3.1's top-level `webhooks`), at its name: a request the server sends is
    /// nothing a client calls, but it is not dropped without a word. Returns how many there are.
    private mutating func warnAboutWebhooks() -> Int {
        guard let webhooks = document.root["webhooks"]?.members else { return 0 }
        let named = webhooks.filter { !$0.key.hasPrefix("x-") }
        for webhook in named {
            warn(
                "webhook '\(webhook.key)' is not imported: repogen generates clients, and a webhook is a request the server sends",
                at: document.location(offset: webhook.keyOffset))
        }
        return named.count
    }

    /// One warning per callback of an operation, at its name (see `warnAboutWebhooks`).
    private mutating func warnAboutCallbacks(of operation: SpecNode, _ name: String) {
        for callback in operation["callbacks"]?.members ?? [] where !callback.key.hasPrefix("x-") {
            warn(
                "callback '\(callback.key)' of \(name) is not imported: repogen generates clients, and a callback is a "
                    + "request the server sends", at: document.location(offset: callback.keyOffset))
        }
    }

    /// The document's server URLs with their variables at their defaults, without a trailing slash; `/` when it
    /// names none (OpenAPI's default).
    private func documentServers() -> [String] {
        let urls = (document.root["servers"]?.items ?? []).compactMap(Self.serverURL)
        return urls.isEmpty ? ["/"] : urls
    }

    static func serverURL(_ server: SpecNode) -> String? {
        guard var url = server["url"]?.string else { return nil }
        for variable in server["variables"]?.members ?? [] {
            if let value = variable.value["default"]?.scalarText { url = url.replacingOccurrences(of: "{\(variable.key)}", with: value) }
        }
        while url.count > 1, url.hasSuffix("/") { url.removeLast() }
        return url.isEmpty ? "/" : url
    }

    /// Whether a path's or an operation's server is one of the document's: a relative one (`/v1`) is when some
    /// server of the document has that path (`https://api.example.com/v1`).
    static func isKept(_ url: String, among servers: [String]) -> Bool {
        if servers.contains(url) { return true }
        guard url.hasPrefix("/") else { return false }
        return servers.contains { server in
            guard let scheme = server.range(of: "://") else { return false }
            let rest = server[scheme.upperBound...]
            let path = rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
            return path == url
        }
    }

    /// Warns once per server a path or an operation names that is not the document's: every endpoint goes to the
    /// manager's one baseURL, so that server is dropped. A server equal to the document's drops nothing.
    private mutating func checkServers(_ node: SpecNode?, of owner: String, global: [String], warned: inout Set<String>) {
        guard let node else { return }
        guard let items = node.items else {
            warn("'servers' of \(owner) must be an array, not \(node.kindDescription); ignored", at: node)
            return
        }
        for server in items {
            guard let url = Self.serverURL(server), !Self.isKept(url, among: global) else { continue }
            guard warned.insert(url).inserted else { continue }
            warn(
                "server '\(url)' of \(owner) is not kept: every endpoint uses the manager's baseURL, one of the document's servers",
                at: server["url"] ?? server)
        }
    }

    /// Runs the specs through the generator in memory, in every style (a spec names none, so the user's config or
    /// command line chooses): a spec the import writes must be one that generates. Each style validates the specs
    /// and checks them against each other (`Pipeline.check`), which with the built-in templates says what
    /// generating would, at the cost of validation alone.
    private func validate(_ files: [OutputFile]) throws(DiagnosticsError) {
        let folder = options.output.isEmpty || options.output == "." ? "" : (options.output.hasSuffix("/") ? options.output : options.output + "/")
        let specFiles = files.map { SpecFile(path: folder + $0.relativePath, text: $0.contents) }
        func bug(_ style: OutputStyle, _ diagnostics: [Diagnostic]) -> DiagnosticsError {
            DiagnosticsError(
                [Diagnostic(.error, "the specs imported from this document do not generate in the \(style.name) style; this is a bug in repogen import, please report it with the document", path: document.file.path)]
                    + diagnostics)
        }
        // Validation in every style, each on a thread of its own, is what generation would report: with the built-in
        // templates a validated spec renders, so rendering one style here as well would only cost time.
        if let failure = Pipeline.check(specFiles, styles: OutputStyle.all) {
            throw bug(failure.style, failure.diagnostics)
        }
    }

    // MARK: Operations

    struct Operation {
        var index: Int
        var method: String
        var path: String
        var node: SpecNode
        var pathItem: SpecNode
        var methodOffset: Int

        /// The path a request is sent to: a `#fragment` (`/items#archive`, which some documents use to tell two
        /// operations on one URL apart) names the same URL and is never sent, so it is left out.
        var urlPath: String {
            path.firstIndex(of: "#").map { String(path[..<$0]) } ?? path
        }
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
    static let supportedMethods: Set<String> = ["get", "put", "post", "delete", "patch"]

    private mutating func collectOperations() -> [Operation] {
        var operations: [Operation] = []
        guard let paths = document.root["paths"] else { return [] }
        let global = documentServers()
        var warnedServers: Set<String> = []
        guard let members = paths.members else {
            warn("'paths' must be a mapping, not \(paths.kindDescription)", at: paths)
            return []
        }
        for member in members {
            guard member.key.hasPrefix("/") else {
                if !member.key.hasPrefix("x-") {
                    warn("path '\(member.key)' does not start with '/'; its operations are left out", at: document.location(offset: member.keyOffset))
                }
                continue
            }
            guard let item = document.resolved(member.value, warnings: &warnings, what: "path '\(member.key)'"), let methods = item.members else { continue }
            checkServers(item["servers"], of: "path '\(member.key)'", global: global, warned: &warnedServers)
            for method in methods {
                let lower = method.key.lowercased()
                guard Self.methods.contains(lower) else { continue }
                guard Self.supportedMethods.contains(lower) else {
                    warn("\(method.key.uppercased()) \(member.key) is left out: the runtime sends GET, POST, PUT, PATCH and DELETE", at: document.location(offset: method.keyOffset))
                    continue
                }
                guard method.value.members != nil else {
                    warn("operation \(method.key.uppercased()) \(member.key) must be a mapping; left out", at: method.value)
                    continue
                }
                let name = "\(method.key.uppercased()) \(member.key)"
                checkServers(method.value["servers"], of: name, global: global, warned: &warnedServers)
                warnAboutCallbacks(of: method.value, name)
                operations.append(Operation(
                    index: operations.count, method: lower, path: member.key, node: method.value, pathItem: item,
                    methodOffset: method.keyOffset))
            }
        }
        return operations
    }

    /// The spec file (without extension) of every operation, and the files in order.
    private mutating func assignDomains(_ operations: [Operation]) -> (byOperation: [String], files: [String]) {
        let keys = domainKeys(operations)
        var fileByKey: [String: String] = [:]
        var files: [String] = []
        var taken: Set<String> = []
        // The types every style's code declares for the domains so far, and which file declares each.
        var declaredBy: [String: String] = [:]
        var result: [String] = []
        for (operation, key) in zip(operations, keys) {
            if let file = fileByKey[key] {
                result.append(file)
                continue
            }
            let at = operation.node["tags"] ?? operation.node
            var file = domainFileName(key, at: at, number: files.count + 1)
            if let existing = files.first(where: { $0 == file }) {
                // Two tags that differ only in case or punctuation (`Pet`, `pet`) are one domain.
                fileByKey[key] = existing
                result.append(existing)
                continue
            }
            var candidate = file
            var number = 2
            var firstClash: String?
            while let reason = Self.domainClash(candidate, taken: taken, declaredBy: declaredBy) {
                firstClash = firstClash ?? reason
                candidate = file + "-\(number)"
                number += 1
            }
            if let firstClash { warn("the domain of '\(key)' \(firstClash); its spec is \(candidate)", at: at) }
            file = candidate
            let domain = RepogenFacts.domain(forSpecPath: file)
            taken.insert(domain.lowercased())
            for type in DomainNames(domain: domain).typesOfEveryStyle { declaredBy[type] = file }
            fileByKey[key] = file
            files.append(file)
            result.append(file)
        }
        return (result, files.sorted())
    }

    /// What decides each operation's domain: its first tag, or the first segment of its path after the literal
    /// segments every path starts with.
    private func domainKeys(_ operations: [Operation]) -> [String] {
        switch options.domains {
        case .byTag:
            return operations.map { operation in
                operation.node["tags"]?.items?.first?.string ?? "default"
            }
        case .byPathPrefix:
            let segments = operations.map { $0.urlPath.split(separator: "/").map(String.init) }
            // The literal segments every path starts with (`api`, `v1`) say nothing about the domain.
            var common = segments.first ?? []
            for path in segments.dropFirst() {
                common = Array(zip(common, path).prefix { $0 == $1 }.map(\.0))
            }
            common = Array(common.prefix { !$0.hasPrefix("{") })
            return segments.map { path in
                let rest = path.dropFirst(min(common.count, max(0, path.count - 1)))
                guard let first = rest.first, !first.hasPrefix("{") else { return "root" }
                return first
            }
        }
    }

    /// The spec file a domain key makes: shortened when it is long, `domain-<number>` when it has nothing a file
    /// name can take (warned).
    private mutating func domainFileName(_ key: String, at: SpecNode, number: Int) -> String {
        if let name = ImportNames.fileName(key) {
            let file = ImportNames.shortened(name, key: key)
            if file != name {
                warn("'\(key)' makes a file name of \(name.count) characters; its spec is \(file) (at most \(ImportNames.maximumFileNameLength))", at: at)
            }
            return file
        }
        let file = "domain-\(number)"
        warn("'\(key)' has no letters or digits a file name can take; its spec is \(file)", at: at)
        return file
    }

    /// Why the spec file `candidate` cannot be a domain's, or nil when it can.
    ///
    /// Domains that differ only in case (`pet-s` → `PetS`, `pets` → `Pets`) would write files that are one file on
    /// a case-insensitive disk, and the types every style declares for a domain must be apart from another's
    /// (`mock-a` → `MockARepository`, the mock of `a`) and from the names repogen keeps: the later one is numbered.
    private static func domainClash(_ candidate: String, taken: Set<String>, declaredBy: [String: String]) -> String? {
        let domain = RepogenFacts.domain(forSpecPath: candidate)
        if !SwiftIdentifier.isValid(domain) || SwiftIdentifier.isKeyword(domain) {
            return "would be '\(domain)', which Swift cannot name a type"
        }
        if taken.contains(domain.lowercased()) { return "differs from another domain only in letter case" }
        for type in DomainNames(domain: domain).typesOfEveryStyle {
            if let other = declaredBy[type] { return "would declare '\(type)', which \(other)'s spec declares" }
            if ImportNames.reservedTypeNames.contains(type) { return "would declare '\(type)', a name repogen keeps" }
        }
        return nil
    }
}
