/// The files generated for a spec. A pure function of the spec's file name, the output style and the number of
/// models files (a spec's `modelFiles`, which the build plugin reads as it reads a spec's `style`), never of the
/// models themselves, so a build plugin can declare its outputs before the tool runs (`RepogenFacts`, which the
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
        /// Which of the spec's models files this is (`modelFiles`), for the models template; nil for other files.
        package var modelsFile: Int? = nil
    }

    /// `Specs/store-news.json` -> `StoreNews`.
    package static func domain(forSpecPath path: String) -> String {
        RepogenFacts.domain(forSpecPath: path)
    }

    /// Which of `count` models files (0 for the first) the top-level model `name` goes in.
    package static func modelsFileIndex(ofModel name: String, among count: Int) -> Int {
        RepogenFacts.modelsFileIndex(ofModel: name, among: count)
    }

    /// The most files a spec's models may be spread over.
    package static let maximumModelFiles = RepogenFacts.maximumModelFiles

    /// The files generated for a spec file in a style.
    package static func entries(
        forSpecPath path: String, style: OutputStyle = .result, mocks: MocksMode = .default, modelFiles: Int = 1
    ) -> [Entry] {
        style.outputFiles(forSpecPath: path, mocks: mocks, modelFiles: modelFiles)
    }
}
