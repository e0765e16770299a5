/// The files generated for a spec. A pure function of the spec's file name, never of its content, so a build
/// plugin can declare its outputs before the tool runs.
package enum OutputLayout {
    /// One generated file: which built-in template renders it and where it goes below the output folder.
    package struct Entry: Sendable, Equatable {
        /// The template's name (its file name in `Templates/` without `.mustache`).
        package var template: String
        /// The path below the output folder, with `/` separators.
        package var relativePath: String
    }

    /// The templates that produce files, in the order files are listed.
    package static let templates = ["Models.swift", "Api.swift", "Repository.swift", "Mock.swift"]

    /// `Specs/store-news.json` -> `StoreNews`.
    package static func domain(forSpecPath path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            name = String(name[..<dot])
        }
        return SwiftIdentifier.typeName(fromFileStem: name)
    }

    /// The files generated for a spec file.
    package static func entries(forSpecPath path: String) -> [Entry] {
        let domain = domain(forSpecPath: path)
        let names = DomainNames(domain: domain)
        return [
            Entry(template: "Models.swift", relativePath: "\(domain)/\(domain)Models.swift"),
            Entry(template: "Api.swift", relativePath: "\(domain)/\(names.api).swift"),
            Entry(template: "Repository.swift", relativePath: "\(domain)/\(names.repository).swift"),
            Entry(template: "Mock.swift", relativePath: "\(domain)/\(names.mock).swift"),
        ]
    }
}
