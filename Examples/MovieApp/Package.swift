// swift-tools-version: 6.0
// The async-throws style in an app package: a view model over a repository that reads the local cache first, falls back to the
// API and stores what it fetched, and writes through. The build-tool plugin generates the Movies module's
// networking layer, cached repository and mock included, from Sources/Movies/movie.repogen.yaml at build time: a
// target without a config, whose specs the plugin finds by their names (`<name>.repogen.yaml`).
//
// Tools version 6.0 builds every target in the Swift 6 language mode, whose concurrency checking is complete: the
// main-actor view model, the generated code and the tests are checked with no setting to add.
import PackageDescription

let package = Package(
    name: "MovieApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "repogen", path: "../..")],
    targets: [
        .target(
            name: "Movies",
            dependencies: [.product(name: "RepogenRuntime", package: "repogen")],
            plugins: [.plugin(name: "RepogenBuildPlugin", package: "repogen")]
        ),
        // repogen's recording loopback server (a link to its Tests/TestServer), for the tests against a server.
        .target(name: "TestServer", path: "Tests/TestServer", exclude: ["test_server.py"]),
        .testTarget(
            name: "MoviesTests",
            dependencies: ["Movies", "TestServer", .product(name: "RepogenRuntime", package: "repogen")]
        ),
    ]
)
