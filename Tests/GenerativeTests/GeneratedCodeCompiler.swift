import Foundation
import RepogenCore
import XCTest

/// Compiles generated code as a build does: Swift 6, warnings as errors, through SIL (`-emit-sil`, so definite
/// initialization and the other checks that run after type-checking apply too), in a debug configuration (`-D DEBUG`,
/// with the mocks) and a release one. Every style but `tca` against a runtime module built from
/// Sources/RepogenRuntime; `tca` against the modules of Examples/LedgerApp's build, which `REPOGEN_TCA_BUILD` names
/// (swift-dependencies and its macro plugin), and not at all without it.
struct GeneratedCodeCompiler {
    let swiftc: String
    let work: URL
    let runtimeArguments: [String]
    /// Nil without `REPOGEN_TCA_BUILD`.
    let tcaArguments: [String]?

    /// Nil when swiftc is not on the PATH.
    init?(work: URL) throws {
        guard let swiftc = GenerativeTests.findSwiftc() else { return nil }
        self.swiftc = swiftc
        self.work = work
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let modules = work.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        let runtime = GenerativeTests.root.appendingPathComponent("Sources/RepogenRuntime")
        let sources = try FileManager.default.contentsOfDirectory(atPath: runtime.path).filter { $0.hasSuffix(".swift") }
            .sorted().map { runtime.appendingPathComponent($0).path }
        let built = try ConformanceCompileTests.run(swiftc, [
            "-emit-module", "-module-name", "RepogenRuntime", "-parse-as-library", "-swift-version", "6",
            "-emit-module-path", modules.appendingPathComponent("RepogenRuntime.swiftmodule").path,
        ] + sources)
        XCTAssertEqual(built.status, 0, "the runtime did not compile: \(built.text)")
        runtimeArguments = ["-I", modules.path]
        if let build = ProcessInfo.processInfo.environment["REPOGEN_TCA_BUILD"] {
            let plugin = build + "/DependenciesMacrosPlugin-tool"
            XCTAssertTrue(FileManager.default.isExecutableFile(atPath: plugin), "no \(plugin): build Examples/LedgerApp first")
            // The C modules those import (OpenCombine's helpers, for the Combine schedulers on Linux).
            let moduleMaps = ((try? FileManager.default.contentsOfDirectory(atPath: build)) ?? []).sorted()
                .map { build + "/" + $0 + "/module.modulemap" }
                .filter { $0.hasSuffix(".build/module.modulemap") && FileManager.default.fileExists(atPath: $0) }
            tcaArguments = ["-I", build + "/Modules", "-load-plugin-executable", plugin + "#DependenciesMacrosPlugin"]
                + moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=" + $0] }
        } else {
            tcaArguments = nil
        }
    }

    /// The styles this compiler can build: every style, `tca` only with `REPOGEN_TCA_BUILD`.
    var styles: [OutputStyle] { OutputStyle.all.filter { $0 != .tca || tcaArguments != nil } }

    /// Writes `files` into a folder of their own and compiles them as one module in both configurations: nil when
    /// they build, else the compiler's errors (the first 30 lines that say `error:`) and the configuration.
    func compile(_ files: [OutputFile], module: String, style: OutputStyle) throws -> String? {
        let folder = work.appendingPathComponent(module)
        var paths: [String] = []
        for file in files {
            let url = folder.appendingPathComponent(file.relativePath)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url)
            paths.append(url.path)
        }
        let arguments = style == .tca ? tcaArguments ?? [] : runtimeArguments
        for configuration in [["-D", "DEBUG"], []] {
            let output = try ConformanceCompileTests.run(swiftc, [
                "-emit-sil", "-wmo", "-o", "/dev/null", "-swift-version", "6", "-warnings-as-errors", "-module-name", module,
            ] + configuration + arguments + paths)
            guard output.status != 0 else { continue }
            let errors = output.text.split(separator: "\n").filter { $0.contains("error:") }.prefix(30)
            return "\(configuration.isEmpty ? "release" : "debug") build of \(module) (\(style.name)):\n"
                + errors.joined(separator: "\n")
        }
        return nil
    }
}

extension GeneratedCodeCompiler {
    /// Generates one spec in every style and builds what each gives (each style in a module of its own, named
    /// `<module><Style>`): a style that refuses the spec, or output that does not build, fails the test. `inspect`
    /// sees each style's generation first (for what the test expects in its text). Styles the compiler cannot build
    /// (`tca` without `REPOGEN_TCA_BUILD`) are generated, checked and said not to be built. `extraFiles` are compiled
    /// with each style's output (a caller of the generated code, in that style's terms).
    func buildInEveryStyle(
        spec text: String, path: String, module: String, test: String,
        inspect: (OutputStyle, Generation) -> Void = { _, _ in },
        extraFiles: (OutputStyle) -> [OutputFile] = { _ in [] },
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        for style in OutputStyle.all {
            let library = try TemplateSet.builtin(for: style).library(templatesPath: nil)
            let generation: Generation
            do {
                generation = try Pipeline.generate(
                    file: SpecFile(path: path, text: text), library: library, options: GenerateOptions(style: style))
            } catch {
                XCTFail("\(style.name): refused\n\(error.report)", file: file, line: line)
                continue
            }
            inspect(style, generation)
            guard styles.contains(style) else { continue }
            let name = module + style.name.filter(\.isLetter).prefix(1).uppercased() + style.name.filter(\.isLetter).dropFirst()
            if let errors = try compile(
                generation.files + generation.sharedFiles + extraFiles(style), module: name, style: style)
            {
                XCTFail(errors, file: file, line: line)
            }
        }
        if tcaArguments == nil {
            print("\(test): the tca output was generated, not built (set REPOGEN_TCA_BUILD)")
        }
    }
}
