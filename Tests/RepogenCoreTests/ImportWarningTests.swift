import Foundation
import RepogenTestSupport
import XCTest

@testable import RepogenCore

/// Issue 30, item 8: what an import leaves out is said once, and a flood of one note is one line.
final class ImportWarningTests: XCTestCase {
    static let documents = PackagePaths.openAPIDocuments

    func importDocument(_ name: String) throws -> ImportResult {
        let bytes = try Array(Data(contentsOf: Self.documents.appendingPathComponent(name)))
        do {
            return try OpenAPIImporter.run(SpecFile(path: name, bytes: bytes), options: ImportOptions())
        } catch {
            XCTFail(error.report)
            throw error
        }
    }

    func testServersEqualToTheDocumentsAreNotWarnedADroppedOneOnceCallbacksAndWebhooksEach() throws {
        let result = try importDocument("warning-flood.yaml")
        XCTAssertEqual(result.files.map(\.relativePath), ["default.yaml"])
        XCTAssertEqual(result.warnings.map(\.description), [
            "warning-flood.yaml:21:11: warning: cookie parameter 'session' of GET /items is left out: the runtime sends no cookies of its own",
            "warning-flood.yaml:33:11: warning: cookie parameter 'session' of POST /items is left out: the runtime sends no cookies of its own",
            "warning-flood.yaml:50:11: warning: cookie parameter 'session' of GET /items/{id} is left out: the runtime sends no cookies of its own",
            "warning-flood.yaml:60:16: warning: server 'https://files.example.com' of DELETE /items/{id} is not kept: every endpoint uses the manager's baseURL, one of the document's servers",
            "warning-flood.yaml:62:11: warning: cookie parameter 'session' of DELETE /items/{id} is left out: the runtime sends no cookies of its own",
            "warning-flood.yaml:71:11: warning: cookie parameter 'session' of PUT /uploads is left out: the runtime sends no cookies of its own",
            "warning-flood.yaml:82:9: warning: callback 'onItemChanged' of POST /subscriptions is not imported: repogen generates clients, and a callback is a request the server sends",
            "warning-flood.yaml:94:3: warning: webhook 'itemDeleted' is not imported: repogen generates clients, and a webhook is a request the server sends",
        ])
    }

    func testGroupingKeepsTheFirstOfEachKindAndCountsTheRest() throws {
        let result = try importDocument("warning-flood.yaml")
        XCTAssertEqual(WarningGroup.grouping(result.warnings).map(\.description), [
            "warning-flood.yaml:21:11: warning: cookie parameter 'session' of GET /items is left out: the runtime sends no cookies of its own (and 4 more like it; --verbose lists them)",
            "warning-flood.yaml:60:16: warning: server 'https://files.example.com' of DELETE /items/{id} is not kept: every endpoint uses the manager's baseURL, one of the document's servers",
            "warning-flood.yaml:82:9: warning: callback 'onItemChanged' of POST /subscriptions is not imported: repogen generates clients, and a callback is a request the server sends",
            "warning-flood.yaml:94:3: warning: webhook 'itemDeleted' is not imported: repogen generates clients, and a webhook is a request the server sends",
        ])
    }

    func testTheKindOfAMessageLeavesOutWhatNamesOnePlace() {
        let kind = WarningGroup.kind(of:)
        XCTAssertEqual(
            kind("cookie parameter 'a' of GET /pets/{id} is left out: the runtime sends no cookies of its own"),
            kind("cookie parameter 'session id' of DELETE /users is left out: the runtime sends no cookies of its own"))
        XCTAssertEqual(
            kind("response 200 of GET /a is text/plain, which the runtime does not decode; the endpoint has no response type"),
            kind("response 2XX of POST /b is text/plain, which the runtime does not decode; the endpoint has no response type"))
        XCTAssertNotEqual(
            kind("cookie parameter 'a' of GET /pets is left out: the runtime sends no cookies of its own"),
            kind("header parameter 'a' of GET /pets is left out: the runtime sends no cookies of its own"))
        // An apostrophe in a word is not a quote.
        XCTAssertEqual(
            kind("server 'a' of GET /x is not kept: every endpoint uses the manager's baseURL"),
            "server '_' of _ _ is not kept: every endpoint uses the manager's baseURL")
        XCTAssertEqual(WarningGroup.grouping([]), [])
    }

    func testAWebhookOnlyDocumentWritesNoSpecAndSaysWhy() throws {
        let result = try importDocument("webhooks-only.yaml")
        XCTAssertEqual(result.files, [])
        XCTAssertEqual(result.warnings.map(\.description), [
            "webhooks-only.yaml:6:1: warning: the document has no operations under 'paths', only 2 webhook(s); no spec is written",
            "webhooks-only.yaml:7:3: warning: webhook 'petAdopted' is not imported: repogen generates clients, and a webhook is a request the server sends",
            "webhooks-only.yaml:15:3: warning: webhook 'petReturned' is not imported: repogen generates clients, and a webhook is a request the server sends",
        ])
    }

    func testADocumentWithNeitherOperationsNorWebhooksIsStillAnError() {
        XCTAssertThrowsError(try OpenAPIImporter.run(
            SpecFile(path: "a.yaml", text: "openapi: 3.1.0\npaths: {}\nwebhooks: {}\n"), options: ImportOptions())) { error in
            XCTAssertEqual(
                (error as? DiagnosticsError)?.diagnostics.map(\.description),
                ["a.yaml:2:8: error: the document has no operations to import (under 'paths')"])
        }
    }
}
