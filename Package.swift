// swift-tools-version: 6.0
// repogen: a code generator for the iOS repository pattern. No package dependencies.
import PackageDescription

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
                    description: "Check that the files repogen.json describes are up to date, writing nothing"),
                permissions: []
            ),
            dependencies: ["repogen"]
        ),

        // Runtime: what the generated code and the apps that use it link against.
        .target(name: "RepogenRuntime"),

        // Samples: the committed output in Generated/ (models included) compiled against the runtime, one target
        // per output style: result (the default) in Generated/<Domain>/, every other style in Generated/<style>/.
        .target(name: "GeneratedSample", dependencies: ["RepogenRuntime"], path: "Generated", exclude: ["async-throws", "completion", "clean", "tca"]),
        .target(name: "GeneratedAsyncThrowsSample", dependencies: ["RepogenRuntime"], path: "Generated/async-throws"),
        .target(name: "GeneratedCompletionSample", dependencies: ["RepogenRuntime"], path: "Generated/completion"),
        .target(name: "GeneratedCleanSample", dependencies: ["RepogenRuntime"], path: "Generated/clean"),

        // Tests
        // A recording HTTP server (python3) on loopback, for the runtime's and the generated code's tests.
        .target(name: "TestServer", path: "Tests/TestServer", exclude: ["test_server.py"]),
        // Specs imported from Tests/OpenAPIDocuments/petstore.yaml and the code they generate, run against the server.
        .target(name: "ImportedPetstore", dependencies: ["RepogenRuntime"], path: "Tests/ImportedPetstore/Generated"),
        .testTarget(name: "ImportedPetstoreTests", dependencies: ["ImportedPetstore", "RepogenRuntime", "TestServer"]),
        .testTarget(
            name: "RepogenMustacheTests",
            dependencies: ["RepogenMustache"],
            // A copy of the official Mustache spec (MIT), read by path when ../shared/mustache-spec is absent.
            exclude: ["Specification"]
        ),
        .testTarget(
            name: "RepogenCoreTests",
            dependencies: ["RepogenCore"],
            // Bad specs and their expected diagnostics, read by path.
            exclude: ["BadSpecs"]
        ),
        .testTarget(
            name: "GoldenTests",
            dependencies: ["RepogenCore"],
            // Each spec of Specs/ in the other format (JSON <-> YAML), read by path.
            exclude: ["Counterparts"]
        ),
        .testTarget(
            name: "GeneratedSampleTests",
            dependencies: ["GeneratedSample", "RepogenRuntime", "TestServer"]
        ),
        .testTarget(
            name: "GeneratedAsyncThrowsSampleTests",
            dependencies: ["GeneratedAsyncThrowsSample", "RepogenRuntime", "TestServer"]
        ),
        .testTarget(
            name: "GeneratedCompletionSampleTests",
            dependencies: ["GeneratedCompletionSample", "RepogenRuntime", "TestServer"]
        ),
        .testTarget(
            name: "GeneratedCleanSampleTests",
            dependencies: ["GeneratedCleanSample", "RepogenRuntime", "TestServer"]
        ),
        // The same endpoints through every style's Impl: the server must receive the same requests.
        .testTarget(
            name: "StyleEquivalenceTests",
            dependencies: [
                "GeneratedSample", "GeneratedAsyncThrowsSample", "GeneratedCompletionSample", "RepogenRuntime", "TestServer",
            ]
        ),
        .testTarget(name: "RepogenRuntimeTests", dependencies: ["RepogenRuntime", "TestServer"]),
        .testTarget(name: "CLITests", dependencies: ["RepogenCore"]),
        // The build plugin's rule (Plugins/RepogenBuildPlugin/BuildPlan.swift and RepogenFacts.swift, both symbolic
        // links here, as a plugin cannot be a dependency), and its reading of configs against Config.load's.
        // XcodeProjectPluginStub: Xcode's plugin API, to type-check the plugins' Xcode code paths against (by path).
        .testTarget(name: "RepogenPluginTests", dependencies: ["RepogenCore"], exclude: ["XcodeProjectPluginStub"]),
        // Random specs: every one repogen accepts must type-check against the runtime (swiftc on the PATH).
        .testTarget(name: "GenerativeTests", dependencies: ["RepogenCore"]),
    ]
)
