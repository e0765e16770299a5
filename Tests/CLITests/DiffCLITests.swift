import Foundation
import RepogenTestSupport
import XCTest

/// `repogen diff` as a user runs it: two folders or files, a git revision, the three formats, `--fail-on` and its
/// exit codes, and input errors located in their file.
final class DiffCLITests: CLITestCase {
    static let itemV1 = """
        models:
          Item:
            fields: { id: Int, name: String }
        endpoints:
          - name: fetchItem
            method: GET
            path: /items/{id}
            inputs: [{ name: id, type: Int }]
            response: Item

        """

    /// Version 2: the name is optional, and an endpoint is added.
    static let itemV2 = """
        models:
          Item:
            fields: { id: Int, name: String? }
        endpoints:
          - name: fetchItem
            method: GET
            path: /items/{id}
            inputs: [{ name: id, type: Int }]
            response: Item
          - name: fetchItems
            method: GET
            path: /items
            response: "[Item]"

        """

    func testTwoFoldersInEachFormat() throws {
        try write(Self.itemV1, to: "v1/item.yaml")
        try write(Self.itemV2, to: "v2/item.yaml")
        let text = try run(["diff", "v1", "v2"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertEqual(text.stderr, "")
        XCTAssertEqual(text.stdout, """
            Item
              BREAKING: 'Item.name' is now optional (String?) ('Item' is in responses)
                field-made-optional; source: breaking, wire: breaking
                old: v1/item.yaml:3:30
                new: v2/item.yaml:3:30
              additive: the endpoint 'fetchItems' (GET /items) was added
                endpoint-added; source: additive, wire: compatible
                new: v2/item.yaml:10:5

            2 changes: 1 source-breaking, 1 wire-breaking, 1 additive

            """)
        let markdown = try run(["diff", "v1", "v2", "--format", "markdown"])
        XCTAssertEqual(markdown.status, 0)
        XCTAssertTrue(markdown.stdout.hasPrefix("**API changes**: 2 changes: 1 source-breaking, 1 wire-breaking, 1 additive\n\n| |"), markdown.stdout)
        XCTAssertTrue(markdown.stdout.contains("| breaking | Item | 'Item.name' is now optional (String?) ('Item' is in responses) (`field-made-optional`) | **breaking** | **breaking** | `v2/item.yaml:3:30` |"), markdown.stdout)
        let json = try run(["diff", "v1", "v2", "--format=json"])
        XCTAssertEqual(json.status, 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let changes = object?["changes"] as? [[String: Any]]
        XCTAssertEqual(changes?.map { $0["kind"] as? String }, ["field-made-optional", "endpoint-added"])
        XCTAssertEqual((changes?.first?["old"] as? [String: Any])?["line"] as? Int, 3)
        XCTAssertEqual((object?["summary"] as? [String: Any])?["source"] as? String, "breaking")
    }

    func testFailOnExitsWithOneOnlyForWhatItNames() throws {
        try write(Self.itemV1, to: "v1/item.yaml")
        try write(Self.itemV1.replacingOccurrences(of: "path: /items/{id}", with: "path: /v2/items/{id}"), to: "v2/item.yaml")
        // A path changed: breaking on the wire, not for source.
        XCTAssertEqual(try run(["diff", "v1", "v2", "--fail-on", "breaking"]).status, 1)
        XCTAssertEqual(try run(["diff", "v1", "v2", "--fail-on", "wire"]).status, 1)
        XCTAssertEqual(try run(["diff", "v1", "v2", "--fail-on", "source"]).status, 0)
        XCTAssertEqual(try run(["diff", "v1", "v1", "--fail-on", "breaking"]).stdout, "no API changes\n")
    }

    /// Two files are one domain whatever their names.
    func testTwoFilesAreOneDomain() throws {
        try write(Self.itemV1, to: "item-v1.yaml")
        try write(Self.itemV2, to: "item.yaml")
        let output = try run(["diff", "item-v1.yaml", "item.yaml", "--format", "json"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertTrue(output.stdout.contains("\"domain\": \"Item\", \"kind\": \"field-made-optional\""), output.stdout)
        XCTAssertFalse(output.stdout.contains("domain-added"), output.stdout)
    }

    func testBaseReadsTheRevisionWithGit() throws {
        guard (try? run(["--version"], executable: URL(fileURLWithPath: "/usr/bin/git"))) != nil else {
            throw XCTSkip("git is not at /usr/bin/git")
        }
        try write(#"{ "specs": ["Specs"], "output": "Generated" }"#, to: "repogen.json")
        try write(Self.itemV1, to: "Specs/item.yaml")
        try write(Self.itemV1.replacingOccurrences(of: "Item", with: "Order").replacingOccurrences(of: "item", with: "order"), to: "Specs/order.yaml")
        let git = URL(fileURLWithPath: "/usr/bin/git")
        for arguments in [
            ["init", "-q"], ["add", "-A"],
            ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "v1"],
        ] {
            XCTAssertEqual(try run(arguments, executable: git).status, 0)
        }
        // The working tree: item.yaml changed, order.yaml removed, a new spec.
        try write(Self.itemV2, to: "Specs/item.yaml")
        try FileManager.default.removeItem(at: workDirectory.appendingPathComponent("Specs/order.yaml"))
        try write(Self.itemV1.replacingOccurrences(of: "Item", with: "Cart").replacingOccurrences(of: "item", with: "cart"), to: "Specs/cart.yaml")
        let output = try run(["diff", "--base", "HEAD", "--format", "json"])
        XCTAssertEqual(output.status, 0, output.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let changes = (object?["changes"] as? [[String: Any]]) ?? []
        XCTAssertEqual(
            changes.map { "\($0["kind"] ?? "") \($0["subject"] ?? "")" },
            ["field-made-optional Item.name", "domain-removed Order", "domain-added Cart", "endpoint-added fetchItems"])
        XCTAssertEqual((changes.first?["old"] as? [String: Any])?["path"] as? String, "HEAD:Specs/item.yaml")
        XCTAssertEqual((changes.first?["new"] as? [String: Any])?["path"] as? String, "Specs/item.yaml")
        // One spec named on the command line.
        let one = try run(["diff", "--base", "HEAD", "Specs/item.yaml"])
        XCTAssertTrue(one.stdout.hasSuffix("2 changes: 1 source-breaking, 1 wire-breaking, 1 additive\n"), one.stdout)
        // A spec on neither side.
        let typo = try run(["diff", "--base", "HEAD", "Specs/itme.yaml"])
        XCTAssertEqual(typo.status, 3)
        XCTAssertEqual(typo.stderr, "error: 'Specs/itme.yaml' is neither in the working tree nor in 'HEAD'\n")
        // A revision that is not there.
        let missing = try run(["diff", "--base", "no-such-branch"])
        XCTAssertEqual(missing.status, 3)
        XCTAssertTrue(missing.stderr.hasPrefix("--base: error: 'no-such-branch' is not a commit of the git repository"), missing.stderr)
    }

    func testASpecWithErrorsIsLocatedAndNothingIsCompared() throws {
        try write(Self.itemV1, to: "v1/item.yaml")
        try write(Self.itemV1.replacingOccurrences(of: "response: Item", with: "response: Itme"), to: "v2/item.yaml")
        let output = try run(["diff", "v1", "v2"])
        XCTAssertEqual(output.status, 3)
        XCTAssertEqual(output.stdout, "")
        XCTAssertTrue(output.stderr.hasPrefix("v2/item.yaml:9:15: error: "), output.stderr)
    }

    func testUsageErrors() throws {
        let one = try run(["diff", "v1"])
        XCTAssertEqual(one.status, 2)
        XCTAssertTrue(one.stderr.contains("give the old and the new spec (or folder)"), one.stderr)
        let format = try run(["diff", "a", "b", "--format", "yaml"])
        XCTAssertEqual(format.status, 2)
        XCTAssertTrue(format.stderr.contains("'--format' must be 'text', 'markdown' or 'json', not 'yaml'"), format.stderr)
        let failOn = try run(["diff", "a", "b", "--fail-on", "all"])
        XCTAssertEqual(failOn.status, 2)
        let help = try run(["diff", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("USAGE: repogen diff"), help.stdout)
    }

    /// Check mode's hint after differences names `repogen diff` (the command plugin passes its own command).
    func testCheckModeHintNamesDiff() throws {
        try write(Self.itemV1, to: "Specs/item.yaml")
        XCTAssertEqual(try run(["generate", "Specs/item.yaml", "-o", "Out", "--quiet"]).status, 0)
        try write(Self.itemV2, to: "Specs/item.yaml")
        let check = try run(["generate", "Specs/item.yaml", "-o", "Out", "--check"])
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stderr.hasSuffix(
            "hint: 'repogen diff --base <revision>' reports what changed in the API itself, breaking changes first\n"), check.stderr)
        let plugin = try run([
            "generate", "Specs/item.yaml", "-o", "Out", "--check", "--diff-command", "swift package repogen-check diff",
        ])
        XCTAssertTrue(plugin.stderr.contains("hint: 'swift package repogen-check diff --base <revision>'"), plugin.stderr)
    }

    /// Documentation/ReviewingChanges.md shows a report of two imported petstore documents: the page's block is the
    /// output of its commands, word for word.
    func testTheDocumentedReportIsWhatTheToolPrints() throws {
        let page = try String(
            contentsOf: Self.root.appendingPathComponent("Documentation/ReviewingChanges.md"), encoding: .utf8)
        let command = "$ repogen diff v1 v2\n"
        guard let block = CommandLineDocumentationTests.codeBlocks(in: page).first(where: { $0.contains(command) }),
              let range = block.range(of: command) else {
            return XCTFail("Documentation/ReviewingChanges.md has no block with '\(command)'")
        }
        for name in ["petstore.yaml", "petstore-v2.yaml"] {
            try FileManager.default.copyItem(
                at: Self.root.appendingPathComponent("Tests/OpenAPIDocuments/" + name),
                to: workDirectory.appendingPathComponent(name))
        }
        XCTAssertEqual(try run(["import", "petstore.yaml", "--output", "v1", "--quiet"]).status, 0)
        XCTAssertEqual(try run(["import", "petstore-v2.yaml", "--output", "v2", "--quiet"]).status, 0)
        let output = try run(["diff", "v1", "v2"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(String(block[range.upperBound...]) + "\n", output.stdout)
        let markdown = try run(["diff", "v1", "v2", "--format", "markdown"])
        for line in markdown.stdout.split(separator: "\n").prefix(3) {
            XCTAssertTrue(page.contains(line), "the page's markdown example has no line '\(line)'")
        }
        XCTAssertTrue(page.contains(String(markdown.stdout.split(separator: "\n").first { $0.contains("getInventory") } ?? "?")))
    }
}
