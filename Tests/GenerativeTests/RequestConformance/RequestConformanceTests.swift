import Foundation
import XCTest

/// Each operation's request as the document describes it is the request the generated code sends
/// (`RequestConformance`): for Tests/OpenAPIDocuments/every-construct.yaml (every construct import keeps) and
/// petstore.yaml, and for any document `REPOGEN_CONFORMANCE_DOCUMENT` names:
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
        try check(GenerativeTests.root.appendingPathComponent("Tests/OpenAPIDocuments/every-construct.yaml").path, minimumCalls: 46)
    }

    func testPetstoreDocument() throws {
        try check(GenerativeTests.root.appendingPathComponent("Tests/OpenAPIDocuments/petstore.yaml").path, minimumCalls: 16)
    }

    /// A user's document: `REPOGEN_CONFORMANCE_DOCUMENT=/path/to/openapi.yaml swift test --filter RequestConformance`.
    func testDocumentFromTheEnvironment() throws {
        guard let path = ProcessInfo.processInfo.environment["REPOGEN_CONFORMANCE_DOCUMENT"] else {
            throw XCTSkip("set REPOGEN_CONFORMANCE_DOCUMENT to an OpenAPI document's path to check it")
        }
        try check(path, minimumCalls: 1)
    }
}
