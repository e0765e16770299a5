import Foundation
import RepogenCore
import RepogenTestSupport
import XCTest

/// Specs generated together share one module: a type declared twice, or two output files that are one file on a
/// case-insensitive file system, are errors at the place of each, before anything is written.
final class CrossSpecTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-cross-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes the specs, generates them together, and returns the diagnostics with the folder left out.
    func diagnostics(_ specs: [(String, String)]) throws -> [String] {
        var paths: [String] = []
        for (name, text) in specs {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            paths.append(url.path)
        }
        do {
            _ = try Pipeline.generate(specPaths: paths, options: GenerateOptions())
            return []
        } catch {
            return error.diagnostics.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") }
        }
    }

    static let endpoint = #""endpoints": [{ "name": "a", "method": "GET", "path": "/a" }]"#

    /// Found by the long generative check: a model named `APIResponse` is fine in its own spec, but beside a spec
    /// whose endpoint returns the runtime's `APIResponse<…>` (`responseMetadata`) it hides that type, and the second
    /// spec's code does not build.
    func testAModelNamedAPIResponseBesideASpecThatReturnsTheRuntimesIsAnError() throws {
        let envelope = #"{ "models": { "APIResponse": { "fields": { "code": "Int" } } }, \#(Self.endpoint) }"#
        let metadata = #"{ "endpoints": [{ "name": "fetchStatus", "method": "GET", "path": "/s", "responseMetadata": true }] }"#
        XCTAssertEqual(try diagnostics([("envelope.json", envelope), ("status.json", metadata)]), [
            "envelope.json:1:15: error: model 'APIResponse' would hide the runtime's 'APIResponse<…>', which 'fetchStatus' "
                + "returns ('responseMetadata'), in the code generated for 'status.json'; one module cannot have both",
        ])
        XCTAssertEqual(try diagnostics([("envelope.json", envelope)]), [])
    }

    func testTheSameModelInTwoSpecs() throws {
        let model = #"{ "models": { "Shared": { "fields": { "id": "Int" } } }, \#(Self.endpoint) }"#
        XCTAssertEqual(
            try diagnostics([("store.json", model), ("user.json", "\n" + model)]),
            ["user.json:2:15: error: model 'Shared' and model 'Shared' (store.json:1:15) both declare the type 'Shared'; one module cannot have two"])
    }

    func testTwoCleanSpecsWithTheSameRepositoryMethodDeclareOneUseCaseTwice() throws {
        // The clean style's use cases are module-level types named by their methods: `a` -> `AUseCase`, `DefaultAUseCase`.
        let store = #"{ "style": "clean", "endpoints": [{ "name": "a", "method": "GET", "path": "/a" }] }"#
        let user = #"{ "style": "clean", "endpoints": [{ "name": "b", "repositoryMethod": "a", "method": "GET", "path": "/b" }] }"#
        let found = try diagnostics([("store.json", store), ("user.json", user)])
        XCTAssertEqual(found.count, 2, "\(found)")
        XCTAssertTrue(found.first?.hasPrefix("user.json:1:70: error: the use case of 'a' and the use case of 'a' (store.json:1:45)") ?? false, "\(found)")
        // And its default, `DefaultAUseCase`.
        XCTAssertTrue(found.last?.hasPrefix("user.json:1:70: error: the default use case of 'a' and the default use case of 'a' (store.json:1:45)") ?? false, "\(found)")
        // The same specs in another style declare no use cases.
        let result = #"{ "endpoints": [{ "name": "a", "method": "GET", "path": "/a" }] }"#
        XCTAssertEqual(try diagnostics([("store.json", result), ("user.json", result)]), [])
    }

    func testAModelNamedLikeAnotherDomainsGeneratedType() throws {
        XCTAssertEqual(
            try diagnostics([
                ("store.json", "{ \(Self.endpoint) }"),
                ("user.json", #"{ "models": { "StoreApi": { "fields": { "id": "Int" } } }, \#(Self.endpoint) }"#),
            ]),
            ["user.json:1:15: error: model 'StoreApi' and the API enum generated for 'store.json' (store.json:1:1) both declare the type 'StoreApi'; one module cannot have two"])
    }

    func testDomainsWhoseGeneratedNamesCollide() throws {
        // `a.json` makes `MockARepository` (its mock); `mock-a.json` makes `MockARepository` (its protocol).
        let result = try diagnostics([("a.json", "{ \(Self.endpoint) }"), ("mock-a.json", "{ \(Self.endpoint) }")])
        XCTAssertEqual(
            result.first,
            "mock-a.json:1:1: error: the repository protocol generated for 'mock-a.json' and the mock repository generated for 'a.json' (a.json:1:1) both declare the type 'MockARepository'; one module cannot have two")
        XCTAssertTrue(result.contains { $0.contains("a Swift target cannot hold two files of one name") }, "\(result)")
    }

    func testOutputPathsThatDifferOnlyByCase() throws {
        let result = try diagnostics([("store.json", "{ \(Self.endpoint) }"), ("STORE.json", "{ \(Self.endpoint) }")])
        XCTAssertTrue(
            result.contains { $0.hasPrefix("STORE.json:1:1: error: the output file 'STORE/STOREModels.swift' differs from 'Store/StoreModels.swift' only by letter case") },
            "\(result)")
    }

    func testTheSameDomainTwiceHasALocation() throws {
        XCTAssertEqual(
            try diagnostics([("a/store.json", "{ \(Self.endpoint) }"), ("b/store.yaml", "endpoints: [{ name: a, method: GET, path: /a }]")]),
            ["b/store.yaml:1:1: error: 'b/store.yaml' and 'a/store.json' both generate the domain 'Store'"])
    }
}

/// Placeholders reading members of a type another spec of the run declares (`externalTypes`) are checked against
/// that spec, as its own placeholders would be, and reported at the placeholder, naming where the type is declared;
/// a type no spec of the run declares is the app's, and trusted.
final class ExternalMemberTests: XCTestCase {
    static let catalog = """
        models:
          Kind: { enum: [book, film] }
          Filter:
            fields:
              kind: Kind
              note: String?
              link: URL
              inner: Inner
            models:
              Inner: { fields: { code: Int } }
          Shape: { oneOf: [Kind, Filter] }
        endpoints:
          - { name: fetchKinds, method: GET, path: /kinds }
        """

    /// `catalog.yaml` beside `search.yaml` with one endpoint whose path is `path`, param `param`, header `header`.
    func diagnostics(path: String = "/s", param: String = "{}", header: String = "{}", json: Bool = false) -> [String] {
        let search: String
        if json {
            search = #"{ "externalTypes": ["Kind", "Filter", "Shape", "Elsewhere"], "endpoints": [{ "name": "search", "method": "GET", "path": "\#(path)", "inputs": [{ "name": "kind", "type": "Kind" }, { "name": "filter", "type": "Filter" }, { "name": "filters", "type": "[Filter]" }, { "name": "shape", "type": "Shape" }, { "name": "other", "type": "Elsewhere" }], "param": \#(param), "header": { "custom": \#(header) } }] }"#
        } else {
            search = """
                externalTypes: [Kind, Filter, Shape, Elsewhere]
                endpoints:
                  - name: search
                    method: GET
                    path: "\(path)"
                    inputs:
                      - { name: kind, type: Kind }
                      - { name: filter, type: Filter }
                      - { name: filters, type: "[Filter]" }
                      - { name: shape, type: Shape }
                      - { name: other, type: Elsewhere }
                    param: \(param)
                    header: { custom: \(header) }
                """
        }
        let name = json ? "search.json" : "search.yaml"
        let files = ["catalog.yaml": SpecFile(path: "catalog.yaml", text: Self.catalog), name: SpecFile(path: name, text: search)]
        do {
            _ = try Pipeline.generate(specPaths: ["catalog.yaml", name], options: GenerateOptions(), specFiles: files)
            return []
        } catch {
            // Without the location: the two formats put the placeholder in different columns.
            return error.diagnostics.map(\.message)
        }
    }

    func testWhatTheDeclaringSpecAllowsIsAccepted() {
        for json in [false, true] {
            XCTAssertEqual(diagnostics(
                path: "/s/{kind.rawValue}/{filter.inner.code}/{filter.kind.rawValue}/{filter.link.lastPathComponent}",
                param: #"{ "note": "{filter.note}", "host": "{filter.link.host}", "kinds": "{filters[].kind.rawValue}", "f": "{filter}", "s": "{shape}" }"#,
                header: #"{ "X-Link": "{filter.link.absoluteString}", "X-App": "{other.anything.at.all}" }"#, json: json), [], "json: \(json)")
        }
    }

    func testAMissingMemberIsAnErrorWithASuggestion() {
        for json in [false, true] {
            XCTAssertEqual(diagnostics(path: "/s/{kind.rawValu}/{filter.inner.cod}", param: #"{ "k": "{filters[].knd}" }"#, json: json), [
                "the path of 'search' uses 'kind.rawValu', but 'Kind' (declared in catalog.yaml:2:3) has no member 'rawValu'; did you mean 'rawValue'?",
                "the path of 'search' uses 'filter.inner.cod', but 'Filter.Inner' (in catalog.yaml) has no field 'cod'; did you mean 'code'?",
                "param 'k' of 'search' uses 'filters[].knd', but 'Filter' (declared in catalog.yaml:3:3) has no field 'knd'; did you mean 'kind'?",
            ], "json: \(json)")
        }
    }

    func testAnOptionalMemberGoesOnlyInAParam() {
        for json in [false, true] {
            XCTAssertEqual(diagnostics(
                path: "/s/{filter.note}", param: #"{ "n": "{filter.note.count}", "h": "{filter.link.host.count}" }"#,
                header: #"{ "X-Note": "{filter.note}" }"#, json: json
            ), [
                "the path of 'search' uses 'filter.note', which is of type 'String?' in 'Filter' (declared in catalog.yaml:3:3) (nil for some values); an optional member of a type another spec declares can only go in a param, which leaves it out when nil",
                "param 'n' of 'search' uses 'filter.note.count', which reads through 'filter.note', of type 'String?' in 'Filter' (declared in catalog.yaml:3:3); a member of a type another spec declares is read only through non-optional values",
                "param 'h' of 'search' uses 'filter.link.host.count', which reads through 'filter.link.host', of type 'String?' in 'URL'; a member of a type another spec declares is read only through non-optional values",
                "header 'X-Note' of 'search' uses 'filter.note', which is of type 'String?' in 'Filter' (declared in catalog.yaml:3:3) (nil for some values); an optional member of a type another spec declares can only go in a param, which leaves it out when nil",
            ], "json: \(json)")
        }
    }

    func testAValueWithoutOneTextFormIsAnErrorWhereTextGoes() {
        for json in [false, true] {
            XCTAssertEqual(diagnostics(
                path: "/s/{kind}/{filter.inner}", header: #"{ "X-Shape": "{shape}", "X-Url": "{filter.link.port}" }"#,
                json: json
            ), [
                "the path of 'search' uses 'kind', which is the enum 'Kind'; write its raw value, '{kind.rawValue}'",
                "the path of 'search' uses 'filter.inner', which is the model 'Filter.Inner', not one value that can be written as text; name one of its fields",
                "header 'X-Shape' of 'search' uses 'shape', which is the union 'Shape', whose cases have no one text form; pass the text as a String",
                "header 'X-Url' of 'search' uses 'filter.link.port', which is of type 'Int?' in 'URL' (nil for some values); an optional member of a type another spec declares can only go in a param, which leaves it out when nil",
            ], "json: \(json)")
        }
    }

    func testAUnionHasNoMembersAndAnAppTypeIsTrusted() {
        XCTAssertEqual(diagnostics(path: "/s/{shape.kind}/{other.id}"), [
            "the path of 'search' uses 'shape.kind', but 'Shape' (declared in catalog.yaml:11:3) has no field 'kind'",
        ])
        // Generated on its own, the spec trusts every external type, as before: no spec of the run declares them.
        let alone = "externalTypes: [Kind]\nendpoints:\n  - { name: a, method: GET, path: \"/a/{kind.anything}\", inputs: [{ name: kind, type: Kind }] }\n"
        XCTAssertNoThrow(try Pipeline.generate(
            specPaths: ["a.yaml"], options: GenerateOptions(), specFiles: ["a.yaml": SpecFile(path: "a.yaml", text: alone)]))
    }

    /// A form's text fields and part headers write the value as text; a mapped array read after the external type
    /// (`{filter.tags[].count}`) checks the elements' members too.
    func testUploadFieldsAndMappedArrays() {
        let search = """
            externalTypes: [Kind, Filter]
            endpoints:
              - name: send
                method: POST
                path: /send
                inputs:
                  - { name: filter, type: Filter }
                upload:
                  fields: { k: "{filter.kind.rawValue}", n: "{filter.note}", i: "{filter.inner}" }
                  headers: { k: { x-note: "{filter.note}" } }
              - name: list
                method: GET
                path: /list
                inputs: [{ name: filter, type: Filter }, { name: filters, type: "[Filter]" }]
                param: { ok: "{filters[].inner.code}", bad: "{filter.kind[].rawValue}", typo: "{filters[].inner.cde}" }
            """
        let files = ["catalog.yaml": SpecFile(path: "catalog.yaml", text: Self.catalog), "s.yaml": SpecFile(path: "s.yaml", text: search)]
        var found: [String] = []
        do {
            _ = try Pipeline.generate(specPaths: ["catalog.yaml", "s.yaml"], options: GenerateOptions(), specFiles: files)
        } catch {
            found = error.diagnostics.map(\.description)
        }
        XCTAssertEqual(found, [
            "s.yaml:9:49: error: field 'n' of the upload of 'send' uses 'filter.note', which is of type 'String?' in 'Filter' (declared in catalog.yaml:3:3) (nil for some values); an optional member of a type another spec declares can only go in a param, which leaves it out when nil",
            "s.yaml:9:69: error: field 'i' of the upload of 'send' uses 'filter.inner', which is the model 'Filter.Inner', not one value that can be written as text; name one of its fields",
            "s.yaml:10:31: error: header 'x-note' of part 'k' of the upload of 'send' uses 'filter.note', which is of type 'String?' in 'Filter' (declared in catalog.yaml:3:3) (nil for some values); an optional member of a type another spec declares can only go in a param, which leaves it out when nil",
            "s.yaml:15:49: error: param 'bad' of 'list' uses 'filter.kind[].rawValue', which maps 'filter.kind', of type 'Kind' in 'Filter' (declared in catalog.yaml:3:3); only a non-optional array's elements can be read",
            "s.yaml:15:83: error: param 'typo' of 'list' uses 'filters[].inner.cde', but 'Filter.Inner' (in catalog.yaml) has no field 'cde'; did you mean 'code'?",
        ])
    }

    /// `Pipeline.check`, with which `repogen import` proves its specs generate in every style, reports the same.
    func testTheCheckImportUsesReportsItToo() {
        let search = "externalTypes: [Kind]\nendpoints:\n  - { name: a, method: GET, path: \"/a/{kind.rawValu}\", inputs: [{ name: kind, type: Kind }] }\n"
        let files = [SpecFile(path: "catalog.yaml", text: Self.catalog), SpecFile(path: "search.yaml", text: search)]
        let found = Pipeline.check(files, styles: OutputStyle.all)
        XCTAssertEqual(found?.diagnostics.map(\.description), [
            "search.yaml:3:35: error: the path of 'a' uses 'kind.rawValu', but 'Kind' (declared in catalog.yaml:2:3) has no member 'rawValu'; did you mean 'rawValue'?",
        ])
    }
}

/// One module may mix styles (`style` in a spec): what a style's code needs at the module level (tca's `APIError` and
/// the modules it names, clean's publisher helper) may not be declared by a spec of another style either.
final class MixedStyleModuleTests: XCTestCase {
    func diagnostics(_ specs: [(String, String)]) -> [String] {
        var files: [String: SpecFile] = [:]
        for (path, text) in specs { files[path] = SpecFile(path: path, text: text) }
        do {
            _ = try Pipeline.generate(specPaths: specs.map(\.0), options: GenerateOptions(), specFiles: files)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func testATypeNamedLikeWhatTheTCAStylesCodeUsesIsAnErrorInASpecOfAnotherStyle() {
        let tca = "style: tca\nendpoints:\n  - { name: a, method: GET, path: /a }\n"
        let result = "models:\n  APIError: { fields: { id: Int } }\n  IssueReporting: { fields: { id: Int } }\n  LockIsolated: { fields: { id: Int } }\nendpoints:\n  - { name: b, method: GET, path: /b }\n"
        XCTAssertEqual(diagnostics([("a.yaml", tca), ("b.yaml", result)]), [
            "b.yaml:2:3: error: model 'APIError' would hide the tca style's APIError (APIError.swift), in the code generated for 'a.yaml'; one module cannot have both",
            "b.yaml:3:3: error: model 'IssueReporting' would hide the module IssueReporting, whose reportIssue the tca style's code and swift-dependencies' macros call, in the code generated for 'a.yaml'; one module cannot have both",
        ])
        // In either order; and without a tca spec, the names are free.
        XCTAssertEqual(diagnostics([("b.yaml", result), ("a.yaml", tca)]).count, 2)
        XCTAssertEqual(diagnostics([("b.yaml", result)]), [])
        // A clean spec's helper.
        let clean = "style: clean\nendpoints:\n  - { name: a, method: GET, path: /a }\n"
        let helper = "models:\n  repogenPublisher: { fields: { id: Int } }\nendpoints:\n  - { name: b, method: GET, path: /b }\n"
        XCTAssertEqual(diagnostics([("a.yaml", clean), ("b.yaml", helper)]), [
            "b.yaml:2:3: error: model 'repogenPublisher' would hide the clean style's publisher helper repogenPublisher, in the code generated for 'a.yaml'; one module cannot have both",
        ])
    }

    /// The longest domain whose files can be written (its mock's file name and the temporary name a write uses fit in
    /// 255 bytes) generates; one byte more is an error at the spec, not a write that fails.
    func testADomainNameTooLongForItsFilesIsAnError() {
        let spec = "endpoints:\n  - { name: a, method: GET, path: /a }\n"
        let longest = String(repeating: "a", count: DomainNames.maximumLength)
        XCTAssertEqual(diagnostics([(longest + ".yaml", spec)]), [])
        let found = diagnostics([(longest + "b.yaml", spec)])
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.hasPrefix("\(longest)b.yaml:1:1: error: the file name gives a domain name of 201 bytes") ?? false, "\(found)")
    }
}

/// `Pipeline.check`, with which `repogen import` checks its specs in the styles it does not render, says what a full
/// generation says: for every bad spec and every example spec, in every style, it finds errors exactly when
/// generating fails, and names the first style that fails.
/// Styles with one `validationKey` validate every spec alike, so `Pipeline.check` (repogen import's check of every
/// style) validates once for them: every bad spec and every example gives the same diagnostics in each style of a
/// key, and the check of all styles answers as checking each style alone does.
final class ValidationKeyTests: XCTestCase {
    func testStylesOfOneKeyGiveTheSameDiagnosticsForEveryBadSpecAndExample() throws {
        var files: [SpecFile] = []
        for folder in [PackagePaths.url("Tests/RepogenCoreTests/BadSpecs"), PackagePaths.specs] {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            where name.hasSuffix(".json") || name.hasSuffix(".yaml") {
                files.append(SpecFile(path: name, bytes: try Array(Data(contentsOf: folder.appendingPathComponent(name)))))
            }
        }
        XCTAssertGreaterThan(files.count, 100)
        let groups = Dictionary(grouping: OutputStyle.all, by: \.validationKey).values.filter { $0.count > 1 }
        // Today result and async-throws; a key of one style checks nothing here.
        XCTAssertEqual(groups.map { Set($0.map(\.name)) }, [["result", "async-throws"]])
        func diagnostics(_ file: SpecFile, _ style: OutputStyle) -> [String] {
            do {
                let generation = try Pipeline.generate(
                    specPaths: [file.path], options: GenerateOptions(style: style), specFiles: [file.path: file])
                return generation.warnings.map(\.description)
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
        var refused = 0
        for file in files {
            for group in groups {
                let first = diagnostics(file, group[0])
                if first.contains(where: { $0.contains(": error:") }) { refused += 1 }
                for style in group.dropFirst() {
                    XCTAssertEqual(diagnostics(file, style), first, "\(file.path): \(style.name) against \(group[0].name)")
                }
            }
        }
        XCTAssertGreaterThan(refused, 50, "the bad specs must be refused for this to compare their errors")
        // The check of every style at once answers as the first style that refuses does alone.
        for file in files {
            let alone = OutputStyle.all.first { Pipeline.check([file], styles: [$0]) != nil }
            XCTAssertEqual(Pipeline.check([file], styles: OutputStyle.all)?.style, alone, file.path)
        }
    }
}

final class PipelineCheckTests: XCTestCase {
    func testCheckFailsExactlyWhenGenerationFails() throws {
        var files: [SpecFile] = []
        for folder in [PackagePaths.url("Tests/RepogenCoreTests/BadSpecs"), PackagePaths.specs] {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            where name.hasSuffix(".json") || name.hasSuffix(".yaml") {
                files.append(SpecFile(path: name, bytes: try Array(Data(contentsOf: folder.appendingPathComponent(name)))))
            }
        }
        XCTAssertGreaterThan(files.count, 100)
        var failing = 0
        for file in files {
            for style in OutputStyle.all {
                let generates: Bool
                do {
                    _ = try Pipeline.generate(specPaths: [file.path], options: GenerateOptions(style: style), specFiles: [file.path: file])
                    generates = true
                } catch {
                    generates = false
                }
                let checked = Pipeline.check([file], styles: [style])
                XCTAssertEqual(checked == nil, generates, "\(file.path) in \(style.name): \(checked?.diagnostics.map(\.description) ?? [])")
                if !generates { failing += 1 }
            }
        }
        XCTAssertGreaterThan(failing, 100)
        // Specs that generate in one style and not in another: the first that fails is named.
        let clean = SpecFile(path: "a.yaml", text: "endpoints:\n  - { name: \"σa\", method: GET, path: /a, inputs: [{ name: q, type: Int }] }\n  - { name: \"ςa\", method: GET, path: /b, inputs: [{ name: q, type: Int }] }\n")
        XCTAssertEqual(Pipeline.check([clean], styles: [.result, .asyncThrows, .completion])?.style, nil)
        XCTAssertEqual(Pipeline.check([clean], styles: OutputStyle.all)?.style, .clean)
        let tca = SpecFile(path: "b.yaml", text: "models:\n  Value: { fields: { id: Int } }\nendpoints:\n  - { name: a, method: GET, path: /a, response: Value }\n")
        XCTAssertEqual(Pipeline.check([tca], styles: OutputStyle.all)?.style, .tca)
        // Between specs: a.yaml beside mock-a.yaml declares MockARepository twice, in every style but tca.
        let pair = [SpecFile(path: "a.yaml", text: "endpoints:\n  - { name: a, method: GET, path: /a }\n"), SpecFile(path: "mock-a.yaml", text: "endpoints:\n  - { name: b, method: GET, path: /b }\n")]
        XCTAssertEqual(Pipeline.check(pair, styles: OutputStyle.all)?.style, .result)
        XCTAssertNil(Pipeline.check(pair, styles: [.tca]))
    }
}
