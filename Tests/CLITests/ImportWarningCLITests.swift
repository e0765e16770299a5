import Foundation
import XCTest

/// `repogen import` on a document that gives many warnings of one kind, and on one with only webhooks.
final class ImportWarningCLITests: CLITestCase {
    func document(_ name: String) throws -> String {
        try String(contentsOfFile: Self.root.appendingPathComponent("Tests/OpenAPIDocuments/" + name).path, encoding: .utf8)
    }

    func testWarningsOfOneKindAreOneLineAndVerboseListsEvery() throws {
        try write(document("warning-flood.yaml"), to: "api.yaml")
        let grouped = try run(["import", "api.yaml", "--quiet"])
        XCTAssertEqual(grouped.status, 0, grouped.stderr)
        XCTAssertEqual(grouped.stderr, """
            api.yaml:21:11: warning: cookie parameter 'session' of GET /items is left out: the runtime sends no cookies of its own (and 4 more like it; --verbose lists them)
            api.yaml:60:16: warning: server 'https://files.example.com' of DELETE /items/{id} is not kept: every endpoint uses the manager's baseURL, one of the document's servers
            api.yaml:82:9: warning: callback 'onItemChanged' of POST /subscriptions is not imported: repogen generates clients, and a callback is a request the server sends
            api.yaml:94:3: warning: webhook 'itemDeleted' is not imported: repogen generates clients, and a webhook is a request the server sends

            """)
        XCTAssertEqual(grouped.stdout, "1 written, 0 unchanged, 0 removed; 8 warning(s)\n")
        let verbose = try run(["import", "api.yaml", "-q", "--verbose"])
        XCTAssertEqual(verbose.status, 0, verbose.stderr)
        XCTAssertEqual(verbose.stderr, """
            api.yaml:21:11: warning: cookie parameter 'session' of GET /items is left out: the runtime sends no cookies of its own
            api.yaml:33:11: warning: cookie parameter 'session' of POST /items is left out: the runtime sends no cookies of its own
            api.yaml:50:11: warning: cookie parameter 'session' of GET /items/{id} is left out: the runtime sends no cookies of its own
            api.yaml:60:16: warning: server 'https://files.example.com' of DELETE /items/{id} is not kept: every endpoint uses the manager's baseURL, one of the document's servers
            api.yaml:62:11: warning: cookie parameter 'session' of DELETE /items/{id} is left out: the runtime sends no cookies of its own
            api.yaml:71:11: warning: cookie parameter 'session' of PUT /uploads is left out: the runtime sends no cookies of its own
            api.yaml:82:9: warning: callback 'onItemChanged' of POST /subscriptions is not imported: repogen generates clients, and a callback is a request the server sends
            api.yaml:94:3: warning: webhook 'itemDeleted' is not imported: repogen generates clients, and a webhook is a request the server sends

            """)
        XCTAssertFalse(verbose.stderr.contains("more like it"), verbose.stderr)
        XCTAssertTrue(try run(["help", "import"]).stdout.contains("-v, --verbose"))
        XCTAssertTrue(try run(["import", "api.yaml", "--verbos"]).stderr.contains("did you mean '--verbose'?"))
    }

    func testAWebhookOnlyDocumentExitsZeroWithAWarningAndWritesNoSpec() throws {
        try write(document("webhooks-only.yaml"), to: "hooks.yaml")
        let result = try run(["import", "hooks.yaml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("hooks.yaml:6:1: warning: the document has no operations under 'paths', only 2 webhook(s); no spec is written"),
            result.stderr)
        XCTAssertEqual(result.stdout, "0 written, 0 unchanged, 0 removed; 3 warning(s)\n")
        XCTAssertFalse(files().contains { $0.hasPrefix("Specs") }, "\(files())")
        XCTAssertEqual(try run(["import", "hooks.yaml", "--check"]).status, 0)
        // Neither operations nor webhooks: still an error, exit 3.
        try write("openapi: 3.1.0\npaths: {}\n", to: "empty.yaml")
        XCTAssertEqual(try run(["import", "empty.yaml"]).status, 3)
    }
}
