import Foundation
import XCTest

/// `repogen import` as a team uses it: import, generate, rerun, check in CI, and what it refuses.
final class ImportCLITests: CLITestCase {
    var petstore: String { Self.root.appendingPathComponent("Tests/OpenAPIDocuments/petstore.yaml").path }

    func testImportThenGenerateThenRerunIsStable() throws {
        try write(String(contentsOfFile: petstore, encoding: .utf8), to: "openapi.yaml")
        let first = try run(["import", "openapi.yaml"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("wrote Specs/pets.yaml\nwrote Specs/store.yaml\n"), first.stdout)
        XCTAssertTrue(first.stdout.contains("configuration.authScheme = .bearer"), first.stdout)
        XCTAssertTrue(first.stderr.contains("openapi.yaml:"), "warnings name the document: \(first.stderr)")
        let generate = try run(["generate", "Specs"])
        XCTAssertEqual(generate.status, 0, generate.stderr)
        XCTAssertEqual(generate.stderr, "", "imported specs generate without warnings")
        let again = try run(["import", "openapi.yaml", "--quiet"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.hasPrefix("0 written, 2 unchanged, 0 removed"), again.stdout)
        XCTAssertEqual(try run(["import", "openapi.yaml", "--check"]).status, 0)
    }

    func testCheckShowsTheDiffOfAChangedDocumentAndWritesNothing() throws {
        let original = try String(contentsOfFile: petstore, encoding: .utf8)
        try write(original, to: "openapi.yaml")
        XCTAssertEqual(try run(["import", "openapi.yaml"]).status, 0)
        let before = try String(contentsOf: workDirectory.appendingPathComponent("Specs/pets.yaml"), encoding: .utf8)
        // The document gains a property: the diff is that one field.
        let changed = original.replacingOccurrences(
            of: "        default:\n          type: boolean\n",
            with: "        default:\n          type: boolean\n        nickname:\n          type: string\n")
        XCTAssertNotEqual(changed, original)
        try write(changed, to: "openapi.yaml")
        let check = try run(["import", "openapi.yaml", "--check"])
        XCTAssertEqual(check.status, 1, check.stderr)
        let added = check.stdout.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }
        XCTAssertEqual(added.map(String.init), ["+      nickname: String?", "+      nickname: String?"], check.stdout)
        XCTAssertTrue(check.stderr.contains("run 'repogen import openapi.yaml' to update them"), check.stderr)
        XCTAssertEqual(try String(contentsOf: workDirectory.appendingPathComponent("Specs/pets.yaml"), encoding: .utf8), before)
        XCTAssertEqual(try run(["import", "openapi.yaml", "-q"]).status, 0)
        XCTAssertEqual(try run(["import", "openapi.yaml", "--check"]).status, 0)
    }

    func testADomainThatDisappearsIsRemovedButHandWrittenSpecsAreNeverTouched() throws {
        try write(String(contentsOfFile: petstore, encoding: .utf8), to: "openapi.yaml")
        XCTAssertEqual(try run(["import", "openapi.yaml"]).status, 0)
        try write("endpoints: []\n", to: "Specs/mine.yaml")
        // Every operation moves to one tag: 'store.yaml' has no operation now.
        let retagged = try String(contentsOfFile: petstore, encoding: .utf8).replacingOccurrences(of: "tags: [store]", with: "tags: [pets]")
        try write(retagged, to: "openapi.yaml")
        let check = try run(["import", "openapi.yaml", "--check"])
        XCTAssertEqual(check.status, 1)
        let rerun = try run(["import", "openapi.yaml"])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertTrue(rerun.stdout.contains("removed Specs/store.yaml"), rerun.stdout)
        XCTAssertEqual(files().filter { $0.hasPrefix("Specs/") }, ["Specs/mine.yaml", "Specs/pets.yaml"])
        // A hand-written spec in the way is an error, and nothing is written.
        try write("endpoints: []\n", to: "Other/pets.yaml")
        let refused = try run(["import", "openapi.yaml", "-o", "Other"])
        XCTAssertEqual(refused.status, 4)
        XCTAssertTrue(refused.stderr.contains("Other/pets.yaml: error: refusing to replace a spec"), refused.stderr)
        XCTAssertEqual(try String(contentsOf: workDirectory.appendingPathComponent("Other/pets.yaml"), encoding: .utf8), "endpoints: []\n")
    }

    func testJSONFormatAndPathPrefixDomains() throws {
        try write(String(contentsOfFile: petstore, encoding: .utf8), to: "api.yml")
        let json = try run(["import", "api.yml", "--format", "json", "--domains", "by-path-prefix", "-o", "J"])
        XCTAssertEqual(json.status, 0, json.stderr)
        // By path prefix, petstore's `/oauth/token` is a domain of its own.
        XCTAssertEqual(files().filter { $0.hasPrefix("J/") }, ["J/oauth.json", "J/pets.json", "J/store.json"])
        let generate = try run(["generate", "J", "-o", "Out"])
        XCTAssertEqual(generate.status, 0, generate.stderr)
    }

    func testBadInputIsALocatedErrorAndWritesNothing() throws {
        try write("swagger: '2.0'\ninfo: { title: x, version: '1' }\npaths: {}\n", to: "old.yaml")
        let swagger = try run(["import", "old.yaml"])
        XCTAssertEqual(swagger.status, 3)
        XCTAssertTrue(swagger.stderr.hasPrefix("old.yaml:1:10: error: this is a Swagger 2.0 document"), swagger.stderr)
        try write("{\"openapi\": \"3.0.0\", \"paths\": {\"/a\": {\"get\": {\"responses\": {}}}}", to: "broken.json")
        let broken = try run(["import", "broken.json"])
        XCTAssertEqual(broken.status, 3)
        XCTAssertTrue(broken.stderr.hasPrefix("broken.json:1:"), broken.stderr)
        try write("openapi: 3.0.0\npaths: {}\n", to: "empty.yaml")
        let empty = try run(["import", "empty.yaml"])
        XCTAssertEqual(empty.status, 3)
        XCTAssertTrue(empty.stderr.contains("empty.yaml:2:8: error: the document has no operations"), empty.stderr)
        XCTAssertEqual(try run(["import", "missing.yaml"]).status, 3)
        XCTAssertFalse(files().contains { $0.hasPrefix("Specs") }, "\(files())")
    }

    func testUsageErrors() throws {
        XCTAssertEqual(try run(["import"]).status, 2)
        XCTAssertEqual(try run(["import", "a.yaml", "b.yaml"]).status, 2)
        let domains = try run(["import", "a.yaml", "--domains", "by-tags"])
        XCTAssertEqual(domains.status, 2)
        XCTAssertTrue(domains.stderr.contains("'--domains' must be 'by-tag' or 'by-path-prefix'"), domains.stderr)
        XCTAssertTrue(try run(["import", "a.yaml", "--chek"]).stderr.contains("did you mean '--check'?"))
        XCTAssertTrue(try run(["help", "import"]).stdout.hasPrefix("USAGE: repogen import"))
        XCTAssertTrue(try run(["--help"]).stdout.contains("import <openapi>"))
    }
}
