import Foundation
import RepogenCore
import RepogenTestSupport
import XCTest

/// "Accepted means it builds": many random specs (hostile names, every type form, nested and generic models,
/// defaults and numbers at the edges of Swift's literal rules, merged params, examples) go through the pipeline;
/// every spec repogen accepts must build as a real build does (`-emit-sil`: the checks after type-checking too) in
/// Swift 6 mode with warnings as errors against the runtime library, also with its mocks in a module of their own,
/// and every spec it rejects must get located errors.
///
/// CI runs a fixed seed and count. A longer run: `bash Tests/Generative/run.sh 2000 [seed]`
/// (`REPOGEN_GENERATIVE_COUNT`, `REPOGEN_GENERATIVE_SEED`). Failing specs are kept under
/// `.build/generative-failures/` for a look.
final class GenerativeTests: XCTestCase {
    static let root = PackagePaths.root

    /// The styles whose output compiles against the runtime alone (`tca`'s imports swift-dependencies: its golden
    /// output and an app are compiled in Examples/LedgerApp).
    static let styles = OutputStyle.all.filter { $0 != .tca }

    func testEveryAcceptedSpecCompiles() throws {
        guard let swiftc = Self.findSwiftc() else { throw XCTSkip("swiftc is not on the PATH") }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-generative-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let runtime = try buildRuntimeModule(swiftc: swiftc, in: work)
        try checkAcceptedSpecsCompile(styles: Self.styles, swiftc: swiftc, arguments: ["-I", runtime.path], work: work)
    }

    /// The committed golden output builds in debug (the Generated*Sample targets); here it must type-check in a
    /// release configuration too, where `#if DEBUG` leaves the mocks out (tca's: in its generative check).
    func testGoldenOutputCompilesWithoutTheMocksOfDebugBuilds() throws {
        guard let swiftc = Self.findSwiftc() else { throw XCTSkip("swiftc is not on the PATH") }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-release-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let runtime = try buildRuntimeModule(swiftc: swiftc, in: work)
        let generated = Self.root.appendingPathComponent("Generated")
        for style in Self.styles {
            let folder = style == .result ? generated : generated.appendingPathComponent(style.name)
            let enumerator = FileManager.default.enumerator(atPath: folder.path)
            var files: [String] = []
            while let path = enumerator?.nextObject() as? String {
                // Generated/ holds the other styles' folders too: the result style's files are in the domain folders.
                if style == .result, OutputStyle.all.contains(where: { path.hasPrefix($0.name + "/") }) { continue }
                if path.hasSuffix(".swift") { files.append(folder.appendingPathComponent(path).path) }
            }
            XCTAssertFalse(files.isEmpty, style.name)
            let output = try run(swiftc, Self.realBuild + ["-module-name", "Release", "-I", runtime.path] + files.sorted())
            XCTAssertEqual(output.status, 0, "Generated output of the \(style.name) style in a release build:\n\(output.text)")
        }
    }

    /// The example specs with their mocks in a test-support module of their own (`mocks: none` in one module,
    /// `mocks: only` in a second that imports it), as the README says works in every style: built as a real build
    /// does. (In the clean style, `Specs/movie.yaml`'s mock file declared `RecordingResponseCache`'s conformance to
    /// the local data source protocol of the other module: a retroactive conformance, an error with warnings as
    /// errors.)
    func testTheExampleSpecsBuildWithTheirMocksInAModuleOfTheirOwn() throws {
        guard let swiftc = Self.findSwiftc() else { throw XCTSkip("swiftc is not on the PATH") }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-split-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let runtime = try buildRuntimeModule(swiftc: swiftc, in: work)
        let folder = Self.root.appendingPathComponent("Specs")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") }.sorted()
        XCTAssertTrue(names.contains("movie.yaml"))
        for (index, style) in Self.styles.enumerated() {
            let library = try TemplateSet.builtin(for: style).library(templatesPath: nil)
            let specs: [Regeneration] = try names.map { name in
                let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
                return ("Specs/" + name, text, GenerateOptions(style: style), { file, options in
                    try Pipeline.generate(file: file, library: library, options: options)
                })
            }
            try checkMocksInTheirOwnModule(specs, batch: index, arguments: ["-I", runtime.path], swiftc: swiftc, work: work)
        }
    }

    /// The tca style's output imports swift-dependencies, which this package does not depend on. With
    /// `REPOGEN_TCA_BUILD` naming the debug build folder of Examples/LedgerApp (CI sets it once that package is
    /// built), every accepted random spec is type-checked in that style too, against that build's modules (the
    /// runtime, Dependencies) and its `@DependencyClient` macro.
    func testEveryAcceptedSpecCompilesInTheTCAStyle() throws {
        guard let build = ProcessInfo.processInfo.environment["REPOGEN_TCA_BUILD"] else {
            throw XCTSkip("set REPOGEN_TCA_BUILD to Examples/LedgerApp/.build/debug (after building it) to check the tca style")
        }
        guard let swiftc = Self.findSwiftc() else { throw XCTSkip("swiftc is not on the PATH") }
        let plugin = build + "/DependenciesMacrosPlugin-tool"
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: plugin), "no \(plugin): build Examples/LedgerApp first")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-generative-tca-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        // The C modules those import (OpenCombine's helpers, for the Combine schedulers on Linux).
        let moduleMaps = ((try? FileManager.default.contentsOfDirectory(atPath: build)) ?? []).sorted()
            .map { build + "/" + $0 + "/module.modulemap" }
            .filter { $0.hasSuffix(".build/module.modulemap") && FileManager.default.fileExists(atPath: $0) }
        try checkAcceptedSpecsCompile(
            styles: [.tca], swiftc: swiftc,
            arguments: ["-I", build + "/Modules", "-load-plugin-executable", plugin + "#DependenciesMacrosPlugin"]
                + moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=" + $0] }, work: work)
    }

    /// The clean style's publishers are compiled only where Combine or OpenCombine can be imported, which this
    /// package does not depend on. With `REPOGEN_CLEAN_BUILD` naming the debug build folder of Examples/CleanApp (CI
    /// sets it once that package is built), every accepted random spec is type-checked in the clean style against
    /// that build's OpenCombine too, publishers included.
    func testEveryAcceptedSpecCompilesInTheCleanStyleWithOpenCombine() throws {
        guard let build = ProcessInfo.processInfo.environment["REPOGEN_CLEAN_BUILD"] else {
            throw XCTSkip("set REPOGEN_CLEAN_BUILD to Examples/CleanApp/.build/debug (after building it) to check the clean style's publishers")
        }
        guard let swiftc = Self.findSwiftc() else { throw XCTSkip("swiftc is not on the PATH") }
        #if canImport(Combine)
        let moduleMaps: [String] = []
        #else
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: build + "/Modules/OpenCombine.swiftmodule"),
            "no OpenCombine module in \(build): build Examples/CleanApp first")
        // The C module OpenCombine imports (its helpers).
        let moduleMaps = ((try? FileManager.default.contentsOfDirectory(atPath: build)) ?? []).sorted()
            .map { build + "/" + $0 + "/module.modulemap" }
            .filter { $0.hasSuffix(".build/module.modulemap") && FileManager.default.fileExists(atPath: $0) }
        #endif
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-generative-clean-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let arguments = ["-I", build + "/Modules"] + moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=" + $0] }
        // The publishers are behind `#if canImport(Combine) || canImport(OpenCombine)`: prove that these arguments
        // make one importable, or the check would pass without compiling them.
        let probe = work.appendingPathComponent("probe.swift")
        try Data("#if !canImport(Combine) && !canImport(OpenCombine)\n#error(\"no Combine\")\n#endif\n".utf8).write(to: probe)
        let probed = try run(swiftc, ["-typecheck", probe.path] + arguments)
        XCTAssertEqual(probed.status, 0, "neither Combine nor OpenCombine can be imported:\n\(probed.text)")
        try checkAcceptedSpecsCompile(styles: [.clean], swiftc: swiftc, arguments: arguments, work: work)
    }

    /// Random specs (`REPOGEN_GENERATIVE_COUNT`, from `REPOGEN_GENERATIVE_SEED`), spec i in style i % count: every
    /// one repogen accepts type-checks with warnings as errors (swiftc with `arguments`); every one it refuses is
    /// refused with located, one-line errors.
    func checkAcceptedSpecsCompile(styles: [OutputStyle], swiftc: String, arguments: [String], work: URL) throws {
        let environment = ProcessInfo.processInfo.environment
        // A check of one style that refuses more of the generator's specs (clean, tca) draws twice as many, so that
        // it compiles as many accepted ones as the check of the other styles does.
        let single = styles == [.tca] || styles == [.clean]
        let count = Int(environment["REPOGEN_GENERATIVE_COUNT"] ?? "") ?? (single ? 240 : 120)
        let seed = UInt64(environment["REPOGEN_GENERATIVE_SEED"] ?? "") ?? 20_261_123
        let libraries = try styles.map { try TemplateSet.builtin(for: $0).library(templatesPath: nil) }
        // Without the tca style in the list, it still renders each spec (or refuses it with a located error).
        let tca = styles.contains(.tca) ? nil : try TemplateSet.builtin(for: .tca).library(templatesPath: nil)

        // Generate in batches: one module each, so one type-check covers many specs.
        let batchSize = 60
        var accepted = 0
        var rejected = 0
        var acceptedWithCaching = 0
        var acceptedWithUnions = 0
        var acceptedWithForms = 0
        var acceptedWithMembers = 0
        var acceptedWithShapes = 0
        var acceptedWithIntEnums = 0
        var acceptedWithDefaults = 0
        var acceptedWithConstantLists = 0
        var twoModuleSpecs = 0
        var splitSpecs = 0
        var splitWithReads = 0
        var refusedMisspelt = 0
        var shortenedAccepted = 0
        var acceptedProbes = 0
        var refusedProbes = 0
        for batchStart in stride(from: 0, to: count, by: batchSize) {
            var generations: [(path: String, text: String, generation: Generation)] = []
            var optionsByPath: [String: (options: GenerateOptions, style: Int)] = [:]
            for index in batchStart..<min(count, batchStart + batchSize) {
                var generator = SpecGenerator(seed: seed &+ UInt64(index) &* 7919, domain: "G\(index)")
                let text = generator.spec()
                let path = "g\(index).json"
                do {
                    // Every third spec is generated with internal access, as `--access-level internal` does.
                    let style = index % styles.count
                    let options = GenerateOptions(style: styles[style], accessLevel: index % 3 == 0 ? .internal : .public)
                    let generation = try Pipeline.generate(
                        file: SpecFile(path: path, text: text), library: libraries[style], options: options)
                    generations.append((path, text, generation))
                    optionsByPath[path] = (options, style)
                    if let tca {
                        do {
                            _ = try Pipeline.generate(
                                file: SpecFile(path: path, text: text), library: tca, options: GenerateOptions(style: .tca))
                        } catch {
                            for diagnostic in error.diagnostics where diagnostic.severity == .error {
                                XCTAssertNotNil(diagnostic.location, "\(path) (tca): an error without a line and column")
                            }
                        }
                    }
                } catch {
                    rejected += 1
                    if environment["REPOGEN_GENERATIVE_DEBUG"] != nil, let first = error.diagnostics.first(where: { $0.severity == .error }) {
                        print("rejected: \(first)")
                    }
                    for diagnostic in error.diagnostics where diagnostic.severity == .error {
                        XCTAssertNotNil(diagnostic.location, "\(path): an error without a line and column: \(diagnostic)")
                        XCTAssertFalse(diagnostic.description.contains("\n"), "\(path): a diagnostic on several lines: \(diagnostic)")
                    }
                }
            }
            // Specs generated together: a clash between two of them is an error too; keep the first of each pair.
            var kept = generations
            while true {
                let clashes = Pipeline.crossCheck(kept.map(\.generation))
                guard let clash = clashes.first?.location?.path else { break }
                XCTAssertNotNil(clashes.first?.location)
                kept.removeAll { $0.path == clash }
                rejected += 1
            }
            // One output folder: a style's shared files (tca's APIError.swift) once, as a run writes them.
            if !kept.isEmpty, let shared = kept.first(where: { !$0.generation.sharedFiles.isEmpty })?.generation.sharedFiles {
                kept[0].generation.files += shared
            }
            accepted += kept.count
            acceptedWithCaching += kept.filter { $0.text.contains("\"cache\"") }.count
            acceptedWithUnions += kept.filter { $0.text.contains("\"oneOf\"") }.count
            acceptedWithShapes += kept.filter { spec in
                ["\"firstOf\"", "\"omitWhen\"", "\"switch\""].contains { spec.text.contains($0) }
            }.count
            acceptedWithForms += kept.filter { $0.text.contains(#""body":"form""#) || $0.text.contains(#""body" : "form""#) }.count
            // Placeholders reading a member of a Foundation type (`{ref_url.host}`).
            acceptedWithMembers += kept.filter { $0.text.range(of: #"\{ref_[a-z]+\.[a-zA-Z]"#, options: .regularExpression) != nil }.count
            // An Int enum's case: `"value":` followed by a number (a string enum's values are quoted).
            acceptedWithIntEnums += kept.filter { spec in
                spec.text.ranges(of: #/"value" ?: ?-?[0-9]/#).isEmpty == false
            }.count
            // Inputs with a default (the overloads' comment says so) and constant lists in a param (an array literal
            // of constants as a key's value).
            acceptedWithDefaults += kept.filter { spec in
                spec.generation.files.contains { $0.contents.contains("optional inputs or inputs with a default") }
            }.count
            acceptedWithConstantLists += kept.filter { spec in
                spec.generation.files.contains { file in
                    file.relativePath.hasSuffix("Api.swift")
                        && file.contents.range(of: #"(": |\] = )(\[("|-?[0-9]|true|false)|\[String\]\(\))"#, options: .regularExpression) != nil
                }
            }.count
            try typeCheck(kept, batch: batchStart / batchSize, arguments: arguments, swiftc: swiftc, work: work)
            // The same specs with the mocks in a module of their own (`mocks: none` beside `mocks: only`, which
            // imports it), as a test-support target has them: public specs only, since another module sees nothing
            // else.
            let split = kept.compactMap { spec -> Regeneration? in
                guard let (options, style) = optionsByPath[spec.path], options.accessLevel == .public else { return nil }
                return (spec.path, spec.text, options, { file, options in
                    try Pipeline.generate(file: file, library: libraries[style], options: options)
                })
            }
            try checkMocksInTheirOwnModule(split, batch: batchStart / batchSize, arguments: arguments, swiftc: swiftc, work: work)
            twoModuleSpecs += split.count
            // The same specs with their models in a spec of their own, listed under `externalTypes`: one run each,
            // built together in a module of their own (SplitSpecs.swift).
            var shortened: [(path: String, text: String, generation: Generation)] = []
            var probes: [(path: String, text: String, generation: Generation)] = []
            let splitPairs = splitAndCheck(kept, generate: { original, file in
                let (options, style) = optionsByPath[original] ?? (GenerateOptions(style: styles[0]), 0)
                return try Pipeline.generate(file: file, library: libraries[style], options: options)
            }, reads: &splitWithReads, refusedMisspelt: &refusedMisspelt, shortened: &shortened, probes: &probes,
                refusedProbes: &refusedProbes)
            splitSpecs += splitPairs.count / 2
            shortenedAccepted += shortened.count / 2
            acceptedProbes += probes.count / 2
            for (offset, var module) in [splitPairs, shortened, probes].enumerated() {
                // Built as one module: no two of them may clash (each is named by its spec).
                XCTAssertEqual(Pipeline.crossCheck(module.map(\.generation)).map(\.description), [])
                if let shared = module.first(where: { !$0.generation.sharedFiles.isEmpty })?.generation.sharedFiles {
                    module[0].generation.files += shared
                }
                try typeCheck(module, batch: 1000 * (offset + 1) + batchStart / batchSize, arguments: arguments, swiftc: swiftc, work: work)
            }
        }
        // The generator must keep producing specs that pass, or this check proves nothing.
        // (The tca style refuses more of the generator's names, its client's members among them: about 11-12% of
        // specs pass there, 13-17% in the other styles. The clean style alone, with its use case types per method,
        // passes 8-13%: 10 of 120 from the default seed once random specs drew unions and forms.)
        let minimum = count / (single ? 14 : 12)
        XCTAssertGreaterThan(accepted, minimum, "only \(accepted) of \(count) random specs were accepted")
        // Cached reads and the writes that change them too (each style renders them its own way).
        XCTAssertGreaterThan(acceptedWithCaching, 0, "no accepted random spec has a cached read")
        XCTAssertGreaterThan(twoModuleSpecs, 0, "no accepted spec was built with its mocks in a module of their own")
        XCTAssertGreaterThan(acceptedWithUnions, 0, "no accepted random spec has a union")
        XCTAssertGreaterThan(acceptedWithMembers, 0, "no accepted random spec reads a member of a Foundation type")
        XCTAssertGreaterThan(acceptedWithShapes, 0, "no accepted random spec has a request shaped by an input's value")
        XCTAssertGreaterThan(acceptedWithIntEnums, 0, "no accepted random spec has an Int enum")
        XCTAssertGreaterThan(acceptedWithDefaults, 0, "no accepted random spec has an input with a default")
        XCTAssertGreaterThan(acceptedWithConstantLists, 0, "no accepted random spec has a constant list")
        XCTAssertGreaterThan(splitWithReads, 0, "no split spec reads a member of a model another spec declares")
        XCTAssertGreaterThan(refusedMisspelt, 0, "no misspelt member of a model another spec declares was tried")
        XCTAssertGreaterThan(acceptedProbes, 0, "no endpoint reading another spec's model's fields was accepted")
        XCTAssertGreaterThan(refusedProbes, 0, "no endpoint reading another spec's model's fields was refused")
        print("generative check (\(styles.map(\.name).joined(separator: ", "))): \(accepted) accepted and compiled "
            + "(\(acceptedWithCaching) with cached reads, \(acceptedWithUnions) with unions, \(acceptedWithIntEnums) with Int enums, \(acceptedWithForms) with form "
            + "bodies, \(acceptedWithMembers) with Foundation members, \(acceptedWithShapes) with requests shaped by an input's value, "
            + "\(acceptedWithDefaults) with input defaults, \(acceptedWithConstantLists) with constant lists; "
            + "\(twoModuleSpecs) also with the mocks in a module of their own; \(splitSpecs) also with their models in a spec "
            + "of their own, \(splitWithReads) of them reading the models' members, \(refusedMisspelt) misspelt and refused, "
            + "\(shortenedAccepted) reading a member less accepted, \(acceptedProbes) with an endpoint reading their fields "
            + "accepted and \(refusedProbes) refused), "
            + "\(rejected) rejected with located errors (seed \(seed))")
    }

    /// A domain of more endpoints than one `switch` can hold (Swift gives up proving exhaustiveness at about 600
    /// cases): its cases go into nested enums, and the whole output of 2,000 endpoints still type-checks with
    /// warnings as errors, in every output style. The generated code also keeps clear of the forms that cost Swift the most per endpoint
    /// (see the README's Performance section): `String(_:)` conversions, `+` chains, and settable mock members.
    func testADomainOfThousandsOfEndpointsCompiles() throws {
        guard let swiftc = Self.findSwiftc() else { throw XCTSkip("swiftc is not on the PATH") }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-large-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        var endpoints: [String] = [
            // Names the nested enums would take: they must not clash.
            #"{ "name": "cases0", "method": "GET", "path": "/c" }"#,
            #"{ "name": "signout", "method": "DELETE", "path": "/s" }"#,
        ]
        for index in 0..<2_000 {
            switch index % 5 {
            case 0:
                endpoints.append(#"{ "name": "fetch\#(index)", "method": "GET", "path": "/i/{id}", "inputs": [{ "name": "id", "type": "Int" }, { "name": "in", "type": "String?" }], "param": { "in": "{in}" }, "response": "[Item]" }"#)
            case 1:
                endpoints.append(#"{ "name": "save\#(index)", "method": { "if": "isDelete", "then": "DELETE", "else": "PUT" }, "path": "/i/{id}", "inputs": [{ "name": "id", "type": "String" }, { "name": "isDelete", "type": "Bool" }], "response": "String" }"#)
            case 2:
                endpoints.append(#"{ "name": "detail\#(index)", "method": "GET", "path": "/i/{input.id}", "inputs": [{ "name": "input", "type": "Item", "unlabeled": true }], "header": { "custom": { "X-Id": "{input.id}" } }, "response": "Item?" }"#)
            case 3:
                endpoints.append(#"{ "name": "report\#(index)", "method": "DELETE", "path": "/i", "inputs": [{ "name": "item", "type": "Item" }], "param": ["{item}", { "why": "x" }], "usingQuery": false }"#)
            default:
                endpoints.append(#"{ "name": "upload\#(index)", "method": "POST", "path": "/u", "inputs": [{ "name": "images", "type": "[UploadFile]" }], "upload": { "files": { "images": "{images}" } } }"#)
            }
        }
        let text = #"{ "models": { "Item": { "fields": { "id": "Int", "name": "String" } } }, "endpoints": [\#(endpoints.joined(separator: ",\n"))] }"#
        let runtime = try buildRuntimeModule(swiftc: swiftc, in: work)
        for style in Self.styles {
            try checkLargeDomain(text, style: style, runtime: runtime, swiftc: swiftc, work: work.appendingPathComponent(style.name))
        }
    }

    /// Every form of DTO → domain mapping the validator accepts compiles, with warnings as errors, in every style:
    /// nested DTOs as T, T?, [T] and [T]?, renamed and keyword-named fields, every computed value; the read is
    /// cached, so the domain types must be Codable (what a cache stores).
    func testDomainMappingsCompile() throws {
        guard let swiftc = Self.findSwiftc() else { throw XCTSkip("swiftc is not on the PATH") }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-domain-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let text = #"""
            { "models": {
                "ItemDTO": {
                  "fields": { "id": "Int", "tag": "TagDTO", "maybe": "TagDTO?", "tags": "[TagDTO]", "maybeTags": "[TagDTO]?",
                              "kind": "Kind", "plain": "[String: Int]", "default": "String" },
                  "models": { "TagDTO": { "fields": { "label": "String" }, "domain": { "name": "Tag", "fields": { "label": "label" } } } },
                  "domain": { "name": "Item", "description": "An item.", "fields": {
                    "id": "id", "tag": "tag", "maybe": "maybe", "tags": "tags", "maybeTags": { "from": "maybeTags", "type": "[Tag]?" },
                    "kind": "kind", "plain": "plain", "class": { "from": "default", "description": "Renamed." },
                    "uuid": { "type": "UUID", "value": "UUID()" }, "date": { "type": "Date", "value": "Date()" },
                    "none": { "type": "Int?", "value": "nil" }, "list": { "type": "[String]", "value": "[]" },
                    "map": { "type": "[String: Int]", "value": "[:]" }, "count": { "type": "Int", "value": "-3" },
                    "ratio": { "type": "Double", "value": "0.5" }, "flag": { "type": "Bool", "value": "true" },
                    "text": { "type": "String", "value": "\"a \\\"quoted\\\" \\\\ text\"" } } } },
                "Kind": { "enum": ["a", "b"] },
                "EmptyDTO": { "fields": { "x": "Int" }, "domain": { "name": "Empty", "fields": {} } } },
              "endpoints": [{ "name": "fetch", "method": "GET", "path": "/i", "response": "[ItemDTO]", "cache": true }] }
            """#
        let runtime = try buildRuntimeModule(swiftc: swiftc, in: work)
        for style in Self.styles {
            let library = try TemplateSet.builtin(for: style).library(templatesPath: nil)
            let generation = try Pipeline.generate(
                file: SpecFile(path: "items.json", text: text), library: library, options: GenerateOptions(style: style))
            let models = try XCTUnwrap(generation.files.first { $0.relativePath.hasSuffix("ItemsModels.swift") }?.contents)
            XCTAssertTrue(models.contains("maybeTags: self.maybeTags?.map { $0.toDomain() },"), models)
            XCTAssertTrue(models.contains("class: self.`default`,"), models)
            try typeCheck([("items.json", text, generation)], batch: 0, runtime: runtime, swiftc: swiftc, work: work.appendingPathComponent(style.name))
        }
    }

    func checkLargeDomain(_ text: String, style: OutputStyle, runtime: URL, swiftc: String, work: URL) throws {
        let library = try TemplateSet.builtin(for: style).library(templatesPath: nil)
        let generation = try Pipeline.generate(
            file: SpecFile(path: "large.json", text: text), library: library, options: GenerateOptions(style: style))
        let api = try XCTUnwrap(generation.files.first { $0.relativePath.hasSuffix("LargeApi.swift") }?.contents)
        XCTAssertTrue(api.contains("    case cases0_(Cases0)\n"), "the nested enums avoid the endpoint named cases0")
        XCTAssertTrue(api.contains("    static var signout: LargeApi {\n        .cases0_(.signout)\n    }\n"))
        for file in generation.files {
            XCTAssertFalse(file.contents.contains("String("), "\(file.relativePath) converts with String(_:) (\(style))")
            XCTAssertFalse(file.contents.contains("\" + "), "\(file.relativePath) concatenates strings with + (\(style))")
        }
        let mock = try XCTUnwrap(generation.files.first { $0.relativePath.hasSuffix("MockLargeRepository.swift") }?.contents)
        XCTAssertFalse(mock.contains(" var "), "the mock declares properties with accessors (\(style))")
        try typeCheck([("large.json", text, generation)], batch: 0, runtime: runtime, swiftc: swiftc, work: work)
    }

    /// Compiles Sources/RepogenRuntime into a module the generated files can import.
    func buildRuntimeModule(swiftc: String, in work: URL) throws -> URL {
        let folder = work.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sources = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources/RepogenRuntime").path)
            .filter { $0.hasSuffix(".swift") }.sorted()
            .map { Self.root.appendingPathComponent("Sources/RepogenRuntime/\($0)").path }
        let output = try run(swiftc, [
            "-emit-module", "-module-name", "RepogenRuntime", "-parse-as-library", "-swift-version", "6",
            "-emit-module-path", folder.appendingPathComponent("RepogenRuntime.swiftmodule").path,
        ] + sources)
        XCTAssertEqual(output.status, 0, "the runtime did not compile: \(output.text)")
        return folder
    }

    func typeCheck(
        _ specs: [(path: String, text: String, generation: Generation)], batch: Int, runtime: URL, swiftc: String, work: URL
    ) throws {
        try typeCheck(specs, batch: batch, arguments: ["-I", runtime.path], swiftc: swiftc, work: work)
    }

    func typeCheck(
        _ specs: [(path: String, text: String, generation: Generation)], batch: Int, arguments: [String], swiftc: String,
        work: URL
    ) throws {
        guard !specs.isEmpty else { return }
        let (files, owner) = try write(specs, to: work.appendingPathComponent("batch\(batch)"))
        // Both configurations: a debug build compiles the mocks (`#if DEBUG`, the default `mocks` setting), a
        // release build leaves them out, and what remains must not need them.
        for configuration in [["-D", "DEBUG"], []] {
            let output = try run(swiftc, Self.realBuild + ["-module-name", "Generated\(batch)"] + configuration + arguments + files)
            guard output.status != 0 else { continue }
            report(output, configuration: configuration.isEmpty ? "release" : "debug", specs: specs, owner: owner)
            return
        }
    }

    /// What a real build checks, without writing its output: SIL generation and the mandatory passes that follow
    /// type-checking (literal ranges and exactness, definite initialization, exclusivity, isolation diagnostics),
    /// which `-typecheck` never reaches. Swift 6 mode, warnings as errors.
    static let realBuild = ["-emit-sil", "-wmo", "-o", "/dev/null", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors"]

    /// Generates `specs` twice, as an app with a test-support target does: everything but the mocks (`mocks: none`)
    /// into a module, and the mocks alone (`mocks: only`, importing it) into a second one, which must build as a
    /// real build does, with warnings as errors (a retroactive conformance in a mock file is one).
    typealias Regeneration = (
        path: String, text: String, options: GenerateOptions, generate: (SpecFile, GenerateOptions) throws -> Generation
    )

    func checkMocksInTheirOwnModule(
        _ specs: [Regeneration], batch: Int,
        arguments: [String], swiftc: String, work: URL
    ) throws {
        guard !specs.isEmpty else { return }
        let apiModule = "API\(batch)"
        var api: [(path: String, text: String, generation: Generation)] = []
        var mocks: [(path: String, text: String, generation: Generation)] = []
        for spec in specs {
            var options = spec.options
            options.mocks = .none
            api.append((spec.path, spec.text, try spec.generate(SpecFile(path: spec.path, text: spec.text), options)))
            options.mocks = .only
            options.imports = [apiModule]
            mocks.append((spec.path, spec.text, try spec.generate(SpecFile(path: spec.path, text: spec.text), options)))
        }
        if let shared = api.first(where: { !$0.generation.sharedFiles.isEmpty })?.generation.sharedFiles {
            api[0].generation.files += shared
        }
        let folder = work.appendingPathComponent("split\(batch)")
        let modules = folder.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        let (apiFiles, apiOwner) = try write(api, to: folder.appendingPathComponent("api"))
        let emitted = try run(swiftc, [
            "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", apiModule,
            "-emit-module-path", modules.appendingPathComponent(apiModule + ".swiftmodule").path,
        ] + arguments + apiFiles)
        guard emitted.status == 0 else {
            return report(emitted, configuration: "mocks: none", specs: api, owner: apiOwner)
        }
        let (mockFiles, mockOwner) = try write(mocks, to: folder.appendingPathComponent("mocks"))
        guard !mockFiles.isEmpty else { return }
        let output = try run(
            swiftc, Self.realBuild + ["-module-name", "Mocks\(batch)", "-D", "DEBUG", "-I", modules.path] + arguments + mockFiles)
        if output.status != 0 {
            report(output, configuration: "mocks: only, in a module of their own", specs: mocks, owner: mockOwner)
        }
    }

    /// Writes the generated files of `specs` below `folder`: their paths, and the spec each comes from.
    func write(
        _ specs: [(path: String, text: String, generation: Generation)], to folder: URL
    ) throws -> (files: [String], owner: [String: String]) {
        var files: [String] = []
        var owner: [String: String] = [:]
        for spec in specs {
            for file in spec.generation.files {
                let url = folder.appendingPathComponent(file.relativePath)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url)
                files.append(url.path)
                owner[url.path] = spec.path
            }
        }
        return (files, owner)
    }

    /// Names the specs whose files the compiler complained about, and keeps them for a look.
    func report(
        _ output: (status: Int32, text: String), configuration: String,
        specs: [(path: String, text: String, generation: Generation)], owner: [String: String]
    ) {
        let failing = Set(owner.filter { output.text.contains($0.key) }.map(\.value)).sorted()
        let keep = Self.root.appendingPathComponent(".build/generative-failures")
        try? FileManager.default.createDirectory(at: keep, withIntermediateDirectories: true)
        for spec in specs where failing.contains(spec.path) {
            try? Data(spec.text.utf8).write(to: keep.appendingPathComponent(spec.path))
        }
        let shown = output.text.split(separator: "\n").filter { $0.contains("error:") }.prefix(30).joined(separator: "\n")
        XCTFail("accepted specs did not compile in a \(configuration) build (\(failing.joined(separator: ", ")); kept in \(keep.path)):\n\(shown)")
    }

    static func findSwiftc() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for folder in path.split(separator: ":") {
            let candidate = String(folder) + "/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, text: String) {
        try ConformanceCompileTests.run(executable, arguments)
    }
}
