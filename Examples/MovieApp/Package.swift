// swift-tools-version: 6.0
// Seed 001 as an app package: a view model over a repository that reads the local cache first, falls back to the
// API and stores what it fetched, and writes through. The build-tool plugin generates the Movies module's
// networking layer, cached repository included, from Sources/Movies/movie.repogen.yaml at build time: a target
// without a config, whose specs the plugin finds by their names (`<name>.repogen.yaml`).
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
        .testTarget(name: "MoviesTests", dependencies: ["Movies"]),
    ]
)
