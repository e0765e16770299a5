import Foundation
import RepogenCore
import XCTest

/// `repogen diff`'s classification, proved by building and running the generated code (`DiffProof`): every pair of
/// Tests/DiffCorpus, and the harness's own pairs with the observations they must give.
final class DiffProofTests: XCTestCase {
    static let base = """
        models:
          Item:
            fields:
              id: Int
              name: String
              note: String?
              kind: ItemKind
          ItemKind: { enum: [BOOK, TOOL] }
          NewItem:
            fields:
              name: String
              price: { type: Int, default: 10 }
        endpoints:
          - name: fetchItems
            method: GET
            path: /items
            inputs:
              - { name: cursor, type: String? }
            param: { cursor: "{cursor}" }
            response: "[Item]"
          - name: fetchItem
            method: GET
            path: "/items/{id}"
            inputs:
              - { name: id, type: Int }
            response: Item
          - name: createItem
            method: POST
            path: /items
            inputs:
              - { name: item, type: NewItem }
            param: "{item}"
            response: Item
          - name: deleteItem
            method: DELETE
            path: "/items/{id}"
            inputs:
              - { name: id, type: Int }

        """

    /// A self-test pair: the new spec as an edit of the base, and what the proof must observe.
    struct Pair {
        var name: String
        var old: String = DiffProofTests.base
        var new: String
        var sourceBreaking: Bool
        var wire: WireImpact
        var renames: [String: [String: String]] = [:]

        init(
            name: String, old: String = DiffProofTests.base, new: String, sourceBreaking: Bool, wire: WireImpact,
            renames: [String: [String: String]] = [:]
        ) {
            self.name = name
            self.old = old
            self.new = new
            self.sourceBreaking = sourceBreaking
            self.wire = wire
            self.renames = renames
        }

        /// The old spec with `edits` applied (each must change it).
        init(name: String, old: String = DiffProofTests.base, edits: [(String, String)], sourceBreaking: Bool, wire: WireImpact,
             renames: [String: [String: String]] = [:]) {
            var new = old
            for (from, to) in edits {
                precondition(new.contains(from), "\(name): no '\(from)' to edit")
                new = new.replacingOccurrences(of: from, with: to)
            }
            self.init(name: name, old: old, new: new, sourceBreaking: sourceBreaking, wire: wire, renames: renames)
        }
    }

    /// A union in a response and a request, with a discriminator.
    static let contacts = """
        models:
          PhoneContact: { fields: { type: String, number: String } }
          EmailContact: { fields: { type: String, address: String } }
          ContactMethod:
            oneOf:
              - { case: phone, type: PhoneContact, tag: phone }
              - { case: email, type: EmailContact, tag: email }
            discriminator: type
          Status: { enum: [OPEN, CLOSED], unknown: other }
          Person:
            fields:
              name: String
              contact: ContactMethod
              status: Status
        endpoints:
          - name: fetchPerson
            method: GET
            path: /person
            response: Person
          - name: addContact
            method: POST
            path: /contacts
            inputs:
              - { name: contact, type: ContactMethod }
            param: "{contact}"

        """

    static let pairs: [Pair] = [
        Pair(name: "unchanged", new: base, sourceBreaking: false, wire: .none),
        Pair(
            name: "endpoint-removed",
            new: base.replacingOccurrences(of: """
                  - name: deleteItem
                    method: DELETE
                    path: "/items/{id}"
                    inputs:
                      - { name: id, type: Int }

                """, with: ""),
            sourceBreaking: true, wire: .breaking),
        Pair(
            name: "field-added-to-response",
            new: base.replacingOccurrences(of: "      kind: ItemKind\n", with: "      kind: ItemKind\n      stock: Int\n"),
            sourceBreaking: true, wire: .compatible),
        Pair(
            name: "field-key-changed",
            new: base.replacingOccurrences(of: "      name: String\n      note", with: "      name: { type: String, json: title }\n      note"),
            sourceBreaking: false, wire: .breaking),
        Pair(
            name: "enum-case-added-to-response",
            new: base.replacingOccurrences(of: "[BOOK, TOOL]", with: "[BOOK, TOOL, FOOD]"),
            sourceBreaking: true, wire: .breaking),
        Pair(
            name: "optional-input-added",
            new: base.replacingOccurrences(of: """
                      - { name: id, type: Int }
                    response: Item
                """, with: """
                      - { name: id, type: Int }
                      - { name: expand, type: Bool? }
                    param: { expand: "{expand}" }
                    response: Item
                """),
            sourceBreaking: false, wire: .compatible),
        Pair(
            name: "input-added",
            new: base.replacingOccurrences(of: """
                      - { name: id, type: Int }
                    response: Item
                """, with: """
                      - { name: id, type: Int }
                      - { name: expand, type: Bool }
                    param: { expand: "{expand}" }
                    response: Item
                """),
            sourceBreaking: true, wire: .breaking),
        Pair(
            name: "optional-field-added-to-request",
            new: base.replacingOccurrences(of: "      price: { type: Int, default: 10 }\n", with: "      price: { type: Int, default: 10 }\n      tag: String?\n"),
            sourceBreaking: false, wire: .compatible),
        Pair(
            name: "field-made-optional-in-response",
            new: base.replacingOccurrences(of: "      id: Int\n      name: String\n", with: "      id: Int\n      name: String?\n"),
            sourceBreaking: true, wire: .breaking),
        Pair(name: "field-renamed", edits: [("      name: String\n      note", "      title: { type: String, json: name }\n      note")],
             sourceBreaking: true, wire: .none),
        Pair(name: "input-renamed", edits: [("""
                path: "/items/{id}"
                inputs:
                  - { name: id, type: Int }
                response: Item
            """, """
                path: "/items/{itemId}"
                inputs:
                  - { name: itemId, type: Int }
                response: Item
            """)], sourceBreaking: true, wire: .none),
        Pair(name: "input-label-changed", edits: [("""
                  - { name: id, type: Int }
                response: Item
            """, """
                  - { name: id, type: Int, argument: itemId }
                response: Item
            """)], sourceBreaking: true, wire: .none),
        Pair(name: "path-changed", edits: [("method: DELETE\n    path: \"/items/{id}\"", "method: DELETE\n    path: \"/item/{id}\"")],
             sourceBreaking: false, wire: .breaking),
        Pair(name: "field-default-changed", edits: [("default: 10", "default: 20")], sourceBreaking: false, wire: .breaking),
        Pair(name: "field-default-removed", edits: [("price: { type: Int, default: 10 }", "price: Int")],
             sourceBreaking: true, wire: .none),
        Pair(name: "second-optional-input-added", edits: [("""
                  - { name: cursor, type: String? }
                param: { cursor: "{cursor}" }
            """, """
                  - { name: cursor, type: String? }
                  - { name: limit, type: Int? }
                param: { cursor: "{cursor}", limit: "{limit}" }
            """)], sourceBreaking: true, wire: .compatible),
        Pair(name: "cache-added-first", edits: [("path: \"/items/{id}\"\n    inputs:\n      - { name: id, type: Int }\n    response: Item",
                                                 "path: \"/items/{id}\"\n    inputs:\n      - { name: id, type: Int }\n    response: Item\n    cache: true")],
             sourceBreaking: true, wire: .none),
        Pair(name: "endpoint-renamed", edits: [("- name: deleteItem", "- name: removeItem")],
             sourceBreaking: true, wire: .none, renames: ["Shop": ["deleteItem": "removeItem"]]),
        Pair(name: "model-added", edits: [("models:\n", "models:\n  Unused: { fields: { id: Int } }\n")],
             sourceBreaking: false, wire: .none),
        Pair(name: "response-changed", edits: [("path: \"/items/{id}\"\n    inputs:\n      - { name: id, type: Int }\n    response: Item",
                                                "path: \"/items/{id}\"\n    inputs:\n      - { name: id, type: Int }\n    response: NewItem")],
             sourceBreaking: true, wire: .breaking),
        Pair(name: "enum-case-added-with-unknown", old: contacts, edits: [("[OPEN, CLOSED]", "[OPEN, CLOSED, ARCHIVED]")],
             sourceBreaking: true, wire: .compatible),
        Pair(name: "union-case-added", old: contacts, edits: [
            ("  EmailContact: {", "  PostContact: { fields: { type: String, street: String } }\n  EmailContact: {"),
            ("      - { case: email, type: EmailContact, tag: email }\n", "      - { case: email, type: EmailContact, tag: email }\n      - { case: post, type: PostContact, tag: post }\n"),
        ], sourceBreaking: true, wire: .breaking),
        Pair(name: "union-tag-changed", old: contacts, edits: [("tag: email }", "tag: mail }")], sourceBreaking: false, wire: .breaking),
        Pair(name: "union-case-renamed", old: contacts, edits: [("case: email,", "case: mail,")], sourceBreaking: true, wire: .none),
        Pair(name: "contacts-unchanged", old: contacts, new: contacts, sourceBreaking: false, wire: .none),
        Pair(name: "field-made-optional-in-request", edits: [("      name: String\n      price", "      name: String?\n      price")],
             sourceBreaking: true, wire: .compatible),
        Pair(name: "field-made-required-in-request", old: withTag, edits: [("      tag: String?\n", "      tag: String\n")],
             sourceBreaking: true, wire: .breaking),
        Pair(name: "field-default-added", edits: [("      name: String\n      price", "      name: { type: String, default: \"x\" }\n      price")],
             sourceBreaking: false, wire: .none),
        Pair(name: "response-made-optional", edits: [("      - { name: id, type: Int }\n    response: Item", "      - { name: id, type: Int }\n    response: Item?")],
             sourceBreaking: true, wire: .breaking),
        Pair(name: "field-encoding-changed", edits: [("default: 10 }", "default: 10, encode: false }")], sourceBreaking: false, wire: .breaking),
        Pair(name: "conformance-removed", old: base.replacingOccurrences(of: "  Item:\n", with: "  Item:\n    hashable: true\n"),
             new: base, sourceBreaking: true, wire: .none),
        Pair(name: "unencoded-response-field-unchanged", old: unencoded, new: unencoded, sourceBreaking: false, wire: .none),
        Pair(name: "response-field-encoding-changed", edits: [("      id: Int\n      name", "      id: { type: Int, encode: false }\n      name")],
             sourceBreaking: false, wire: .none),
    ]

    /// The base with an optional field in the request model.
    static let withTag = base.replacingOccurrences(of: "      price: { type: Int, default: 10 }\n", with: "      price: { type: Int, default: 10 }\n      tag: String?\n")
    /// The base with a response field that is decoded but not encoded.
    static let unencoded = base.replacingOccurrences(of: "      note: String?\n", with: "      note: { type: String?, encode: false }\n")

    /// Removes a work folder, unless `REPOGEN_DIFFPROOF_KEEP` is set (for a look at the drivers).
    static func remove(_ work: URL) {
        if ProcessInfo.processInfo.environment["REPOGEN_DIFFPROOF_KEEP"] == nil { try? FileManager.default.removeItem(at: work) }
    }

    static func proof() throws -> (DiffProof, URL) {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-diffproof-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        guard let proof = DiffProof(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        return (proof, work)
    }

    /// Runs `body` for every element, two at a time (the machines this runs on have two cores or more).
    static func twoAtATime<T>(_ items: [T], _ body: @escaping @Sendable (T) -> Void) {
        let lock = NSLock()
        nonisolated(unsafe) var next = 0
        nonisolated(unsafe) let items = items
        DispatchQueue.concurrentPerform(iterations: min(2, items.count)) { _ in
            while true {
                let index: Int = lock.withLock {
                    defer { next += 1 }
                    return next
                }
                guard index < items.count else { return }
                body(items[index])
            }
        }
    }

    func testTheHarnessObservesItsOwnPairs() throws {
        let (proof, work) = try Self.proof()
        defer { Self.remove(work) }
        let lock = NSLock()
        nonisolated(unsafe) var failures: [String] = []
        nonisolated(unsafe) var times: [String] = []
        Self.twoAtATime(Self.pairs) { pair in
            do {
                let folder = work.appendingPathComponent("pairs/\(pair.name)")
                for (side, text) in [("old", pair.old), ("new", pair.new)] {
                    let url = folder.appendingPathComponent("\(side)/shop.yaml")
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(text.utf8).write(to: url)
                }
                if !pair.name.hasSuffix("unchanged") { XCTAssertNotEqual(pair.new, pair.old, "\(pair.name): the edit did not apply") }
                let observation = try proof.observe(
                    old: folder.appendingPathComponent("old"), new: folder.appendingPathComponent("new"), renames: pair.renames)
                var problems: [String] = []
                if observation.sourceBreaking != pair.sourceBreaking {
                    problems.append("source breaking \(observation.sourceBreaking), expected \(pair.sourceBreaking)\n\(observation.compileErrors)")
                }
                if observation.wire != pair.wire {
                    problems.append("wire \(observation.wire), expected \(pair.wire)\n\(observation.wireReasons.joined(separator: "\n"))")
                }
                lock.withLock {
                    times.append(String(format: "%@: %.1f s (%@), source %@, wire %@ (%@)", pair.name, observation.seconds, observation.phases.joined(separator: ", "),
                        observation.sourceBreaking ? "breaking" : "not breaking", observation.wire.rawValue,
                        observation.wireReasons.first.map { String($0.prefix(160)) } ?? "-"))
                    if !problems.isEmpty { failures.append("\(pair.name): " + problems.joined(separator: "\n")) }
                }
            } catch {
                lock.withLock { failures.append("\(pair.name): \(error)") }
            }
        }
        print("DiffProof self-test:\n" + times.sorted().joined(separator: "\n"))
        for failure in failures.sorted() { XCTFail(failure) }
    }

    /// The worst impacts the `# expect:` lines of a pair's new specs give (nil without any), and the endpoint
    /// renames they name (the old name: the one old endpoint the new side lacks).
    static func expectations(_ folder: URL) throws -> (source: SourceImpact?, wire: WireImpact?, renames: [String: [String: String]]) {
        var source: SourceImpact?
        var wire: WireImpact?
        var renamed: [String] = []
        let new = folder.appendingPathComponent("new")
        for name in try FileManager.default.contentsOfDirectory(atPath: new.path).sorted() {
            let text = try String(contentsOf: new.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("# expect:") {
                let words = line.split(separator: " ")
                if words.count > 2, words[2] == "endpoint-renamed", words.count > 3 { renamed.append(String(words[3])) }
                for word in words {
                    if word.hasPrefix("source="), let impact = SourceImpact(rawValue: String(word.dropFirst(7))) {
                        source = max(source ?? .none, impact)
                    }
                    if word.hasPrefix("wire="), let impact = WireImpact(rawValue: String(word.dropFirst(5))) {
                        wire = max(wire ?? .none, impact)
                    }
                }
            }
        }
        var renames: [String: [String: String]] = [:]
        if !renamed.isEmpty {
            let sides = try ["old", "new"].map { side in
                try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(side).path).sorted().compactMap { name in
                    try? APIDiff.validated(
                        SpecFile(path: "Specs/" + name, bytes: Array(Data(contentsOf: folder.appendingPathComponent("\(side)/\(name)")))),
                        options: GenerateOptions(style: .result)).side.model
                }
            }
            for old in sides[0] {
                guard let new = sides[1].first(where: { $0.domain == old.domain }) else { continue }
                let gone = old.endpoints.map(\.caseName).filter { name in !new.endpoints.contains { $0.caseName == name } }
                for target in renamed where gone.count == 1 && new.endpoints.contains(where: { $0.caseName == target }) {
                    renames[old.domain, default: [:]][gone[0]] = target
                }
            }
        }
        return (source, wire, renames)
    }

    /// Every pair of Tests/DiffCorpus: the report's worst impacts are what building and running the code observes.
    func testTheCorpusClassificationIsWhatTheCodeDoes() throws {
        // REPOGEN_DIFFCORPUS: another corpus folder (a copy being written elsewhere).
        let corpus = ProcessInfo.processInfo.environment["REPOGEN_DIFFCORPUS"].map { URL(fileURLWithPath: $0) }
            ?? GenerativeTests.root.appendingPathComponent("Tests/DiffCorpus")
        guard FileManager.default.fileExists(atPath: corpus.path) else { throw XCTSkip("no Tests/DiffCorpus") }
        let (proof, work) = try Self.proof()
        defer { Self.remove(work) }
        let kinds = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted().filter {
            FileManager.default.fileExists(atPath: corpus.appendingPathComponent("\($0)/old").path)
        }
        let lock = NSLock()
        nonisolated(unsafe) var failures: [String] = []
        nonisolated(unsafe) var times: [String] = []
        Self.twoAtATime(kinds) { kind in
            let folder = corpus.appendingPathComponent(kind)
            do {
                func files(_ side: String) throws -> [SpecFile] {
                    let url = folder.appendingPathComponent(side)
                    return try FileManager.default.contentsOfDirectory(atPath: url.path).sorted().map {
                        SpecFile(path: "Specs/" + $0, bytes: try Array(Data(contentsOf: url.appendingPathComponent($0))))
                    }
                }
                let report = try APIDiff.compare(old: files("old"), new: files("new"), options: GenerateOptions(style: .result))
                let expected = try Self.expectations(folder)
                // The old calls of a renamed endpoint go to the endpoint the report says it became.
                let observation = try proof.observe(
                    old: folder.appendingPathComponent("old"), new: folder.appendingPathComponent("new"),
                    renames: report.endpointRenames)
                let changes = report.changes.map { "\($0.kind) \($0.subject) source=\($0.source.rawValue) wire=\($0.wire.rawValue)" }
                var problems: [String] = []
                if observation.sourceBreaking != (report.source == .breaking) {
                    problems.append("the report says source \(report.source), the old caller "
                        + (observation.sourceBreaking ? "no longer compiles:\n\(observation.compileErrors)" : "still compiles"))
                }
                if observation.wire != report.wire {
                    problems.append("the report says wire \(report.wire), observed \(observation.wire):\n"
                        + observation.wireReasons.joined(separator: "\n"))
                }
                // The expect lines too: a pair whose expectation the code contradicts is wrong whatever the report says.
                if let source = expected.source, let wire = expected.wire,
                   observation.sourceBreaking != (source == .breaking) || observation.wire != wire {
                    problems.append("the expect lines say source \(source) wire \(wire), observed source "
                        + (observation.sourceBreaking ? "breaking" : "not breaking") + " wire \(observation.wire)"
                        + (observation.sourceBreaking ? "\n" + observation.compileErrors : "")
                        + "\n" + observation.wireReasons.joined(separator: "\n"))
                }
                lock.withLock {
                    times.append(String(format: "%@: %.1f s, observed source %@ wire %@", kind, observation.seconds,
                        observation.sourceBreaking ? "breaking" : "not breaking", observation.wire.rawValue))
                    if !problems.isEmpty {
                        failures.append("\(kind) (changes: \(changes.isEmpty ? "none" : changes.joined(separator: "; "))): "
                            + problems.joined(separator: "\n"))
                    }
                }
            } catch {
                lock.withLock { failures.append("\(kind): \(error)") }
            }
        }
        print("DiffProof corpus times:\n" + times.sorted().joined(separator: "\n"))
        for failure in failures.sorted() { XCTFail(failure) }
    }
}

extension DiffProofTests {
    /// The example specs (unions, generics, nested models, cached reads, uploads, forms, domain types) against
    /// themselves: the drivers build against their own code and nothing is observed.
    func testTheExampleSpecsAgainstThemselvesAreNoChange() throws {
        let (proof, work) = try Self.proof()
        defer { Self.remove(work) }
        let specs = GenerativeTests.root.appendingPathComponent("Specs")
        let observation = try proof.observe(old: specs, new: specs, renames: [:])
        print(String(format: "DiffProof, the example specs against themselves: %.1f s (%@)", observation.seconds,
            observation.phases.joined(separator: ", ")))
        XCTAssertFalse(observation.sourceBreaking, observation.compileErrors)
        XCTAssertEqual(observation.wire, WireImpact.none, observation.wireReasons.joined(separator: "\n"))
        if !observation.notes.isEmpty { print(observation.notes.joined(separator: "\n")) }
    }
}
