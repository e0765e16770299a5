import Foundation
@testable import RepogenCore
import RepogenTestSupport
import XCTest

/// The output-style plug point: one `OutputStyle` per style, and the facts the build plugin shares.
final class StyleTests: XCTestCase {
    static let root = PackagePaths.root

    func testThePluginCompilesTheSameFactsFile() throws {
        let shared = Self.root.appendingPathComponent("Sources/RepogenCore/Shared/RepogenFacts.swift")
        let plugin = Self.root.appendingPathComponent("Plugins/RepogenBuildPlugin/RepogenFacts.swift")
        XCTAssertEqual(plugin.resolvingSymlinksInPath().path, shared.resolvingSymlinksInPath().path,
                       "the build plugin must compile RepogenCore's RepogenFacts.swift (a symbolic link), not a copy")
        let text = try String(contentsOf: shared, encoding: .utf8)
        XCTAssertFalse(text.contains("\nimport "), "a plugin can import no library of ours: keep the file import-free")
        // Alone, without Foundation (which RepogenCore's other files import, and whose members would otherwise
        // be visible here too), it must still type-check.
        let swiftc = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { $0 + "/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let swiftc else { throw XCTSkip("swiftc is not on the PATH") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = ["-typecheck", "-swift-version", "6", "-parse-as-library", shared.path]
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, output)
    }

    /// A style is its folder (Documentation/Development/AddingAStyle.md): no code outside `Styles/` compares with a
    /// style, switches on one or spells a style's name, so a new style touches its folder and the registry, not
    /// validation, projection, the pipeline, the command line or the plugins. The exceptions are data: the files
    /// table the build plugin shares (`RepogenFacts.styleFiles`), the view model's per-style keys, the generated
    /// templates.
    func testNoCodeOutsideTheStylesFoldersNamesAStyle() throws {
        let names = OutputStyle.all.map(\.name)
        let members = ["result", "asyncThrows", "completion", "clean", "tca"]
        XCTAssertEqual(members.count, names.count, "a member name per style (OutputStyle's static lets)")
        let alternatives = members.joined(separator: "|")
        let patterns = [
            "(==|!=)\\s*\\.(\(alternatives))\\b", "case\\s+\\.(\(alternatives))\\b", "OutputStyle\\.(\(alternatives))\\b",
        ] + names.map { "\"\(NSRegularExpression.escapedPattern(for: $0))\"" }
        let expressions = try patterns.map { try NSRegularExpression(pattern: $0) }
        let exceptions = [
            "Sources/RepogenCore/Styles/", "Sources/RepogenCore/Shared/RepogenFacts.swift",
            "Sources/RepogenCore/Templates/BuiltinTemplates+Generated.swift", "Sources/RepogenCore/Projection/ViewModel",
            "Plugins/RepogenBuildPlugin/RepogenFacts.swift",
        ]
        var checked = 0
        for folder in ["Sources", "Plugins"] {
            let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: Self.root.appendingPathComponent(folder).path))
            while let relative = enumerator.nextObject() as? String {
                let path = folder + "/" + relative
                guard path.hasSuffix(".swift"), !exceptions.contains(where: { path.hasPrefix($0) }) else { continue }
                let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
                checked += 1
                for (number, line) in text.components(separatedBy: "\n").enumerated() {
                    let code = line.components(separatedBy: "//").first ?? line
                    let range = NSRange(code.startIndex..., in: code)
                    for expression in expressions where expression.firstMatch(in: code, range: range) != nil {
                        XCTFail("\(path):\(number + 1) names a style outside Styles/: \(line.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 100, "the Swift files of Sources/ and Plugins/")
    }

    func testEveryStyleIsAFactAndEveryFactAStyle() {
        XCTAssertEqual(OutputStyle.all.map(\.name), RepogenFacts.styleNames)
        XCTAssertEqual(OutputStyle.named(RepogenFacts.defaultStyle), .result)
        XCTAssertNil(OutputStyle.named("Result"))
    }

    /// What `repogen import` keeps domains apart by is read from the styles, in the order it reports the first clash.
    func testTheTypesOfEveryStyleAreEveryStylesDeclaredAndReservedTypesInOrder() {
        let names = DomainNames(domain: "Store")
        XCTAssertEqual(names.typesOfEveryStyle, [
            "StoreApi", "StoreRepository", "StoreRepositoryImpl", "MockStoreRepository", "StoreRemoteDataSource",
            "StoreLocalDataSource", "StoreDataSource", "StoreDataRepository", "InMemoryStoreLocalDataSource", "StoreClient",
        ])
        XCTAssertEqual(
            DomainNames.endpointTypesOfEveryStyle(forMethod: "fetchMovie"),
            ["FetchMovieUseCase", "DefaultFetchMovieUseCase", "FetchMovieRequestValues"])
    }

    /// A style that adds nothing validates as `result` does: `validationKey` is read from the behaviour, not the name.
    func testTheValidationKeyIsTheBehaviourNotTheName() {
        let plain = OutputStyle(name: "plain", summary: "", mockMemberSuffixes: ["Mock"])
        XCTAssertEqual(plain.validationKey, OutputStyle.result.validationKey)
        XCTAssertEqual(OutputStyle.asyncThrows.validationKey, OutputStyle.result.validationKey)
        for style in [OutputStyle.completion, .clean, .tca] {
            XCTAssertNotEqual(style.validationKey, OutputStyle.result.validationKey, style.name)
        }
        XCTAssertNotEqual(OutputStyle(name: "other", summary: "", mockMemberSuffixes: ["Fake"]).validationKey, plain.validationKey)
    }

    func testEachStyleWritesFilesNamedLikeTheTypesTheyDeclare() {
        for style in OutputStyle.all {
            let entries = OutputLayout.entries(forSpecPath: "Specs/store-news.yaml", style: style)
            let names = DomainNames(domain: "StoreNews")
            let mockFiles = style == .tca
                ? ["StoreNews/\(names.client).swift", "StoreNews/\(names.client)+Live.swift", "StoreNews/\(names.client)+Mock.swift"]
                : ["StoreNews/\(names.mock).swift"]
            XCTAssertEqual(entries.map(\.relativePath), [
                "StoreNews/StoreNewsModels.swift", "StoreNews/\(names.api).swift", "StoreNews/\(names.repository).swift",
            ] + mockFiles + (style == .clean ? ["StoreNews/StoreNewsUseCases.swift"] : []), style.name)
            let templates = TemplateSet.builtin(for: style).templates
            for entry in entries {
                XCTAssertNotNil(templates[entry.template], "\(style.name) has no template \(entry.template)")
            }
        }
    }

    func testTheBuiltinSetOfAStyleIsTheSharedOnesWithItsOwnOverThem() {
        let result = TemplateSet.builtin(for: .result).templates
        XCTAssertEqual(result["Api.swift"], BuiltinTemplates.all["shared/Api.swift"])
        XCTAssertEqual(result["Repository.swift"], BuiltinTemplates.all["result/Repository.swift"])
        XCTAssertNil(result["shared/Api.swift"])
    }

    func testThePluginReadsStyleAndTemplatesFromYAMLConfigs() {
        let yaml = "specs: [Specs]\n  style: nested\nstyle: completion   # the shape\ntemplates: 'My Templates'\n"
        XCTAssertEqual(RepogenFacts.topLevelYAMLSetting("style", in: yaml), "completion")
        XCTAssertEqual(RepogenFacts.topLevelYAMLSetting("templates", in: yaml), "My Templates")
        XCTAssertNil(RepogenFacts.topLevelYAMLSetting("style", in: "styles: x\n"))
        XCTAssertNil(RepogenFacts.topLevelYAMLSetting("style", in: "style:\n"))
    }

    func testAnUnknownStyleInTheConfigIsALocatedError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-style-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("repogen.yaml").path
        try "specs: [Specs]\nstyle: results\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Config.load(path)) { error in
            let text = (error as? DiagnosticsError)?.diagnostics.map(\.description).joined() ?? "\(error)"
            XCTAssertTrue(text.contains("repogen.yaml:2:8: error: unknown style 'results'; expected one of 'result'"), text)
            XCTAssertTrue(text.contains("did you mean 'result'?"), text)
        }
        try "specs: [Specs]\nstyle: result\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try Config.load(path).style, .result)
    }

    func testABuiltinTemplateNamingAMissingKeyIsAnError() throws {
        // Every style's built-in templates render every spec of this repository strictly (GoldenTests); a
        // template that names a key its view model lacks stops the run at the tag.
        for style in OutputStyle.all {
            var templates = TemplateSet.builtin(for: style)
            templates.templates["Repository.swift"] = "{{> _header}}\n{{#endpoints}}\n// {{signatur}}\n{{/endpoints}}\n"
            let library = try templates.library(templatesPath: nil)
            let spec = #"{ "endpoints": [{ "name": "a", "method": "GET", "path": "/a" }] }"#
            XCTAssertThrowsError(try Pipeline.generate(
                file: SpecFile(path: "s.json", text: spec), library: library,
                options: GenerateOptions(style: style, templates: templates))
            ) { error in
                let text = (error as? DiagnosticsError)?.diagnostics.map(\.description).joined() ?? "\(error)"
                XCTAssertEqual(
                    text, "<built-in>/Repository.swift.mustache:3:4: error: cannot render template 'Repository.swift': "
                        + "no value named 'signatur' to render here", style.name)
            }
        }
    }
}

/// A spec may name its own style (`style` at its top level): it wins over the config's, and `--style` wins over it.
final class SpecStyleTests: XCTestCase {
    let json = #"{ "style": "completion", "endpoints": [{ "name": "fetchItem", "method": "GET", "path": "/items/{id}", "inputs": [{ "name": "id", "type": "Int" }], "response": "String" }] }"#
    let yaml = "style: async-throws\nendpoints:\n  - name: fetchItem\n    method: GET\n    path: /items\n    response: String\n"

    func repository(_ file: SpecFile, _ options: GenerateOptions = GenerateOptions()) throws -> String {
        let library = try options.templates.library(templatesPath: nil)
        let generation = try Pipeline.generate(file: file, library: library, options: options)
        return try XCTUnwrap(generation.files.first { $0.relativePath.hasSuffix("Repository.swift") && !$0.relativePath.contains("Mock") }?.contents)
    }

    func testTheSpecsStyleWinsOverTheConfigs() throws {
        let completion = try repository(SpecFile(path: "shop.json", text: json))
        XCTAssertTrue(completion.contains(wrapped("    func fetchItem(id: Int, completion: @escaping @MainActor @Sendable (Result<String, NetworkError>) -> Void) -> RequestHandle\n")), completion)
        // The same spec in a run whose config names async-throws: still completion.
        let configured = try repository(SpecFile(path: "shop.json", text: json), GenerateOptions(style: .asyncThrows))
        XCTAssertEqual(configured, completion)
        let throwing = try repository(SpecFile(path: "shop.yaml", text: yaml))
        XCTAssertTrue(throwing.contains("func fetchItem() async throws -> String"), throwing)
    }

    func testStyleOnTheCommandLineWinsOverTheSpecs() throws {
        var options = GenerateOptions(style: .result)
        options.styleOverridesSpecs = true
        let result = try repository(SpecFile(path: "shop.json", text: json), options)
        XCTAssertTrue(result.contains("func fetchItem(id: Int) async -> Result<String, Error>"), result)
        XCTAssertFalse(result.contains("completion"), result)
    }

    func testTheSpecsStyleUsesTheSameTemplatesFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-spec-style-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{{> _header}}\n// custom repository of {{repositoryName}}\n".write(
            to: folder.appendingPathComponent("Repository.swift.mustache"), atomically: true, encoding: .utf8)
        var options = GenerateOptions(templates: try TemplateSet.loading(overridesFrom: folder.path), templatesPath: folder.path)
        options.style = .result
        let custom = try repository(SpecFile(path: "shop.json", text: json), options)
        XCTAssertTrue(custom.hasSuffix("// custom repository of ShopRepository\n"), custom)
        // The completion style's own mock, not the result style's.
        let library = try options.templates.library(templatesPath: folder.path)
        let files = try Pipeline.generate(file: SpecFile(path: "shop.json", text: json), library: library, options: options).files
        let mock = try XCTUnwrap(files.first { $0.relativePath.hasSuffix("MockShopRepository.swift") }?.contents)
        XCTAssertTrue(mock.contains("completion: @escaping @MainActor @Sendable (Result<String, NetworkError>) -> Void"), mock)
    }
}

/// The computed values a domain field may have, and the types each fits.
final class DomainValueTests: XCTestCase {
    func value(_ text: String, _ type: String) -> String? {
        guard case .success(let parsed) = SwiftType.parse(type) else { return nil }
        return try? SpecValidator.domainValue(text, type: parsed)?.get()
    }

    /// Why a number is refused for a type (nil when it is accepted or is no number of the type).
    func refusal(_ text: String, _ type: String) -> String? {
        guard case .success(let parsed) = SwiftType.parse(type),
            case .failure(let failure)? = SpecValidator.domainValue(text, type: parsed)
        else { return nil }
        return failure.reason
    }

    func testValuesAndTheTypesTheyFit() {
        let accepted: [(String, String, String)] = [
            ("UUID()", "UUID", "UUID()"), (" Date() ", "Date", "Date()"), ("UUID()", "UUID?", "UUID()"),
            ("nil", "String?", "nil"), ("[]", "[Int]", "[]"), ("[:]", "[String: Int]", "[:]"), ("true", "Bool", "true"),
            ("-3", "Int", "-3"), ("3", "Double", "3"), ("0.5", "Double", "0.5"), ("7", "UInt8", "7"),
            // Numbers are spelled as Swift needs them: digits on both sides of a '.', no '+', no leading zeros.
            (".5", "Double", "0.5"), ("5.", "Float", "5.0"), ("-.5", "Decimal", "-0.5"), ("+5", "Int8", "5"),
            ("007", "Int", "7"), ("1e5", "Double", "1e5"), ("2.5E-3", "Float", "2.5E-3"), ("127", "Int8", "127"),
            ("-128", "Int8", "-128"), ("255", "UInt8", "255"), ("-0", "UInt", "-0"), ("16777216", "Float", "16777216"),
            ("9007199254740992", "Double?", "9007199254740992"), ("9223372036854775807", "Decimal", "9223372036854775807"),
            (#""hello world""#, "String", #""hello world""#),
            // The text between the quotes is taken as written, and escaped for Swift.
            (#""a\b "c"""#, "String", #""a\\b \"c\"""#),
        ]
        for (text, type, expected) in accepted {
            XCTAssertEqual(value(text, type), expected, "\(text) as \(type)")
        }
        let rejected: [(String, String)] = [
            ("UUID()", "Int"), ("nil", "String"), ("[]", "[String: Int]"), ("[:]", "[Int]"), ("yes", "Bool"),
            ("-3", "UInt"), ("0.5", "Int"), ("1e5", "Int"), (#""x""#, "Int"), ("print(1)", "String"), ("--1", "Int"),
            (".", "Double"), ("1e", "Double"), ("0x10", "Int"), ("1_000", "Int"), ("inf", "Double"), ("5", "String"),
            ("300", "Int8"), ("256", "UInt8"), ("1e39", "Float"), ("16777217", "Float"), ("9007199254740993", "Double"),
            ("5e-324", "Double"), ("12345678901234567890", "Decimal"),
            ("-", "Int"), ("", "String"), ("\"", "String"), ("Foo()", "Foo"),
        ]
        for (text, type) in rejected {
            XCTAssertNil(value(text, type), "\(text) as \(type)")
        }
    }

    func testARefusedNumberSaysTheRange() {
        XCTAssertEqual(refusal("300", "Int8"), "is out of range for Int8 (-128…127)")
        XCTAssertEqual(refusal("256", "UInt8?"), "is out of range for UInt8 (0…255)")
        XCTAssertEqual(refusal("-1", "UInt"), "is out of range for UInt (0…18446744073709551615)")
        XCTAssertEqual(refusal("1.5", "Int"), "is not an integer literal: Int takes digits, without '.' or an exponent")
        XCTAssertEqual(refusal("1e39", "Float"), "is out of range for Float (-3.4028235e38…3.4028235e38)")
        XCTAssertEqual(
            refusal("16777217", "Float"),
            "is not exactly representable as Float: Swift would make it 16777216 and warn (Float holds every integer up to 16777216 exactly)")
        XCTAssertEqual(
            refusal("-9007199254740993", "Double"),
            "is not exactly representable as Double: Swift would make it -9007199254740992 and warn (Double holds every integer up to 9007199254740992 exactly)")
        XCTAssertEqual(
            refusal("5e-324", "Double"),
            "is too small for Double: Swift warns that it underflows and loses precision (its smallest normal value is 2.2250738585072014e-308)")
        XCTAssertEqual(refusal("1e-5000", "Double"), "is too small for Double: Swift would make it 0 (its smallest normal value is 2.2250738585072014e-308)")
        XCTAssertEqual(
            refusal("12345678901234567890", "Decimal"),
            "is out of range for Decimal, whose integer literals are Int (-9223372036854775808…9223372036854775807)")
        XCTAssertEqual(refusal("1e400", "Decimal"), "is out of range for Decimal (-1.7976931348623157e308…1.7976931348623157e308)")
        XCTAssertNil(refusal("0.1", "Double"))
        XCTAssertNil(refusal("1e-38", "Float"))
    }
}

/// Which responses a repository converts to domain types, and the warning for those it cannot.
final class DomainResponseTests: XCTestCase {
    func generate(_ response: String) throws -> Generation {
        let text = #"{ "models": { "ItemDTO": { "fields": { "id": "Int" }, "domain": { "name": "Item", "fields": { "id": "id" } } }, "Page": { "typeParameters": ["T"], "fields": { "items": "[T]" } } }, "endpoints": [{ "name": "fetch", "method": "GET", "path": "/i", "response": "\#(response)" }] }"#
        let options = GenerateOptions()
        return try Pipeline.generate(file: SpecFile(path: "items.json", text: text), library: try options.templates.library(templatesPath: nil), options: options)
    }

    func testConvertedShapesAndTheRest() throws {
        let shapes = ["ItemDTO": "Item", "ItemDTO?": "Item?", "[ItemDTO]": "[Item]", "[ItemDTO]?": "[Item]?", "[Int]": "[Int]"]
        for (response, domain) in shapes {
            let generation = try generate(response)
            let repository = try XCTUnwrap(generation.files.first { $0.relativePath == "Items/ItemsRepository.swift" }?.contents)
            XCTAssertTrue(repository.contains("func fetch() async -> Result<\(domain), Error>\n"), "\(response): \(repository)")
            XCTAssertTrue(generation.warnings.isEmpty, "\(generation.warnings)")
        }
        let page = try generate("Page<ItemDTO>")
        XCTAssertEqual(page.warnings.map(\.description), [
            "items.json:1:258: warning: the response 'Page<ItemDTO>' of 'fetch' stays a DTO in the repository: it converts a DTO with a domain type as T, T?, [T] and [T]?",
        ])
    }
}
