import Foundation
import RepogenCore
import RepogenTestSupport
import XCTest

/// The document dialect of the YAML reader (`YAMLSpecReader.read(_:dialect: .document)`), which reads OpenAPI
/// documents as tools and people write them: each construct it adds, where its nodes are, what it still refuses, and
/// that the spec dialect refuses the same text with its usual message.
final class YAMLDocumentReaderTests: XCTestCase {
    func read(_ text: String) throws(Diagnostic) -> SpecNode {
        try YAMLSpecReader.read(SpecFile(path: "t.yaml", text: text), dialect: .document)
    }

    /// The document as compact JSON, or the error as printed.
    func json(_ text: String) -> String {
        do {
            return try read(text).jsonText
        } catch {
            return error.description
        }
    }

    func error(_ text: String, dialect: YAMLDialect = .document) -> String? {
        error(bytes: Array(text.utf8), dialect: dialect)
    }

    func error(bytes: [UInt8], dialect: YAMLDialect = .document) -> String? {
        do {
            _ = try YAMLSpecReader.read(SpecFile(path: "t.yaml", bytes: bytes), dialect: dialect)
            return nil
        } catch {
            return error.description
        }
    }

    /// The error of the spec dialect, through the entry point it has always had.
    func specError(_ text: String) -> String? {
        do {
            _ = try YAMLSpecReader.read(SpecFile(path: "t.yaml", text: text))
            return nil
        } catch {
            return error.description
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

    /// The member with a key at a path, for its key's offset.
    func member(_ root: SpecNode, _ path: [Any], _ key: String) -> SpecMember? {
        guard case .object(let members)? = node(root, path)?.kind else { return nil }
        return members.first { $0.key == key }
    }

    /// `line:column` of an offset in the text.
    func location(_ offset: Int?, in text: String) -> String {
        guard let offset else { return "nil" }
        let location = SpecFile(path: "t.yaml", text: text).location(at: offset)
        return "\(location.line):\(location.column)"
    }

    // MARK: - Anchors, aliases and merge keys

    func testAnchorsAndAliasesOnScalarsAndCollections() throws {
        let text = """
            scalar: &s 42
            block: &b
              x: 1
              y: [a, b]
            list: &l
              - one
              - two
            flow: &f {k: v}
            items: [&i item, *i, *s]
            copies:
              - *b
              - *l
              - *f
            """
        XCTAssertEqual(
            json(text),
            #"{"scalar":42,"block":{"x":1,"y":["a","b"]},"list":["one","two"],"flow":{"k":"v"},"#
                + #""items":["item","item",42],"copies":[{"x":1,"y":["a","b"]},["one","two"],{"k":"v"}]}"#)
        // An alias is a copy of the anchored node, with its offsets.
        let root = try read(text)
        XCTAssertEqual(location(node(root, ["scalar"])?.offset, in: text), "1:12")
        XCTAssertEqual(location(node(root, ["block"])?.offset, in: text), "3:3")
        XCTAssertEqual(location(node(root, ["copies", 0])?.offset, in: text), "3:3")
        XCTAssertEqual(location(node(root, ["copies", 0, "y", 1])?.offset, in: text), "4:10")
        XCTAssertEqual(location(node(root, ["items", 0])?.offset, in: text), "9:12")
        XCTAssertEqual(location(node(root, ["items", 1])?.offset, in: text), "9:12")
        XCTAssertEqual(location(member(root, [], "copies")?.keyOffset, in: text), "10:1")
        // A later anchor of the same name replaces the earlier one; an anchor alone is on an empty node (null).
        XCTAssertEqual(json("a: &x 1\nb: &x 2\nc: *x\nd: &e\ne: *e\n"), #"{"a":1,"b":2,"c":2,"d":null,"e":null}"#)
        // An anchor on its own line before a sequence at the key's indentation, and with comments.
        XCTAssertEqual(json("k: &a # the list\n- x\nm: *a # again\n"), #"{"k":["x"],"m":["x"]}"#)
        // The spec dialect refuses them, as it always has.
        XCTAssertEqual(specError("a: &x 1\n"), "t.yaml:1:4: error: anchors and aliases are not supported")
        XCTAssertEqual(specError("a: [1, *x]\n"), "t.yaml:1:8: error: anchors and aliases are not supported")
        XCTAssertEqual(error("a: &x 1\n", dialect: .spec), "t.yaml:1:4: error: anchors and aliases are not supported")
    }

    func testPropertiesBeforeAKeyBelongToTheKey() throws {
        // As in YAML: `&k key: v` anchors the key, not the mapping; a key may be an alias of a scalar.
        XCTAssertEqual(json("- &k key: v\n- *k\n"), #"[{"key":"v"},"key"]"#)
        XCTAssertEqual(json("&a a: 1\n*a : 2\n"), "t.yaml:2:1: error: duplicate key 'a' (first used on line 1)")
        XCTAssertEqual(json("x: &n 200\ny: {*n : ok}\nz:\n  *n : fine\n"), #"{"x":200,"y":{"200":"ok"},"z":{"200":"fine"}}"#)
        XCTAssertEqual(json("!!str 200: ok\n&m !!str k: v\n"), #"{"200":"ok","k":"v"}"#)
        // Properties on a line of their own are the mapping's.
        XCTAssertEqual(json("a: &m\n  b: 1\nc: *m\n"), #"{"a":{"b":1},"c":{"b":1}}"#)
        XCTAssertEqual(error("x: &c [1]\n*c : 2\n"), "t.yaml:2:1: error: a key must be a string; this alias refers to an array")
    }

    func testMergeKeys() throws {
        let text = """
            defaults: &defaults
              timeout: 10
              retries: 1
              name: base
            extra: &extra
              retries: 5
              verbose: true
              name: extra
            service:
              name: api
              <<: [*defaults, *extra]
              port: 8080
              timeout: 30
            single:
              <<: *extra
            inline: {<<: {a: 1, b: 2}, b: 3}
            """
        // Explicit keys win wherever they are, an earlier merged mapping wins over a later one, and the merged
        // members go where `<<` is.
        XCTAssertEqual(
            json(text),
            #"{"defaults":{"timeout":10,"retries":1,"name":"base"},"#
                + #""extra":{"retries":5,"verbose":true,"name":"extra"},"#
                + #""service":{"name":"api","retries":1,"verbose":true,"port":8080,"timeout":30},"#
                + #""single":{"retries":5,"verbose":true,"name":"extra"},"inline":{"a":1,"b":3}}"#)
        let root = try read(text)
        // A merged member keeps its offsets in the anchored mapping.
        XCTAssertEqual(location(member(root, ["service"], "retries")?.keyOffset, in: text), "3:3")
        XCTAssertEqual(location(node(root, ["service", "verbose"])?.offset, in: text), "7:12")
        XCTAssertEqual(location(member(root, ["service"], "port")?.keyOffset, in: text), "12:3")
        XCTAssertEqual(
            error("a: &a [1]\nb:\n  <<: *a\n"),
            "t.yaml:3:3: error: the merge key '<<' needs a mapping, an alias of one, or a list of them")
        XCTAssertEqual(
            error("a: &a {x: 1}\nb: {<<: [*a, 2]}\n"),
            "t.yaml:2:5: error: the merge key '<<' needs a mapping, an alias of one, or a list of them")
        XCTAssertEqual(error("a: &a {x: 1}\nb:\n  <<: *a\n  <<: *a\n"), "t.yaml:4:3: error: duplicate key '<<' (first used on line 3)")
        // A quoted '<<' is an ordinary key, and so is '<<' in the spec dialect.
        XCTAssertEqual(json("a: &a {x: 1}\nb: {'<<': *a}\n"), #"{"a":{"x":1},"b":{"<<":{"x":1}}}"#)
        XCTAssertEqual(try YAMLSpecReader.read(SpecFile(path: "t.yaml", text: "<<: 1\n")).jsonText, #"{"<<":1}"#)
        XCTAssertEqual(specError("a: &a {x: 1}\nb:\n  <<: *a\n"), "t.yaml:1:4: error: anchors and aliases are not supported")
    }

    func testUndefinedAndRecursiveAliasesAreErrors() {
        XCTAssertEqual(
            error("a: *nope\n"), "t.yaml:1:4: error: undefined alias '*nope'; the anchor ('&nope') must come before its aliases")
        XCTAssertEqual(
            error("a: [*later]\nb: &later 1\n"),
            "t.yaml:1:5: error: undefined alias '*later'; the anchor ('&later') must come before its aliases")
        XCTAssertEqual(
            error("a: &a\n  b: [1, *a]\n"),
            "t.yaml:2:10: error: the alias '*a' is inside the node it refers to; recursive aliases are not supported")
        XCTAssertEqual(error("a: *\n"), "t.yaml:1:4: error: expected the alias's name after '*'")
        XCTAssertEqual(error("a: & x\n"), "t.yaml:1:4: error: expected the anchor's name after '&'")
        XCTAssertEqual(error("a: &x &y 1\n"), "t.yaml:1:7: error: a node can have only one anchor")
        XCTAssertEqual(error("a: &x 1\nb: &y *x\n"), "t.yaml:2:7: error: an alias cannot have an anchor or a tag")
        XCTAssertEqual(error("a: &x 1\nb: [!!str *x]\n"), "t.yaml:2:11: error: an alias cannot have an anchor or a tag")
    }

    func testAliasExpansionIsCapped() {
        // The billion laughs: ten times ten times … a small list, nine times over.
        var laughs = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            laughs += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        XCTAssertEqual(
            error(laughs),
            "t.yaml:6:45: error: aliases expand to more than 1000000 nodes; the document is too large once its aliases are expanded")
        // In block form too, and with merge keys.
        var block = "l0: &l0\n  x: lol\n  y: lol\n"
        for level in 1...30 {
            block += "l\(level): &l\(level)\n  a: *l\(level - 1)\n  b: *l\(level - 1)\n"
        }
        XCTAssertEqual(
            error(block),
            "t.yaml:54:6: error: aliases expand to more than 1000000 nodes; the document is too large once its aliases are expanded")
        // Under the cap, a document may alias a lot.
        XCTAssertNil(error(laughs.split(separator: "\n").prefix(5).joined(separator: "\n")))
        // Aliases count towards the nesting limit.
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        XCTAssertNil(error("a: &d " + deep + "\nb: " + String(repeating: "[", count: 50) + "*d" + String(repeating: "]", count: 50)))
        XCTAssertEqual(
            error("a: &d " + deep + "\nb: " + String(repeating: "[", count: 60) + "*d" + String(repeating: "]", count: 60)),
            "t.yaml:2:64: error: nesting is deeper than 256 levels")
    }

    // MARK: - Multi-line scalars

    func testMultiLinePlainScalars() throws {
        let text = """
            description: This operation returns
              the pets of the store,

              sorted by name. It ends #here, not at a#hash
            next: a: b is not here
            """
        XCTAssertEqual(error(text), "t.yaml:5:8: error: a plain value cannot contain ': '; put the value in quotes")
        let fine = """
            description: This operation returns
              the pets of the store,

               sorted by name. It ends at a#hash # this comment
            list:
            - first item
              continues - here
            -   second: item
                  on two lines
            flow: [one
              two, three,
              four

              five]
            key: {k: long
              value}
            """
        XCTAssertEqual(
            json(fine),
            #"{"description":"This operation returns the pets of the store,\nsorted by name. It ends at a#hash","#
                + #""list":["first item continues - here",{"second":"item on two lines"}],"#
                + #""flow":["one two","three","four\nfive"],"key":{"k":"long value"}}"#)
        let root = try read(fine)
        XCTAssertEqual(location(node(root, ["description"])?.offset, in: fine), "1:14")
        XCTAssertEqual(location(node(root, ["list", 1, "second"])?.offset, in: fine), "8:13")
        XCTAssertEqual(location(node(root, ["flow", 2])?.offset, in: fine), "12:3")
        // A continuation that is a `key: value` is a mapping indented too deep; after a comment nothing continues.
        XCTAssertEqual(error("a: b\n  c: d\n"), "t.yaml:2:3: error: unexpected indentation; expected a key at column 1")
        XCTAssertEqual(error("a: b # c\n  d\n"), "t.yaml:2:3: error: unexpected indentation; expected a key at column 1")
        XCTAssertEqual(error("- a\n  b: c\n"), "t.yaml:2:3: error: unexpected indentation; expected '- ' at column 1")
        // A line indented no deeper than the key is the next key; the text is always a string.
        XCTAssertEqual(json("a: 1\n  2\nb: true\n"), #"{"a":"1 2","b":true}"#)
        XCTAssertEqual(json("top\n  level\n"), #""top level""#)
        // The spec dialect refuses a value that continues.
        XCTAssertEqual(
            specError("description: a long\n  sentence\n"),
            "t.yaml:2:3: error: unexpected indentation; a value cannot continue on the next line (use '|' or '>' for multi-line text)")
        XCTAssertEqual(specError("a: [b\n  c]\n"), "t.yaml:2:3: error: expected ',' or ']'")
    }

    func testMultiLineQuotedScalars() throws {
        let text = #"""
            double: "folded
              over lines

              with an empty one, \
              a joined line,\t
              an escaped tab, and \
              \ an escaped space"
            single: 'it''s
                 folded too

              '
            flow: ["a
              b", 'c
              d']
            crlf: "x
              y"
            """#
        XCTAssertEqual(
            json(text),
            #"{"double":"folded over lines\nwith an empty one, a joined line,\t an escaped tab, and  an escaped space","#
                + #""single":"it's folded too\n","flow":["a b","c d"],"crlf":"x y"}"#)
        XCTAssertEqual(json(text.replacingOccurrences(of: "\n", with: "\r\n")), json(text))
        let root = try read(text)
        XCTAssertEqual(location(node(root, ["single"])?.offset, in: text), "8:9")
        XCTAssertEqual(location(node(root, ["flow", 1])?.offset, in: text), "13:7")
        XCTAssertEqual(location(member(root, [], "crlf")?.keyOffset, in: text), "15:1")
        // Blanks before a break go, also on the first line; a break before the closing quote is a space.
        XCTAssertEqual(json("a: \"  \n  x\"\nb: \"y\n\"\nc: \"z\n\n  \"\n"), #"{"a":" x","b":"y ","c":"z\n"}"#)
        // Unterminated: at the end of the file, or at a document marker.
        XCTAssertEqual(error("a: \"x\n  y\n"), "t.yaml:1:4: error: unterminated string; expected the closing quote")
        XCTAssertEqual(error("a: 'x\n---\n'\n"), "t.yaml:1:4: error: unterminated string; expected the closing quote")
        // A key still ends on its line.
        XCTAssertEqual(error("a: 1\n\"b\n  c\": 2\n"), "t.yaml:2:1: error: unterminated string; quoted values must end on the same line")
        // The spec dialect refuses them.
        XCTAssertEqual(
            specError("a: 'x\n  y'\n"), "t.yaml:1:4: error: unterminated string; quoted values must end on the same line")
        XCTAssertEqual(
            specError("a: \"x\\\n  y\"\n"), "t.yaml:1:4: error: unterminated string; quoted values must end on the same line")
    }

    // MARK: - Comments, tags, directives and markers

    func testCommentsWhereverYAMLAllowsThem() {
        let text = """
            # header
            %YAML 1.2 # version
            --- # start
            a: | # note
              text # not a comment
            b: >- # note
              folded
            c: [ # open
              1, # one
              # alone
              2 # two
            ] # close
            d: { # open
              k: v, # kv
              # alone
              l: w
            }
            e: &x # anchor
              f: 1 # f
            g: # empty
            h:
            # between
              - 1 # item
            ... # end
            # trailer
            """
        XCTAssertEqual(
            json(text), #"{"a":"text # not a comment\n","b":"folded","c":[1,2],"d":{"k":"v","l":"w"},"e":{"f":1},"g":null,"h":[1]}"#)
    }

    func testStandardTags() throws {
        let text = """
            str: !!str 123
            strTrue: !!str True
            strNull: !!str ~
            strEmpty: !!str
            int: !!int "12"
            intSigned: !!int +007
            float: !!float -1.5e3
            floatPlus: !!float +2
            bool: !!bool FALSE
            null: !!null
            nullTilde: !!null ~
            map: !!map {a: 1}
            seq: !!seq
              - 1
            verbatim: !<tag:yaml.org,2002:str> 5
            both: &t !!str 7
            again: *t
            flow: [!!str 1, !!int 2, !!str ]
            """
        XCTAssertEqual(
            json(text),
            #"{"str":"123","strTrue":"True","strNull":"~","strEmpty":"","int":12,"intSigned":7,"float":-1.5e3,"#
                + #""floatPlus":2,"bool":false,"null":null,"nullTilde":null,"map":{"a":1},"seq":[1],"verbatim":"5","#
                + #""both":"7","again":"7","flow":["1",2,""]}"#)
        XCTAssertEqual(location(node(try read(text), ["str"])?.offset, in: text), "1:12")
        XCTAssertEqual(
            error("a: !foo x\n"),
            "t.yaml:1:4: error: unsupported tag '!foo'; only YAML's standard tags are supported "
                + "(!!str, !!int, !!float, !!bool, !!null, !!map, !!seq)")
        XCTAssertEqual(
            error("a: [!!binary x]\n"),
            "t.yaml:1:5: error: unsupported tag '!!binary'; only YAML's standard tags are supported "
                + "(!!str, !!int, !!float, !!bool, !!null, !!map, !!seq)")
        XCTAssertEqual(error("a: !!int 0x1F\n"), "t.yaml:1:4: error: '0x1F' is not an integer (tag '!!int')")
        XCTAssertEqual(error("a: !!float .inf\n"), "t.yaml:1:4: error: '.inf' is not a number JSON can hold (tag '!!float')")
        XCTAssertEqual(error("a: !!bool yes\n"), "t.yaml:1:4: error: 'yes' is not true or false (tag '!!bool')")
        XCTAssertEqual(error("a: !!null x\n"), "t.yaml:1:4: error: 'x' is not null (tag '!!null')")
        XCTAssertEqual(error("a: !!str [1]\n"), "t.yaml:1:4: error: the tag '!!str' needs a scalar, not an array")
        XCTAssertEqual(error("a: !!map [1]\n"), "t.yaml:1:4: error: the tag '!!map' needs a mapping, not an array")
        XCTAssertEqual(error("a: !!seq\n"), "t.yaml:1:4: error: the tag '!!seq' needs a sequence, not null")
        XCTAssertEqual(error("a: !!str !!int 1\n"), "t.yaml:1:10: error: a node can have only one tag")
        XCTAssertEqual(specError("a: !!str 1\n"), "t.yaml:1:4: error: tags are not supported")
    }

    func testDirectivesAndDocumentMarkers() {
        XCTAssertEqual(json("%YAML 1.2\n---\na: 1\n"), #"{"a":1}"#)
        XCTAssertEqual(json("%YAML 1.1\n---\na: 1\n...\n"), #"{"a":1}"#)
        XCTAssertEqual(json("a: 1\n...\n# after\n...\n"), #"{"a":1}"#)
        XCTAssertEqual(json("- a\n..."), #"["a"]"#)
        XCTAssertEqual(error("%TAG ! tag:x,2000:\n---\na: 1\n"), "t.yaml:1:1: error: directive '%TAG' is not supported; only '%YAML 1.2' is")
        XCTAssertEqual(error("%YAML 2.0\n---\na: 1\n"), "t.yaml:1:7: error: unsupported YAML version; expected '%YAML 1.2' (or 1.1)")
        XCTAssertEqual(error("%YAML 1.2\na: 1\n"), "t.yaml:2:1: error: expected '---' after the directive")
        XCTAssertEqual(error("%YAML 1.2\n%YAML 1.2\n---\na: 1\n"), "t.yaml:2:1: error: a second '%YAML' directive (the first is on line 1)")
        // Still one document.
        XCTAssertEqual(error("a: 1\n...\nb: 2\n"), "t.yaml:3:1: error: multiple documents are not supported; keep one spec per file")
        XCTAssertEqual(error("a: 1\n...\n---\nb: 2\n"), "t.yaml:3:1: error: multiple documents are not supported; keep one spec per file")
        XCTAssertEqual(error("a: 1\n---\nb: 2\n"), "t.yaml:2:1: error: multiple documents are not supported; keep one spec per file")
        XCTAssertEqual(error("a: 1\n... x\n"), "t.yaml:2:5: error: unexpected text after '...'")
        XCTAssertEqual(error("---\n...\n"), "t.yaml:1:1: error: the file is empty; expected a mapping of keys")
        XCTAssertEqual(specError("%YAML 1.2\n---\na: 1\n"), "t.yaml:1:1: error: directives ('%…') are not supported")
        XCTAssertEqual(specError("a: 1\n...\n"), "t.yaml:2:1: error: multiple documents are not supported; keep one spec per file")
    }

    // MARK: - Collections and keys

    func testCompactSequencesAndIndentedItemMappings() throws {
        let text = """
            - - a
              - - b
                - c
            -   key: v
                other: w
            - -   deep: 1
                  deeper: 2
            """
        XCTAssertEqual(json(text), #"[["a",["b","c"]],{"key":"v","other":"w"},[{"deep":1,"deeper":2}]]"#)
        let root = try read(text)
        XCTAssertEqual(location(node(root, [0, 1, 1])?.offset, in: text), "3:7")
        XCTAssertEqual(location(member(root, [1], "other")?.keyOffset, in: text), "5:5")
        XCTAssertEqual(location(node(root, [2, 0, "deeper"])?.offset, in: text), "7:15")
    }

    func testFlowMappingEntries() throws {
        let text = #"a: {"k":1, 'q':[2], b: , c, "d"}"#
        XCTAssertEqual(json(text), #"{"a":{"k":1,"q":[2],"b":null,"c":null,"d":null}}"#)
        let root = try read(text)
        XCTAssertEqual(location(node(root, ["a", "k"])?.offset, in: text), "1:9")
        XCTAssertEqual(location(node(root, ["a", "c"])?.offset, in: text), "1:27")
        XCTAssertEqual(location(member(root, ["a"], "d")?.keyOffset, in: text), "1:29")
        XCTAssertEqual(json("a: {b}\n"), #"{"a":{"b":null}}"#)
        // `{id}/items` is still not a value.
        XCTAssertEqual(
            error("path: {id}/items\n"),
            #"t.yaml:1:11: error: unexpected text after the value; a value that starts with '{' is a mapping in YAML: if it is text, put it in quotes ("{id}/items")"#)
        XCTAssertEqual(
            specError("a: {b}\n"),
            #"t.yaml:1:4: error: '{b}' is a placeholder, but YAML reads an unquoted '{' as the start of a mapping: put it in quotes ("{b}")"#)
    }

    func testKeysOfOpenAPIDocuments() throws {
        let text = """
            paths:
              /pets/{petId}:
                get:
                  responses:
                    200:
                      description: OK
                    "404": {description: Not found}
                    default: {description: Error}
              /a b/[x]:
                x-key with spaces: 1
            """
        XCTAssertEqual(
            json(text),
            #"{"paths":{"/pets/{petId}":{"get":{"responses":{"200":{"description":"OK"},"404":{"description":"Not found"},"#
                + #""default":{"description":"Error"}}}},"/a b/[x]":{"x-key with spaces":1}}}"#)
        let root = try read(text)
        XCTAssertEqual(location(member(root, ["paths"], "/pets/{petId}")?.keyOffset, in: text), "2:3")
        XCTAssertEqual(location(member(root, ["paths", "/pets/{petId}", "get", "responses"], "404")?.keyOffset, in: text), "7:9")
    }

    func testPlainScalarTypingStaysConservative() {
        XCTAssertEqual(
            json("a: .inf\nb: -.Inf\nc: .nan\nd: 0x1F\ne: 0o17\nf: 1_000\ng: +1\nh: 007\ni: 1e3\nj: -0.5\nk: yes\nl: 2024-01-01\n"),
            #"{"a":".inf","b":"-.Inf","c":".nan","d":"0x1F","e":"0o17","f":"1_000","g":"+1","h":"007","i":1e3,"j":-0.5,"#
                + #""k":"yes","l":"2024-01-01"}"#)
    }

    // MARK: - Still errors

    func testWhatTheDocumentDialectStillRefuses() {
        XCTAssertEqual(error("a:\n\tb: 1\n"), "t.yaml:2:1: error: tabs are not allowed for indentation; use spaces")
        XCTAssertEqual(error("a: b\n\tc\n"), "t.yaml:2:1: error: tabs are not allowed for indentation; use spaces")
        XCTAssertEqual(error("? a\n: 1\n"), "t.yaml:1:1: error: complex keys ('? ') are not supported")
        XCTAssertEqual(error("a: {? b : c}\n"), "t.yaml:1:5: error: complex keys ('? ') are not supported")
        XCTAssertEqual(error("a: {[b]: 1}\n"), "t.yaml:1:5: error: complex keys are not supported; a key must be a string")
        XCTAssertEqual(error("a: 1\nb: 2\na: 3\n"), "t.yaml:3:1: error: duplicate key 'a' (first used on line 1)")
        XCTAssertEqual(error("a: {b: 1, 'b': 2}\n"), "t.yaml:1:11: error: duplicate key 'b' (first used on line 1)")
        XCTAssertEqual(error(bytes: Array("a: é".utf8) + [0xFF]), "t.yaml:1:5: error: invalid UTF-8")
        XCTAssertEqual(error("a: b\u{0}\n"), "t.yaml:1:5: error: NUL byte; a spec must be text")
        XCTAssertEqual(error("a: @x\n"), "t.yaml:1:4: error: '@' cannot start a plain value; put the value in quotes")
        XCTAssertEqual(error("a: b: c\n"), "t.yaml:1:5: error: a plain value cannot contain ': '; put the value in quotes")
        XCTAssertEqual(error("a: [1, 2\n"), "t.yaml:1:4: error: unterminated flow sequence; expected ']'")
        XCTAssertEqual(error(""), "t.yaml:1:1: error: the file is empty; expected a mapping of keys")
        // Nesting, in every form, as in the spec dialect.
        XCTAssertEqual(error("a: " + String(repeating: "[", count: 100_000)), "t.yaml:1:259: error: nesting is deeper than 256 levels")
        XCTAssertEqual(error(String(repeating: "- ", count: 100_000)), "t.yaml:1:513: error: nesting is deeper than 256 levels")
        XCTAssertEqual(error("a: " + String(repeating: "{b: &x ", count: 100_000)), "t.yaml:1:1789: error: nesting is deeper than 256 levels")
        var block = ""
        for depth in 0..<300 { block += String(repeating: " ", count: depth) + "k: !!map\n" }
        XCTAssertEqual(error(block), "t.yaml:257:257: error: nesting is deeper than 256 levels")
        // Properties on line after line are one node's: more than one anchor is an error, never a deep recursion.
        XCTAssertEqual(error("a: &x\n  &y\n  1\n"), "t.yaml:2:3: error: a node can have only one anchor")
        XCTAssertEqual(
            error("a: [\n" + String(repeating: "&x\n", count: 100_000) + "]"), "t.yaml:3:1: error: a node can have only one anchor")
    }

    /// The deepest nesting allowed parses with the document dialect too, with properties at every level.
    func testTheDeepestNestingAllowedParses() throws {
        var mappings = ""
        for depth in 0..<256 { mappings += String(repeating: " ", count: depth) + "k: &a\(depth)\n" }
        var items = ""
        for depth in 0..<128 { items += String(repeating: "  ", count: depth) + "- !!map\n" + String(repeating: "  ", count: depth + 1) + "k:\n" }
        let flow = String(repeating: "[&a ", count: 256) + String(repeating: "]", count: 256)
        for text in [mappings, items, flow] {
            XCTAssertNoThrow(try read(text), String(text.prefix(20)))
        }
        XCTAssertEqual(error("[" + flow + "]"), "t.yaml:1:1022: error: nesting is deeper than 256 levels")
    }

    // MARK: - A realistic document

    func testAPetstoreDocumentReadsLikeItsJSONForm() throws {
        let yaml = #"""
            %YAML 1.2
            ---
            # The petstore, as tools and people write it.
            openapi: 3.0.3
            info:
              title: Swagger Petstore
              version: 1.0.0
              description: This is a sample server Petstore server.
                It has several lines,

                and a paragraph.
              license: {name: MIT, url: 'https://opensource.org/licenses/MIT'}
            servers:
              - url: http://petstore.swagger.io/v1   # production
            paths:
              /pets:
                get:
                  summary: List all pets
                  operationId: listPets
                  tags: [pets]
                  parameters:
                    - name: limit
                      in: query
                      description: "How many items to return at one time \
                        (max 100)"
                      required: false
                      schema: {type: integer, format: int32, maximum: 100}
                  responses:
                    '200':
                      description: A paged array of pets
                      headers:
                        x-next:
                          description: 'A link to the next page
                            of responses'
                          schema: {type: string}
                      content:
                        application/json:
                          schema:
                            $ref: "#/components/schemas/Pets"
                    default: &error
                      description: unexpected error
                      content:
                        application/json:
                          schema: {"$ref":"#/components/schemas/Error"}
              /pets/{petId}:
                get:
                  summary: Info for a specific pet
                  operationId: showPetById
                  tags:
                  - pets
                  parameters:
                  -   name: petId
                      in: path
                      required: true
                      description: >-
                        The id of the pet
                        to retrieve
                      schema: !!map
                        type: string
                  responses:
                    200:
                      description: Expected response to a valid request
                      content:
                        application/json:
                          schema: {
                            $ref: '#/components/schemas/Pet'  # the pet
                          }
                    default: *error
            components:
              schemas:
                Base: &base
                  type: object
                  required: [id, name]
                Pet:
                  <<: *base
                  properties:
                    id: {type: integer, format: int64}
                    name: {type: string}
                    tag: {type: string, example: !!str 42}
                Pets:
                  type: array
                  maxItems: 100
                  items:
                    $ref: '#/components/schemas/Pet'
                Error:
                  <<: *base
                  required:
                    - code
                    - message
                  properties:
                    code: {type: integer, format: int32}
                    message: {type: string}
            ...
            """#
        let json = #"""
            {
              "openapi": "3.0.3",
              "info": {
                "title": "Swagger Petstore",
                "version": "1.0.0",
                "description": "This is a sample server Petstore server. It has several lines,\nand a paragraph.",
                "license": {"name": "MIT", "url": "https://opensource.org/licenses/MIT"}
              },
              "servers": [{"url": "http://petstore.swagger.io/v1"}],
              "paths": {
                "/pets": {
                  "get": {
                    "summary": "List all pets",
                    "operationId": "listPets",
                    "tags": ["pets"],
                    "parameters": [
                      {"name": "limit", "in": "query", "description": "How many items to return at one time (max 100)",
                       "required": false, "schema": {"type": "integer", "format": "int32", "maximum": 100}}
                    ],
                    "responses": {
                      "200": {
                        "description": "A paged array of pets",
                        "headers": {
                          "x-next": {"description": "A link to the next page of responses", "schema": {"type": "string"}}
                        },
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pets"}}}
                      },
                      "default": {
                        "description": "unexpected error",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
                      }
                    }
                  }
                },
                "/pets/{petId}": {
                  "get": {
                    "summary": "Info for a specific pet",
                    "operationId": "showPetById",
                    "tags": ["pets"],
                    "parameters": [
                      {"name": "petId", "in": "path", "required": true, "description": "The id of the pet to retrieve",
                       "schema": {"type": "string"}}
                    ],
                    "responses": {
                      "200": {
                        "description": "Expected response to a valid request",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}
                      },
                      "default": {
                        "description": "unexpected error",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
                      }
                    }
                  }
                }
              },
              "components": {
                "schemas": {
                  "Base": {"type": "object", "required": ["id", "name"]},
                  "Pet": {
                    "type": "object",
                    "required": ["id", "name"],
                    "properties": {
                      "id": {"type": "integer", "format": "int64"},
                      "name": {"type": "string"},
                      "tag": {"type": "string", "example": "42"}
                    }
                  },
                  "Pets": {"type": "array", "maxItems": 100, "items": {"$ref": "#/components/schemas/Pet"}},
                  "Error": {
                    "type": "object",
                    "required": ["code", "message"],
                    "properties": {
                      "code": {"type": "integer", "format": "int32"},
                      "message": {"type": "string"}
                    }
                  }
                }
              }
            }
            """#
        let document = try read(yaml)
        let expected = try JSONSpecReader.read(SpecFile(path: "petstore.json", text: json))
        XCTAssertEqual(document.jsonText, expected.jsonText)
        // Every node is where it is written (an alias where its anchor is).
        let get = ["paths", "/pets/{petId}", "get"] as [Any]
        XCTAssertEqual(location(node(document, ["info", "description"])?.offset, in: yaml), "8:16")
        XCTAssertEqual(location(node(document, get + ["operationId"])?.offset, in: yaml), "48:20")
        XCTAssertEqual(location(member(document, get + ["parameters", 0], "required")?.keyOffset, in: yaml), "54:11")
        XCTAssertEqual(location(node(document, get + ["parameters", 0, "description"])?.offset, in: yaml), "55:24")
        XCTAssertEqual(location(node(document, get + ["responses", "default"])?.offset, in: yaml), "41:11")
        XCTAssertEqual(location(node(document, get + ["responses", "200", "content", "application/json", "schema", "$ref"])?.offset, in: yaml), "66:23")
        XCTAssertEqual(location(node(document, ["components", "schemas", "Pet", "type"])?.offset, in: yaml), "72:13")
        XCTAssertEqual(location(node(document, ["components", "schemas", "Pet", "properties", "tag", "example"])?.offset, in: yaml), "79:44")
        // The spec dialect stops at the first construct outside its subset.
        XCTAssertEqual(specError(yaml), "t.yaml:1:1: error: directives ('%…') are not supported")
    }

    /// A document of 5,000 operations (some 5 MB, the size the importer must handle) reads, aliases and all.
    func testALargeDocumentReads() throws {
        var text = "openapi: 3.0.3\ncomponents:\n  responses:\n    Error: &error\n      description: unexpected error\npaths:\n"
        for index in 0..<5_000 {
            text += """
                  /items\(index)/{id}:
                    get:
                      operationId: getItem\(index)
                      summary: Gets an item, with a summary long enough
                        to go on over a second line
                      parameters:
                        - {name: id, in: path, required: true, schema: {type: integer, format: int64}}
                      responses:
                        '200':
                          description: "The item, \\
                            in one piece"
                          content:
                            application/json:
                              schema: {$ref: '#/components/schemas/Item'}
                        default: *error

                """
        }
        XCTAssertGreaterThan(text.utf8.count, 2_000_000)
        let root = try read(text)
        guard case .object(let paths)? = node(root, ["paths"])?.kind else { return XCTFail("no paths") }
        XCTAssertEqual(paths.count, 5_000)
        XCTAssertEqual(node(root, ["paths", "/items4999/{id}", "get", "responses", "default", "description"])?.kind, .string("unexpected error"))
        XCTAssertEqual(node(root, ["paths", "/items0/{id}", "get", "summary"])?.kind, .string("Gets an item, with a summary long enough to go on over a second line"))
    }

    /// The spec dialect through `read(_:)` and `read(_:dialect: .spec)` is the same reader.
    func testTheSpecDialectIsTheDefault() throws {
        let url = PackagePaths.url("Specs/user.yaml")
        let file = SpecFile(path: "Specs/user.yaml", bytes: [UInt8](try Data(contentsOf: url)))
        let spec = try YAMLSpecReader.read(file)
        XCTAssertEqual(try YAMLSpecReader.read(file, dialect: .spec), spec)
        // A spec is a document too, and reads the same.
        XCTAssertEqual(try YAMLSpecReader.read(file, dialect: .document), spec)
    }
}
