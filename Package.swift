// swift-tools-version: 6.0
// repogen: a code generator for the iOS repository pattern. No package dependencies.
import PackageDescription

/// The output styles whose committed output (Generated/<style>/, regenerated from repogen-<style>.json) compiles
/// against the runtime alone, each as a sample target and its test target (Tests/<target>Tests). Adding a style is
/// one entry. (tca's output imports swift-dependencies: Examples/LedgerApp compiles Generated/tca.)
let styleSamples = [
    (style: "async-throws", target: "GeneratedAsyncThrowsSample"),
    (style: "completion", target: "GeneratedCompletionSample"),
    (style: "clean", target: "GeneratedCleanSample"),
]

/// What the tests against the loopback server depend on, besides what they test.
let serverTestDependencies: [Target.Dependency] = ["RepogenRuntime", "TestServer", "RepogenTestSupport"]

let package = Package(
    name: "repogen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "repogen", targets: ["repogen"]),
        .library(name: "RepogenRuntime", targets: ["RepogenRuntime"]),
        .library(name: "RepogenMustache", targets: ["RepogenMustache"]),
        .plugin(name: "RepogenBuildPlugin", targets: ["RepogenBuildPlugin"]),
        .plugin(name: "RepogenCommandPlugin", targets: ["RepogenCommandPlugin"]),
        .plugin(name: "RepogenCheckPlugin", targets: ["RepogenCheckPlugin"]),
    ],
    dependencies: [],
    targets: [
        // Core: the pipeline (read -> validate -> project -> render -> write) and its template engine.
        .target(name: "RepogenMustache"),
        .target(name: "RepogenCore", dependencies: ["RepogenMustache"]),

        // CLI
        .executableTarget(name: "repogen", dependencies: ["RepogenCore"]),
        .executableTarget(name: "generate-builtin-templates", dependencies: ["RepogenCore"]),

        // Plugins: generate at build time from a target's specs (BuildPlan.swift says which), or regenerate the
        // committed files repogen.json describes on demand, or check them without the permission to write (CI).
        // Each also works in an Xcode project (XcodeProjectPlugin, compiled only where Xcode provides it).
        .plugin(name: "RepogenBuildPlugin", capability: .buildTool(), dependencies: ["repogen"]),
        .plugin(
            name: "RepogenCommandPlugin",
            capability: .command(
                intent: .custom(verb: "repogen-generate", description: "Regenerate the files repogen.json describes"),
                permissions: [.writeToPackageDirectory(reason: "repogen writes the generated Swift files")]
            ),
            dependencies: ["repogen"]
        ),
        .plugin(
            name: "RepogenCheckPlugin",
            capability: .command(
                intent: .custom(
                    verb: "repogen-check",
                    description: "Check that the files repogen.json describes are up to date, writing nothing; 'diff --base <revision>' reports what changed in the API"),
                permissions: []
            ),
            dependencies: ["repogen"]
        ),

        // Runtime: what the generated code and the apps that use it link against.
        .target(name: "RepogenRuntime"),

        // Samples: the committed output in Generated/ (models included) compiled against the runtime, one target
        // per output style: result (the default, repogen.json) in Generated/<Domain>/, the styles of styleSamples in
        // Generated/<style>/ (repogen-<style>.json: the specs their tests use).
        .target(
            name: "GeneratedSample", dependencies: ["RepogenRuntime"], path: "Generated",
            exclude: styleSamples.map(\.style) + ["tca"]
        ),
    ] + styleSamples.map { sample in
        .target(name: sample.target, dependencies: ["RepogenRuntime"], path: "Generated/" + sample.style)
    } + [

        // Tests
        // A recording HTTP server (python3) on loopback, for the runtime's and the generated code's tests.
        .target(name: "TestServer", path: "Tests/TestServer", exclude: ["test_server.py"]),
        // What many test targets share: the package's paths (PackagePaths), and starting the loopback server or
        // skipping the test without python3 (TestServer.startOrSkip()).
        .target(name: "RepogenTestSupport", dependencies: ["TestServer"], path: "Tests/RepogenTestSupport"),
        // Specs imported from Tests/OpenAPIDocuments/petstore.yaml and the code they generate, run against the server.
        .target(name: "ImportedPetstore", dependencies: ["RepogenRuntime"], path: "Tests/ImportedPetstore/Generated"),
        .testTarget(name: "ImportedPetstoreTests", dependencies: ["ImportedPetstore"] + serverTestDependencies),
        // swift-openapi-generator's reference document (Apache-2.0, Tests/ReferencePetstore/README.md), imported and
        // generated, each construct run against the server both ways.
        .target(name: "ReferencePetstore", dependencies: ["RepogenRuntime"], path: "Tests/ReferencePetstore/Generated"),
        .testTarget(name: "ReferencePetstoreTests", dependencies: ["ReferencePetstore"] + serverTestDependencies),
        .testTarget(
            name: "RepogenMustacheTests",
            dependencies: ["RepogenMustache", "RepogenTestSupport"],
            // A copy of the official Mustache spec (MIT), read by path when ../shared/mustache-spec is absent.
            exclude: ["Specification"]
        ),
        .testTarget(
            name: "RepogenCoreTests",
            // RepogenRuntime: where the generator keeps its own copy of a runtime rule, a test holds the two to one answer.
            dependencies: ["RepogenCore", "RepogenTestSupport", "RepogenRuntime"],
            // Bad specs and their expected diagnostics, read by path.
            exclude: ["BadSpecs"]
        ),
        .testTarget(
            name: "GoldenTests",
            dependencies: ["RepogenCore", "RepogenTestSupport"],
            // Each spec of Specs/ in the other format (JSON <-> YAML), read by path.
            exclude: ["Counterparts"]
        ),
        .testTarget(name: "GeneratedSampleTests", dependencies: ["GeneratedSample"] + serverTestDependencies),
    ] + styleSamples.map { sample in
        .testTarget(name: sample.target + "Tests", dependencies: [.target(name: sample.target)] + serverTestDependencies)
    } + [
        // The same endpoints through every style's Impl: the server must receive the same requests.
        .testTarget(
            name: "StyleEquivalenceTests",
            dependencies: ["GeneratedSample", "GeneratedAsyncThrowsSample", "GeneratedCompletionSample"] + serverTestDependencies
        ),
        .testTarget(name: "RepogenRuntimeTests", dependencies: serverTestDependencies),
        .testTarget(name: "CLITests", dependencies: ["RepogenCore", "RepogenTestSupport"]),
        // The build plugin's rule (Plugins/RepogenBuildPlugin/BuildPlan.swift and RepogenFacts.swift, both symbolic
        // links here, as a plugin cannot be a dependency), and its reading of configs against Config.load's.
        // XcodeProjectPluginStub: Xcode's plugin API, to type-check the plugins' Xcode code paths against (by path).
        .testTarget(
            name: "RepogenPluginTests", dependencies: ["RepogenCore", "RepogenTestSupport"], exclude: ["XcodeProjectPluginStub"]
        ),
        // Random specs: every one repogen accepts must type-check against the runtime (swiftc on the PATH).
        .testTarget(name: "GenerativeTests", dependencies: ["RepogenCore", "RepogenTestSupport"]),
    ]
)
