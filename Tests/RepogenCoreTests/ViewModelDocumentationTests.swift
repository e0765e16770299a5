import Foundation
import RepogenCore
import RepogenMustache
import XCTest

/// The README's tables of view-model keys ("The view model") list exactly the keys the projection gives
/// templates: every key a template can use is documented, and no documented key is gone.
final class ViewModelDocumentationTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The view models of every spec of Specs/ in every style, and of a domain large enough to be grouped.
    func viewModels() throws -> [MustacheValue] {
        var texts: [(String, String)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Specs").path).sorted() {
            texts.append(("Specs/" + name, try String(contentsOf: Self.root.appendingPathComponent("Specs/" + name), encoding: .utf8)))
        }
        let large = (0..<300).map { #"{ "name": "e\#($0)", "method": "GET", "path": "/e" }"# }.joined(separator: ",")
        texts.append(("large.json", #"{ "endpoints": [\#(large)] }"#))
        var result: [MustacheValue] = []
        for (path, text) in texts {
            let file = SpecFile(path: path, text: text)
            let root = try SpecReader.read(file)
            let spec = try XCTUnwrap(decodeSpec(root, file: file).0, path)
            var warnings: [Diagnostic] = []
            let model = try validateSpec(spec, domain: OutputLayout.domain(forSpecPath: path), warnings: &warnings)
            for style in OutputStyle.all {
                result.append(style.project(model, runtimeModule: "RepogenRuntime", accessLevel: .public))
            }
        }
        return result
    }

    /// The backticked names in the first column of the README table that follows `heading`.
    func documentedKeys(after heading: String) throws -> Set<String> {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "### The view model").map { readme[$0.upperBound...] })
        let start = try XCTUnwrap(section.range(of: heading), "no '\(heading)' in the README's view model section")
        var keys: Set<String> = []
        var inTable = false
        for line in section[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
            if line.hasPrefix("|") {
                inTable = true
                let cell = line.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
                for (index, part) in cell.split(separator: "`", omittingEmptySubsequences: false).enumerated() where index % 2 == 1 {
                    keys.insert(String(part))
                }
            } else if inTable {
                break
            }
        }
        keys.remove("key")
        return keys
    }

    func names(_ value: MustacheValue) -> Set<String> {
        guard case .dictionary(let entries) = value else { return [] }
        return Set(entries.names)
    }

    func testEveryKeyIsDocumentedAndEveryDocumentedKeyExists() throws {
        var top: Set<String> = []
        var endpoint: Set<String> = []
        var model: Set<String> = []
        for value in try viewModels() {
            top.formUnion(names(value))
            guard case .dictionary(let entries) = value else { continue }
            if case .array(let endpoints)? = entries["endpoints"] { for item in endpoints { endpoint.formUnion(names(item)) } }
            if case .array(let models)? = entries["models"] { for item in models { model.formUnion(names(item)) } }
        }
        let fix = "update the README's tables under 'The view model'"
        XCTAssertEqual(try documentedKeys(after: "Every template of a spec receives this"), top, fix)
        XCTAssertEqual(try documentedKeys(after: "Each of `endpoints`:"), endpoint, fix)
        XCTAssertEqual(try documentedKeys(after: "Each of `models`:"), model, fix)
    }
}
