/// The files generated for a spec. A pure function of the spec's file name and the output style, never of the
/// spec's content, so a build plugin can declare its outputs before the tool runs (`RepogenFacts`, which the
/// plugin shares, decides them).
package enum OutputLayout {
    /// One generated file: which built-in template renders it and where it goes below the output folder.
    package struct Entry: Sendable, Equatable {
        /// The template's name (its file name in `Templates/<folder>/` without `.mustache`).
        package var template: String
        /// The path below the output folder, with `/` separators.
        package var relativePath: String
        /// Whether the file is a mock, placed as `GenerateOptions.mocks` says.
        package var isMock = false
    }

    /// `Specs/store-news.json` -> `StoreNews`.
    package static func domain(forSpecPath path: String) -> String {
        RepogenFacts.domain(forSpecPath: path)
    }

    /// The files generated for a spec file in a style.
    package static func entries(
        forSpecPath path: String, style: OutputStyle = .result, mocks: MocksMode = .default
    ) -> [Entry] {
        style.outputFiles(forSpecPath: path, mocks: mocks)
    }
}
