import Foundation
import XCTest

/// Writes that cannot escape the output folder, leave nothing behind, and fail with messages naming the file.
final class SafeWriteTests: CLITestCase {
    func path(_ name: String) -> String { workDirectory.appendingPathComponent(name).path }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }

    func link(_ name: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(name), withDestinationPath: destination)
    }

    func folder(_ name: String) throws {
        try FileManager.default.createDirectory(atPath: path(name), withIntermediateDirectories: true)
    }

    // MARK: templates export

    func testTemplatesExportNeverWritesThroughADanglingSymbolicLink() throws {
        try folder("outside")
        try folder("Mine")
        try link("Mine/Mock.swift.mustache", to: "../outside/evil.mustache")
        let result = try run(["templates", "export", "Mine"])
        XCTAssertEqual(result.status, 4, result.stderr)
        XCTAssertEqual(result.stderr, "Mine/Mock.swift.mustache: error: refusing to write through the symbolic link 'Mine/Mock.swift.mustache'\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("outside")), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("Mine")), ["Mock.swift.mustache"], "nothing written")
    }

    func testTemplatesExportNeverWritesIntoASymbolicallyLinkedFolder() throws {
        try folder("outside")
        try link("Link", to: "outside")
        let result = try run(["templates", "export", "Link"])
        XCTAssertEqual(result.status, 4, result.stderr)
        XCTAssertTrue(result.stderr.contains("refusing to write through the symbolic link 'Link'"), result.stderr)
        try link("Dangling", to: "outside/new")
        XCTAssertEqual(try run(["templates", "export", "Dangling"]).status, 4)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("outside")), [])
    }

    func testTemplatesExportIntoAFileAndOverAnExistingFile() throws {
        try write("x", to: "taken")
        let file = try run(["templates", "export", "taken"])
        XCTAssertEqual(file.status, 4)
        XCTAssertEqual(file.stderr, "taken/Api.swift.mustache: error: cannot write: it is inside 'taken', which is a file\n")

        try write("mine\n", to: "Mine/Models.swift.mustache")
        let existing = try run(["templates", "export", "Mine"])
        XCTAssertEqual(existing.status, 4)
        XCTAssertEqual(existing.stderr, "Mine/Models.swift.mustache: error: already exists; export to an empty folder\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("Mine")), ["Models.swift.mustache"])
        XCTAssertEqual(try String(contentsOfFile: path("Mine/Models.swift.mustache"), encoding: .utf8), "mine\n")

        let fresh = try run(["templates", "export", "Fresh/"])
        XCTAssertEqual(fresh.status, 0, fresh.stderr)
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: path("Fresh")).contains { $0.hasPrefix(".") }, "no temporary files left")
    }

    // MARK: temporary files

    func testGenerateRemovesTemporaryFilesAnInterruptedRunLeftButNothingElse() throws {
        try write(validSpec, to: "item.json")
        XCTAssertEqual(try run(["generate", "item.json"]).status, 0)
        // A dead process (beyond any pid_max); the random part is 8 lowercase hex digits.
        let ours = [
            "Generated/Item/.ItemApi.swift.repogen-2147483647-0123abcd.tmp",
            "Generated/Item/.ItemModels.swift.repogen-2147483647.tmp",  // what earlier versions named them
            "Generated/.Other.swift.repogen-2147483647-ffffffff.tmp",
        ]
        let lookalikes = [
            "Generated/Item/.ItemApi.swift.repogen-2147483647-0123ABCD.tmp",
            "Generated/Item/ItemApi.swift.repogen-2147483647-0123abcd.tmp",
            "Generated/Item/.ItemApi.swift.repogen-12x-0123abcd.tmp",
            "Generated/Item/.ItemApi.swift.repogen-2147483647-0123abcd.tmp.bak",
            "Generated/Item/.ItemApi.swift.repogen-2147483647-0123abc.tmp",
            "Generated/Item/.repogen-2147483647-0123abcd.tmp",
            "Generated/Item/.ItemApi.swift.tmp",
            "Generated/Item/notes.tmp",
            "Specs/.item.json.repogen-2147483647-0123abcd.tmp",  // not an output folder
        ]
        for name in ours + lookalikes { try write("partial", to: name) }
        // Our pattern, but a folder and a symbolic link: left alone.
        try folder("Generated/Item/.Folder.swift.repogen-2147483647-0123abcd.tmp")
        try write("keep", to: "outside.txt")
        try link("Generated/Item/.Link.swift.repogen-2147483647-0123abcd.tmp", to: path("outside.txt"))

        let check = try run(["generate", "item.json", "--check"])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue(ours.allSatisfy(exists), "check mode removes nothing")

        let result = try run(["generate", "item.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        for name in ours { XCTAssertFalse(exists(name), name) }
        for name in lookalikes { XCTAssertTrue(exists(name), name) }
        XCTAssertTrue(exists("Generated/Item/.Folder.swift.repogen-2147483647-0123abcd.tmp"))
        XCTAssertNotNil(try? FileManager.default.destinationOfSymbolicLink(atPath: path("Generated/Item/.Link.swift.repogen-2147483647-0123abcd.tmp")))
        XCTAssertEqual(try String(contentsOfFile: path("outside.txt"), encoding: .utf8), "keep")
        XCTAssertTrue(
            result.stdout.contains("removed Generated/Item/.ItemApi.swift.repogen-2147483647-0123abcd.tmp (a temporary file an interrupted run left)\n"),
            result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("0 written, 4 unchanged, 0 removed\n"), result.stdout)
    }

    func testAWriteLeavesNoTemporaryFiles() throws {
        try write(validSpec, to: "item.json")
        XCTAssertEqual(try run(["generate", "item.json"]).status, 0)
        try write(validSpec.replacingOccurrences(of: "/items/", with: "/v2/items/"), to: "item.json")
        XCTAssertEqual(try run(["generate", "item.json"]).status, 0)
        XCTAssertEqual(files().filter { $0.hasSuffix(".tmp") }, [])
    }

    // MARK: messages

    func testAFileWhereAFolderGoesIsNamedInTheError() throws {
        try write(validSpec, to: "item.json")
        try write("not a folder", to: "out/Item")
        let result = try run(["generate", "item.json", "--output", "out"])
        XCTAssertEqual(result.status, 4)
        XCTAssertEqual(result.stderr, "out/Item/ItemModels.swift: error: cannot write: it is inside 'out/Item', which is a file\n")
        XCTAssertEqual(files(), ["item.json", "out", "out/Item"])

        // The output folder itself is a file.
        let itself = try run(["generate", "item.json", "--output", "item.json"])
        XCTAssertEqual(itself.status, 4)
        XCTAssertEqual(itself.stderr, "item.json/Item/ItemModels.swift: error: cannot write: it is inside 'item.json', which is a file\n")

        // A folder where a generated file goes.
        try folder("Generated/Item/ItemApi.swift")
        let occupied = try run(["generate", "item.json"])
        XCTAssertEqual(occupied.status, 4)
        XCTAssertEqual(occupied.stderr, "Generated/Item/ItemApi.swift: error: cannot write: a folder of that name is in the way\n")
        XCTAssertFalse(exists("Generated/Item/ItemModels.swift"), "checked before anything is written")
    }

    /// Makes `name` read-only; false when that does not stop writes (running as root).
    func makeReadOnly(_ name: String) throws -> Bool {
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: path(name))
        addTeardownBlock { [path = path(name)] in
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        let probe = path(name + "/probe")
        if FileManager.default.createFile(atPath: probe, contents: Data()) {
            try? FileManager.default.removeItem(atPath: probe)
            return false
        }
        return true
    }

    func testAReadOnlyFolderSaysPermissionDenied() throws {
        try write(validSpec, to: "item.json")
        try write(validSpec, to: "old.json")
        XCTAssertEqual(try run(["generate", "item.json", "old.json"]).status, 0)
        try write(validSpec.replacingOccurrences(of: "/items/", with: "/v2/items/"), to: "item.json")
        try folder("Mine")
        guard try makeReadOnly("Generated/Item"), try makeReadOnly("Generated/Old"), try makeReadOnly("Mine") else {
            throw XCTSkip("permissions do not stop writes here (running as root)")
        }
        let result = try run(["generate", "item.json"])
        XCTAssertEqual(result.status, 4)
        XCTAssertEqual(result.stderr, "Generated/Item/ItemApi.swift: error: cannot write: permission denied\n")

        // Removing a stale file.
        try FileManager.default.removeItem(atPath: path("old.json"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path("Generated/Item"))
        let stale = try run(["generate", "item.json"])
        XCTAssertEqual(stale.status, 4)
        XCTAssertEqual(stale.stderr, "Generated/Old/MockOldRepository.swift: error: cannot remove the stale file: permission denied\n")

        let export = try run(["templates", "export", "Mine"])
        XCTAssertEqual(export.status, 4)
        XCTAssertEqual(export.stderr, "Mine/Api.swift.mustache: error: cannot write: permission denied\n")
    }

    func testUnreadableInputsSayPermissionDenied() throws {
        try write(validSpec, to: "item.json")
        try write("{{! mine }}\n", to: "tpl/Mock.swift.mustache")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path("item.json"))
        addTeardownBlock { [path = path("item.json")] in
            try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        }
        guard FileManager.default.contents(atPath: path("item.json")) == nil else {
            throw XCTSkip("permissions do not stop reads here (running as root)")
        }
        let spec = try run(["generate", "item.json"])
        XCTAssertEqual(spec.status, 3)
        XCTAssertEqual(spec.stderr, "item.json: error: cannot read the spec file: permission denied\n1 error; nothing was written\n")

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path("item.json"))
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path("tpl/Mock.swift.mustache"))
        let template = try run(["generate", "item.json", "--templates", "tpl"])
        XCTAssertEqual(template.status, 3)
        XCTAssertEqual(template.stderr, "tpl/Mock.swift.mustache: error: cannot read the template: permission denied\n1 error; nothing was written\n")

        try FileManager.default.setAttributes([.posixPermissions: 0o311], ofItemAtPath: path("tpl"))
        addTeardownBlock { [path = path("tpl")] in
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        let folder = try run(["generate", "item.json", "--templates", "tpl"])
        XCTAssertEqual(folder.status, 3)
        XCTAssertEqual(folder.stderr, "tpl: error: cannot read the templates folder: permission denied\n1 error; nothing was written\n")
    }

    // MARK: empty paths

    func testEmptyPathsAreErrors() throws {
        try write(validSpec, to: "item.json")
        for arguments in [["--output", ""], ["--output="], ["-o", ""], ["--templates", ""], ["--templates="], ["--config", ""]] {
            let result = try run(["generate", "item.json"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("error: the value of '\(arguments[0].split(separator: "=")[0])' is empty; give a "), result.stderr)
        }
        let export = try run(["templates", "export", ""])
        XCTAssertEqual(export.status, 2)
        XCTAssertTrue(export.stderr.hasPrefix("error: the folder to export to is empty"), export.stderr)
        XCTAssertEqual(files(), ["item.json"], "nothing written")

        try write("{\n  \"specs\": [\"item.json\", \"\"],\n  \"output\": \"\",\n  \"templates\": \"\"\n}\n", to: "repogen.json")
        let json = try run(["generate"])
        XCTAssertEqual(json.status, 3)
        XCTAssertEqual(
            json.stderr,
            """
            repogen.json:2:26: error: a spec path is empty; give a path
            repogen.json:3:13: error: 'output' is empty; give a path
            repogen.json:4:16: error: 'templates' is empty; give a path
            3 errors; nothing was written

            """)
        try FileManager.default.removeItem(atPath: path("repogen.json"))
        try write("specs: [item.json]\noutput: ''\n", to: "repogen.yaml")
        let yaml = try run(["generate"])
        XCTAssertEqual(yaml.status, 3)
        XCTAssertEqual(yaml.stderr, "repogen.yaml:2:9: error: 'output' is empty; give a path\n1 error; nothing was written\n")
        XCTAssertEqual(files(), ["item.json", "repogen.yaml"])
    }
}
