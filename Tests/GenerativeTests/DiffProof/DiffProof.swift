import Foundation
import RepogenCore
import XCTest

/// Proves what `repogen diff` says about a pair of spec folders by building and running the generated code of both:
///
/// - source: a driver written from the old API (every method called with every input and through its overload, the
///   result bound to the old type, every model built with every field and without its defaulted ones, every field
///   read with its type, every enum and union switched over exhaustively and each case built) is type-checked
///   against the new generated code: breaking when it no longer compiles. It must compile against the old code (the
///   old executable contains it), else the harness is wrong and `observe` throws.
/// - wire: each side's driver and code is built into an executable that sends every call (with every input, and
///   with the optional ones nil) to a raw recording server and encodes sample responses and every enum and union
///   case. The new driver sends the old values (new optional inputs and fields nil). A request of the old code that
///   the new code sends differently, an old endpoint with no new one, a new sample response the old code cannot
///   decode, or an enum or union value the old code sends that the new code cannot: breaking. Else compatible when
///   anything differs (a new endpoint or domain, the new code's requests with every new input set, the sample
///   responses, the cases), else none.
struct DiffProof {
    struct Observation {
        var sourceBreaking: Bool
        var compileErrors: String
        var wire: WireImpact
        var wireReasons: [String]
        /// Wall time of the observation, seconds.
        var seconds: Double = 0
        /// Calls that could not be run (a value of a type the driver cannot build): not compared.
        var notes: [String] = []
        /// How long each step took: "typecheck 1.2 s".
        var phases: [String] = []
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    let swiftc: String
    let work: URL

    /// Nil when swiftc is not on the PATH.
    init?(work: URL) {
        guard let swiftc = GenerativeTests.findSwiftc() else { return nil }
        self.swiftc = swiftc
        self.work = work
    }

    /// One side read and generated.
    struct Side {
        var models: [String: APIModel] = [:]
        var files: [OutputFile] = []
    }

    static func read(_ folder: URL) throws -> Side {
        guard FileManager.default.fileExists(atPath: folder.path) else { return Side() }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }.sorted()
        var side = Side()
        var specFiles: [String: SpecFile] = [:]
        for name in names {
            let bytes = try Array(Data(contentsOf: folder.appendingPathComponent(name)))
            let file = SpecFile(path: "Specs/" + name, bytes: bytes)
            specFiles[file.path] = file
            let validated = try APIDiff.validated(file, options: GenerateOptions(style: .result))
            side.models[validated.side.model.domain] = validated.side.model
        }
        guard !specFiles.isEmpty else { return side }
        let generation = try Pipeline.generate(
            specPaths: specFiles.keys.sorted(), options: GenerateOptions(style: .result), specFiles: specFiles)
        side.files = generation.files + generation.sharedFiles
        return side
    }

    func observe(old: URL, new: URL, renames: [String: [String: String]]) throws -> Observation {
        let start = Date()
        let fileManager = FileManager.default
        let sides = [try Self.read(old), try Self.read(new)]
        let folder = work.appendingPathComponent("pair-\(UUID().uuidString)")
        try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { if ProcessInfo.processInfo.environment["REPOGEN_DIFFPROOF_KEEP"] == nil { try? fileManager.removeItem(at: folder) } }
        let modules = try RequestConformance.RuntimeLibrary.shared.folder(swiftc: swiftc)

        let domainNames = Set(sides[0].models.keys).union(sides[1].models.keys).sorted()
        let domains = domainNames.map {
            DiffProofDriver.Domain(name: $0, old: sides[0].models[$0], new: sides[1].models[$0], renames: renames[$0] ?? [:])
        }
        // Each side's files: the generated code, a source driver per domain, the helpers, the wire driver.
        var generated: [[String]] = [[], []]
        var sourceDrivers: [[String]] = [[], []]
        var mains: [String] = []
        for (index, side) in [DiffProofDriver.Side.old, .new].enumerated() {
            let root = folder.appendingPathComponent(index == 0 ? "old" : "new")
            func write(_ relative: String, _ text: String) throws -> String {
                let url = root.appendingPathComponent(relative)
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
                return url.path
            }
            for file in sides[index].files { generated[index].append(try write("Generated/" + file.relativePath, file.contents)) }
            let drivers = domains.filter { (side == .old ? $0.old : $0.new) != nil }.map { DiffProofDriver(side: side, domain: $0) }
            sourceDrivers[index].append(try write("Driver/ProofHelpers.swift", "func proofUnavailable<T>() -> T { fatalError(\"no sample value\") }\n"))
            for driver in drivers {
                sourceDrivers[index].append(try write("Driver/ProofSource\(driver.domainName).swift", driver.sourceFile()))
            }
            mains.append(try write("Driver/ProofMain.swift", DiffProofDriver.mainFile(drivers)))
        }

        var phases: [String] = []
        var mark = Date()
        func phase(_ name: String) {
            phases.append(String(format: "%@ %.1f s", name, Date().timeIntervalSince(mark)))
            mark = Date()
        }
        phase("generate")
        // Source: the old driver against the new code.
        let typecheck = try ConformanceCompileTests.run(swiftc, [
            "-typecheck", "-swift-version", "6", "-module-name", "ProofApp", "-I", modules.path,
        ] + generated[1] + sourceDrivers[0])
        let compileErrors = typecheck.status == 0 ? "" : Self.errors(typecheck.text)
        phase("typecheck")

        // Wire: both executables, the new one first (its samples are the old one's input).
        let server = GenerativeTests.root.appendingPathComponent("Tests/TestServer/RawServer.swift").path
        var outputs: [ProofOutput] = []
        for index in [1, 0] {
            let root = folder.appendingPathComponent(index == 0 ? "old" : "new")
            let executable = root.appendingPathComponent("proof").path
            let built = try ConformanceCompileTests.run(swiftc, [
                "-parse-as-library", "-swift-version", "6", "-module-name", "ProofApp", "-I", modules.path,
                "-L", modules.path, "-lRepogenRuntime", "-wmo", "-o", executable,
            ] + generated[index] + sourceDrivers[index] + [mains[index], server])
            guard built.status == 0 else {
                let keep = GenerativeTests.root.appendingPathComponent(".build/diffproof-failures/\(old.deletingLastPathComponent().lastPathComponent)")
                try? fileManager.removeItem(at: keep)
                try? fileManager.createDirectory(at: keep.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? fileManager.copyItem(at: folder, to: keep)
                throw Failure("the \(index == 0 ? "old" : "new") driver does not build against its own code (the harness is wrong; kept in \(keep.path)):\n"
                    + Self.errors(built.text))
            }
            phase("build \(index == 0 ? "old" : "new")")
            let output = root.appendingPathComponent("output.json").path
            let arguments = index == 0 ? [output, folder.appendingPathComponent("new/output.json").path] : [output]
            let ran = try ConformanceCompileTests.run(executable, arguments)
            guard ran.status == 0, let data = fileManager.contents(atPath: output) else {
                throw Failure("the \(index == 0 ? "old" : "new") driver failed: \(ran.text.suffix(2000))")
            }
            phase("run \(index == 0 ? "old" : "new")")
            outputs.append(try JSONDecoder().decode(ProofOutput.self, from: data))
        }
        let (newOutput, oldOutput) = (outputs[0], outputs[1])
        var observation = Observation(sourceBreaking: typecheck.status != 0, compileErrors: compileErrors, wire: .none, wireReasons: [])
        compareWire(domains: domains, old: oldOutput, new: newOutput, into: &observation)
        observation.seconds = Date().timeIntervalSince(start)
        observation.phases = phases
        return observation
    }

    struct ProofOutput: Codable {
        var requests: [String: [String]] = [:]
        var responses: [String: [String]] = [:]
        var decodes: [String: [String]] = [:]
        /// Old side: the old code's own samples decoded by the old code (a failure: the samples do not stand for
        /// what a server sends, as for a field that is decoded but not encoded).
        var selfDecodes: [String: [String]] = [:]
        var cases: [String: [String]] = [:]
        var skipped: [String] = []
    }

    static func errors(_ text: String) -> String {
        text.split(separator: "\n").filter { $0.contains("error:") }.prefix(30).joined(separator: "\n")
    }

    // MARK: Comparing

    func compareWire(domains: [DiffProofDriver.Domain], old: ProofOutput, new: ProofOutput, into observation: inout Observation) {
        var breaking: [String] = []
        var compatible: [String] = []
        observation.notes = (old.skipped + new.skipped).map { "not run (no sample value): \($0)" }
        for domain in domains {
            guard let oldModel = domain.old else {
                compatible.append("domain \(domain.name) added")
                continue
            }
            guard let newModel = domain.new else {
                breaking.append("domain \(domain.name) removed")
                continue
            }
            for endpoint in oldModel.endpoints {
                let key = domain.name + "." + endpoint.caseName
                let newName = domain.renames[endpoint.caseName] ?? endpoint.caseName
                guard newModel.endpoints.contains(where: { $0.caseName == newName }) else {
                    breaking.append("\(key): no endpoint in the new code")
                    continue
                }
                // The calls of every shape (`flipped.<input>`, `variant<n>`: a Bool flipped, each enum case in turn)
                // the old driver made.
                let shapes = old.requests.keys.filter { $0.hasPrefix(key + ".flipped.") || $0.hasPrefix(key + ".variant") }
                    .map { String($0.dropFirst(key.count + 1)) }.sorted()
                for variant in ["all", "minimal", "flipped"] + shapes {
                    guard let sent = old.requests[key + "." + variant] else { continue }
                    guard let resent = new.requests[key + "." + variant] else {
                        breaking.append("\(key) (\(variant)): the new code cannot make the call with the old values")
                        continue
                    }
                    let (a, b) = (sent.map(Self.canonicalRequest), resent.map(Self.canonicalRequest))
                    if a != b { breaking.append("\(key) (\(variant)): the old code sends\n\(a.joined(separator: "\n"))\nthe new code sends\n\(b.joined(separator: "\n"))") }
                }
                if let sent = old.requests[key + ".all"], let resent = new.requests[key + ".newall"],
                   sent.map(Self.canonicalRequest) != resent.map(Self.canonicalRequest) {
                    compatible.append("\(key): the request with every new input set differs")
                }
                if let sent = old.requests[key + ".minimal"], let resent = new.requests[key + ".loosened"],
                   sent.map(Self.canonicalRequest) != resent.map(Self.canonicalRequest) {
                    compatible.append("\(key): the request with the inputs and fields made optional nil differs")
                }
                if let own = old.selfDecodes[key]?.first(where: { !$0.isEmpty }) {
                    observation.notes.append("\(key): the old code does not decode its own sample responses (\(own)): responses not compared")
                } else {
                    for (index, error) in (old.decodes[key] ?? []).enumerated() where !error.isEmpty {
                        // A sample the new code does not decode itself (a field decoded but not encoded) is not what a
                        // server sends.
                        if let own = new.selfDecodes[key], index < own.count, !own[index].isEmpty {
                            observation.notes.append("\(key): the new code does not decode its own sample \(index) (\(own[index])): not compared")
                            continue
                        }
                    let sample = (new.responses[key]?[index]).flatMap { Data(base64Encoded: $0) }.map { String(decoding: $0, as: UTF8.self) } ?? "?"
                        breaking.append("\(key): the old code cannot decode the new response \(sample): \(error)")
                    }
                }
                let (a, b) = ((old.responses[key] ?? []).map(Self.canonicalBase64), (new.responses[key] ?? []).map(Self.canonicalBase64))
                if Set(a) != Set(b) { compatible.append("\(key): the sample responses differ (\(Set(a).symmetricDifference(Set(b)).sorted()))") }
            }
            for endpoint in newModel.endpoints where !oldModel.endpoints.contains(where: {
                (domain.renames[$0.caseName] ?? $0.caseName) == endpoint.caseName
            }) {
                compatible.append("\(domain.name).\(endpoint.caseName): a new endpoint")
            }
            // Enum and union values: what the old code sends the new code must send; any difference is compatible.
            let requests = Self.reachable(oldModel, inputs: true, responses: false)
            let used = Self.reachable(oldModel, inputs: true, responses: true).union(Self.reachable(newModel, inputs: true, responses: true))
            for qualified in used.sorted() {
                let key = domain.name + "." + qualified
                guard let sent = old.cases[key], let resent = new.cases[key] else { continue }
                let (a, b) = (Set(sent.map(Self.canonicalBase64)), Set(resent.map(Self.canonicalBase64)))
                if requests.contains(qualified), !a.isSubset(of: b) {
                    breaking.append("\(qualified): the new code cannot send \(a.subtracting(b).sorted())")
                } else if a != b {
                    compatible.append("\(qualified): the values differ (\(a.symmetricDifference(b).sorted()))")
                }
            }
        }
        observation.wire = !breaking.isEmpty ? .breaking : !compatible.isEmpty ? .compatible : .none
        observation.wireReasons = breaking.isEmpty ? compatible : breaking
    }

    /// The qualified names of the models an endpoint's inputs (or responses) reach.
    static func reachable(_ api: APIModel, inputs: Bool, responses: Bool) -> Set<String> {
        let lookup = DiffProofDriver.Lookup(api)
        var seen: Set<String> = []
        func visit(_ type: SwiftType, scope: [String]) {
            for name in type.referencedNames {
                guard let qualified = lookup.resolve(name, scope: scope), seen.insert(qualified).inserted,
                      let model = lookup.models[qualified] else { continue }
                let inner = qualified.split(separator: ".").map(String.init)
                switch model.kind {
                case .fields(let fields): fields.forEach { visit($0.type, scope: inner) }
                case .union(let union): union.cases.forEach { visit($0.type, scope: inner) }
                case .enumeration: break
                }
            }
        }
        for endpoint in api.endpoints {
            if inputs { endpoint.inputs.forEach { visit($0.type, scope: []) } }
            if responses, let response = endpoint.response, case .success(let type) = SwiftType.parse(response) {
                visit(type, scope: [])
            }
        }
        return seen
    }

    static func canonicalBase64(_ base64: String) -> String {
        guard let data = Data(base64Encoded: base64) else { return base64 }
        return canonicalJSON(Array(data))
    }

    /// JSON with sorted keys (order-free comparison), else the text.
    static func canonicalJSON(_ bytes: [UInt8]) -> String {
        if let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]),
           let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]) {
            return String(decoding: data, as: UTF8.self)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static let ignoredHeaders: Set<String> = ["host", "content-length", "connection", "user-agent", "accept-encoding", "accept-language"]

    /// A request as one comparable text: method, path, sorted query items, headers, the body as canonical JSON (or
    /// sorted form pairs, or sorted multipart parts).
    static func canonicalRequest(_ base64: String) -> String {
        guard let data = Data(base64Encoded: base64), let request = try? RequestConformance.SentRequest(Array(data)) else {
            return "unreadable request \(base64)"
        }
        let path = String(request.target.prefix { $0 != "?" })
        let query = request.target.firstIndex(of: "?").map { String(request.target[request.target.index(after: $0)...]) } ?? ""
        let items = query.split(separator: "&").map(String.init).sorted().joined(separator: "&")
        var headers = request.headers.filter { !ignoredHeaders.contains($0.key) }
        var body: String
        let contentType = headers["content-type"] ?? ""
        if contentType.hasPrefix("multipart/form-data") {
            let boundary = RequestConformance.firstMatch(#"boundary="?([^";]+)"?"#, in: contentType) ?? ""
            headers["content-type"] = "multipart/form-data"
            body = RequestConformance.parts(request.body, boundary: boundary)
                .map { "\($0.name)=\(String(decoding: $0.bytes, as: UTF8.self).debugDescription)" }.sorted().joined(separator: "\n")
        } else if contentType.contains("x-www-form-urlencoded") {
            body = String(decoding: request.body, as: UTF8.self).split(separator: "&").map(String.init).sorted().joined(separator: "&")
        } else {
            body = request.body.isEmpty ? "" : canonicalJSON(request.body)
        }
        return "\(request.method) \(path)?\(items) \(headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }) \(body)"
    }
}
