import RepogenMustache
import XCTest

/// Behaviour beyond the official spec: errors with positions, escaping modes, limits.
final class EngineTests: XCTestCase {
    func render(_ template: String, _ context: MustacheValue = [:], partials: [String: String] = [:]) throws -> String {
        try MustacheLibrary.render(template, context, partials: partials, escaping: .none)
    }

    func error(_ template: String, partials: [String: String] = [:]) -> MustacheError? {
        do {
            _ = try MustacheLibrary(templates: ["t": template].merging(partials) { $1 })
            return nil
        } catch {
            return error
        }
    }

    func testNoEscapingModeKeepsCodeIntact() throws {
        XCTAssertEqual(try render("{{code}}", ["code": "a < b && c > \"d\""]), "a < b && c > \"d\"")
        XCTAssertEqual(try MustacheLibrary.render("{{code}}", ["code": "<&>"]), "&lt;&amp;&gt;")
    }

    func testPartialIndentationSkipsEmptyLines() throws {
        let output = try render("{\n    {{>body}}\n}\n", ["x": "1"], partials: ["body": "let a = {{x}}\n\nlet b = 2\n"])
        XCTAssertEqual(output, "{\n    let a = 1\n\n    let b = 2\n}\n")
    }

    func testUnclosedSectionNamesItsPosition() {
        XCTAssertEqual(error("line one\n  {{#items}}\n"), MustacheError(templateName: "t", line: 2, column: 3, message: "unclosed section 'items'"))
    }

    func testMismatchedCloseTag() {
        XCTAssertEqual(
            error("{{#a}}\n{{/b}}"),
            MustacheError(templateName: "t", line: 2, column: 1, message: "closing tag 'b' does not match 'a'"))
        XCTAssertEqual(error("{{/a}}")?.message, "unexpected closing tag 'a'")
    }

    func testUnclosedTagAndBadNames() {
        XCTAssertEqual(error("é {{name")?.column, 3)
        XCTAssertEqual(error("{{}}")?.message, "empty tag name")
        XCTAssertEqual(error("{{a b}}")?.message, "invalid tag name 'a b'")
        XCTAssertEqual(error("{{a..b}}")?.message, "invalid tag name 'a..b'")
        XCTAssertEqual(error("{{=<% =}}")?.message, "invalid set-delimiter tag")
    }

    func testErrorDescriptionUsesCompilerFormat() {
        XCTAssertEqual(
            MustacheError(templateName: "Api.swift", line: 3, column: 5, message: "unclosed tag").description,
            "Api.swift:3:5: error: unclosed tag")
    }

    func testUnknownTemplateIsAnError() {
        XCTAssertThrowsError(try MustacheLibrary(templates: [:]).render("missing", .null)) { error in
            XCTAssertEqual((error as? MustacheError)?.message, "no template named 'missing'")
        }
    }

    func testDeepNestingIsRejectedNotCrashing() {
        let deep = String(repeating: "{{#a}}", count: 10_000) + String(repeating: "{{/a}}", count: 10_000)
        XCTAssertEqual(error(deep)?.message, "sections nested too deeply")
    }

    func testSelfIncludingPartialStopsWithAnError() {
        XCTAssertThrowsError(try render("{{>loop}}", partials: ["loop": "x{{>loop}}"])) { error in
            XCTAssertTrue((error as? MustacheError)?.message.hasPrefix("partials nested too deeply") ?? false)
        }
    }

    func testNumbersInterpolateWithoutNeedlessFractions() throws {
        XCTAssertEqual(try render("{{a}} {{b}} {{c}}", ["a": 85, "b": 1.5, "c": -0.25]), "85 1.5 -0.25")
    }
}

/// Rendering that reports (or, strictly, refuses) tags whose names the context does not have.
final class NameCheckTests: XCTestCase {
    let library = try! MustacheLibrary(
        templates: ["page": "{{title}} {{#items}}[{{name}}{{.}}{{missing}}]{{/items}}{{^absent}}!{{/absent}}{{a.b.c}}"],
        escaping: .none)

    func testMissingNamesAreReportedOncePerTagAndRenderAsNothing() throws {
        let context: MustacheValue = ["title": "T", "items": [["name": "x"], ["name": "y"]], "a": ["b": ["c": "deep"]]]
        let (text, missing) = try library.render("page", context, strict: false)
        XCTAssertEqual(text, "T [x][y]!deep")
        // `missing` is reported once although both items render it; `.` is always there.
        XCTAssertEqual(missing.map { "\($0.line):\($0.column) \($0.message)" }, [
            "1:35 no value named 'missing' to render here", "1:57 no value named 'absent' to render here",
        ])
    }

    func testStrictRenderingStopsAtTheFirstMissingName() {
        XCTAssertThrowsError(try library.render("page", ["title": "T", "items": [], "absent": false, "a": [:]], strict: true)) {
            let error = $0 as? MustacheError
            XCTAssertEqual(error?.message, "no value named 'a.b.c' to render here")
            XCTAssertEqual(error?.templateName, "page")
        }
        // Everything there: no error, and the plain render is unchanged.
        let full: MustacheValue = ["title": "T", "items": [], "absent": false, "a": ["b": ["c": 1]], "missing": ""]
        XCTAssertEqual(try library.render("page", full, strict: true).text, try library.render("page", full))
    }
}

final class MustacheDictionaryTests: XCTestCase {
    func render(_ template: String, _ context: MustacheValue) throws -> String {
        try MustacheLibrary.render(template, context, escaping: .none)
    }

    func testHashesSharingTheirNamesStayIndependent() throws {
        let keys = MustacheKeys(["a", "b"])
        var first = MustacheDictionary(keys: keys, values: ["1", "2"])
        let second = MustacheDictionary(keys: keys, values: ["3", "4"])
        first["c"] = "5"
        first["a"] = nil
        first["b"] = "6"
        XCTAssertEqual(first.names, ["b", "c"])
        XCTAssertEqual(second.names, ["a", "b"])
        XCTAssertEqual(try render("{{a}}{{b}}{{c}}", .dictionary(first)), "65")
        XCTAssertEqual(try render("{{a}}{{b}}{{c}}", .dictionary(second)), "34")
    }

    func testARepeatedNameHasItsLastValue() throws {
        let repeated: MustacheDictionary = ["a": "1", "b": "2", "a": "3"]
        XCTAssertEqual(repeated["a"], "3")
        XCTAssertEqual(try render("{{a}}", .dictionary(repeated)), "3")
        XCTAssertEqual(try render("{{a}}", .dictionary(MustacheDictionary(keys: MustacheKeys(["a", "a"]), values: ["1", "2"]))), "2")
    }

    func testNamesThatLookAlikeAreTold() throws {
        // Same length and first seven bytes (one signature), a prefix of another, empty, non-ASCII.
        let names = ["abcdefgh1", "abcdefgh2", "abcdefgh", "abc", "", "ÿ", "é", "e\u{301}"]
        let hash = MustacheDictionary(keys: MustacheKeys(names), values: names.indices.map { .number(Double($0)) })
        for (index, name) in names.enumerated() {
            XCTAssertEqual(hash[name], .number(Double(index)), name)
        }
        XCTAssertNil(hash["abcdefgh3"])
        XCTAssertNil(hash["ab"])
        XCTAssertEqual(try render("{{abcdefgh2}} {{abcdefgh1}} {{abcdefgh}} {{é}}", .dictionary(hash)), "1 0 2 6")
    }

    func testEveryNameOfALargeHashIsFoundAndNoOther() {
        // More names than the mask has bits: every bit is set, and lookups still compare names.
        let names = (0..<300).map { "name\($0)" }
        let hash = MustacheDictionary(keys: MustacheKeys(names), values: names.map { .string($0) })
        for name in names { XCTAssertEqual(hash[name], .string(name)) }
        for missing in ["name300", "name", "nam", "name-1"] { XCTAssertNil(hash[missing], missing) }
    }
}

final class RenderedTextTests: XCTestCase {
    func testRenderedBytesAreTheRenderedString() throws {
        // Past the first block the renderer allocates (4,096 bytes), with text that is not ASCII.
        let library = try MustacheLibrary(templates: ["t": "{{#items}}é {{.}}\n{{/items}}"], escaping: .none)
        let context: MustacheValue = .dictionary(["items": .array((0..<2_000).map { .string("item \($0)") })])
        let rendered = try library.renderText("t", context, strict: true).text
        let expected = (0..<2_000).map { "é item \($0)\n" }.joined()
        XCTAssertEqual(rendered.string, expected)
        XCTAssertEqual(rendered.count, expected.utf8.count)
        XCTAssertEqual(rendered.withUnsafeBytes { Array($0) }, Array(expected.utf8))
        XCTAssertEqual(try library.render("t", context), expected)
        let empty = try MustacheLibrary(templates: ["t": "{{#no}}x{{/no}}"]).renderText("t", [:], strict: false).text
        XCTAssertEqual(empty.count, 0)
        XCTAssertEqual(empty.string, "")
    }
}
