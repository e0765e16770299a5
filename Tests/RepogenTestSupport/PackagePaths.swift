import Foundation

/// Where this package's files are, for the tests that read them (specs, goldens, templates, fixtures): found from
/// this file's own path, so the tests run from any working directory.
public enum PackagePaths {
    /// The package's root folder, the one with Package.swift (this file is Tests/RepogenTestSupport/PackagePaths.swift).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A file or folder below the root: `PackagePaths.url("Specs/store.json")`.
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// `Specs/`, the example specs (and the golden sets' input).
    public static var specs: URL { url("Specs") }

    /// `Tests/OpenAPIDocuments/`, the OpenAPI documents the import tests read.
    public static var openAPIDocuments: URL { url("Tests/OpenAPIDocuments") }
}
