// swift-tools-version: 6.0
// An app package that uses repogen as a dependency: the build-tool plugin generates ShopAPI's networking layer
// from Sources/ShopAPI/shop.yaml at build time; nothing generated is needed in the source tree.
import PackageDescription

let package = Package(
    name: "StoreApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "repogen", path: "../..")],
    targets: [
        .target(
            name: "ShopAPI",
            dependencies: [.product(name: "RepogenRuntime", package: "repogen")],
            plugins: [.plugin(name: "RepogenBuildPlugin", package: "repogen")]
        ),
        .testTarget(name: "ShopAPITests", dependencies: ["ShopAPI"]),
    ]
)
