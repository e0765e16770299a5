import Foundation
import RepogenCore
import RepogenTestSupport
import XCTest

/// The line wrapper of generated Swift (`SwiftLineWrapper`): where it breaks, what it leaves alone, and the
/// properties every wrap keeps (idempotence, no line over the width where a break exists, the code's tokens).
/// That a split literal is the same string is proved by compiling it (`LineWrapCompileTests`).
final class SwiftLineWrapperTests: XCTestCase {
    func wrap(_ text: String, width: Int = 120, splitLiterals: Bool = true) -> String {
        // A first line, as every generated file has (repogen's header, never wrapped).
        let wrapped = SwiftLineWrapper.wrap("// header\n" + text, width: width, splitLiterals: splitLiterals)
        XCTAssertTrue(wrapped.hasPrefix("// header\n"))
        return String(wrapped.dropFirst("// header\n".count))
    }

    func testAParameterListGoesOneParameterALineWithoutATrailingComma() {
        let line = "    public func fetchStoreReviews(storeId: Int, cursor: CursorInput, filters: [String: String]?, "
            + "completion: @escaping @Sendable (Result<[Review], NetworkError>) -> Void) -> RequestHandle {"
        XCTAssertEqual(wrap(line), """
                public func fetchStoreReviews(
                    storeId: Int,
                    cursor: CursorInput,
                    filters: [String: String]?,
                    completion: @escaping @Sendable (Result<[Review], NetworkError>) -> Void
                ) -> RequestHandle {
            """)
    }

    func testAShortLineAndAFileWithoutLongLinesStayAsTheyAre() {
        let text = "func f(a: Int, b: Int) {}\n    let x = [1, 2, 3]\n"
        XCTAssertEqual(wrap(text), text)
        let bytes = Array(text.utf8)
        XCTAssertNil(bytes.withUnsafeBytes { SwiftLineWrapper.wrapped($0, width: 120, splitLiterals: true) })
    }

    func testTheGroupWithTheMostContentIsBrokenAndTheRestWrappedAgain() {
        let line = "        await self.cache.update(CacheKey(endpoint: \"fetchMovie\", requestType: MovieApi.fetchMovie(id: movie.id)), "
            + "with: response.value, timeToLive: nil)"
        XCTAssertEqual(wrap(line), """
                    await self.cache.update(
                        CacheKey(endpoint: "fetchMovie", requestType: MovieApi.fetchMovie(id: movie.id)),
                        with: response.value,
                        timeToLive: nil
                    )
            """)
        // Narrower: the element is broken in its turn, 4 columns further in.
        XCTAssertEqual(wrap(line, width: 60), """
                    await self.cache.update(
                        CacheKey(
                            endpoint: "fetchMovie",
                            requestType: MovieApi.fetchMovie(
                                id: movie.id
                            )
                        ),
                        with: response.value,
                        timeToLive: nil
                    )
            """)
    }

    func testAGenericArgumentListIsBrokenLastLikeAGroup() {
        // No group outside the list: the list is broken, `>` and the rest of the line at the line's indentation.
        let mock = "    public let fetchStorePhotosMock = MockMethod<(storeId: Int, cursor: String?), "
            + "ContentsWithCursorResponse<StoreImageResponse>>("
        XCTAssertEqual(wrap(mock), """
                public let fetchStorePhotosMock = MockMethod<
                    (storeId: Int, cursor: String?),
                    ContentsWithCursorResponse<StoreImageResponse>
                >(
            """)
        // The group goes first; the line left with the list breaks it if it is still too long, and the rest of the
        // line after `>` is wrapped again.
        let call = "    public let fetchStoreReviewsMock = MockMethod<(storeId: Int, cursor: CursorInput, filters: [String: String]?), "
            + "ContentsWithCursorResponse<StoreReviewResponse>>(name: \"fetchStoreReviews\", file: #filePath, line: #line)"
        XCTAssertEqual(wrap(call), """
                public let fetchStoreReviewsMock = MockMethod<
                    (storeId: Int, cursor: CursorInput, filters: [String: String]?),
                    ContentsWithCursorResponse<StoreReviewResponse>
                >(
                    name: "fetchStoreReviews",
                    file: #filePath,
                    line: #line
                )
            """)
        // A group that brings the line under the width is enough: the list stays.
        let short = "    public let fetchMock = MockMethod<(Int, String), Page<Item>>(name: \"fetchStoreReviewsWithAVeryLongName\", "
            + "file: #filePath, line: #line)"
        XCTAssertEqual(wrap(short), """
                public let fetchMock = MockMethod<(Int, String), Page<Item>>(
                    name: "fetchStoreReviewsWithAVeryLongName",
                    file: #filePath,
                    line: #line
                )
            """)
        // In a type, with a trailing comment; narrower, a nested list is broken in its turn (on its own line, it is
        // not inside another any more).
        let type = "        var handlers: Dictionary<String, Result<ContentsWithCursorResponse<StoreReviewResponse>, NetworkError>>? "
            + "// by id, (newest) first"
        XCTAssertEqual(wrap(type), """
                    var handlers: Dictionary<
                        String,
                        Result<ContentsWithCursorResponse<StoreReviewResponse>, NetworkError>
                    >? // by id, (newest) first
            """)
        XCTAssertEqual(wrap(type, width: 60), """
                    var handlers: Dictionary<
                        String,
                        Result<
                            ContentsWithCursorResponse<StoreReviewResponse>,
                            NetworkError
                        >
                    >? // by id, (newest) first
            """)
        for (line, width) in [(mock, 120), (call, 120), (short, 120), (type, 120), (type, 60)] {
            let wrapped = wrap(line, width: width)
            XCTAssertEqual(tokens(wrapped), tokens(line))
            XCTAssertEqual(wrap(wrapped, width: width), wrapped, "not idempotent: \(line)")
        }
    }

    func testAGenericListWithoutACommaOrInAnAttributeStringOrCommentIsNotBroken() {
        for line in [
            // No comma: nothing to put on lines of their own.
            "    public let fetchAroundStoresMock = MockMethod<" + String(repeating: "Long", count: 20) + "Input>()",
            // An attribute's list.
            "    @Wrapped<ContentsWithCursorResponse<StoreReviewResponse>, ContentsWithCursorResponse<StoreImageResponse>> var x",
            // In a literal (not split here), in a comment.
            "    let description = \"MockMethod<(storeId: Int, cursor: String?), ContentsWithCursorResponse<StoreImageResponse>>\"",
            "    let x = 1 // MockMethod<(storeId: Int, cursor: String?), ContentsWithCursorResponse<StoreImageResponse>>(a, b)",
            "    let y = 2 /* MockMethod<(storeId: Int, cursor: String?), ContentsWithCursorResponse<StoreImageResponse>> */",
        ] {
            XCTAssertEqual(wrap(line, splitLiterals: false), line)
        }
        // Nor a list inside a group (the group is broken), nor the `<` of an operator.
        let nested = "        let handler = register(Dictionary<String, Result<ContentsWithCursorResponse<StoreReviewResponse>, "
            + "NetworkError>>.self)"
        XCTAssertEqual(wrap(nested), """
                    let handler = register(
                        Dictionary<String, Result<ContentsWithCursorResponse<StoreReviewResponse>, NetworkError>>.self
                    )
            """)
    }

    func testOperatorsAreNotBrackets() {
        // `<`, `>=` and `->` as operators: the commas between them are the call's.
        let operators = "        let ok = check(first < second, third >= fourth, fifth > sixth, { (value: Int) -> Bool in value < 3 }, "
            + "Dictionary<String, Array<Int>>())"
        XCTAssertEqual(wrap(operators), """
                    let ok = check(
                        first < second,
                        third >= fourth,
                        fifth > sixth,
                        { (value: Int) -> Bool in value < 3 },
                        Dictionary<String, Array<Int>>()
                    )
            """)
        // Compared, not a list, even with a comma after.
        let compared = "        let flags = (" + String(repeating: "a < b, ", count: 20) + "c > d)"
        XCTAssertFalse(wrap(compared).contains("<\n"))
    }

    func testStringLiteralsAreOneTokenWithTheirEscapesAndInterpolations() {
        let line = ##"        log("a, b (c", "\(value(a, b)) \"x, y\" \u{2C}", #"raw "quoted, (still)" \(not)"#, "\\", last, more, and, more, still)"##
        XCTAssertEqual(wrap(line), #"""
                    log(
                        "a, b (c",
                        "\(value(a, b)) \"x, y\" \u{2C}",
                        #"raw "quoted, (still)" \(not)"#,
                        "\\",
                        last,
                        more,
                        and,
                        more,
                        still
                    )
            """#)
    }

    func testCommentsAreNotCodeAndATrailingOneStaysAtTheEnd() {
        let line = "        call(first: one, second: /* not, (a) group */ two, third: three, fourth: four) // a, (trailing) comment, long enough"
        XCTAssertEqual(wrap(line), """
                    call(
                        first: one,
                        second: /* not, (a) group */ two,
                        third: three,
                        fourth: four
                    ) // a, (trailing) comment, long enough
            """)
    }

    func testMultiLineLiteralsAndBlockCommentsAcrossLinesStayAsTheyAre() {
        let long = String(repeating: "word, (x) ", count: 15)
        let text = "let a = \"\"\"\n    \(long)\n    f(\(long))\n    \"\"\"\n/* start\nf(\(long))\n*/\nlet b = #\"\"\"\nf(\(long))\n\"\"\"#\n"
        XCTAssertEqual(wrap(text), text)
    }

    func testDocCommentsAreReflowedWithTheirPrefixAndALongWordStays() {
        let text = "    /// The store's reviews, newest first, as the server returns them: pages of at most 20, each with a cursor for the next "
            + "page.\n    /// - Parameter filters: which reviews to return, by rating and by whether they have photos, as a dictionary of strings\n"
            + "    // \(String(repeating: "x", count: 130)) end\n"
        XCTAssertEqual(wrap(text), """
                /// The store's reviews, newest first, as the server returns them: pages of at most 20, each with a cursor for the
                /// next page.
                /// - Parameter filters: which reviews to return, by rating and by whether they have photos, as a dictionary of
                ///   strings
                // \(String(repeating: "x", count: 130))
                // end

            """)
        // Directives, Markdown code and repogen's header stay.
        let mark = "// MARK: " + String(repeating: "long ", count: 30)
        XCTAssertEqual(wrap(mark), mark)
        let code = "///     " + String(repeating: "code ", count: 30)
        XCTAssertEqual(wrap(code), code)
        let header = "// Generated by repogen 0.9.0 from " + String(repeating: "folder/", count: 20) + "spec.json. Do not edit."
        XCTAssertEqual(SwiftLineWrapper.wrap(header), header)
        let fenced = "/// ```\n/// " + String(repeating: "code(a, b) ", count: 15) + "\n/// ```\n"
        XCTAssertEqual(wrap(fenced), fenced)
    }

    func testALineThatCannotBeBrokenStaysAsItIs() {
        for line in [
            "let " + String(repeating: "x", count: 150) + " = 1",
            "f(" + String(repeating: "y", count: 150),  // not closed on the line
            "#if " + String(repeating: "DEBUG && ", count: 20) + "X",
            "let s = \"unterminated " + String(repeating: "z", count: 150),
            "`" + String(repeating: "q", count: 150),
        ] {
            XCTAssertEqual(wrap(line), line)
        }
    }

    func testALongLiteralBecomesAMultiLineLiteralWithContinuations() {
        let json = #"{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","name":"Kim","phoneNumber":"010-1234-5678"},"#
        let line = "        exampleJSON: #\"[" + json + json + "{}]\"#,"
        let wrapped = wrap(line)
        XCTAssertEqual(wrapped, """
                    exampleJSON: #\"\"\"
                    [{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","name":"Kim","phoneNumber":"010-1234-5678"},\\#
                    {"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","name":"Kim","phoneNumber":"010-1234-5678"},{}]
                    \"\"\"#,
            """)
        XCTAssertEqual(wrap(wrapped), wrapped)
        // Not split with `splitLiterals: false`, nor a short literal.
        XCTAssertEqual(wrap(line, splitLiterals: false), line)
        let short = String(repeating: "name", count: 28) + " = \"a short literal\""
        XCTAssertEqual(wrap(short), short)
    }

    func testALiteralIsSplitBetweenEscapesAndScalarsNeverInsideOne() {
        let content = String(repeating: #"ab\n\u{1F600}\(x + "(,)")\\\"한"#, count: 12)
        let line = "let s = \"" + content + "\""
        let wrapped = wrap(line, width: 40)
        let lines = wrapped.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.first, "let s = \"\"\"")
        XCTAssertEqual(lines.last, "\"\"\"")
        let pieces = lines.dropFirst().dropLast()
        XCTAssertGreaterThan(pieces.count, 3)
        // Joined without the continuations, the pieces are the content.
        let joined = pieces.enumerated().map { index, piece in
            index == pieces.count - 1 ? piece : String(piece.dropLast())
        }.joined()
        XCTAssertEqual(joined, content)
        for piece in pieces.dropLast() {
            let unit = piece.dropLast()
            // Each piece ends after a whole unit: not inside `\u{…}`, `\( … )`, or an escape (`\\` is one).
            XCTAssertEqual(unit.reversed().prefix { $0 == "\\" }.count % 2, 0, piece)
            XCTAssertEqual(unit.filter { $0 == "(" }.count, unit.filter { $0 == ")" }.count, piece)
            XCTAssertEqual(unit.filter { $0 == "{" }.count, unit.filter { $0 == "}" }.count, piece)
        }
    }

    // MARK: Properties

    /// Random lines of Swift-like code: calls, arrays, generic types, closures, operators, literals, comments.
    struct CodeGenerator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        mutating func expression(_ depth: Int) -> String {
            switch depth > 3 ? next(4) : next(13) {
            case 0: return ["value", "self.cache", "x1", "response.value", "nil", "42", "\\.name"][next(7)]
            case 1: return "\"lit, (\(next(99)))\\(a(b, c)) \\\"q\\\"\""
            case 2: return "#\"raw \"x, y\" (\(next(9)))\"#"
            case 3: return "a < b"
            case 4, 5:
                let count = next(5)
                return "call\(next(9))(" + (0..<count).map { "label\($0): " + expression(depth + 1) }.joined(separator: ", ") + ")"
            case 6: return "[" + (0..<next(4)).map { _ in expression(depth + 1) }.joined(separator: ", ") + "]"
            case 7: return "Result<[Item\(next(5))], Error>.self"
            case 8: return "{ (a: Int, b: Int) -> Bool in " + expression(depth + 1) + " }"
            case 9: return "make(" + expression(depth + 1) + ") { x in " + expression(depth + 1) + " }"
            case 10: return "try? Dictionary<String, Array<Int>>(" + expression(depth + 1) + ")"
            case 11: return "MockMethod<(id: Int, cursor: String?, filters: [String: Int]?), Page<Item\(next(5))>>(" + expression(depth + 1) + ")"
            default: return "f(/* c, (d) */ " + expression(depth + 1) + ", y >= z)"
            }
        }
        mutating func line() -> String {
            let indent = String(repeating: "    ", count: next(4))
            let comment = next(5) == 0 ? " // trailing, (comment)" : ""
            return indent + "let v\(next(100)) = " + expression(0) + comment
        }
    }

    /// The code without whitespace: what a wrap must keep.
    func tokens(_ text: String) -> String {
        String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
    }

    func testWrappingKeepsTheTokensIsIdempotentAndLeavesNoBreakableLineTooLong() {
        var generator = CodeGenerator(state: 20_261_125)
        var wrappedLines = 0
        for _ in 0..<3000 {
            let line = generator.line()
            for width in [120, 60] {
                let wrapped = wrap(line, width: width, splitLiterals: false)
                XCTAssertEqual(tokens(wrapped), tokens(line), line)
                XCTAssertEqual(wrap(wrapped, width: width, splitLiterals: false), wrapped, "not idempotent: \(line)")
                for piece in wrapped.split(separator: "\n") where piece.unicodeScalars.count > width {
                    // Over the width only when nothing can break it.
                    XCTAssertEqual(SwiftLineWrapper.wrapLine(Array(piece.utf8), width: width, splitLiterals: false).count, 1)
                }
                if wrapped != line { wrappedLines += 1 }
                // With literals split too: idempotent, and every line fits or cannot be broken.
                let split = wrap(line, width: width)
                XCTAssertEqual(wrap(split, width: width), split, "not idempotent: \(line)")
            }
        }
        XCTAssertGreaterThan(wrappedLines, 1000, "the generator must give lines to wrap")
    }

    /// The golden output wrapped narrower still: the same tokens, idempotent.
    func testTheGoldenOutputWrappedAt60KeepsItsTokens() throws {
        let root = PackagePaths.root
        let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent("Generated").path)
        var files = 0
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: root.appendingPathComponent("Generated/" + path), encoding: .utf8)
            let wrapped = SwiftLineWrapper.wrap(text, width: 60, splitLiterals: false)
            // Re-flowed comments aside (whole-line comments), the tokens are the same.
            func code(_ text: String) -> String {
                tokens(text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n"))
            }
            XCTAssertEqual(code(wrapped), code(text), path)
            XCTAssertEqual(SwiftLineWrapper.wrap(wrapped, width: 60, splitLiterals: false), wrapped, path)
            files += 1
        }
        XCTAssertGreaterThan(files, 20)
    }
}
