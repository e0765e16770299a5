import Foundation
import RepogenCore
import XCTest

/// The class of issue 36's first point across specs: a spec that lists another spec's models under `externalTypes`
/// and reads their members in placeholders (`{filter.kind.rawValue}`). Each random spec is split in two, its models
/// into a spec of their own, and generated as one run: what the run accepts must build in one module, and a
/// misspelt member of a moved model must be refused with a located error (not accepted as the app's own type).
extension GenerativeTests {
    /// A random spec's models moved into a spec of their own (`g12types.json`, with one endpoint), and the rest
    /// listing them under `externalTypes` (at the spec's own path); nil when it has no models. The text is cut,
    /// not re-encoded, so numbers stay as they are written: the generator's keys are sorted and `models` is last.
    static func splitModels(_ text: String, path: String) -> (
        types: (path: String, text: String), uses: (path: String, text: String), models: [String: Any]
    )? {
        guard let key = text.range(of: ",\n  \"models\" : "), text.hasSuffix("\n}") else { return nil }
        let models = String(text[key.upperBound..<text.index(text.endIndex, offsetBy: -2)])
        guard let object = try? JSONSerialization.jsonObject(with: Data(models.utf8)) as? [String: Any], !object.isEmpty else {
            return nil
        }
        let names = object.keys.sorted()
        let listed = names.map { "\"\($0)\"" }.joined(separator: ", ")
        let uses = String(text[..<key.lowerBound]) + ",\n  \"externalTypes\" : [\(listed)]\n}"
        // The endpoint is named by the spec (`pingG12`): the clean style's use case types are module-level.
        let ping = "ping" + path.dropLast(".json".count).filter(\.isNumber)
        let types = "{\n  \"endpoints\" : [{ \"name\" : \"\(ping)\", \"method\" : \"GET\", \"path\" : \"/ping\" }],\n  \"models\" : "
            + models + "\n}"
        let typesPath = String(path.dropLast(".json".count)) + "types.json"
        return ((typesPath, types), (path, uses), object)
    }

    /// `text` with the first placeholder of `reads` that reads a member of a moved model misspelt (`{filter.kind}`
    /// -> `{filter.qzxkind}`); nil when none does.
    static func misspeltMember(_ text: String, reads: [ExternalRead]) -> String? {
        rewritingLastMember(text, reads: reads, choice: 0) { $0 + ".qzx" + $1 }
    }

    /// `text` with one placeholder of `reads` (the `choice`-th, cycling) reading one member less (`{filter.kind}` ->
    /// `{filter}`, `{kind.rawValue}` -> `{kind}`): a whole model or enum where text may go, or a value a param
    /// encodes. Nil when no read has a member.
    static func shortenedRead(_ text: String, reads: [ExternalRead], choice: Int) -> String? {
        rewritingLastMember(text, reads: reads, choice: choice) { head, _ in head }
    }

    /// `text` with the placeholder of one of `reads` that has members and is written in `text` (the `choice`-th,
    /// cycling) rewritten from its text before and after the last dot (`filter.kind` -> `rewrite("filter", "kind")`).
    private static func rewritingLastMember(
        _ text: String, reads: [ExternalRead], choice: Int, _ rewrite: (String, String) -> String
    ) -> String? {
        let candidates = reads.filter { !$0.members.isEmpty && text.contains("{" + $0.text + "}") }
        guard !candidates.isEmpty else { return nil }
        let read = candidates[choice % candidates.count]
        guard let found = text.range(of: "{" + read.text + "}"), let dot = read.text.lastIndex(of: ".") else { return nil }
        var mutated = text
        mutated.replaceSubrange(
            found, with: "{" + rewrite(String(read.text[..<dot]), String(read.text[read.text.index(after: dot)...])) + "}")
        return mutated
    }

    /// `text` with an endpoint added that takes one of `models`' structs and reads its fields in the path, the
    /// params and a header, drawn from `seed`: any field (optional ones, arrays, enums and nested models too, so
    /// some reads are refused), now and then a member of it (`rawValue`, `count`, `host`, `port`) or one it lacks.
    /// Nil when the models have no struct with fields.
    static func probed(_ text: String, models: [String: Any], seed: UInt64) -> String? {
        var random = SeededRandom(seed: seed)
        let structs = models.keys.sorted().compactMap { name -> (name: String, fields: [(String, String)])? in
            guard let model = models[name] as? [String: Any], model["typeParameters"] == nil,
                let fields = model["fields"] as? [String: Any], !fields.isEmpty
            else { return nil }
            return (name, fields.keys.sorted().map { key in
                (key, fields[key] as? String ?? (fields[key] as? [String: Any])?["type"] as? String ?? "?")
            })
        }
        let enums = Set(models.compactMap { ($0.value as? [String: Any])?["enum"] != nil ? $0.key : nil })
        guard !structs.isEmpty, let list = text.range(of: "\"endpoints\" : [") else { return nil }
        let model = random.pick(structs)
        func read() -> String {
            let (field, type) = random.pick(model.fields)
            let base = type.hasSuffix("?") ? String(type.dropLast()) : type
            var member = ""
            if enums.contains(base) {
                member = random.chance(0.8) ? ".rawValue" : ""
            } else if base == "URL" {
                member = random.pick([".host", ".absoluteString", ".port", ""])
            } else if base == "String" || base.hasPrefix("[") {
                member = random.pick(["", "", ".count", ".isEmpty"])
            }
            if random.chance(0.05) { member += ".zz" }
            return "{m.\(field)\(member)}"
        }
        let endpoint: [String: Any] = [
            // Named by the spec: the clean style's use case types are module-level.
            "name": "zzProbe\(seed)", "method": "GET", "path": "/probe/" + read(),
            "inputs": [["name": "m", "type": model.name]],
            "param": ["p": read(), "q": read()], "header": ["custom": ["X-P": read()]],
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: endpoint, options: [.sortedKeys]) else { return nil }
        var probed = text
        probed.insert(contentsOf: "\n" + String(decoding: data, as: UTF8.self) + ",", at: list.upperBound)
        return probed
    }

    /// Splits each spec (`splitModels`) and generates the two as one run in `library`'s style: an accepted pair is
    /// returned, to be built in one module with the others; a refused one must have located, one-line errors. A pair
    /// whose placeholders read the moved models' members is counted in `reads`; its misspelt variant must be refused,
    /// and its variant reading one member less (`shortenedRead`) is returned in `shortened` when accepted (with its
    /// models' spec), to be built in a module of their own, or must be refused with located errors.
    func splitAndCheck(
        _ specs: [(path: String, text: String, generation: Generation)],
        generate: (_ original: String, _ file: SpecFile) throws -> Generation, reads: inout Int, refusedMisspelt: inout Int,
        shortened: inout [(path: String, text: String, generation: Generation)],
        probes: inout [(path: String, text: String, generation: Generation)], refusedProbes: inout Int
    ) -> [(path: String, text: String, generation: Generation)] {
        var accepted: [(path: String, text: String, generation: Generation)] = []
        for (index, spec) in specs.enumerated() {
            guard let split = Self.splitModels(spec.text, path: spec.path) else { continue }
            let pair = generatePair(split.types, split.uses) { try generate(spec.path, $0) }
            switch pair {
            case .success(let generations):
                accepted += [
                    (split.types.path, split.types.text, generations[0]), (split.uses.path, split.uses.text, generations[1]),
                ]
                if let probe = Self.probed(split.uses.text, models: split.models, seed: UInt64(spec.path.filter(\.isNumber)) ?? UInt64(index)) {
                    let variant = generatePair(split.types, (split.uses.path, probe)) { try generate(spec.path, $0) }
                    switch variant {
                    case .success(let variant):
                        probes += [(split.types.path, split.types.text, variant[0]), (split.uses.path, probe, variant[1])]
                    case .failure(let diagnostics):
                        refusedProbes += 1
                        XCTAssertFalse(diagnostics.diagnostics.isEmpty, "\(spec.path): refused without a reason")
                        for diagnostic in diagnostics.diagnostics where diagnostic.severity == .error {
                            XCTAssertNotNil(diagnostic.location, "\(spec.path) (probe): an error without a line and column")
                            XCTAssertFalse(diagnostic.description.contains("\n"), "\(spec.path) (probe): a diagnostic on several lines")
                        }
                    }
                }
                guard (generations[1].types?.reads.count ?? 0) > 0 else { continue }
                reads += 1
                if let short = Self.shortenedRead(split.uses.text, reads: generations[1].types?.reads ?? [], choice: index) {
                    let variant = generatePair(split.types, (split.uses.path, short)) { try generate(spec.path, $0) }
                    switch variant {
                    case .success(let variant):
                        shortened += [(split.types.path, split.types.text, variant[0]), (split.uses.path, short, variant[1])]
                    case .failure(let diagnostics):
                        XCTAssertFalse(diagnostics.diagnostics.isEmpty, "\(spec.path): refused without a reason")
                        for diagnostic in diagnostics.diagnostics where diagnostic.severity == .error {
                            XCTAssertNotNil(diagnostic.location, "\(spec.path) (shortened): an error without a line and column")
                        }
                    }
                }
                guard let misspelt = Self.misspeltMember(split.uses.text, reads: generations[1].types?.reads ?? []) else { continue }
                let misspeltPair = generatePair(split.types, (split.uses.path, misspelt)) { try generate(spec.path, $0) }
                switch misspeltPair {
                case .success:
                    XCTFail("\(spec.path): a misspelt member of a model another spec declares was accepted:\n\(misspelt)")
                case .failure(let diagnostics):
                    refusedMisspelt += 1
                    XCTAssertTrue(
                        diagnostics.diagnostics.contains { $0.description.contains("qzx") && $0.location != nil },
                        "\(spec.path): the misspelt member is not what was reported: \(diagnostics.diagnostics)")
                }
            case .failure(let diagnostics):
                for diagnostic in diagnostics.diagnostics where diagnostic.severity == .error {
                    XCTAssertNotNil(diagnostic.location, "\(spec.path) (split): an error without a line and column: \(diagnostic)")
                    XCTAssertFalse(diagnostic.description.contains("\n"), "\(spec.path) (split): a diagnostic on several lines")
                }
            }
        }
        return accepted
    }

    private func generatePair(
        _ types: (path: String, text: String), _ uses: (path: String, text: String),
        generate: (SpecFile) throws -> Generation
    ) -> Result<[Generation], DiagnosticsError> {
        do {
            let generations = try [types, uses].map { try generate(SpecFile(path: $0.path, text: $0.text)) }
            let problems = Pipeline.crossCheck(generations)
            return problems.isEmpty ? .success(generations) : .failure(DiagnosticsError(problems))
        } catch let error as DiagnosticsError {
            return .failure(error)
        } catch {
            XCTFail("\(uses.path): not a DiagnosticsError: \(error)")
            return .failure(DiagnosticsError([]))
        }
    }
}
