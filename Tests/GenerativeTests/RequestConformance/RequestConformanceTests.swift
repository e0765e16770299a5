import Foundation
import XCTest

/// Each operation's request as the document describes it is the request the generated code sends
/// (`RequestConformance`): for Tests/OpenAPIDocuments/every-construct.yaml (every construct import keeps),
/// petstore.yaml and unions.yaml, and for any document `REPOGEN_CONFORMANCE_DOCUMENT` names:
///
///     REPOGEN_CONFORMANCE_DOCUMENT=/path/to/openapi.yaml swift test --filter RequestConformance
final class RequestConformanceTests: XCTestCase {
    func check(_ path: String, minimumCalls: Int) throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-conformance-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let harness = RequestConformance(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        let report = try harness.check(document: path)
        for note in report.notes { print("note: \(note)") }
        XCTAssertGreaterThanOrEqual(report.calls, minimumCalls, "too few calls were checked in \(path)")
        XCTAssertTrue(
            report.differences.isEmpty,
            "\(report.differences.count) difference(s) between \(path) and the requests its generated code sends:\n"
                + report.differences.joined(separator: "\n"))
    }

    func testEveryConstructDocument() throws {
        try check(GenerativeTests.root.appendingPathComponent("Tests/OpenAPIDocuments/every-construct.yaml").path, minimumCalls: 56)
    }

    func testPetstoreDocument() throws {
        try check(GenerativeTests.root.appendingPathComponent("Tests/OpenAPIDocuments/petstore.yaml").path, minimumCalls: 16)
    }

    /// Union bodies: each call sends another variant, tagged as its discriminator's mapping says.
    func testUnionsDocument() throws {
        try check(GenerativeTests.root.appendingPathComponent("Tests/OpenAPIDocuments/unions.yaml").path, minimumCalls: 4)
    }

    /// A user's document: `REPOGEN_CONFORMANCE_DOCUMENT=/path/to/openapi.yaml swift test --filter RequestConformance`.
    func testDocumentFromTheEnvironment() throws {
        guard let path = ProcessInfo.processInfo.environment["REPOGEN_CONFORMANCE_DOCUMENT"] else {
            throw XCTSkip("set REPOGEN_CONFORMANCE_DOCUMENT to an OpenAPI document's path to check it")
        }
        try check(path, minimumCalls: 1)
    }
}

/// The harness can fail: specs changed after import (a query array in another style, a header sent under another
/// name, a path's text changed, two path inputs swapped, a property's JSON key) give exactly those differences; and
/// the oracle follows the OpenAPI style table.
final class RequestConformanceHarnessTests: XCTestCase {
    func testAWrongImportIsReportedPerOperation() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-conformance-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let harness = RequestConformance(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        let path = GenerativeTests.root.appendingPathComponent("Tests/OpenAPIDocuments/every-construct.yaml").path
        let report = try harness.check(document: path) { name, text in
            text.replacingOccurrences(of: "queryArrays: { tags: comma, sizes: comma }", with: "queryArrays: { tags: repeated, sizes: comma }")
                .replacingOccurrences(of: "X-Limit: \"{xLimit}\"", with: "X-Limits: \"{xLimit}\"")
                .replacingOccurrences(of: "files/{name}.{ext.rawValue}", with: "files/{name}-{ext.rawValue}")
                .replacingOccurrences(of: "path: /counters/{id}/{ratio}/{on}", with: "path: /counters/{ratio}/{id}/{on}")
                .replacingOccurrences(of: "json: display-name", with: "json: displayName")
        }
        let differences = report.differences.joined(separator: "\n")
        XCTAssertTrue(differences.contains("searchComma (\(path):50:7), every input set: query: expected [\"tags=plain-1,Ünï_2.x~\""), differences)
        XCTAssertTrue(differences.contains("getWithHeaders (\(path):91:7), every input set: header x-limit: expected '-7', sent none"), differences)
        XCTAssertTrue(differences.contains("getWithHeaders (\(path):91:7): header parameter 'X-Limit' (\(path):95:11) is never sent"), differences)
        XCTAssertTrue(differences.contains("endpoint 'getFolderFile' has no operation in the document"), differences)
        XCTAssertTrue(differences.contains("getCounter (\(path):32:7): path parameter 'id' is in the place of input 'ratio' of 'getCounter'"), differences)
        XCTAssertTrue(differences.contains("createItem (\(path):113:7), every input set: body: expected the JSON {"), differences)
        // Nothing else changed: the other operations still conform (an owner's name is sent only with every input).
        XCTAssertFalse(differences.contains("searchForm"), differences)
        XCTAssertFalse(differences.contains("createItem (\(path):113:7), required inputs only"), differences)
    }

    /// The rows of the OpenAPI specification's "Style Examples" table this oracle writes, for
    /// `color = ["blue", "black", "brown"]` and `{"R": 100, "G": 200, "B": 150}`.
    func testTheOracleFollowsTheStyleTable() throws {
        let oracle = try RequestOracle(path: "empty.json", bytes: Array(#"{"openapi": "3.1.0", "paths": {}}"#.utf8))
        let array = JSON.array([.string("blue"), .string("black"), .string("brown")])
        let object = JSON.object([("R", .number("100")), ("G", .number("200")), ("B", .number("150"))])
        func items(_ style: String, _ explode: Bool, _ value: JSON) -> String {
            let parameter = RequestOracle.Parameter(name: "color", place: "query", required: true, style: style, explode: explode, schema: nil, location: "")
            return oracle.queryItems(parameter, value).map { $0.name + "=" + $0.value }.joined(separator: "&")
        }
        XCTAssertEqual(items("form", false, .string("blue")), "color=blue")
        XCTAssertEqual(items("form", false, array), "color=blue,black,brown")
        XCTAssertEqual(items("form", true, array), "color=blue&color=black&color=brown")
        XCTAssertEqual(items("form", false, object), "color=R,100,G,200,B,150")
        XCTAssertEqual(items("form", true, object), "R=100&G=200&B=150")
        XCTAssertEqual(items("spaceDelimited", false, array), "color=blue black brown")
        XCTAssertEqual(items("pipeDelimited", false, array), "color=blue|black|brown")
        XCTAssertEqual(items("deepObject", true, object), "color[R]=100&color[G]=200&color[B]=150")
        func path(_ style: String, _ explode: Bool, _ value: JSON) -> String {
            oracle.pathText(RequestOracle.Parameter(name: "color", place: "path", required: true, style: style, explode: explode, schema: nil, location: ""), value)
        }
        XCTAssertEqual(path("simple", false, array), "blue,black,brown")
        XCTAssertEqual(path("label", false, array), ".blue,black,brown")
        XCTAssertEqual(path("label", true, array), ".blue.black.brown")
        XCTAssertEqual(path("matrix", false, .string("blue")), ";color=blue")
        XCTAssertEqual(path("matrix", true, array), ";color=blue;color=black;color=brown")
        XCTAssertEqual(path("matrix", false, object), ";color=R,100,G,200,B,150")
        XCTAssertEqual(path("matrix", true, object), ";R=100;G=200;B=150")
        XCTAssertEqual(path("label", true, object), ".R=100.G=200.B=150")
        XCTAssertEqual(oracle.simple(array, explode: false), "blue,black,brown")
        XCTAssertEqual(oracle.simple(object, explode: false), "R,100,G,200,B,150")
        XCTAssertEqual(oracle.simple(object, explode: true), "R=100,G=200,B=150")
    }
}

extension RequestConformanceTests {
    /// Random documents (`OpenAPIDocumentGenerator`: hostile names, every schema form and parameter place), opt-in:
    /// `REPOGEN_CONFORMANCE_RANDOM=<count> [REPOGEN_GENERATIVE_SEED=<seed>] swift test --filter RequestConformance`.
    /// Each document is kept under .build/conformance-random/ for a rerun through `REPOGEN_CONFORMANCE_DOCUMENT`.
    func testRandomDocuments() throws {
        guard let count = ProcessInfo.processInfo.environment["REPOGEN_CONFORMANCE_RANDOM"].flatMap(Int.init) else {
            throw XCTSkip("set REPOGEN_CONFORMANCE_RANDOM to a count of random documents to check")
        }
        let seed = UInt64(ProcessInfo.processInfo.environment["REPOGEN_GENERATIVE_SEED"] ?? "") ?? 16
        let folder = GenerativeTests.root.appendingPathComponent(".build/conformance-random")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var random = OpenAPIDocumentGenerator(seed: seed)
        for index in 0..<count {
            let url = folder.appendingPathComponent("random-\(seed)-\(index).json")
            try Data(random.document().utf8).write(to: url)
            try check(url.path, minimumCalls: 0)
        }
    }
}
