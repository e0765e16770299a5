// swift-tools-version: 6.0
// The tca style in an app package: a team on The Composable Architecture reads its API through a `@DependencyClient`.
// repogen's build plugin generates the Ledger module's client in the `tca` style from Sources/Ledger/ledger.yaml
// (and a second client from reminder.yaml), the specs Sources/Ledger/repogen.yaml names, at build time; the feature
// model reads it with `@Dependency(\.ledgerClient)`. This package, not repogen's, depends
// on swift-dependencies.
import PackageDescription

/// What code generated in the tca style imports: the runtime, and swift-dependencies with its macros.
let clientDependencies: [Target.Dependency] = [
    .product(name: "RepogenRuntime", package: "repogen"),
    .product(name: "Dependencies", package: "swift-dependencies"),
    .product(name: "DependenciesMacros", package: "swift-dependencies"),
]

let package = Package(
    name: "LedgerApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(name: "repogen", path: "../.."),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
    ],
    targets: [
        .target(
            name: "Ledger",
            dependencies: clientDependencies,
            plugins: [.plugin(name: "RepogenBuildPlugin", package: "repogen")]
        ),
        // repogen's committed tca output of every spec the style accepts (a link to Generated/tca; repogen-tca.json
        // lists them), compiled against swift-dependencies: the golden files the main package cannot build.
        .target(
            name: "GeneratedTCA",
            dependencies: clientDependencies
        ),
        // repogen's recording loopback server (a link to its Tests/TestServer), for the live value's tests.
        .target(name: "TestServer", path: "Tests/TestServer", exclude: ["test_server.py"]),
        .testTarget(
            name: "LedgerTests",
            dependencies: [
                "Ledger", "TestServer",
                .product(name: "RepogenRuntime", package: "repogen"),
                // Links IssueReportingTestSupport, without which an unimplemented call's issue never reaches
                // Swift Testing (TestValueTests would fail: "Known issue was not recorded"), and gives the
                // `.dependency(\.ledgerClient, …)` and `.dependencies { … }` test traits InAppTests.swift uses.
                .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
            ]
        ),
    ]
)
