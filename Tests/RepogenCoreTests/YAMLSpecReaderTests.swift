import Foundation
import RepogenCore
import XCTest

/// The YAML-like reader: the same tree as JSON, exact positions, and a clear error for anything outside the subset.
final class YAMLSpecReaderTests: XCTestCase {
    func read(_ text: String) throws(Diagnostic) -> SpecNode {
        try YAMLSpecReader.read(SpecFile(path: "t.yaml", text: text))
    }

    func json(_ text: String) throws(Diagnostic) -> SpecNode {
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

    /// The tree without positions, to compare YAML with JSON.
    func shape(_ node: SpecNode) -> String {
        switch node.kind {
        case .object(let members): return "{" + members.map { "\($0.key):" + shape($0.value) }.joined(separator: ",") + "}"
        case .array(let items): return "[" + items.map(shape).joined(separator: ",") + "]"
        case .string(let text): return "s(\(text))"
        case .number(let text): return "n(\(text))"
        case .bool(let flag): return "b(\(flag))"
        case .null: return "null"
        }
    }

    func testBlockAndFlowFormsReadLikeJSON() throws {
        let yaml = """
            # comment
            endpoints:
            - name: a          # a sequence at the same indentation as its key
              inputs:
                - { name: id, type: Int }
                - name: q
                  type: "String?"
              param: {q: "{q}", size: 20, on: true, none: null, tilde: ~}
              tags: [x, 'it''s', "\\u00e9\\n", -1.5e3, 01, 1.]
            - name: b
              empty:
              list: []
            """
        let expected = """
            {"endpoints": [
              {"name": "a", "inputs": [{"name": "id", "type": "Int"}, {"name": "q", "type": "String?"}],
               "param": {"q": "{q}", "size": 20, "on": true, "none": null, "tilde": null},
               "tags": ["x", "it's", "é\\n", -1.5e3, "01", "1."]},
              {"name": "b", "empty": null, "list": []}
            ]}
            """
        XCTAssertEqual(shape(try read(yaml)), shape(try json(expected)))
    }

    func testBlockScalarsAndChomping() throws {
        let yaml = "a: |\n  one\n    two\n\n  three\n\nb: |-\n  x\nc: |+\n  y\n\nd: >\n  folded\n  text\n\n  next\ne: end\n"
        XCTAssertEqual(
            shape(try read(yaml)),
            "{a:s(one\n  two\n\nthree\n),b:s(x),c:s(y\n\n),d:s(folded text\nnext\n),e:s(end)}")
    }

    func testPositionsOfKeysAndValues() throws {
        let root = try read("endpoints:\n  - name: fetch\n    path: \"/a\"\n")
        guard case .object(let members) = root.kind, case .array(let items) = members[0].value.kind,
            case .object(let fields) = items[0].kind
        else { return XCTFail("unexpected shape") }
        let file = SpecFile(path: "t.yaml", text: "endpoints:\n  - name: fetch\n    path: \"/a\"\n")
        XCTAssertEqual(file.location(at: fields[0].keyOffset).description, "t.yaml:2:5")
        XCTAssertEqual(file.location(at: fields[0].value.offset).description, "t.yaml:2:11")
        XCTAssertEqual(file.location(at: fields[1].value.offset).description, "t.yaml:3:11")
    }

    func testByteOrderMarkCRLFAndDocumentStart() throws {
        let text = "\u{FEFF}---\r\nendpoints: [a, b]\r\nname: x\r\n"
        XCTAssertEqual(shape(try read(text)), "{endpoints:[s(a),s(b)],name:s(x)}")
    }

    func testFeaturesOutsideTheSubsetAreErrors() {
        XCTAssertEqual(error("a:\n\tb: 1\n"), "t.yaml:2:1: error: tabs are not allowed for indentation; use spaces")
        XCTAssertEqual(error("a: &x 1\n"), "t.yaml:1:4: error: anchors and aliases are not supported")
        XCTAssertEqual(error("a: *x\n"), "t.yaml:1:4: error: anchors and aliases are not supported")
        XCTAssertEqual(error("a: !!int 1\n"), "t.yaml:1:4: error: tags are not supported")
        XCTAssertEqual(error("a: 1\n---\nb: 2\n"), "t.yaml:2:1: error: multiple documents are not supported; keep one spec per file")
        XCTAssertEqual(error("a: 1\n...\n"), "t.yaml:2:1: error: multiple documents are not supported; keep one spec per file")
        XCTAssertEqual(error("%YAML 1.2\na: 1\n"), "t.yaml:1:1: error: directives ('%…') are not supported")
        XCTAssertEqual(error("? a\n: 1\n"), "t.yaml:1:1: error: complex keys ('? ') are not supported")
        XCTAssertEqual(error("a: 1\nb: 2\na: 3\n"), "t.yaml:3:1: error: duplicate key 'a' (first used on line 1)")
        XCTAssertEqual(error("a: {b: 1, b: 2}\n"), "t.yaml:1:11: error: duplicate key 'b' (first used on line 1)")
        XCTAssertEqual(error("a:\n  b: 1\n    c: 2\n"), "t.yaml:3:5: error: unexpected indentation; expected a key at column 3")
        XCTAssertEqual(error("a: \"x\n"), "t.yaml:1:4: error: unterminated string; quoted values must end on the same line")
        XCTAssertEqual(error("a: [1, 2\n"), "t.yaml:1:4: error: unterminated flow sequence; expected ']'")
        XCTAssertEqual(error("a: b: c\n"), "t.yaml:1:5: error: a plain value cannot contain ': '; put the value in quotes")
        XCTAssertEqual(error("a: 1\nb\n"), "t.yaml:2:1: error: expected 'key: value'")
        XCTAssertEqual(error(""), "t.yaml:1:1: error: the file is empty; expected a mapping of keys")
        XCTAssertEqual(error("a: \"\\q\"\n"), "t.yaml:1:5: error: invalid escape sequence in a string")
    }

    func testEncodingProblems() {
        XCTAssertEqual(
            try? YAMLSpecReader.read(SpecFile(path: "t.yaml", bytes: Array("a: caf".utf8) + [0xC3, 0x0A])).kind, nil)
        do {
            _ = try YAMLSpecReader.read(SpecFile(path: "t.yaml", bytes: Array("a: é".utf8) + [0xFF]))
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.description, "t.yaml:1:5: error: invalid UTF-8")
        }
        XCTAssertEqual(error("a: b\u{0}\n"), "t.yaml:1:5: error: NUL byte; a spec must be text")
    }

    func testDeepNestingIsAnErrorNotACrash() {
        XCTAssertEqual(
            error("a: " + String(repeating: "[", count: 100_000)), "t.yaml:1:259: error: nesting is deeper than 256 levels")
        var block = ""
        for depth in 0..<300 { block += String(repeating: " ", count: depth) + "k:\n" }
        XCTAssertEqual(error(block), "t.yaml:257:257: error: nesting is deeper than 256 levels")
    }
}
