// swift-tools-version: 6.0
// An app package that uses repogen as a dependency: the build-tool plugin generates ShopAPI's networking layer from
// Sources/ShopAPI/shop.yaml at build time, nothing generated is needed in the source tree, and the mock ships in a
// test-support module of its own rather than in ShopAPI.
import PackageDescription

let package = Package(
    name: "StoreApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "repogen", path: "../..")],
    targets: [
        // The production module. Its repogen.yaml names shop.yaml, with `mocks: none`: no mock in the app.
        .target(
            name: "ShopAPI",
            dependencies: [.product(name: "RepogenRuntime", package: "repogen")],
            plugins: [.plugin(name: "RepogenBuildPlugin", package: "repogen")]
        ),
        // Test support: its repogen.yaml names the same spec with `mocks: only` and `imports: [ShopAPI]`, so it holds
        // MockShopRepository alone, over ShopAPI's public types. Its JSON fixtures are resources the plugin leaves alone.
        .target(
            name: "ShopAPIMocks",
            dependencies: ["ShopAPI", .product(name: "RepogenRuntime", package: "repogen")],
            resources: [.process("Fixtures")],
            plugins: [.plugin(name: "RepogenBuildPlugin", package: "repogen")]
        ),
        .testTarget(name: "ShopAPITests", dependencies: ["ShopAPI", "ShopAPIMocks"]),
    ]
)
