// swift-tools-version: 6.0
// The completion style in an app package: a UIKit-style view model on the main actor calls the completion-handler repository
// (the `completion` style) and keeps the `RequestHandle` to cancel. repogen's build plugin generates the Photos
// module's networking layer (DTOs mapped to domain types, a cached repository, its mock) from
// Sources/Photos/photos.repogen.yaml at build time. Swift 6 language mode (complete strict concurrency).
import PackageDescription

let package = Package(
    name: "PhotoApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "repogen", path: "../..")],
    targets: [
        .target(
            name: "Photos",
            dependencies: [.product(name: "RepogenRuntime", package: "repogen")],
            plugins: [.plugin(name: "RepogenBuildPlugin", package: "repogen")]
        ),
        // repogen's recording loopback server (a link to its Tests/TestServer), for the tests over the live API.
        .target(name: "TestServer", path: "Tests/TestServer", exclude: ["test_server.py"]),
        .testTarget(
            name: "PhotosTests",
            dependencies: ["Photos", "TestServer", .product(name: "RepogenRuntime", package: "repogen")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
