// swift-tools-version: 6.0
// An app package that uses repogen as a dependency: the build-tool plugin generates ShopAPI's networking layer from
// Sources/ShopAPI/shop.yaml at build time, nothing generated is needed in the source tree, and the mock ships in a
// test-support module of its own rather than in ShopAPI. ShopFeature is the app's screen logic over it: a
// `@MainActor` view model (Observation: macOS 14, iOS 17) that knows only the repository protocol.
import PackageDescription

let package = Package(
    name: "StoreApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "repogen", path: "../..")],
    targets: [
        // The production module. Its repogen.yaml names shop.yaml, with `mocks: none`: no mock in the app.
        .target(
            name: "ShopAPI",
            dependencies: [.product(name: "RepogenRuntime", package: "repogen")],
            plugins: [.plugin(name: "RepogenBuildPlugin", package: "repogen")]
        ),
        // The view model of the product list, over `any ShopRepository`.
        .target(
            name: "ShopFeature",
            dependencies: ["ShopAPI", .product(name: "RepogenRuntime", package: "repogen")]
        ),
        // Test support: its repogen.yaml names the same spec with `mocks: only` and `imports: [ShopAPI]`, so it holds
        // MockShopRepository alone, over ShopAPI's public types. Its JSON fixtures are resources the plugin leaves alone.
        .target(
            name: "ShopAPIMocks",
            dependencies: ["ShopAPI", .product(name: "RepogenRuntime", package: "repogen")],
            resources: [.process("Fixtures")],
            plugins: [.plugin(name: "RepogenBuildPlugin", package: "repogen")]
        ),
        // repogen's recording loopback server (a link to its Tests/TestServer), for the tests against a real server.
        .target(name: "TestServer", path: "Tests/TestServer", exclude: ["test_server.py"]),
        .testTarget(name: "ShopAPITests", dependencies: ["ShopAPI", "ShopAPIMocks"]),
        .testTarget(
            name: "ShopFeatureTests",
            dependencies: [
                "ShopFeature", "ShopAPI",
                "ShopAPIMocks",                                         // MockShopRepository, ShopFixtures
                "TestServer",                                           // the loopback server
                .product(name: "RepogenRuntime", package: "repogen"),   // NetworkManager, MemoryResponseCache, …
            ]
        ),
    ]
)
