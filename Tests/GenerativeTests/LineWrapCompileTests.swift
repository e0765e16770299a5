import Foundation
import RepogenCore
import XCTest

/// The line wrapper's rewrites checked against Swift itself, and its width against random specs.
final class LineWrapCompileTests: XCTestCase {
    /// Random single-line literals (plain and raw with one or two `#`; escapes, `\u{…}`, interpolations, quotes,
    /// backslashes, spaces where pieces end, multi-byte and combining scalars) split by the wrapper at random widths,
    /// compiled and run: each split literal is the same string as the original (compared by the program, in Unicode
    /// scalars and in UTF-8), and the program builds in Swift 6 with warnings as errors.
    func testASplitLiteralIsTheSameString() throws {
        guard let swiftc = GenerativeTests.findSwiftc() else { throw XCTSkip("swiftc is not on the PATH") }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-wrap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        var random = SeededRandom(seed: 20_261_125)
        var program = "func same(_ a: String, _ b: String) -> Bool {\n"
            + "    a.unicodeScalars.elementsEqual(b.unicodeScalars) && Array(a.utf8) == Array(b.utf8)\n}\n"
            + "func main() {\n    let k = 7\n    _ = k\n    var failures = 0\n"
        var split = 0
        let count = 150
        for index in 0..<count {
            let hashes = random.int(0...2)
            let delimiter = String(repeating: "#", count: hashes)
            let escape = "\\" + delimiter
            var content = ""
            while content.count < random.int(40...400) {
                content += random.pick([
                    "word", "the ", " ", "  ", ",", hashes > 0 ? "{\"id\":1}" : "{\\\"id\\\":1}", "한국", "e\u{301}", "\u{1F600}",
                    escape + "n", escape + "t", escape + "\\", escape + "\"", escape + "u{1F600}", escape + "u{E9}",
                    escape + "(k)", escape + "(k + 1)", escape + "(\"a, (b)\" + \"c\")",
                    hashes > 0 ? "\"quoted\"" : "\\\"quoted\\\"", hashes > 0 ? "back\\slash" : "back\\\\slash",
                    "a#b", "(", ")", hashes > 0 ? "\"\"\"x" : "\\\"\\\"\\\"",
                ])
            }
            let literal = delimiter + "\"" + content + "\"" + delimiter
            let line = "    let split\(index) = " + literal
            let width = random.int(30...100)
            let wrapped = SwiftLineWrapper.wrap("// header\n" + line, width: width).dropFirst("// header\n".count)
            if wrapped.contains("\"\"\"") { split += 1 }
            program += "    let original\(index) = " + literal + "\n" + wrapped + "\n"
                + "    if !same(original\(index), split\(index)) {\n        failures += 1\n        print(\"different: \(index)\")\n    }\n"
        }
        program += "    print(failures == 0 ? \"all the same\" : \"\\(failures) different\")\n}\nmain()\n"
        XCTAssertGreaterThan(split, count / 2, "most literals must be split, or this proves little")
        let source = work.appendingPathComponent("main.swift")
        try Data(program.utf8).write(to: source)
        let executable = work.appendingPathComponent("literals").path
        let built = try ConformanceCompileTests.run(swiftc, [
            "-swift-version", "6", "-warnings-as-errors", "-o", executable, source.path,
        ])
        XCTAssertEqual(built.status, 0, "the split literals did not compile:\n\(built.text.prefix(3000))")
        guard built.status == 0 else { return }
        let ran = try ConformanceCompileTests.run(executable, [])
        XCTAssertEqual(ran.text, "all the same\n")
    }

    /// Lines with generic argument lists (in calls, types, `typealias`, `where`, parameters and results, with
    /// tuples, dictionaries, nested lists and `>>`) wrapped at narrow widths, so the lists are broken (`Name<`, one
    /// argument a line, `>` and the rest), compiled in Swift 6 with warnings as errors: Swift accepts the breaks.
    func testABrokenGenericListCompiles() throws {
        guard let swiftc = GenerativeTests.findSwiftc() else { throw XCTSkip("swiftc is not on the PATH") }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-wrap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        var program = """
            struct MockMethod<Input, Output> {
                var name: String
                init(name: String = "", file: String = #filePath, line: Int = #line) { self.name = name + file + "\\(line)" }
            }
            struct Page<Item> { var items: [Item] = [] }
            enum NetworkError: Error { case failed }

            """
        var broken = 0
        for width in [20, 30, 45, 60, 80] {
            let lines = [
                "let a\(width) = MockMethod<(storeId: Int, cursor: String?, filters: [String: String]?), Page<Page<[String: Int]>>>(",
                "    name: \"fetchStoreReviews\"",
                ")",
                "let b\(width): MockMethod<(storeId: Int, cursor: String?), Result<Page<Int>, NetworkError>>? = nil",
                "let c\(width) = Dictionary<String, Result<Page<Int>, NetworkError>>().count + Dictionary<Int, Int>.init().count",
                "func d\(width)(handlers: Dictionary<String, Array<Int>>, completion: @escaping (Result<Page<Int>, NetworkError>) -> Void) "
                    + "-> Result<Page<Int>, NetworkError> { .success(Page()) }",
                "typealias E\(width) = MockMethod<(id: Int, name: String), Page<Int>>",
                "let f\(width) = MockMethod<Int, Page<String>>.init(name: \"z\").name.count + MockMethod<(Int, Int), Int>(name: \"x\").name.count",
                "let h\(width): MockMethod<(id: Int, name: String), Page<Int>>.Type = MockMethod<(id: Int, name: String), Page<Int>>.self",
                "extension Page where Item == Dictionary<String, Result<Int, NetworkError>> { var count\(width): Int { items.count } }",
                "let i\(width): Result<any Error, NetworkError> = Result<any Error, NetworkError>.success(NetworkError.failed) // a, <b, c>",
            ]
            let wrapped = SwiftLineWrapper.wrap("// header\n" + lines.joined(separator: "\n"), width: width)
            broken += wrapped.split(separator: "\n").filter { $0.hasSuffix("<") }.count
            program += wrapped.dropFirst("// header\n".count) + "\n"
            program += "_ = (a\(width), b\(width), c\(width), d\(width), E\(width).self, f\(width), h\(width), i\(width))\n"
        }
        XCTAssertGreaterThan(broken, 30, "most lists must be broken, or this proves little")
        let source = work.appendingPathComponent("main.swift")
        try Data(program.utf8).write(to: source)
        let built = try ConformanceCompileTests.run(swiftc, [
            "-swift-version", "6", "-warnings-as-errors", "-o", work.appendingPathComponent("generics").path, source.path,
        ])
        XCTAssertEqual(built.status, 0, "the broken generic lists did not compile:\n\(built.text.prefix(3000))\n\(program)")
    }

    /// Every line of the code generated for random specs, in every style, is at most 120 columns, unless the
    /// wrapper has no way to break it (no group, no generic argument list with a comma outside one, no literal to
    /// split, a word of a comment); wrapping it again changes nothing; and it is the code generated without wrapping, but for
    /// whitespace, re-flowed comments and literals made multi-line.
    func testEveryGeneratedLineFitsUnlessItCannotBeBroken() throws {
        let seed: UInt64 = 20_261_125
        var checked = 0
        var lines = 0
        var longBefore = 0
        var longAfter = 0
        for style in OutputStyle.all {
            let library = try TemplateSet.builtin(for: style).library(templatesPath: nil)
            for index in 0..<100 {
                var generator = SpecGenerator(seed: seed &+ UInt64(index) &* 7919, domain: "W\(index)")
                let file = SpecFile(path: "w\(index).json", text: generator.spec())
                var unwrapped = GenerateOptions(style: style)
                unwrapped.lineWidth = nil
                guard let generation = try? Pipeline.generate(file: file, library: library, options: GenerateOptions(style: style)),
                    let original = try? Pipeline.generate(file: file, library: library, options: unwrapped)
                else { continue }
                checked += 1
                let files = generation.files + generation.sharedFiles
                let originals = original.files + original.sharedFiles
                XCTAssertEqual(files.map(\.relativePath), originals.map(\.relativePath))
                for (file, before) in zip(files, originals) where file.relativePath.hasSuffix(".swift") {
                    let contents = file.contents
                    XCTAssertEqual(SwiftLineWrapper.wrap(contents), contents, "not idempotent: \(file.relativePath)")
                    XCTAssertEqual(
                        Self.code(contents), Self.code(before.contents), "\(style.name) \(file.relativePath): the code changed")
                    longBefore += before.contents.split(separator: "\n").filter { $0.unicodeScalars.count > 120 }.count
                    var inMultiLine = false
                    for line in contents.split(separator: "\n", omittingEmptySubsequences: false) {
                        lines += 1
                        let quotes = line.components(separatedBy: "\"\"\"").count - 1
                        defer { if quotes % 2 == 1 { inMultiLine.toggle() } }
                        guard line.unicodeScalars.count > SwiftLineWrapper.width, !inMultiLine, quotes == 0 else { continue }
                        longAfter += 1
                        XCTAssertEqual(
                            SwiftLineWrapper.wrapLine(Array(line.utf8)).count, 1,
                            "\(style.name) \(file.relativePath): a line over 120 columns that could be broken: \(line)")
                        // What is left: a generic argument list without a comma (or an element too long), a literal or
                        // a comment with a word too long to break.
                        XCTAssertTrue(
                            line.contains("<") || line.contains("\"") || line.contains("//"),
                            "\(style.name) \(file.relativePath): a long line left with nothing that holds it: \(line)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 40, "the generator must give accepted specs")
        XCTAssertGreaterThan(longBefore, 100, "the unwrapped output must have long lines, or this proves little")
        print("line width: \(checked) random specs, \(lines) lines; \(longBefore) over 120 columns unwrapped, "
            + "\(longAfter) still over it that cannot be broken")
    }

    /// The code without whitespace, whole-line comments, multi-line delimiters and line continuations: what a wrap
    /// keeps.
    static func code(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        var joined = lines.joined(separator: "\n")
        for continuation in ["\\##\n", "\\#\n", "\\\n"] {
            joined = joined.replacingOccurrences(of: continuation, with: "")
        }
        joined = joined.replacingOccurrences(of: "\"\"\"", with: "\"")
        return String(joined.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
    }
}
