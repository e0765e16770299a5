import RepogenMustache
import XCTest

/// The bound on the work of one render: templates that fan out or loop stop with an error at a tag,
/// while big real renders still succeed.
final class LimitTests: XCTestCase {
    /// `main` includes `p0`; each of `p0`...`p(count - 1)` includes the next twice; the last prints `x`.
    /// Only `count` deep, but it renders `2^count` times.
    func fanOut(_ count: Int, leaf: String = "x") throws -> MustacheLibrary {
        var templates = ["main": "{{>p0}}", "p\(count)": leaf]
        for index in 0..<count {
            templates["p\(index)"] = "{{>p\(index + 1)}}{{>p\(index + 1)}}"
        }
        return try MustacheLibrary(templates: templates, escaping: .none)
    }

    func renderError(
        _ library: MustacheLibrary, _ context: MustacheValue = [:], limits: RenderLimits = RenderLimits()
    ) -> MustacheError? {
        do {
            _ = try library.render("main", context, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    func stepsMessage(_ steps: Int) -> String {
        "rendering stopped: the template expands to more than \(steps) steps (do partials include each other in a loop or fan out?)"
    }

    func testFanOutOfPartialsStopsAtAPartialTag() throws {
        let error = renderError(try fanOut(40), limits: RenderLimits(maximumSteps: 10_000))
        XCTAssertEqual(error?.message, stepsMessage(10_000))
        // At the innermost partial tag being rendered: `{{>pN}}`, first or second on line 1 of some `p`.
        XCTAssertEqual(error?.templateName.hasPrefix("p"), true, "\(String(describing: error))")
        XCTAssertEqual(error?.line, 1)
        XCTAssertTrue([1, 8, 9].contains(error?.column ?? 0), "\(String(describing: error))")
    }

    func testDefaultBudgetStopsAFanOutOf2To40Renders() throws {
        // The leaf is 1,000 cheap text steps, so the default budget runs out after ~50,000 leaf renders rather
        // than ~50 million partial includes: the same check, a fraction of the time in a debug build.
        let leaf = String(repeating: "{{! c }}x\n", count: 500)
        XCTAssertEqual(renderError(try fanOut(40, leaf: leaf))?.message, stepsMessage(RenderLimits().maximumSteps))
    }

    func testSelfIncludingPartialIteratingListsStops() throws {
        // A tree only 6 deep (well within the include-depth limit), but each node has 1,000 children
        // (the same value, shared): 10^18 renders.
        var tree: MustacheValue = ["children": []]
        for _ in 0..<6 { tree = ["children": .array(Array(repeating: tree, count: 1_000))] }
        let library = try MustacheLibrary(
            templates: ["main": "{{>node}}", "node": "-{{#children}}{{>node}}{{/children}}"], escaping: .none)
        let error = renderError(library, tree, limits: RenderLimits(maximumSteps: 100_000))
        XCTAssertEqual(error?.message, stepsMessage(100_000))
        // At the section tag or the partial tag inside it, whichever was being rendered.
        XCTAssertEqual(error?.templateName, "node")
        XCTAssertEqual(error?.line, 1)
        XCTAssertTrue([2, 15].contains(error?.column ?? 0), "\(String(describing: error))")
    }

    func testSectionFanOutThroughPartialsStops() throws {
        // Ten partials, each iterating a list of 1,000 items and including the next per item: 1000^10 renders.
        var templates = ["main": "{{>p0}}", "p10": "x"]
        for index in 0..<10 { templates["p\(index)"] = "{{#items}}{{>p\(index + 1)}}{{/items}}" }
        let library = try MustacheLibrary(templates: templates, escaping: .none)
        let context: MustacheValue = ["items": .array(Array(repeating: true, count: 1_000))]
        XCTAssertEqual(
            renderError(library, context, limits: RenderLimits(maximumSteps: 100_000))?.message, stepsMessage(100_000))
    }

    func testSectionOverALongListStopsAtTheSectionTag() throws {
        let library = try MustacheLibrary(templates: ["main": "items:\n  {{#items}}{{.}},{{/items}}\n"], escaping: .none)
        let context: MustacheValue = ["items": .array((0..<100).map { .number(Double($0)) })]
        XCTAssertEqual(
            renderError(library, context, limits: RenderLimits(maximumSteps: 50)),
            MustacheError(templateName: "main", line: 2, column: 3, message: stepsMessage(50)))
    }

    func testOutputSizeIsBounded() throws {
        let library = try MustacheLibrary(templates: ["main": "{{#items}}0123456789{{/items}}"], escaping: .none)
        let context: MustacheValue = ["items": .array(Array(repeating: true, count: 100))]
        XCTAssertEqual(
            renderError(library, context, limits: RenderLimits(maximumOutputBytes: 995)),
            MustacheError(
                templateName: "main", line: 1, column: 1,
                message: "rendering stopped: the template outputs more than 995 bytes (do partials include each other in a loop or fan out?)"))
        XCTAssertNil(renderError(library, context, limits: RenderLimits(maximumOutputBytes: 1_000)))
    }

    func testBudgetSpentOutsideAnyTagHasNoPosition() throws {
        let library = try MustacheLibrary(templates: ["main": "a{{x}}b"], escaping: .none)
        XCTAssertEqual(
            renderError(library, limits: RenderLimits(maximumSteps: 2)),
            MustacheError(templateName: "main", line: 0, column: 0, message: stepsMessage(2)))
        XCTAssertEqual(try library.render("main", ["x": 1], limits: RenderLimits(maximumSteps: 4)), "a1b")
    }

    func testBigRealRenderSucceedsWithTheDefaults() throws {
        let library = try MustacheLibrary(
            templates: [
                "main": "// {{title}}\n{{#items}}\n{{>item}}\n{{/items}}\n",
                "item": "case item{{id}}(name: String) // {{name}}{{#flag}}, flagged{{/flag}}\n",
            ], escaping: .none)
        let items: [MustacheValue] = (0..<100_000).map { index in
            ["id": .number(Double(index)), "name": .string("item \(index)"), "flag": .bool(index % 2 == 0)]
        }
        let output = try library.render("main", ["title": "items", "items": .array(items)])
        XCTAssertTrue(output.hasPrefix("// items\ncase item0(name: String) // item 0, flagged\ncase item1(name: String) // item 1\n"))
        XCTAssertTrue(output.hasSuffix("case item99999(name: String) // item 99999\n"))
        XCTAssertEqual(output.split(separator: "\n").count, 100_001)
    }
}
