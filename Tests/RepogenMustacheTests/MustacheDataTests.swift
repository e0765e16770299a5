@testable import RepogenMustache
import XCTest

/// Template data in flat tables (`MustacheData`): what goes in comes out, shared lists and hashes are stored once,
/// and a builder's halves joined with `absorb` render like one builder's work.
final class MustacheDataTests: XCTestCase {
    let sample: MustacheValue = [
        "title": "T & <b>", "count": 3, "ratio": -0.25, "on": true, "off": false, "nothing": .null,
        "items": [["name": "a"], ["name": "b", "extra": [1, 2]], []],
        "nested": ["deeper": ["deepest": "x"]],
    ]

    func testValueComesBackFromTheTables() {
        XCTAssertEqual(MustacheData(sample).value, sample)
        for value: MustacheValue in [.null, true, 0, "", [], [:], ["": ""], [[[]]]] {
            XCTAssertEqual(MustacheData(value).value, value)
        }
    }

    func testRenderingTheDataEqualsRenderingTheValue() throws {
        let library = try MustacheLibrary(
            templates: ["t": "{{title}}|{{{title}}}|{{count}} {{ratio}}|{{#items}}[{{name}}{{extra}}]{{/items}}|{{nested.deeper.deepest}}{{^off}}!{{/off}}{{#on}}+{{/on}}"])
        let fromValue = try library.renderText("t", sample, strict: false).text.string
        let fromData = try library.renderText("t", MustacheData(sample), strict: false).text.string
        XCTAssertEqual(fromValue, "T &amp; &lt;b&gt;|T & <b>|3 -0.25|[a][b1,2][]|x!+")
        XCTAssertEqual(fromData, fromValue)
    }

    func testCopiesOfOneListOrHashAreStoredOnce() {
        // 1,000 copies of 1,000 copies of a hash: a million paths, three distinct values (and the leaf's string).
        let leaf: MustacheValue = ["name": "x"]
        let row: MustacheValue = .array(Array(repeating: leaf, count: 1_000))
        let grid: MustacheValue = .array(Array(repeating: row, count: 1_000))
        var builder = MustacheDataBuilder()
        builder.push(grid)
        XCTAssertLessThan(builder.count, 10)
        let data = builder.finish()
        guard case .array(let rows) = data.value else { return XCTFail("not a list") }
        XCTAssertEqual(rows.count, 1_000)
        XCTAssertEqual(rows[999], row)
    }

    func testEqualButSeparateValuesAreNotConfused() {
        // Two lists with equal contents but their own storage, and two hashes with one storage but other names.
        let first: MustacheValue = ["a", "b"]
        let second: MustacheValue = .array(["a"] + ["b"])
        let keysA = MustacheKeys(["k"])
        let keysB = MustacheKeys(["j"])
        let values: [MustacheValue] = ["v"]
        let value: MustacheValue = [
            "first": first, "second": second,
            "hashA": .dictionary(MustacheDictionary(keys: keysA, values: values)),
            "hashB": .dictionary(MustacheDictionary(keys: keysB, values: values)),
        ]
        let back = MustacheData(value).value
        XCTAssertEqual(back, value)
        guard case .dictionary(let hash) = back else { return XCTFail("not a hash") }
        XCTAssertEqual(hash["hashA"], ["k": "v"])
        XCTAssertEqual(hash["hashB"], ["j": "v"])
    }

    func testPushExistingReusesAValue() throws {
        let keys = MustacheKeys(["name", "again"])
        var builder = MustacheDataBuilder()
        builder.push("shared")
        builder.push(existing: builder.top)
        builder.pushDictionary(keys)
        XCTAssertEqual(builder.count, 2)  // the string and the hash: the string is stored once
        let data = builder.finish()
        XCTAssertEqual(data.value, ["name": "shared", "again": "shared"])
    }

    func testAbsorbedHalvesEqualOneBuildersWork() throws {
        // Each half has hash shapes of its own and one in common; the second half's indices shift.
        let common = MustacheKeys(["name", "items"])
        let onlyFirst = MustacheKeys(["first"])
        let onlySecond = MustacheKeys(["second", "list"])
        func pushFirst(_ builder: inout MustacheDataBuilder) {
            builder.push("one")
            builder.push("x")
            builder.pushDictionary(onlyFirst)
            builder.pushArray(count: 1)
            builder.pushDictionary(common)
        }
        func pushSecond(_ builder: inout MustacheDataBuilder) {
            builder.push("two")
            builder.push("y")
            builder.push(Double(2))
            builder.push(true)
            builder.pushArray(count: 2)
            builder.pushDictionary(onlySecond)
            builder.pushArray(count: 1)
            builder.pushDictionary(common)
        }
        var whole = MustacheDataBuilder()
        pushFirst(&whole)
        pushSecond(&whole)
        whole.pushArray(count: 2)
        let expected = whole.finish().value

        var first = MustacheDataBuilder()
        pushFirst(&first)
        var second = MustacheDataBuilder()
        pushSecond(&second)
        let base = first.count
        XCTAssertEqual(first.absorb(&second), base)
        XCTAssertEqual(second.count, 0)
        first.pushArray(count: 2)
        let joined = first.finish().value
        XCTAssertEqual(joined, expected)
        XCTAssertEqual(joined, [
            ["name": "one", "items": [["first": "x"]]],
            ["name": "two", "items": [["second": "y", "list": [2, true]]]],
        ])
    }
}
