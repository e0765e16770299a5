import Foundation
import RepogenMustache
import RepogenTestSupport
import XCTest

/// Runs the official Mustache specification (https://github.com/mustache/spec) against the engine.
///
/// The spec's JSON files are read from the folder named by `MUSTACHE_SPEC_DIR`, else from
/// `../shared/mustache-spec/` beside the repository when it exists, else from the copy in `Specification/`
/// next to this file (the spec's license is in that folder).
final class MustacheSpecTests: XCTestCase {
    /// One test of a spec file.
    struct SpecCase: Decodable {
        var name: String
        var data: JSONValue
        var template: String
        var partials: [String: String]?
        var expected: String
    }

    struct SpecFile: Decodable {
        var tests: [SpecCase]
    }

    /// The JSON data of a case, decoded strictly so that booleans and numbers stay apart.
    enum JSONValue: Decodable {
        case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([JSONValue].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: JSONValue].self))
            }
        }

        var mustache: MustacheValue {
            switch self {
            case .null: return .null
            case .bool(let value): return .bool(value)
            case .number(let value): return .number(value)
            case .string(let value): return .string(value)
            case .array(let items): return .array(items.map(\.mustache))
            case .object(let entries): return .dictionary(MustacheDictionary(entries.mapValues(\.mustache)))
            }
        }
    }

    static var specDirectory: URL? {
        if let path = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"] {
            return URL(fileURLWithPath: path)
        }
        let repository = PackagePaths.root
        let shared = repository.deletingLastPathComponent().appendingPathComponent("shared/mustache-spec")
        let bundled = PackagePaths.url("Tests/RepogenMustacheTests/Specification")
        return [shared, bundled].first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Runs every case of one spec file; returns how many ran.
    @discardableResult
    func runSpec(
        _ file: String, skipping skipped: Set<String> = [], file callerFile: StaticString = #filePath, line: UInt = #line
    ) throws -> Int {
        guard let directory = Self.specDirectory else {
            throw XCTSkip("the Mustache spec folder (../shared/mustache-spec) is not here")
        }
        let url = directory.appendingPathComponent(file + ".json")
        let spec = try JSONDecoder().decode(SpecFile.self, from: Data(contentsOf: url))
        XCTAssertFalse(spec.tests.isEmpty, "\(file) has no tests", file: callerFile, line: line)
        for test in spec.tests where !skipped.contains(test.name) {
            do {
                let output = try MustacheLibrary.render(test.template, test.data.mustache, partials: test.partials ?? [:])
                XCTAssertEqual(output, test.expected, "\(file): \(test.name)", file: callerFile, line: line)
            } catch {
                XCTFail("\(file): \(test.name): \(error)", file: callerFile, line: line)
            }
        }
        XCTAssertTrue(
            skipped.isSubset(of: spec.tests.map(\.name)), "\(file): a skipped case no longer exists",
            file: callerFile, line: line)
        return spec.tests.count - skipped.count
    }

    /// Optional inheritance cases the engine does not implement yet: a line holding a parent tag
    /// together with other tags counted as standalone, and re-indentation of overridden blocks.
    /// Templates for generated code do not rely on either.
    static let unsupportedInheritanceCases: Set<String> = [
        "Inherit", "Override parent with newlines", "Standalone parent", "Standalone block",
        "Block reindentation", "Intrinsic indentation", "Nested block reindentation",
    ]

    func testComments() throws { try runSpec("comments") }
    func testDelimiters() throws { try runSpec("delimiters") }
    func testInterpolation() throws { try runSpec("interpolation") }
    func testInverted() throws { try runSpec("inverted") }
    func testPartials() throws { try runSpec("partials") }
    func testSections() throws { try runSpec("sections") }
    func testDynamicNames() throws { try runSpec("~dynamic-names") }
    func testInheritance() throws { try runSpec("~inheritance", skipping: Self.unsupportedInheritanceCases) }

    func testTheRequiredSpecHas136Cases() throws {
        let files = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"]
        guard let directory = Self.specDirectory else { throw XCTSkip("the Mustache spec folder is not here") }
        let count = try files.reduce(0) { total, file in
            let data = try Data(contentsOf: directory.appendingPathComponent(file + ".json"))
            return total + (try JSONDecoder().decode(SpecFile.self, from: data)).tests.count
        }
        XCTAssertEqual(count, 136)
    }
}
