import RepogenCore
import XCTest

final class JSONSpecReaderTests: XCTestCase {
    func read(_ text: String) throws(Diagnostic) -> SpecNode {
        try JSONSpecReader.read(SpecFile(path: "t.json", text: text))
    }

    func error(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error.description
        }
    }

    func error(bytes: [UInt8]) -> String? {
        do {
            _ = try JSONSpecReader.read(SpecFile(path: "t.json", bytes: bytes))
            return nil
        } catch {
            return error.description
        }
    }

    func testReadsValuesWithOffsets() throws {
        let node = try read(#"{"a": [1, -2.5e3, true, false, null, "x\u00e9\n"]}"#)
        guard case .object(let members) = node.kind, case .array(let items) = members[0].value.kind else {
            return XCTFail("unexpected \(node)")
        }
        XCTAssertEqual(members[0].key, "a")
        XCTAssertEqual(members[0].keyOffset, 1)
        XCTAssertEqual(items.map(\.kind), [.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null, .string("xé\n")])
    }

    func testSurrogatePairs() throws {
        XCTAssertEqual(try read(#""\ud83d\ude00""#).kind, .string("😀"))
        XCTAssertEqual(error(#""\ud83d""#), "t.json:1:2: error: unpaired UTF-16 surrogate in '\\u' escape")
    }

    func testColumnsCountCharactersOnAKoreanLine() {
        XCTAssertEqual(error("{\n  \"이름\": tru\n}"), "t.json:2:9: error: invalid literal; expected 'true'")
    }

    func testSyntaxErrorsNameLineAndColumn() {
        XCTAssertEqual(error(""), "t.json:1:1: error: the file is empty; expected a JSON object")
        XCTAssertEqual(error("{\"a\": 1,}"), "t.json:1:9: error: unexpected character '}'; expected a key in double quotes")
        XCTAssertEqual(error("{\"a\" 1}"), "t.json:1:6: error: unexpected character '1'; expected ':' after key 'a'")
        XCTAssertEqual(error("{\"a\": [1 2]}"), "t.json:1:10: error: unexpected character '2'; expected ',' or ']'")
        XCTAssertEqual(error("{\"a\": \"abc"), "t.json:1:7: error: unterminated string; expected '\"'")
        XCTAssertEqual(error("{\"a\": 01}"), "t.json:1:7: error: invalid number: leading zeros are not allowed")
        XCTAssertEqual(error("{} x"), "t.json:1:4: error: unexpected character 'x' after the end of the JSON value")
        XCTAssertEqual(error("{\"a\": 1"), "t.json:1:8: error: unexpected end of file; expected ',' or '}'")
        XCTAssertEqual(error("{\"a\": \"\\q\"}"), "t.json:1:8: error: invalid escape sequence in a string")
        XCTAssertEqual(error("{\"a\": \"\t\"}"), "t.json:1:8: error: control character in a string; escape it (for example '\\n')")
    }

    func testDuplicateKeysAreAnError() {
        XCTAssertEqual(error("{\"a\": 1,\n \"a\": 2}"), "t.json:2:2: error: duplicate key 'a' (first used on line 1)")
    }

    func testInvalidUTF8AndByteOrderMark() throws {
        XCTAssertEqual(error(bytes: Array("{\"a\": \"".utf8) + [0xFF] + Array("\"}".utf8)), "t.json:1:8: error: invalid UTF-8 in a string")
        XCTAssertEqual(try JSONSpecReader.read(SpecFile(path: "t.json", bytes: [0xEF, 0xBB, 0xBF] + Array("{}".utf8))).kind, .object([]))
        XCTAssertEqual(error(bytes: [0]), "t.json:1:1: error: unexpected byte 0x00; expected a value")
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertEqual(error(deep), "t.json:1:257: error: nesting is deeper than 256 levels")
    }
}
