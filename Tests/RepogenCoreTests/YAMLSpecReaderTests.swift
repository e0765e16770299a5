import Foundation
import RepogenCore
import RepogenTestSupport
import XCTest

/// The YAML-like reader: the same tree as the JSON reader, exact positions, and a clear error at the exact place for
/// anything outside the subset.
final class YAMLSpecReaderTests: XCTestCase {
    static let root = PackagePaths.root

    func read(_ text: String) throws(Diagnostic) -> SpecNode {
        try YAMLSpecReader.read(SpecFile(path: "t.yaml", text: text))
    }

    func json(_ text: String) throws(Diagnostic) -> SpecNode {
        try JSONSpecReader.read(SpecFile(path: "t.json", text: text))
    }

    func error(_ text: String) -> String? {
        error(bytes: Array(text.utf8))
    }

    func error(bytes: [UInt8]) -> String? {
        do {
            _ = try YAMLSpecReader.read(SpecFile(path: "t.yaml", bytes: bytes))
            return nil
        } catch {
            return error.description
        }
    }

    /// The tree with every offset (of values and of keys) set to 0, to compare YAML with JSON.
    func stripped(_ node: SpecNode) -> SpecNode {
        switch node.kind {
        case .object(let members):
            return SpecNode(.object(members.map { SpecMember(key: $0.key, keyOffset: 0, value: stripped($0.value)) }), offset: 0)
        case .array(let items):
            return SpecNode(.array(items.map(stripped)), offset: 0)
        case .string, .number, .bool, .null:
            return SpecNode(node.kind, offset: 0)
        }
    }

    /// Asserts that the YAML text reads as the same tree as the JSON text, offsets aside.
    func assertSameTree(_ yaml: String, _ jsonText: String, file: StaticString = #filePath, line: UInt = #line) {
        do {
            let expected = try json(jsonText)
            do {
                let actual = try read(yaml)
                XCTAssertEqual(stripped(actual), stripped(expected), file: file, line: line)
            } catch {
                XCTFail("YAML: \(error)", file: file, line: line)
            }
        } catch {
            XCTFail("JSON: \(error)", file: file, line: line)
        }
    }

    /// The value at a path of keys (strings) and indices (ints).
    func node(_ root: SpecNode, _ path: [Any]) -> SpecNode? {
        var current = root
        for step in path {
            switch (current.kind, step) {
            case (.object(let members), let key as String):
                guard let member = members.first(where: { $0.key == key }) else { return nil }
                current = member.value
            case (.array(let items), let index as Int):
                guard items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// `line:column` of an offset in the text.
    func location(_ offset: Int?, in text: String) -> String {
        guard let offset else { return "nil" }
        let location = SpecFile(path: "t.yaml", text: text).location(at: offset)
        return "\(location.line):\(location.column)"
    }

    // MARK: - The same tree as JSON

    func testARealisticSpecReadsLikeItsJSONForm() {
        let yaml = """
            # The Store domain.
            externalTypes: [ContentsWithCursorResponse]
            imports: []

            models:
              StoreResponse:
                description: A store, as the list shows it.
                fields:
                  storeId: Int
                  name: String
                  tags: "[String]"
                  openedAt: { type: Date?, json: opened_at }
              VisitType:
                description: |
                  Whether the store was there.
                  Its raw value is sent as is.
                enum:
                  - { name: exists, value: EXISTS }
                  - name: notExists
                    value: NOT_EXISTS

            endpoints:
            - name: fetchStores          # a sequence at the same indentation as its key
              method: GET
              path: /api/v4/stores
              inputs:
                - { name: cursor, type: String? }
                - name: size
                  type: Int
              param: {cursor: "{cursor}", size: "{size}", includeClosed: false, radius: 1.5e3, none: null}
              response: ContentsWithCursorResponse<StoreResponse>
            - name: saveStore
              method: { if: isDelete, then: DELETE, else: PUT }
              path: "/api/v1/stores/{storeId}/favorite"
              inputs: [{ name: storeId, type: Int }, { name: isDelete, type: Bool }]
              header:
                custom:
                  X-Nonce-Token: '{token}'
              example: ~
            - name: signout
              method: DELETE
              path: /api/v2/signout
            """
        let jsonText = """
            {
              "externalTypes": ["ContentsWithCursorResponse"],
              "imports": [],
              "models": {
                "StoreResponse": {
                  "description": "A store, as the list shows it.",
                  "fields": {"storeId": "Int", "name": "String", "tags": "[String]",
                             "openedAt": {"type": "Date?", "json": "opened_at"}}
                },
                "VisitType": {
                  "description": "Whether the store was there.\\nIts raw value is sent as is.\\n",
                  "enum": [{"name": "exists", "value": "EXISTS"}, {"name": "notExists", "value": "NOT_EXISTS"}]
                }
              },
              "endpoints": [
                {"name": "fetchStores", "method": "GET", "path": "/api/v4/stores",
                 "inputs": [{"name": "cursor", "type": "String?"}, {"name": "size", "type": "Int"}],
                 "param": {"cursor": "{cursor}", "size": "{size}", "includeClosed": false, "radius": 1.5e3, "none": null},
                 "response": "ContentsWithCursorResponse<StoreResponse>"},
                {"name": "saveStore", "method": {"if": "isDelete", "then": "DELETE", "else": "PUT"},
                 "path": "/api/v1/stores/{storeId}/favorite",
                 "inputs": [{"name": "storeId", "type": "Int"}, {"name": "isDelete", "type": "Bool"}],
                 "header": {"custom": {"X-Nonce-Token": "{token}"}},
                 "example": null},
                {"name": "signout", "method": "DELETE", "path": "/api/v2/signout"}
              ]
            }
            """
        assertSameTree(yaml, jsonText)
    }

    /// `Specs/user.yaml` is the YAML form of the JSON kept in `Tests/GoldenTests/Counterparts/user.json`, and the
    /// other specs of `Specs/` have YAML counterparts there: each pair must read as the same tree.
    func testTheExampleSpecsReadLikeTheirJSONForms() throws {
        let counterparts = Self.root.appendingPathComponent("Tests/GoldenTests/Counterparts")
        let pairs = [
            (Self.root.appendingPathComponent("Specs/user.yaml"), counterparts.appendingPathComponent("user.json")),
            (counterparts.appendingPathComponent("store.yaml"), Self.root.appendingPathComponent("Specs/store.json")),
            (counterparts.appendingPathComponent("escaping.yaml"), Self.root.appendingPathComponent("Specs/escaping.json")),
        ]
        for (yamlURL, jsonURL) in pairs {
            let yaml = try YAMLSpecReader.read(SpecFile(path: yamlURL.path, bytes: [UInt8](try Data(contentsOf: yamlURL))))
            let json = try JSONSpecReader.read(SpecFile(path: jsonURL.path, bytes: [UInt8](try Data(contentsOf: jsonURL))))
            XCTAssertEqual(stripped(yaml), stripped(json), yamlURL.lastPathComponent)
            XCTAssertEqual(yaml.jsonText, json.jsonText, yamlURL.lastPathComponent)
        }
    }

    func testTheUserSpecKeepsTheOrderOfItsEndpoints() throws {
        let url = Self.root.appendingPathComponent("Specs/user.yaml")
        let root = try YAMLSpecReader.read(SpecFile(path: "Specs/user.yaml", bytes: [UInt8](try Data(contentsOf: url))))
        guard case .array(let endpoints)? = node(root, ["endpoints"])?.kind else { return XCTFail("no endpoints") }
        XCTAssertEqual(
            endpoints.compactMap { node($0, ["name"])?.kind },
            [
                "fetchMyUser", "editNickname", "fetchMyPlaces", "deletePlace", "registerDevice", "signout", "signinDemo",
                "editUserSetting", "saveMyPlace", "refreshSession",
            ].map { .string($0) })
    }

    /// `body: form` reads alike from both formats, at the value's line and column.
    func testBodyIsReadWithItsPlaceInBothFormats() throws {
        let yaml = "endpoints:\n  - name: token\n    method: POST\n    path: /t\n    body: form\n"
        let jsonText = #"{"endpoints": [{"name": "token", "method": "POST", "path": "/t", "body": "form"}]}"#
        let fromYAML = decodeSpec(try read(yaml), file: SpecFile(path: "t.yaml", text: yaml))
        let fromJSON = decodeSpec(try json(jsonText), file: SpecFile(path: "t.json", text: jsonText))
        XCTAssertEqual(fromYAML.diagnostics, [])
        XCTAssertEqual(fromJSON.diagnostics, [])
        XCTAssertEqual(fromYAML.spec?.endpoints.first?.body?.value, "form")
        XCTAssertEqual(fromYAML.spec?.endpoints.first?.body?.location, SourceLocation(path: "t.yaml", line: 5, column: 11))
        XCTAssertEqual(fromJSON.spec?.endpoints.first?.body?.value, "form")
        XCTAssertEqual(fromJSON.spec?.endpoints.first?.body?.location, SourceLocation(path: "t.json", line: 1, column: 74))
    }

    // MARK: - Scalars

    func testPlainScalarsAreTypedLikeJSON() throws {
        let yaml = """
            t: true
            t2: True
            t3: TRUE
            f: false
            f2: False
            n: null
            n2: Null
            n3: NULL
            tilde: ~
            empty:
            zero: 0
            negativeZero: -0
            int: 42
            negative: -17
            big: 123456789012345678901234567890
            fraction: 3.25
            exponent: -1.5e3
            exponentSign: 2E+10
            leadingZero: 007
            trailingDot: 1.
            leadingDot: .5
            plus: +1
            hex: 0x1F
            infinity: .inf
            yes: yes
            no: off
            word: hello world
            path: /api/v1/stores/{storeId}
            type: ContentsWithCursorResponse<PlaceResponse>
            optional: String?
            url: http://example.com:8080/a
            hash: a#b
            brackets: a[0], {b}
            dash: -a
            question: ?a
            colon: :a
            unicode: 이름 café 😀
            """
        let expected = """
            {"t": true, "t2": true, "t3": true, "f": false, "f2": false, "n": null, "n2": null, "n3": null, "tilde": null,
             "empty": null, "zero": 0, "negativeZero": -0, "int": 42, "negative": -17,
             "big": 123456789012345678901234567890, "fraction": 3.25, "exponent": -1.5e3, "exponentSign": 2E+10,
             "leadingZero": "007", "trailingDot": "1.", "leadingDot": ".5", "plus": "+1", "hex": "0x1F", "infinity": ".inf",
             "yes": "yes", "no": "off", "word": "hello world", "path": "/api/v1/stores/{storeId}",
             "type": "ContentsWithCursorResponse<PlaceResponse>", "optional": "String?", "url": "http://example.com:8080/a",
             "hash": "a#b", "brackets": "a[0], {b}", "dash": "-a", "question": "?a", "colon": ":a",
             "unicode": "이름 café 😀"}
            """
        assertSameTree(yaml, expected)
        // Numbers keep their text exactly as written.
        XCTAssertEqual(node(try read("a: -1.50E+03"), ["a"])?.kind, .number("-1.50E+03"))
    }

    func testQuotedScalarsAreAlwaysStrings() {
        assertSameTree(
            #"a: "true"\#nb: 'null'\#nc: "42"\#nd: ''\#ne: ""\#nf: '~'\#ng: "a: b # c""#,
            #"{"a": "true", "b": "null", "c": "42", "d": "", "e": "", "f": "~", "g": "a: b # c"}"#)
    }

    func testSingleQuotedScalars() {
        assertSameTree(
            #"a: 'it''s'\#nb: '\n stays'\#nc: ''''\#nd: 'x "y" z'"#,
            #"{"a": "it's", "b": "\\n stays", "c": "'", "d": "x \"y\" z"}"#)
    }

    func testDoubleQuotedEscapes() throws {
        assertSameTree(
            #"a: "q\" b\\ s\/ n\n t\t r\r b\b f\f u\u00e9 pair\ud83d\ude00 nul\0""#,
            #"{"a": "q\" b\\ s/ n\n t\t r\r b\b f\f u\u00e9 pair\ud83d\ude00 nul\u0000"}"#)
        // YAML's escapes beyond JSON's.
        XCTAssertEqual(
            node(try read(#"a: "\e\a\v\x41\U0001F600\N\_\L\P\ x""#), ["a"])?.kind,
            .string("\u{1B}\u{07}\u{0B}A😀\u{85}\u{A0}\u{2028}\u{2029} x"))
        XCTAssertEqual(error(#"a: "\q""#), "t.yaml:1:5: error: invalid escape sequence in a string")
        XCTAssertEqual(error(#"a: "ab\u12""#), "t.yaml:1:7: error: invalid escape sequence in a string")
        XCTAssertEqual(error(#"a: "\ud83d""#), #"t.yaml:1:5: error: unpaired UTF-16 surrogate in '\u' escape"#)
        XCTAssertEqual(error(#"a: "\ud83d\u0041""#), #"t.yaml:1:5: error: unpaired UTF-16 surrogate in '\u' escape"#)
        XCTAssertEqual(error(#"a: "x\ude00""#), #"t.yaml:1:6: error: unpaired UTF-16 surrogate in '\u' escape"#)
        XCTAssertEqual(error(#"a: "\U00110000""#), "t.yaml:1:5: error: invalid escape sequence in a string")
    }

    func testKeysAreStrings() {
        assertSameTree(
            "1: a\ntrue: b\nnull: c\n\"quoted key\": d\n'single': e\nkey with spaces  : f\n\"\": g\nm: {2: x, false: y, ~: z, \"k\": w}",
            #"{"1": "a", "true": "b", "null": "c", "quoted key": "d", "single": "e", "key with spaces": "f", "": "g", "#
                + #""m": {"2": "x", "false": "y", "~": "z", "k": "w"}}"#)
    }

    // MARK: - Collections

    func testFlowCollections() {
        assertSameTree("a: []\nb: {}\nc: [1, two, \"three\", 'four', true, null, ~]", #"{"a": [], "b": {}, "c": [1, "two", "three", "four", true, null, null]}"#)
        assertSameTree("a: {k: v, k2: [1, 2], k3: {x: [y, {z: 0}]}}", #"{"a": {"k": "v", "k2": [1, 2], "k3": {"x": ["y", {"z": 0}]}}}"#)
        // Spanning lines, with comments, a trailing comma, and a missing value.
        assertSameTree(
            "a: [\n  1,   # one\n  two,\n# alone\n  [3, 4],\n]\nb: {\n  x: ,\n  y:\n    z,\n  w: }\nc: d",
            #"{"a": [1, "two", [3, 4]], "b": {"x": null, "y": "z", "w": null}, "c": "d"}"#)
        // Plain scalars in flow end at `,`, `]`, `}` and `: `; `:` inside a word stays.
        assertSameTree("a: [http://x:80/y, a b , c:d]", #"{"a": ["http://x:80/y", "a b", "c:d"]}"#)
        // JSON is a flow mapping.
        assertSameTree(#"{"a": [1, {"b": "c"}], "d": null}"#, #"{"a": [1, {"b": "c"}], "d": null}"#)
        assertSameTree("- [a, b]\n- {c: d}\n- [\n  e\n  ]", #"[["a", "b"], {"c": "d"}, ["e"]]"#)
    }

    func testBlockSequencesAndMappings() {
        // Sequences indented under their key and at the key's indentation; `- key: value` starts a mapping.
        assertSameTree(
            """
            indented:
              - a
              - b
            same:
            - a
            - key: v
              other: w
              nested:
              - x
              -   deep: 1
                  deeper: 2
            - - inner
              - inner2
            -
              late: 1
            - # comment
            -
            after: end
            """,
            #"{"indented": ["a", "b"], "same": ["a", {"key": "v", "other": "w", "nested": ["x", {"deep": 1, "deeper": 2}]}, "#
                + #"["inner", "inner2"], {"late": 1}, null, null], "after": "end"}"#)
        // A mapping in an item keeps its indentation; a key at the item's dash ends it.
        assertSameTree(
            "items:\n  - name: a\n    inputs:\n      - { name: id }\n  - name: b\nnext: 1",
            #"{"items": [{"name": "a", "inputs": [{"name": "id"}]}, {"name": "b"}], "next": 1}"#)
        // The whole document may be indented, or a sequence, or a scalar (the decoder reports the type).
        assertSameTree("  a: 1\n  b:\n    c: 2", #"{"a": 1, "b": {"c": 2}}"#)
        assertSameTree("- 1\n- 2", "[1, 2]")
        assertSameTree("hello", #""hello""#)
        assertSameTree("\"quoted\"  # comment", #""quoted""#)
        assertSameTree("[1, 2]", "[1, 2]")
    }

    func testMembersKeepTheirOrder() throws {
        guard case .object(let members) = try read("z: 1\na: 2\nm: {y: 3, b: 4}").kind else { return XCTFail("not a mapping") }
        XCTAssertEqual(members.map(\.key), ["z", "a", "m"])
        guard case .object(let inner) = members[2].value.kind else { return XCTFail("not a mapping") }
        XCTAssertEqual(inner.map(\.key), ["y", "b"])
    }

    // MARK: - Comments and block scalars

    func testComments() {
        assertSameTree(
            """
            # full line
              # indented full line
            a: 1 # after a value
            b: "x # y" # after a quoted value
            c: a#b
            d: e#f #g
            e: [x, y] # after a flow collection
            """,
            #"{"a": 1, "b": "x # y", "c": "a#b", "d": "e#f", "e": ["x", "y"]}"#)
        assertSameTree("a: # nothing\nb: # a block follows\n  c: 1\n#end", #"{"a": null, "b": {"c": 1}}"#)
        assertSameTree("a: [1, # one\n 2] # two\n", #"{"a": [1, 2]}"#)
        // After a quoted value or a flow collection, `#` needs a space before it, like everywhere.
        XCTAssertEqual(error("a: 'e'#f"), "t.yaml:1:7: error: unexpected text after the value")
        XCTAssertEqual(error("a: [e]#f"), "t.yaml:1:7: error: unexpected text after the value")
    }

    func testLiteralBlockScalars() {
        assertSameTree(
            "a: |\n  one\n    two\n\n  three # not a comment\n\nb: |-\n  x\n  y\n\nc: |+\n  y\n\n\nd: |\ne: |2\n    indented\n",
            #"{"a": "one\n  two\n\nthree # not a comment\n", "b": "x\ny", "c": "y\n\n\n", "d": "", "e": "  indented\n"}"#)
        // In sequence items and nested mappings, and at the end of the file without a line break.
        assertSameTree(
            "- |\n  first\n- key: |\n    second\n  other: 1\n- |-\n  last",
            #"["first\n", {"key": "second\n", "other": 1}, "last"]"#)
        // A comment after the header; lines indented less than the block end it.
        assertSameTree("a: | # header comment\n   x\n  # ends the block\nb: 1", #"{"a": "x\n", "b": 1}"#)
    }

    func testFoldedBlockScalars() {
        assertSameTree(
            "a: >\n  folded\n  text\n\n  next\n    more indented\n  back\nb: >-\n  x\n  y\n",
            #"{"a": "folded text\nnext\n  more indented\nback\n", "b": "x y"}"#)
    }

    func testBlockScalarEdgeCases() {
        // Without a line break at the end of the file, clipping adds none; keeping counts only the breaks there are.
        assertSameTree("a: |\n  x", #"{"a": "x"}"#)
        assertSameTree("a: |+\n  x\n\n", #"{"a": "x\n\n"}"#)
        assertSameTree("a: |+\n  x\n  ", #"{"a": "x\n"}"#)
        // A tab after the indentation is content, not an empty line.
        assertSameTree("a: |-\n  x\n  \ty\n", #"{"a": "x\n\ty"}"#)
        // Spaces beyond the indentation on an otherwise empty line are content.
        assertSameTree("a: |\n  x\n   \n  y\n", #"{"a": "x\n \ny\n"}"#)
        // Leading empty lines are kept; they may not be indented deeper than the first content line.
        assertSameTree("a: |\n\n  x\n", #"{"a": "\nx\n"}"#)
        XCTAssertEqual(error("a: >\n   \n  x\n"), "t.yaml:3:3: error: unexpected indentation; expected a key at column 1")
        // An empty block scalar, and one at the top level (its lines need at least one space).
        assertSameTree("a: |\nb: >\n", #"{"a": "", "b": ""}"#)
        assertSameTree("|\n text\n", #""text\n""#)
    }

    // MARK: - Positions

    func testPositionsOfKeysAndValues() throws {
        let text = """
            endpoints:
              - name: fetch
                path: "/a"
                tags: [x, 'y']
                param: {k: v}
                empty:
                description: |
                  text
            이름: 값
            """
        let root = try read(text)
        guard case .object(let top) = root.kind, case .object(let fields)? = node(root, ["endpoints", 0])?.kind else {
            return XCTFail("unexpected shape")
        }
        XCTAssertEqual(location(root.offset, in: text), "1:1")
        XCTAssertEqual(location(top[0].keyOffset, in: text), "1:1")
        XCTAssertEqual(location(node(root, ["endpoints"])?.offset, in: text), "2:3")
        XCTAssertEqual(location(node(root, ["endpoints", 0])?.offset, in: text), "2:5")
        XCTAssertEqual(fields.map { location($0.keyOffset, in: text) }, ["2:5", "3:5", "4:5", "5:5", "6:5", "7:5"])
        XCTAssertEqual(location(node(root, ["endpoints", 0, "name"])?.offset, in: text), "2:11")
        XCTAssertEqual(location(node(root, ["endpoints", 0, "path"])?.offset, in: text), "3:11")
        XCTAssertEqual(location(node(root, ["endpoints", 0, "tags"])?.offset, in: text), "4:11")
        XCTAssertEqual(location(node(root, ["endpoints", 0, "tags", 1])?.offset, in: text), "4:15")
        XCTAssertEqual(location(node(root, ["endpoints", 0, "param", "k"])?.offset, in: text), "5:16")
        XCTAssertEqual(location(node(root, ["endpoints", 0, "empty"])?.offset, in: text), "6:11")
        XCTAssertEqual(location(node(root, ["endpoints", 0, "description"])?.offset, in: text), "7:18")
        // Columns count characters, not bytes.
        XCTAssertEqual(location(top[1].keyOffset, in: text), "9:1")
        XCTAssertEqual(location(node(root, ["이름"])?.offset, in: text), "9:5")
        XCTAssertEqual(error("이름: [값, }\n"), "t.yaml:1:9: error: unexpected '}'; put the value in quotes")
    }

    func testFlowMappingKeyPositions() throws {
        let text = "a: {first: 1, \"second\": 2}"
        guard case .object(let members)? = node(try read(text), ["a"])?.kind else { return XCTFail("not a mapping") }
        XCTAssertEqual(members.map { location($0.keyOffset, in: text) }, ["1:5", "1:15"])
    }

    // MARK: - Errors

    func testFeaturesOutsideTheSubsetAreErrors() {
        XCTAssertEqual(error("a:\n\tb: 1\n"), "t.yaml:2:1: error: tabs are not allowed for indentation; use spaces")
        XCTAssertEqual(error("a:\n  - 1\n  \t- 2\n"), "t.yaml:3:3: error: tabs are not allowed for indentation; use spaces")
        XCTAssertEqual(error("a: |\n\ttext\n"), "t.yaml:2:1: error: tabs are not allowed for indentation; use spaces")
        XCTAssertEqual(error("-\tname: a\n  type: b\n"), "t.yaml:1:2: error: tabs are not allowed for indentation; use spaces")
        // Tabs elsewhere are whitespace.
        assertSameTree("a:\tb\t# c\nc:\n-\tx\n\t\nd: [\t1,\t2]", #"{"a": "b", "c": ["x"], "d": [1, 2]}"#)
        XCTAssertEqual(error("a: &x 1\n"), "t.yaml:1:4: error: anchors and aliases are not supported")
        XCTAssertEqual(error("a: *x\n"), "t.yaml:1:4: error: anchors and aliases are not supported")
        XCTAssertEqual(error("- &x\n  a: 1\n"), "t.yaml:1:3: error: anchors and aliases are not supported")
        XCTAssertEqual(error("a: [1, *x]\n"), "t.yaml:1:8: error: anchors and aliases are not supported")
        XCTAssertEqual(error("&x a: 1\n"), "t.yaml:1:1: error: anchors and aliases are not supported")
        XCTAssertEqual(error("a: !!str 1\n"), "t.yaml:1:4: error: tags are not supported")
        XCTAssertEqual(error("a: !foo x\n"), "t.yaml:1:4: error: tags are not supported")
        XCTAssertEqual(error("a: {b: !t c}\n"), "t.yaml:1:8: error: tags are not supported")
        XCTAssertEqual(error("%YAML 1.2\n---\na: 1\n"), "t.yaml:1:1: error: directives ('%…') are not supported")
        XCTAssertEqual(error("? a\n: 1\n"), "t.yaml:1:1: error: complex keys ('? ') are not supported")
        XCTAssertEqual(error("a: ? b\n"), "t.yaml:1:4: error: complex keys ('? ') are not supported")
        XCTAssertEqual(error("a: {[b]: 1}\n"), "t.yaml:1:5: error: complex keys are not supported; a key must be a string")
    }

    func testDocumentMarkers() {
        assertSameTree("---\na: 1\n", #"{"a": 1}"#)
        assertSameTree("# header\n--- # the only document\na: 1\n", #"{"a": 1}"#)
        XCTAssertEqual(error("a: 1\n---\nb: 2\n"), "t.yaml:2:1: error: multiple documents are not supported; keep one spec per file")
        XCTAssertEqual(error("---\na: 1\n---\n"), "t.yaml:3:1: error: multiple documents are not supported; keep one spec per file")
        XCTAssertEqual(error("---\n---\na: 1\n"), "t.yaml:2:1: error: multiple documents are not supported; keep one spec per file")
        XCTAssertEqual(error("a: 1\n...\n"), "t.yaml:2:1: error: multiple documents are not supported; keep one spec per file")
        XCTAssertEqual(error("a:\n  - 1\n---\n"), "t.yaml:3:1: error: multiple documents are not supported; keep one spec per file")
        XCTAssertEqual(error("--- a: 1\n"), "t.yaml:1:5: error: put the document on the line after '---'")
        // Not markers: indented, or followed by more text.
        assertSameTree("a:\n  - ---x\n  - '---'\n", #"{"a": ["---x", "---"]}"#)
    }

    func testDuplicateKeysUseTheJSONReadersWording() {
        XCTAssertEqual(error("a: 1\nb: 2\na: 3\n"), "t.yaml:3:1: error: duplicate key 'a' (first used on line 1)")
        XCTAssertEqual(error("- x: 1\n  \"x\": 2\n"), "t.yaml:2:3: error: duplicate key 'x' (first used on line 1)")
        XCTAssertEqual(error("a: {b: 1,\n  b: 2}\n"), "t.yaml:2:3: error: duplicate key 'b' (first used on line 1)")
        XCTAssertEqual(error("a: {b: 1, 'b': 2}\n"), "t.yaml:1:11: error: duplicate key 'b' (first used on line 1)")
        do {
            _ = try json("{\"a\": 1,\n\"a\": 2}")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.message, "duplicate key 'a' (first used on line 1)")
        }
        // The same key in different mappings is fine.
        assertSameTree("- a: 1\n- a: 2\n", #"[{"a": 1}, {"a": 2}]"#)
    }

    func testBadIndentation() {
        XCTAssertEqual(error("a:\n  b: 1\n    c: 2\n"), "t.yaml:3:5: error: unexpected indentation; expected a key at column 3")
        XCTAssertEqual(error("a:\n    b: 1\n  c: 2\n"), "t.yaml:3:3: error: unexpected indentation; expected a key at column 1")
        XCTAssertEqual(error("a: x\n  b: 1\n"), "t.yaml:2:3: error: unexpected indentation; expected a key at column 1")
        XCTAssertEqual(error("a:\n  - 1\n    - 2\n"), "t.yaml:3:5: error: unexpected indentation; expected '- ' at column 3")
        XCTAssertEqual(error("a:\n  b: 1\n  - 2\n"), "t.yaml:3:3: error: expected a key at column 3, found a list item")
        XCTAssertEqual(error("- a\nb: 1\n"), "t.yaml:2:1: error: unexpected text at column 1; check the indentation")
        XCTAssertEqual(
            error("description: a long\n  sentence\n"),
            "t.yaml:2:3: error: unexpected indentation; a value cannot continue on the next line (use '|' or '>' for multi-line text)")
        XCTAssertEqual(
            error("- a long\n  sentence\n"),
            "t.yaml:2:3: error: unexpected indentation; a value cannot continue on the next line (use '|' or '>' for multi-line text)")
    }

    func testMalformedLinesAndValues() {
        XCTAssertEqual(error("a: 1\nb\n"), "t.yaml:2:1: error: expected 'key: value'")
        XCTAssertEqual(error("a: 1\nb:c\n"), "t.yaml:2:1: error: expected 'key: value' with a space after ':'")
        XCTAssertEqual(error("name:foo\nmethod: GET\n"), "t.yaml:1:1: error: expected 'key: value' with a space after ':'")
        XCTAssertEqual(error(": 1\n"), "t.yaml:1:1: error: expected a key before ':'")
        XCTAssertEqual(error("a: b: c\n"), "t.yaml:1:5: error: a plain value cannot contain ': '; put the value in quotes")
        XCTAssertEqual(error("a: - b\n"), "t.yaml:1:4: error: a list item ('- ') cannot start here; put it on a line of its own")
        XCTAssertEqual(error("a: \"x\" y\n"), "t.yaml:1:8: error: unexpected text after the value")
        XCTAssertEqual(error("a: [1] 2\n"), "t.yaml:1:8: error: unexpected text after the value")
        XCTAssertEqual(error("a: @x\n"), "t.yaml:1:4: error: '@' cannot start a plain value; put the value in quotes")
        XCTAssertEqual(error("a: [b,#c]\n"), "t.yaml:1:7: error: '#' cannot start a plain value; put the value in quotes")
        XCTAssertEqual(error("a: |x\n  text\n"), "t.yaml:1:5: error: invalid block scalar header; expected '|' or '>' with '-', '+' or a digit")
        XCTAssertEqual(error(""), "t.yaml:1:1: error: the file is empty; expected a mapping of keys")
        XCTAssertEqual(error("# only a comment\n\n   \n"), "t.yaml:1:1: error: the file is empty; expected a mapping of keys")
        XCTAssertEqual(error("---\n# nothing\n"), "t.yaml:1:1: error: the file is empty; expected a mapping of keys")
    }

    func testUnterminatedQuotesAndFlowCollections() {
        XCTAssertEqual(error("a: \"x\n"), "t.yaml:1:4: error: unterminated string; quoted values must end on the same line")
        XCTAssertEqual(error("a: 'x\n  y'\n"), "t.yaml:1:4: error: unterminated string; quoted values must end on the same line")
        XCTAssertEqual(error("a: \"x\\\"\n"), "t.yaml:1:4: error: unterminated string; quoted values must end on the same line")
        XCTAssertEqual(error("a: 1\n\"b: 2\n"), "t.yaml:2:1: error: unterminated string; quoted values must end on the same line")
        XCTAssertEqual(error("a: [1, 2\n"), "t.yaml:1:4: error: unterminated flow sequence; expected ']'")
        XCTAssertEqual(error("a: {b: [1]\n"), "t.yaml:1:4: error: unterminated flow mapping; expected '}'")
        // A flow collection may span lines, so a missing bracket shows where the next line does not fit.
        XCTAssertEqual(error("a: {b: [1]\nc: 2\n"), "t.yaml:2:1: error: expected ',' or '}'")
        XCTAssertEqual(error("a: [\"x\" y]\n"), "t.yaml:1:9: error: expected ',' or ']'")
        // A plain scalar may hold spaces: `1 c` is the value, then `: ` cannot follow it.
        XCTAssertEqual(error("a: {b: 1 c: 2}\n"), "t.yaml:1:11: error: expected ',' or '}'")
        // Text that starts with `{` (a path with a placeholder) is a mapping to YAML: the error says to quote it.
        XCTAssertEqual(
            error("a: {b}\n"),
            #"t.yaml:1:4: error: '{b}' is a placeholder, but YAML reads an unquoted '{' as the start of a mapping: put it in quotes ("{b}")"#)
        XCTAssertEqual(
            error("path: {id}/items # the item\n"),
            #"t.yaml:1:7: error: '{id}/items' is a placeholder, but YAML reads an unquoted '{' as the start of a mapping: put it in quotes ("{id}/items")"#)
        // The same inside a flow mapping (where a line with ': ' in it used to get no hint), in a list, and with a
        // field path; `{'b'}` is a quoted key, no placeholder.
        XCTAssertEqual(
            error("param: { id: {id}, page: 1 }\n"),
            #"t.yaml:1:14: error: '{id}' is a placeholder, but YAML reads an unquoted '{' as the start of a mapping: put it in quotes ("{id}")"#)
        XCTAssertEqual(
            error("param: [{input.page}, { a: 1 }]\n"),
            #"t.yaml:1:9: error: '{input.page}' is a placeholder, but YAML reads an unquoted '{' as the start of a mapping: put it in quotes ("{input.page}")"#)
        XCTAssertEqual(error("a: {'b'}\n")?.contains("error: expected ':' after the key"), true)
        // A placeholder after text inside a flow collection: the whole value, to quote.
        XCTAssertEqual(
            error("e: { path: /items/{id}, method: GET }\n"),
            #"t.yaml:1:19: error: expected ',' or '}'; in a flow collection ('{…}', '[…]') an unquoted '{' starts a mapping: put a value with a placeholder in quotes ("/items/{id}")"#)
        XCTAssertEqual(
            error("e: [/items/{id}/x]\n"),
            #"t.yaml:1:12: error: expected ',' or ']'; in a flow collection ('{…}', '[…]') an unquoted '{' starts a mapping: put a value with a placeholder in quotes ("/items/{id}/x")"#)
        // Types: a dictionary type is a list holding a mapping; text after a list means the value was text.
        XCTAssertEqual(
            error("e: { type: [String: Int] }\n"),
            #"t.yaml:1:19: error: expected ',' or ']'; YAML reads [String: Int] unquoted as a list holding a mapping: if it is a type, put it in quotes ("[String: Int]")"#)
        XCTAssertEqual(
            error("response: [[String: Int]]?\n"),
            #"t.yaml:1:19: error: expected ',' or ']'; YAML reads [[String: Int]]? unquoted as a list holding a mapping: if it is a type, put it in quotes ("[[String: Int]]?")"#)
        XCTAssertEqual(
            error("response: [String]?\n"),
            #"t.yaml:1:19: error: unexpected text after the value; a value that starts with '[' is a list in YAML: if it is text or a type, put it in quotes ("[String]?")"#)
        XCTAssertEqual(
            error("path: {a: b}/x\n"),
            #"t.yaml:1:13: error: unexpected text after the value; a value that starts with '{' is a mapping in YAML: if it is text, put it in quotes ("{a: b}/x")"#)
        XCTAssertEqual(error("a: [x[0]]\n"), "t.yaml:1:6: error: expected ',' or ']'")
    }

    // MARK: - Limits and encodings

    func testDeepNestingIsAnErrorNotACrash() {
        // 256 levels are fine, like JSON; one more is an error, before recursing.
        let fine = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        XCTAssertNil(error(fine))
        XCTAssertEqual(error("[" + fine + "]"), "t.yaml:1:257: error: nesting is deeper than 256 levels")
        XCTAssertEqual(error("a: " + String(repeating: "[", count: 100_000)), "t.yaml:1:259: error: nesting is deeper than 256 levels")
        XCTAssertEqual(error("a: " + String(repeating: "{b: ", count: 100_000)), "t.yaml:1:1024: error: nesting is deeper than 256 levels")
        XCTAssertEqual(error(String(repeating: "- ", count: 100_000)), "t.yaml:1:513: error: nesting is deeper than 256 levels")
        var block = ""
        for depth in 0..<300 { block += String(repeating: " ", count: depth) + "k:\n" }
        XCTAssertEqual(error(block), "t.yaml:257:257: error: nesting is deeper than 256 levels")
    }

    /// The deepest nesting allowed parses, in every form.
    func testTheDeepestNestingAllowedParses() throws {
        let flowSequences = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        let flowMappings = String(repeating: "{a: ", count: 256) + String(repeating: "}", count: 256)
        var mappings = ""
        for depth in 0..<256 { mappings += String(repeating: " ", count: depth) + "k:\n" }
        // 128 lines of a list item holding a mapping: 256 levels.
        var itemsAndMappings = ""
        for depth in 0..<128 { itemsAndMappings += String(repeating: "  ", count: depth) + "- k:\n" }
        for text in [flowSequences, flowMappings, mappings, itemsAndMappings] {
            var node = try read(text)
            var levels = 0
            while true {
                if case .array(let items) = node.kind, let first = items.first {
                    node = first
                } else if case .object(let members) = node.kind, let first = members.first {
                    node = first.value
                } else {
                    break
                }
                levels += 1
            }
            XCTAssertEqual(levels, text == flowSequences ? 255 : 256, String(text.prefix(20)))
        }
        XCTAssertEqual(error(mappings + String(repeating: " ", count: 256) + "k:\n"), "t.yaml:257:257: error: nesting is deeper than 256 levels")
    }

    func testLongLinesStayLinear() {
        // A minified JSON-like line of many quoted values must not rescan the line for every value.
        let items = Array(repeating: #""value""#, count: 50_000).joined(separator: ",")
        XCTAssertNil(error("a: [" + items + "]"))
    }

    func testByteOrderMarkAndCRLF() throws {
        assertSameTree("\u{FEFF}a: 1\nb: 2\n", #"{"a": 1, "b": 2}"#)
        assertSameTree("\u{FEFF}---\r\nendpoints: [a, b]\r\nname: x\r\n", #"{"endpoints": ["a", "b"], "name": "x"}"#)
        assertSameTree(
            "a: \"q\"\r\nb: 'r'\r\nc: |\r\n  one\r\n  two\r\nd: >-\r\n  x\r\n  y\r\ne: [1,\r\n  2] # c\r\nf:\r\n  - g\r\n",
            #"{"a": "q", "b": "r", "c": "one\ntwo\n", "d": "x y", "e": [1, 2], "f": ["g"]}"#)
        XCTAssertEqual(error("\u{FEFF}"), "t.yaml:1:1: error: the file is empty; expected a mapping of keys")
        // A lone CR (old Mac line ends) would be a line break in YAML: an error, not a misread.
        XCTAssertEqual(
            error("a: 1\rb: 2\n"), "t.yaml:1:5: error: a carriage return (CR) without a line feed; end lines with LF or CRLF")
        let text = "a: 1\r\nb: [x, }\r\n"
        XCTAssertEqual(error(text), "t.yaml:2:8: error: unexpected '}'; put the value in quotes")
    }

    func testInvalidUTF8NULAndControlCharactersAreErrors() {
        XCTAssertEqual(error(bytes: Array("a: é".utf8) + [0xFF]), "t.yaml:1:5: error: invalid UTF-8")
        XCTAssertEqual(error(bytes: Array("a: 1\nb: caf".utf8) + [0xC3]), "t.yaml:2:7: error: invalid UTF-8")
        XCTAssertEqual(error(bytes: Array("a: 1\nb: caf".utf8) + [0xC3, 0x0A]), "t.yaml:2:7: error: invalid UTF-8")
        XCTAssertEqual(error(bytes: Array("a: ".utf8) + [0x80]), "t.yaml:1:4: error: invalid UTF-8")
        XCTAssertEqual(error(bytes: Array("a: ".utf8) + [0xC0, 0xAF]), "t.yaml:1:4: error: invalid UTF-8")
        XCTAssertEqual(error(bytes: Array("a: ".utf8) + [0xED, 0xA0, 0x80]), "t.yaml:1:4: error: invalid UTF-8")
        XCTAssertEqual(error(bytes: Array("a: ".utf8) + [0xF4, 0x90, 0x80, 0x80]), "t.yaml:1:4: error: invalid UTF-8")
        XCTAssertEqual(error(bytes: Array("# comment ".utf8) + [0xFE] + Array("\na: 1".utf8)), "t.yaml:1:11: error: invalid UTF-8")
        XCTAssertNil(error(bytes: Array("a: 😀 이름 é".utf8)))
        XCTAssertEqual(error("a: b\u{0}\n"), "t.yaml:1:5: error: NUL byte; a spec must be text")
        XCTAssertEqual(error(bytes: [0]), "t.yaml:1:1: error: NUL byte; a spec must be text")
        XCTAssertEqual(error("a: \u{1B}[1m\n"), "t.yaml:1:4: error: control character U+001B is not allowed")
    }
}

