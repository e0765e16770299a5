import RepogenCore
import XCTest

/// One diagnostic is one short line, whatever value a spec makes it echo.
final class OneLineDiagnosticTests: XCTestCase {
    func assertOneShortLine(_ lines: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(lines.isEmpty, "no diagnostic", file: file, line: line)
        for text in lines {
            XCTAssertFalse(text.contains(where: \.isNewline), text, file: file, line: line)
            XCTAssertLessThan(text.count, 400, String(text.prefix(400)), file: file, line: line)
        }
    }

    func testAHugeUnknownKeyWithANewline() {
        let key = "first\nsecond" + String(repeating: "k", count: 100_000)
        let all = diagnostics(#"{"endpoints": [], "\#(key.replacingOccurrences(of: "\n", with: "\\n"))": 1}"#)
        assertOneShortLine(all)
        let lines = all.filter { $0.contains("unknown key") }
        XCTAssertEqual(lines.count, 1, "\(all)")
        XCTAssertTrue(lines[0].hasPrefix("Specs/store.json:1:19: error: unknown key 'first\\nsecond" + String(repeating: "k", count: 66)), lines[0])
        XCTAssertTrue(
            lines[0].hasSuffix(
                String(repeating: "k", count: 19)
                    + "' in the spec (valid keys: style, modelFiles, imports, externalTypes, servers, models, collections, defaults, endpoints)"),
            lines[0])
        XCTAssertTrue(lines[0].contains("k…(99915 characters)…k"), lines[0])
    }

    func testAHundredThousandDigitNumber() {
        let digits = "1" + String(repeating: "0", count: 99_999)
        let lines = diagnostics(spec(#""name": "a", "method": "GET", "path": "/a", "param": {"size": \#(digits)}"#))
        assertOneShortLine(lines)
        XCTAssertTrue(lines[0].contains("error: the number 1" + String(repeating: "0", count: 79) + "…(99900 characters)…"), lines[0])
        XCTAssertTrue(lines[0].hasSuffix(" of param 'size' of 'a' has more than 1000 digits, more than repogen writes as a literal"), lines[0])
    }

    func testAMegabyteNameInYAML() {
        let name = String(repeating: "n", count: 1_000_000)
        let lines = diagnostics("endpoints:\n  - name: a\n    method: GET\n    path: /a\n    \(name): 1\n", path: "Specs/store.yaml")
        assertOneShortLine(lines)
        XCTAssertTrue(lines[0].hasPrefix("Specs/store.yaml:5:5: error: unknown key 'nnn"), lines[0])
    }

    func testControlCharactersAreEscaped() {
        XCTAssertEqual(Diagnostic.oneLine("a\nb\tc\r\u{1B}[31m\u{0}\u{7F}\u{85}\u{2028}\u{2029}é"), #"a\nb\tc\r\u{1B}[31m\u{0}\u{7F}\u{85}\u{2028}\u{2029}é"#)
        XCTAssertEqual(Diagnostic.oneLine("unknown key 'respons'; did you mean 'response'?"), "unknown key 'respons'; did you mean 'response'?")
        let diagnostic = Diagnostic(.error, "bad 'x\ny'", at: SourceLocation(path: "a.json", line: 3, column: 7))
        XCTAssertEqual(diagnostic.description, #"a.json:3:7: error: bad 'x\ny'"#)
    }

    func testLongRunsAreShortenedAndShortOnesKept() {
        let run200 = String(repeating: "a", count: 198)  // with its quotes: 200
        XCTAssertEqual(Diagnostic.oneLine("x '\(run200)' y"), "x '\(run200)' y")
        let long = "'" + String(repeating: "b", count: 1_000) + "'"
        XCTAssertEqual(
            Diagnostic.oneLine("type \(long) is unknown"),
            "type '\(String(repeating: "b", count: 79))…(902 characters)…\(String(repeating: "b", count: 19))' is unknown")
        // Combining marks pile onto one Character; they are counted one by one.
        let zalgo = "a" + String(repeating: "\u{301}", count: 10_000)
        XCTAssertLessThan(Diagnostic.oneLine(zalgo).unicodeScalars.count, 200)
        // Many short words still make a short line.
        let words = String(repeating: "ab ", count: 100_000)
        XCTAssertLessThan(Diagnostic.oneLine(words).count, 2_000)
    }
}
