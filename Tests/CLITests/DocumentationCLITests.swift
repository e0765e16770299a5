import Foundation
import XCTest

/// Documentation/CommandLine.md shows the help of `repogen` and of each command as the built binary prints it: each
/// help text is in the page verbatim, as a code block of its own, so the page cannot drift from the tool.
final class CommandLineDocumentationTests: CLITestCase {
    /// The help commands, as the page shows them above each block.
    static let helpCommands: [[String]] = [
        ["--help"], ["init", "--help"], ["generate", "--help"], ["import", "--help"], ["templates", "--help"],
        ["diff", "--help"],
    ]

    func testThePageHoldsEveryHelpTextVerbatim() throws {
        let page = try String(
            contentsOf: Self.root.appendingPathComponent("Documentation/CommandLine.md"), encoding: .utf8)
        let blocks = Self.codeBlocks(in: page)
        for arguments in Self.helpCommands {
            let help = try run(arguments)
            XCTAssertEqual(help.status, 0, arguments.joined(separator: " "))
            XCTAssertEqual(help.stderr, "", arguments.joined(separator: " "))
            XCTAssertFalse(help.stdout.isEmpty, arguments.joined(separator: " "))
            // A help text ends with a blank line; a code block holds it without its final newlines.
            var expected = help.stdout
            while expected.hasSuffix("\n") { expected.removeLast() }
            XCTAssertTrue(
                blocks.contains(expected),
                """
                Documentation/CommandLine.md has no code block that is exactly the output of \
                'repogen \(arguments.joined(separator: " "))'; replace the block under it with:
                \(expected)
                """)
            XCTAssertTrue(
                page.contains("`repogen \(arguments.joined(separator: " "))`"),
                "Documentation/CommandLine.md does not name 'repogen \(arguments.joined(separator: " "))'")
        }
    }

    /// The contents of the page's fenced code blocks (without the fences and the final newline).
    static func codeBlocks(in text: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let lines = current {
                    blocks.append(lines.joined(separator: "\n"))
                    current = nil
                } else {
                    current = []
                }
            } else if current != nil {
                current?.append(line)
            }
        }
        return blocks
    }
}
