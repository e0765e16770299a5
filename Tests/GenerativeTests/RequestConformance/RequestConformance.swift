import Foundation
import RepogenCore
import XCTest

/// "The request the document describes is the request the generated code sends", for any OpenAPI document:
/// `check(document:)` imports it, generates the code (result style), chooses sample arguments for every operation the
/// import kept from the document's schemas (twice: only what is required, then everything), computes the request
/// each call must make with `RequestOracle` (the document alone, by the OpenAPI serialization rules), builds the
/// runtime, the generated code and a driver that makes every call against a raw recording server
/// (Tests/TestServer/RawServer.swift) into one executable, runs it, and compares method, path, query items, headers
/// and body per call. Every difference names the operation, where the document declares it, and which call.
struct RequestConformance {
    /// What a check found: the differences (a test fails on any), and what it could not check (said, not failed).
    struct Report {
        var differences: [String] = []
        var notes: [String] = []
        var calls = 0
    }

    /// One call the driver makes: which operation and variant, the Swift statement, and the request it must make.
    struct Call {
        var id: String
        var operation: RequestOracle.Operation
        var variant: Int
        var statement: String
        var expected: RequestOracle.Expected
    }

    let swiftc: String
    let work: URL

    /// Nil when swiftc is not on the PATH.
    init?(work: URL) {
        guard let swiftc = GenerativeTests.findSwiftc() else { return nil }
        self.swiftc = swiftc
        self.work = work
    }

    /// - Parameter editingSpecs: changes an imported spec's text before generation (`(file name, text) -> text`),
    ///   so a test can prove that a wrong import is caught.
    func check(document path: String, editingSpecs: (String, String) -> String = { $1 }) throws -> Report {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let oracle = try RequestOracle(path: path, bytes: bytes)
        var report = Report()

        // a. Import and generate, as `repogen import` and `repogen generate` do.
        let imported = try OpenAPIImporter.run(SpecFile(path: path, bytes: bytes), options: ImportOptions())
        var specFiles: [String: SpecFile] = [:]
        var specs: [(path: String, spec: Spec)] = []
        for file in imported.files {
            let specPath = "Specs/" + file.relativePath
            let specFile = SpecFile(path: specPath, text: editingSpecs(file.relativePath, file.contents))
            specFiles[specPath] = specFile
            if let spec = decodeSpec(try SpecReader.read(specFile), file: specFile).spec { specs.append((specPath, spec)) }
        }
        let generation = try Pipeline.generate(
            specPaths: specFiles.keys.sorted(), options: GenerateOptions(style: .result), specFiles: specFiles)

        // b, c. The calls, their arguments and the requests they must make.
        var endpoints: [(impl: String, endpoint: EndpointSpec)] = []
        for (specPath, spec) in specs {
            let repository = generation.files.first { $0.contents.contains(" from \(specPath).") && $0.contents.contains("RepositoryImpl") }
            guard let impl = repository.flatMap({ Self.firstMatch(#"struct (\S+RepositoryImpl)\b"#, in: $0.contents) }) else {
                report.differences.append("\(specPath): no repository implementation was generated")
                continue
            }
            endpoints += spec.endpoints.map { (impl, $0) }
        }
        var calls: [Call] = []
        var remaining = endpoints
        for operation in oracle.operations() {
            guard let index = Self.matching(operation, in: remaining.map(\.endpoint)) else {
                report.notes.append("\(operation.name) (\(operation.location)): not imported, not checked")
                continue
            }
            let (impl, endpoint) = remaining.remove(at: index)
            calls += self.calls(
                for: operation, endpoint: endpoint, impl: impl, oracle: oracle, warnings: imported.warnings, report: &report)
        }
        for (_, endpoint) in remaining {
            report.differences.append("endpoint '\(endpoint.name.value)' has no operation in the document")
        }
        guard !calls.isEmpty else { return report }

        // d. One driver for every call, built once.
        let recorded = try run(calls, generation: generation)
        report.calls = calls.count
        // e. Compare.
        for call in calls {
            let context = "\(call.operation.name) (\(call.operation.location)), \(call.variant == 0 ? "required inputs only" : "every input set")"
            guard let outcome = recorded[call.id] else {
                report.differences.append("\(context): the driver did not make the call")
                continue
            }
            if let error = outcome.error {
                report.differences.append("\(context): \(error)")
                continue
            }
            guard outcome.requests.count == 1, let request = try? SentRequest(outcome.requests[0]) else {
                report.differences.append("\(context): \(outcome.requests.count) requests sent, or not readable as HTTP/1.1")
                continue
            }
            report.differences += Self.compare(call.expected, request).map { "\(context): \($0)" }
        }
        return report
    }

    // MARK: Operations and endpoints

    /// The path with every `{…}` as `{}`: the shape the document and the spec share.
    static func skeleton(_ path: String) -> String {
        path.replacingOccurrences(of: #"\{[^}]*\}"#, with: "{}", options: .regularExpression)
    }

    static func normalized(_ name: String) -> String { String(name.lowercased().unicodeScalars.filter(CharacterSet.alphanumerics.contains)) }

    /// The endpoint of `operation`: the one with its method and path; among several (paths told apart by a
    /// fragment), the one named like its operationId.
    static func matching(_ operation: RequestOracle.Operation, in endpoints: [EndpointSpec]) -> Int? {
        let candidates = endpoints.indices.filter { index in
            guard case .fixed(let method) = endpoints[index].method else { return false }
            return method.value.uppercased() == operation.method && skeleton(endpoints[index].path.value) == skeleton(operation.requestPath)
        }
        guard candidates.count > 1 else { return candidates.first }
        // Paths told apart by their parameters' names (`/a/{id}`, `/a/{key}`), or by a fragment.
        let names = { (path: String) in
            path.split(separator: "{").dropFirst().map { normalized(String($0.prefix { $0 != "}" && $0 != "." })) }
        }
        let samePlaceholders = candidates.filter { names(endpoints[$0].path.value) == names(operation.requestPath) }
        let pool = samePlaceholders.isEmpty ? candidates : samePlaceholders
        guard let id = operation.operationId else { return pool.first }
        return pool.first { normalized(endpoints[$0].name.value).hasPrefix(normalized(id)) } ?? pool.first
    }

    /// What an input carries: a parameter (`place:name`), the body, or a multipart part.
    enum Carrier: Hashable {
        case parameter(String)
        case body
        case part(String)
    }

    /// The input a template that is one placeholder names: `{kind.rawValue}` -> `kind`.
    static func reference(_ template: String) -> String? {
        guard let inner = firstMatch(#"^\{([^}]*)\}$"#, in: template) else { return nil }
        return String(inner.prefix { $0 != "." && $0 != "[" })
    }

    /// Which document element each input of `endpoint` carries, by where the spec sends it.
    static func carriers(of endpoint: EndpointSpec, for operation: RequestOracle.Operation) -> [String: Carrier] {
        var carriers: [String: Carrier] = [:]
        let placeholders = { (path: String) in
            (try? NSRegularExpression(pattern: #"\{([^}]*)\}"#)).map { expression in
                expression.matches(in: path, range: NSRange(path.startIndex..., in: path)).compactMap {
                    Range($0.range(at: 0), in: path).map { String(path[$0]) }
                }
            } ?? []
        }
        for (template, name) in zip(placeholders(endpoint.path.value), placeholders(operation.requestPath)) {
            if let input = reference(template) { carriers[input] = .parameter("path:" + name.dropFirst().dropLast()) }
        }
        func fields(_ param: ParamSpec?) -> [ParamField] {
            switch param {
            case .fields(let fields): return fields
            case .merged(let parts): return parts.flatMap { part -> [ParamField] in if case .fields(let f) = part { return f } else { return [] } }
            default: return []
            }
        }
        for field in fields(endpoint.param) + fields(endpoint.query) {
            if case .template(let template) = field.value, let input = reference(template.value) {
                carriers[input] = .parameter("query:" + field.key.value)
            }
        }
        // A spread (`param: ["{filter}", …]`): the object query parameter named like the input.
        var spreads: [String] = []
        for param in [endpoint.param, endpoint.query] {
            if case .merged(let parts)? = param {
                for case .spread(let template) in parts { if let input = reference(template.value) { spreads.append(input) } }
            }
        }
        for input in spreads {
            if let parameter = operation.parameters.first(where: { $0.place == "query" && normalized($0.name) == normalized(input) }) {
                carriers[input] = .parameter("query:" + parameter.name)
            }
        }
        if case .value(let template)? = endpoint.param, let input = reference(template.value) { carriers[input] = .body }
        if case .custom(let pairs)? = endpoint.header {
            for pair in pairs {
                guard let input = reference(pair.value.value) else { continue }
                let declared = operation.parameters.first { $0.place == "header" && $0.name.lowercased() == pair.name.value.lowercased() }
                carriers[input] = .parameter("header:" + (declared?.name ?? pair.name.value))
            }
        }
        for pair in (endpoint.upload?.files ?? []) + (endpoint.upload?.fields ?? []) + (endpoint.upload?.json ?? []) {
            if let input = reference(pair.value.value) { carriers[input] = .part(pair.name.value) }
        }
        return carriers
    }

    func calls(
        for operation: RequestOracle.Operation, endpoint: EndpointSpec, impl: String, oracle: RequestOracle,
        warnings: [Diagnostic], report: inout Report
    ) -> [Call] {
        let carriers = Self.carriers(of: endpoint, for: operation)
        let carried = Set(carriers.values)
        // Path placeholders pair up by position: an input named unlike its parameter there is a swapped path.
        for (input, carrier) in carriers.sorted(by: { $0.key < $1.key }) {
            guard case .parameter(let key) = carrier, key.hasPrefix("path:"), Self.normalized(input) != Self.normalized(String(key.dropFirst(5)))
            else { continue }
            report.differences.append("\(operation.name) (\(operation.location)): path parameter '\(key.dropFirst(5))' is in the place of input '\(input)' of '\(endpoint.name.value)'")
        }
        // What import said about a parameter or body it left out (a warning at its place, or naming it and the
        // operation), beside the difference.
        func warned(_ what: String, at location: String) -> String {
            let said = warnings.first { $0.location?.description == location }
                ?? warnings.first { $0.message.contains("\(operation.method) \(operation.path)") && $0.message.contains(what) }
            return said.map { " (import warned: \($0.message))" } ?? ""
        }
        for parameter in operation.parameters where !carried.contains(.parameter(parameter.place + ":" + parameter.name)) {
            let text = "\(operation.name) (\(operation.location)): \(parameter.place) parameter '\(parameter.name)' (\(parameter.location)) is never sent: no input carries it"
                + warned("'\(parameter.name)'", at: parameter.location)
            if parameter.place == "cookie" { report.notes.append(text) } else { report.differences.append(text) }
        }
        if let body = operation.body, !carried.contains(.body), !carried.contains(where: { if case .part = $0 { true } else { false } }) {
            report.differences.append("\(operation.name) (\(operation.location)): the \(body.mediaType) body (\(body.location)) is never sent: no input carries it"
                + warned("body", at: body.location))
        }
        var calls: [Call] = []
        for variant in 0...1 {
            var values: [String: JSON] = [:]
            var bodyValue: JSON?
            if let body = operation.body, body.required || variant == 1 {
                bodyValue = body.schema == nil && body.encoding == .binary
                    ? .string(Data([7, 0, 13, 10]).base64EncodedString()) : oracle.sample(body.schema, variant: variant)
            }
            for parameter in operation.parameters where parameter.required || variant == 1 {
                var value = oracle.sample(parameter.schema, variant: variant, header: parameter.place == "header")
                // A path segment cannot be empty (an object without its optional properties): then every property.
                if parameter.place == "path", oracle.pathText(parameter, value).isEmpty {
                    value = oracle.sample(parameter.schema, variant: 1)
                }
                values[parameter.place + ":" + parameter.name] = value
            }
            var arguments: [String] = []
            var declarations: [String] = []
            for (index, input) in endpoint.inputs.enumerated() {
                let type = input.type.value
                var value: JSON?
                switch carriers[input.name.value] {
                case .parameter(let key)?:
                    value = values[key]
                    // A `String` input for an array or object in the path or a header: the caller writes the text
                    // the parameter's style makes, and the request must carry it as it is.
                    if type == "String" || type == "String?", let parameter = operation.parameters.first(where: { $0.place + ":" + $0.name == key }),
                       let given = value, given.scalarText == nil, given != .null {
                        value = .string(parameter.place == "path" ? oracle.pathText(parameter, given) : oracle.simple(given, explode: parameter.explode))
                    }
                case .body?: value = bodyValue
                case .part(let name)?:
                    if case .object(let members)? = bodyValue { value = members.first { $0.key == name }?.value }
                case nil:
                    if variant == 0 { report.differences.append("\(operation.name) (\(operation.location)): input '\(input.name.value)' of '\(endpoint.name.value)' carries nothing the document describes") }
                    value = nil
                }
                let label = input.argument?.value ?? input.name.value
                let name = "a\(index)"
                if type.hasPrefix("UploadFile") || type.hasPrefix("[UploadFile]") {
                    // A file from the sample's base64 text; a list of files from a list of them.
                    func file(_ value: JSON) -> String {
                        "UploadFile(data: Data(base64Encoded: \(JSON.quoted(value.scalarText ?? "")))!, fileName: \"sample.bin\")"
                    }
                    let made: String
                    switch value {
                    case .array(let items)?: made = "[" + items.map(file).joined(separator: ", ") + "]"
                    case let value?: made = type.hasPrefix("[") ? "[\(file(value))]" : file(value)
                    case nil: made = type.hasSuffix("?") ? "nil" : "[]"
                    }
                    declarations.append("let \(name): \(type) = \(made)")
                } else {
                    declarations.append(
                        "let \(name) = try conformanceValue(\(type).self, \(JSON.quoted(value?.description ?? "null")), input: \(JSON.quoted(input.name.value)))")
                }
                arguments.append("\(label): \(name)")
            }
            // A part the call does not give is not in the body.
            if operation.body?.encoding == .multipart, case .object(let members)? = bodyValue {
                let given = Set(carriers.compactMap { input, carrier -> String? in
                    guard case .part(let name) = carrier else { return nil }
                    return name
                })
                bodyValue = .object(members.filter { given.contains($0.key) })
            }
            let method = endpoint.repositoryMethod?.value ?? endpoint.name.value
            let id = "\(calls.count + 1)-\(endpoint.name.value)-\(variant)-\(operation.location)"
            let statement = declarations.joined(separator: "\n") + "\nlet before = server.requests.count\n"
                + "let result = await \(impl)(manager: manager).\(method)(\(arguments.joined(separator: ", ")))\n"
                + "calls.append(ConformanceCall(id: \(JSON.quoted(id)), requests: server.requests[before...].map { Data($0).base64EncodedString() }, "
                + "error: nil, failure: conformanceFailure(result)))"
            calls.append(Call(
                id: id, operation: operation, variant: variant, statement: statement,
                expected: oracle.expected(operation, values: values, body: bodyValue)))
        }
        return calls
    }

    // MARK: The driver

    struct Outcome: Decodable {
        var id: String
        var requests: [String]
        var error: String?
        var failure: String?
    }

    /// The runtime of Sources/RepogenRuntime as a static library and its module, built once per test run (in a
    /// temporary folder the run owns) and shared by every check: the folder to pass as `-I` and `-L`.
    final class RuntimeLibrary: @unchecked Sendable {
        static let shared = RuntimeLibrary()
        private let lock = NSLock()
        private var built: Result<URL, Failure>?

        func folder(swiftc: String) throws -> URL {
            try lock.withLock {
                if built == nil { built = Result { try Self.build(swiftc: swiftc) }.mapError { $0 as? Failure ?? Failure("\($0)") } }
                return try built!.get()
            }
        }

        private static func build(swiftc: String) throws -> URL {
            let fileManager = FileManager.default
            let modules = fileManager.temporaryDirectory.appendingPathComponent("repogen-conformance-runtime-\(UUID().uuidString)")
            try fileManager.createDirectory(at: modules, withIntermediateDirectories: true)
            let runtime = GenerativeTests.root.appendingPathComponent("Sources/RepogenRuntime")
            let sources = try fileManager.contentsOfDirectory(atPath: runtime.path).filter { $0.hasSuffix(".swift") }
                .sorted().map { runtime.appendingPathComponent($0).path }
            let library = try ConformanceCompileTests.run(swiftc, [
                "-emit-library", "-static", "-emit-module", "-module-name", "RepogenRuntime", "-parse-as-library",
                "-swift-version", "6", "-emit-module-path", modules.appendingPathComponent("RepogenRuntime.swiftmodule").path,
                "-o", modules.appendingPathComponent("libRepogenRuntime.a").path,
            ] + sources)
            guard library.status == 0 else { throw Failure("the runtime did not build: \(library.text)") }
            // The folder goes when the test process ends (each run of the tests builds its own).
            builtFolder = modules.path
            atexit {
                if let folder = builtFolder { try? FileManager.default.removeItem(atPath: folder) }
            }
            return modules
        }
    }

    /// Builds the generated code, the raw recording server and a driver making every call into one executable
    /// (against the runtime library); runs it; answers each call's recorded requests by id.
    func run(_ calls: [Call], generation: Generation) throws -> [String: (requests: [[UInt8]], error: String?)] {
        let fileManager = FileManager.default
        let modules = try RuntimeLibrary.shared.folder(swiftc: swiftc)
        let sources = work.appendingPathComponent("sources")
        try fileManager.createDirectory(at: sources, withIntermediateDirectories: true)

        var paths: [String] = []
        for file in generation.files + generation.sharedFiles {
            let url = sources.appendingPathComponent(file.relativePath)
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url)
            paths.append(url.path)
        }
        let driver = sources.appendingPathComponent("ConformanceDriver.swift")
        try Data(Self.driver(calls).utf8).write(to: driver)
        let server = GenerativeTests.root.appendingPathComponent("Tests/TestServer/RawServer.swift")
        let executable = work.appendingPathComponent("conformance-driver")
        let built = try ConformanceCompileTests.run(swiftc, [
            "-parse-as-library", "-swift-version", "6", "-D", "DEBUG", "-module-name", "ConformanceDriver",
            "-I", modules.path, "-L", modules.path, "-lRepogenRuntime", "-o", executable.path,
        ] + paths + [server.path, driver.path])
        guard built.status == 0 else {
            let errors = built.text.split(separator: "\n").filter { $0.contains("error:") }.prefix(30).joined(separator: "\n")
            // Kept for a look: the work folder goes with the test.
            let keep = GenerativeTests.root.appendingPathComponent(".build/conformance-failures/\(work.lastPathComponent)")
            try? fileManager.createDirectory(at: keep.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? fileManager.copyItem(at: sources, to: keep)
            throw Failure("the generated code and the driver did not build (kept in \(keep.path)):\n\(errors)")
        }
        let output = work.appendingPathComponent("recorded.json")
        let ran = try ConformanceCompileTests.run(executable.path, [output.path])
        guard ran.status == 0, let data = try? Data(contentsOf: output) else { throw Failure("the driver failed: \(ran.text)") }
        var recorded: [String: (requests: [[UInt8]], error: String?)] = [:]
        for outcome in try JSONDecoder().decode([Outcome].self, from: data) {
            // A call that sent nothing says why: the error it returned.
            let error = outcome.error ?? (outcome.requests.isEmpty ? outcome.failure.map { "nothing was sent: \($0)" } : nil)
            recorded[outcome.id] = (outcome.requests.map { Array(Data(base64Encoded: $0) ?? Data()) }, error)
        }
        return recorded
    }

    struct Failure: Error, CustomStringConvertible, Sendable {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func driver(_ calls: [Call]) -> String {
        let body = calls.map { call in
            "    do {\n" + call.statement.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n")
                + "\n    } catch {\n        calls.append(ConformanceCall(id: \(JSON.quoted(call.id)), requests: [], "
                + "error: \"\\(error)\"))\n    }"
        }.joined(separator: "\n")
        return """
            import Foundation
            import RepogenRuntime

            struct ConformanceCall: Encodable {
                var id: String
                var requests: [String]
                var error: String?
                var failure: String? = nil
            }

            /// What a call failed with (its request may have been refused before anything was sent).
            func conformanceFailure<T>(_ result: Result<T, Error>) -> String? {
                if case .failure(let error) = result { return "\\(error)" }
                return nil
            }

            struct ConformanceArgumentError: Error, CustomStringConvertible {
                var description: String
            }

            /// A value of an input's type, decoded from the sample JSON the harness chose for it.
            func conformanceValue<T: Decodable>(_ type: T.Type, _ json: String, input: String) throws -> T {
                do {
                    return try NetworkConfiguration().makeDecoder().decode(T.self, from: Data(json.utf8))
                } catch {
                    throw ConformanceArgumentError(
                        description: "input '\\(input)' (\\(T.self)) cannot hold the document's value \\(json): \\(error)")
                }
            }

            @main
            enum ConformanceDriverMain {
                static func main() async throws {
                    let server = try RawServer()
                    var configuration = NetworkConfiguration(baseURL: server.baseURL)
                    configuration.timeout = 30
                    let manager = NetworkManager(configuration: configuration)
                    var calls: [ConformanceCall] = []
                \(body)
                    server.stop()
                    try JSONEncoder().encode(calls).write(to: URL(fileURLWithPath: CommandLine.arguments[1]))
                }
            }

            """
    }

    // MARK: Reading and comparing

    /// A request as recorded on the wire: request line, header fields, body (a `Content-Length` one or chunked).
    struct SentRequest {
        var method: String
        var target: String
        var headers: [String: String] = [:]
        var body: [UInt8]

        init(_ bytes: [UInt8]) throws {
            let separator = Array("\r\n\r\n".utf8)
            guard let end = (0...max(0, bytes.count - 4)).first(where: { Array(bytes[$0..<min($0 + 4, bytes.count)]) == separator })
            else { throw Failure("no end of the head") }
            let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
            let words = lines[0].split(separator: " ")
            guard words.count == 3 else { throw Failure("request line \(lines[0])") }
            method = String(words[0])
            target = String(words[1])
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                headers[name] = headers[name].map { $0 + ", " + value } ?? value
            }
            var rest = Array(bytes[(end + 4)...])
            if headers["transfer-encoding"]?.lowercased() == "chunked" {
                var decoded: [UInt8] = []
                while let lineEnd = (0..<max(0, rest.count - 1)).first(where: { rest[$0] == 13 && rest[$0 + 1] == 10 }),
                      let size = Int(String(decoding: rest[..<lineEnd], as: UTF8.self).prefix { $0 != ";" }, radix: 16), size > 0,
                      lineEnd + 2 + size <= rest.count {
                    decoded += rest[(lineEnd + 2)..<(lineEnd + 2 + size)]
                    rest = Array(rest[min(rest.count, lineEnd + 4 + size)...])
                }
                rest = decoded
            }
            body = rest
        }
    }

    static func firstMatch(_ pattern: String, in text: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
              let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }

    /// `type/subtype;p=v` lowercased, without spaces: two spellings of one media type compare equal.
    static func mediaType(_ text: String) -> String {
        text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.joined(separator: ";")
    }

    /// Every difference between what the document says and what was sent.
    static func compare(_ expected: RequestOracle.Expected, _ sent: SentRequest) -> [String] {
        var differences: [String] = []
        if expected.method != sent.method { differences.append("method: expected \(expected.method), sent \(sent.method)") }
        let rawPath = String(sent.target.prefix { $0 != "?" })
        let rawQuery = sent.target.firstIndex(of: "?").map { String(sent.target[sent.target.index(after: $0)...]) } ?? ""
        let rawSegments = rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let segments = rawSegments.map { $0.removingPercentEncoding ?? "<bad percent-encoding \($0)>" }
        let samePath = segments.count == expected.segments.count && zip(segments, expected.segments).allSatisfy(JSON.sameText)
        if !samePath || rawSegments.contains(where: { $0 == "." || $0 == ".." }) {
            differences.append("path: expected the segments \(expected.segments), sent \(rawPath) (\(segments))")
        }
        var sentQuery: [(name: String, value: String)] = []
        for item in rawQuery.split(separator: "&") {
            let name = item.prefix { $0 != "=" }
            let value = item.dropFirst(name.count + 1)
            sentQuery.append((name.removingPercentEncoding ?? "<bad \(name)>", value.removingPercentEncoding ?? "<bad \(value)>"))
        }
        func grouped(_ items: [(name: String, value: String)]) -> [String: [String]] {
            Dictionary(grouping: items, by: \.name).mapValues { $0.map(\.value) }
        }
        let (sentItems, expectedItems) = (grouped(sentQuery), grouped(expected.query))
        let sameQuery = sentItems.keys.sorted() == expectedItems.keys.sorted() && expectedItems.allSatisfy { name, values in
            let sent = sentItems[name] ?? []
            return sent.count == values.count && zip(sent, values).allSatisfy(JSON.sameText)
        }
        if !sameQuery {
            differences.append("query: expected \(expected.query.map { "\($0.name)=\($0.value)" }), sent \(sentQuery.map { "\($0.name)=\($0.value)" }) (?\(rawQuery))")
        }
        for (name, value) in expected.headers.sorted(by: { $0.key < $1.key }) {
            let actual = sent.headers[name]
            let same = value == nil ? actual == nil : actual.map { JSON.sameText($0, value!) } ?? false
            if !same { differences.append("header \(name): expected \(value.map { "'\($0)'" } ?? "none"), sent \(actual.map { "'\($0)'" } ?? "none")") }
        }
        if !expected.accept.isEmpty {
            let allowed = Set(expected.accept.map(mediaType))
            let sentTypes = (sent.headers["accept"] ?? "").split(separator: ",").map { mediaType(String($0)) }
            if sentTypes.isEmpty || !sentTypes.allSatisfy(allowed.contains) {
                differences.append("header accept: expected media types of \(expected.accept), sent \(sent.headers["accept"].map { "'\($0)'" } ?? "none")")
            }
        }
        if let contentType = expected.contentType {
            let wanted = mediaType(contentType).split(separator: ";").map(String.init)
            let actual = mediaType(sent.headers["content-type"] ?? "").split(separator: ";").map(String.init)
            let multipart = wanted.first == "multipart/form-data"
            if actual.first != wanted.first || (!multipart && !wanted.dropFirst().allSatisfy(actual.contains)) {
                differences.append("header content-type: expected '\(contentType)', sent \(sent.headers["content-type"].map { "'\($0)'" } ?? "none")")
            }
        }
        switch expected.body {
        case .none:
            if !sent.body.isEmpty { differences.append("body: expected none, sent \(String(decoding: sent.body, as: UTF8.self).debugDescription)") }
        case .json(let value):
            let parsed = try? JSONSpecReader.read(SpecFile(path: "body.json", bytes: sent.body))
            if parsed.map(JSON.init) != value {
                differences.append("body: expected the JSON \(value), sent \(String(decoding: sent.body, as: UTF8.self).debugDescription)")
            }
        case .bytes(let bytes):
            if bytes != sent.body { differences.append("body: expected the bytes \(bytes), sent \(sent.body)") }
        case .multipart(let parts):
            let boundary = firstMatch(#"boundary="?([^";]+)"?"#, in: sent.headers["content-type"] ?? "") ?? ""
            let sentParts = Self.parts(sent.body, boundary: boundary)
            // A JSON part (an object or array) is compared as JSON values: key order and spacing are the encoder's.
            func canonical(_ bytes: [UInt8]) -> String {
                func sortedKeys(_ value: JSON) -> JSON {
                    switch value {
                    case .object(let members): .object(members.map { ($0.key, sortedKeys($0.value)) }.sorted { $0.0 < $1.0 })
                    case .array(let items): .array(items.map(sortedKeys))
                    default: value
                    }
                }
                if bytes.first == UInt8(ascii: "{") || bytes.first == UInt8(ascii: "["),
                    let parsed = try? JSONSpecReader.read(SpecFile(path: "part.json", bytes: bytes))
                {
                    return sortedKeys(JSON(parsed)).description
                }
                return String(decoding: bytes, as: UTF8.self)
            }
            func sorted(_ parts: [(name: String, bytes: [UInt8])]) -> [String] {
                parts.map { "\($0.name)=\(canonical($0.bytes).debugDescription)" }.sorted()
            }
            if sorted(parts) != sorted(sentParts) {
                differences.append("multipart body: expected the parts \(sorted(parts)), sent \(sorted(sentParts))")
            }
        case .form(let pairs):
            // `application/x-www-form-urlencoded` read as its standard says: `&`-separated `name=value`, `+` a space,
            // then percent-decoding.
            func decoded(_ text: Substring) -> String {
                text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "<not percent-decoded: \(text)>"
            }
            let text = String(decoding: sent.body, as: UTF8.self)
            var sentPairs: [String] = []
            for pair in text.split(separator: "&", omittingEmptySubsequences: false) where !text.isEmpty {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                sentPairs.append(decoded(parts[0]) + "=" + (parts.count > 1 ? decoded(parts[1]) : ""))
            }
            sentPairs.sort()
            let wanted = pairs.map { $0.name + "=" + $0.value }.sorted()
            if wanted != sentPairs {
                differences.append("form body: expected the pairs \(wanted), sent \(text.debugDescription)")
            }
        case .unchecked(let what):
            _ = what
        }
        return differences
    }

    /// The parts of a `multipart/form-data` body: each one's `name` and bytes.
    static func parts(_ body: [UInt8], boundary: String) -> [(name: String, bytes: [UInt8])] {
        guard !boundary.isEmpty else { return [] }
        let delimiter = Array(("--" + boundary).utf8)
        var starts: [Int] = []
        var index = 0
        while index + delimiter.count <= body.count {
            if Array(body[index..<index + delimiter.count]) == delimiter { starts.append(index); index += delimiter.count } else { index += 1 }
        }
        var parts: [(name: String, bytes: [UInt8])] = []
        for (start, end) in zip(starts, starts.dropFirst()) {
            let part = Array(body[(start + delimiter.count)..<end])
            let separator = Array("\r\n\r\n".utf8)
            guard let headEnd = (0...max(0, part.count - 4)).first(where: { Array(part[$0..<min($0 + 4, part.count)]) == separator }) else { continue }
            let head = String(decoding: part[..<headEnd], as: UTF8.self)
            let name = firstMatch(#"name="([^"]*)""#, in: head) ?? ""
            var content = Array(part[(headEnd + 4)...])
            if content.suffix(2) == [13, 10] { content.removeLast(2) }
            parts.append((name, content))
        }
        return parts
    }
}

/// The runtime library's folder of this test process, removed at exit (`RequestConformance.RuntimeLibrary`).
nonisolated(unsafe) private var builtFolder: String?
