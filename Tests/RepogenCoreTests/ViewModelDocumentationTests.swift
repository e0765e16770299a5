import Foundation
import RepogenCore
import RepogenMustache
import RepogenTestSupport
import XCTest

/// The tables of view-model keys in Documentation/Templates.md ("The view model") list exactly the properties of the
/// view-model structs (`ViewModel.swift`) and the keys the projection gives templates: every key a template can use
/// is documented, and no documented key is gone.
final class ViewModelDocumentationTests: XCTestCase {
    static let root = PackagePaths.root

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
                result.append(style.project(model, runtimeModule: "RepogenRuntime", accessLevel: .public).value)
            }
        }
        return result
    }

    /// The backticked names in the first column of the Documentation/Templates.md table that follows `heading`.
    func documentedKeys(after heading: String) throws -> Set<String> {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("Documentation/Templates.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "## The view model").map { readme[$0.upperBound...] })
        let start = try XCTUnwrap(section.range(of: heading), "no '\(heading)' in Documentation/Templates.md's view model section")
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

    /// A property's value as template data, unwrapping an optional; nil for nil.
    func representable(_ value: Any) -> MustacheRepresentable? {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.flatMap { representable($0.value) }
        }
        return value as? MustacheRepresentable
    }

    func names(_ value: MustacheValue) -> Set<String> {
        guard case .dictionary(let entries) = value else { return [] }
        return Set(entries.names)
    }

    /// A spec of `Specs/`, validated for `style`.
    func model(ofSpec path: String, style: OutputStyle = .result) throws -> APIModel {
        let text = try String(contentsOfFile: Self.root.appendingPathComponent(path).path, encoding: .utf8)
        let file = SpecFile(path: path, text: text)
        let spec = try XCTUnwrap(decodeSpec(try SpecReader.read(file), file: file).0)
        var warnings: [Diagnostic] = []
        return try validateSpec(spec, domain: OutputLayout.domain(forSpecPath: path), warnings: &warnings, style: style)
    }

    /// Each value's template data has a key per property, holding that property's value (the conversion lists
    /// names and values apart, in one order).
    func assertEveryPropertyIsAKey(_ values: [any MustacheRepresentable], line: UInt = #line) {
        for value in values {
            let converted = value.mustache
            XCTAssertEqual(names(converted), Set(properties(value)), "\(type(of: value))", line: line)
            guard case .dictionary(let entries) = converted else {
                XCTFail("\(type(of: value)) is not a hash", line: line)
                continue
            }
            for child in Mirror(reflecting: value).children {
                guard let label = child.label, let property = representable(child.value) else { continue }
                XCTAssertEqual(entries[label], property.mustache, "\(type(of: value)).\(label)", line: line)
            }
        }
    }

    /// The property names of a view-model struct, in declaration order.
    func properties(_ value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap(\.label)
    }

    /// A projection in the completion style (which sets every optional key) of a spec with models and a grouped
    /// domain's worth of endpoints.
    func completeViewModel() throws -> DomainViewModel {
        let endpoints = (0..<300).map { #"{ "name": "e\#($0)", "method": "GET", "path": "/e" }"# }.joined(separator: ",")
        let text = #"{ "models": { "Item": { "fields": { "id": "Int" }, "domain": { "name": "Thing", "fields": { "id": "id" } } }, "Kind": { "enum": ["a"] } }, "endpoints": [\#(endpoints)] }"#
        let file = SpecFile(path: "large.json", text: text)
        let spec = try XCTUnwrap(decodeSpec(try SpecReader.read(file), file: file).0)
        var warnings: [Diagnostic] = []
        let model = try validateSpec(spec, domain: "Large", warnings: &warnings)
        return OutputStyle.completion.viewModel(model, runtimeModule: "RepogenRuntime", accessLevel: .public)
    }

    func testTheTablesListTheStructsProperties() throws {
        let viewModel = try completeViewModel()
        let endpoint = try XCTUnwrap(viewModel.endpoints.first)
        let model = try XCTUnwrap(viewModel.models.first)
        let fix = "update the tables under 'The view model' in Documentation/Templates.md (or the structs in ViewModel.swift)"
        XCTAssertEqual(try documentedKeys(after: "Every template of a spec receives this"), Set(properties(viewModel)), fix)
        XCTAssertEqual(try documentedKeys(after: "Each of `endpoints`:"), Set(properties(endpoint)), fix)
        XCTAssertEqual(try documentedKeys(after: "Each of `models`:"), Set(properties(model)), fix)
        let domainModel = try XCTUnwrap(viewModel.domainModels.first)
        XCTAssertEqual(try documentedKeys(after: "Each of `domainModels`"), Set(properties(domainModel)), fix)
    }

    /// `ViewModel+Mustache.swift` turns every property of every struct into a key of the same name.
    func testEveryPropertyBecomesAKey() throws {
        let viewModel = try completeViewModel()
        let endpoint = try XCTUnwrap(viewModel.endpoints.first)
        let group = try XCTUnwrap(viewModel.groups.first)
        let member = try XCTUnwrap(viewModel.requestMembers.first)
        let model = try XCTUnwrap(viewModel.models.first)
        let field = try XCTUnwrap(model.fields.first)
        let factory = try XCTUnwrap(endpoint.factory.first)
        let domainModel = try XCTUnwrap(viewModel.domainModels.first)
        let values: [any MustacheRepresentable] = [
            viewModel, endpoint, group, member, endpoint.param, model, field, factory, viewModel.imports[0], domainModel,
        ]
        assertEveryPropertyIsAKey(values + [try XCTUnwrap(endpoint.completion)])
        // A style without completion handlers has no completion key, rather than an empty one.
        var plain = endpoint
        plain.completion = nil
        XCTAssertEqual(names(plain.mustache), Set(properties(endpoint)).subtracting(["completion"]))
    }

    /// The cached `Impl`'s keys (`cache`), from a spec with cached reads and writes that change them.
    func testEveryCacheViewModelPropertyBecomesAKey() throws {
        let model = try model(ofSpec: "Specs/movie.yaml")
        let viewModel = OutputStyle.result.viewModel(model, runtimeModule: "RepogenRuntime", accessLevel: .public)
        XCTAssertTrue(viewModel.hasCache)
        let caches = viewModel.endpoints.flatMap(\.cache)
        XCTAssertEqual(caches.count, viewModel.endpoints.count)
        assertEveryPropertyIsAKey(caches.filter { $0.isRead || $0.hasEffects })
        // Every style caches, the completion style too.
        let completion = OutputStyle.completion.viewModel(model, runtimeModule: "RepogenRuntime", accessLevel: .public)
        XCTAssertTrue(completion.hasCache)
        XCTAssertEqual(completion.endpoints.flatMap(\.cache), caches)
    }

    /// The `tca` style's keys (`tca` of the domain and of each endpoint) and the shared files' view model.
    func testEveryClientViewModelPropertyBecomesAKey() throws {
        let model = try model(ofSpec: "Specs/ledger.yaml", style: .tca)
        let viewModel = OutputStyle.tca.viewModel(model, runtimeModule: "RepogenRuntime", accessLevel: .public)
        let client = try XCTUnwrap(viewModel.tca.first)
        let member = try XCTUnwrap(viewModel.endpoints.first?.tca.first)
        let collection = try XCTUnwrap(client.collections.first)
        let shared = SharedFileViewModel(fileHeader: "//", access: "", imports: [ImportViewModel(module: "Foundation")])
        XCTAssertTrue(client.hasCollections && client.hasMockActions && client.hasPreviews)
        XCTAssertFalse(member.mock.isEmpty)
        let values: [any MustacheRepresentable] = [client, member, collection, shared]
        assertEveryPropertyIsAKey(values)
        // The other styles have no client keys' values.
        let result = OutputStyle.result.viewModel(model, runtimeModule: "RepogenRuntime", accessLevel: .public)
        XCTAssertEqual(result.tca, [])
        XCTAssertEqual(result.endpoints.flatMap(\.tca), [])
    }

    func testEveryKeyIsDocumentedAndEveryDocumentedKeyExists() throws {
        var top: Set<String> = []
        var endpoint: Set<String> = []
        var model: Set<String> = []
        var domainModel: Set<String> = []
        for value in try viewModels() {
            top.formUnion(names(value))
            guard case .dictionary(let entries) = value else { continue }
            if case .array(let endpoints)? = entries["endpoints"] { for item in endpoints { endpoint.formUnion(names(item)) } }
            if case .array(let models)? = entries["models"] { for item in models { model.formUnion(names(item)) } }
            if case .array(let models)? = entries["domainModels"] { for item in models { domainModel.formUnion(names(item)) } }
        }
        let fix = "update the tables under 'The view model' in Documentation/Templates.md"
        XCTAssertEqual(try documentedKeys(after: "Every template of a spec receives this"), top, fix)
        XCTAssertEqual(try documentedKeys(after: "Each of `endpoints`:"), endpoint, fix)
        XCTAssertEqual(try documentedKeys(after: "Each of `models`:"), model, fix)
        XCTAssertEqual(try documentedKeys(after: "Each of `domainModels`"), domainModel, fix)
    }
}
