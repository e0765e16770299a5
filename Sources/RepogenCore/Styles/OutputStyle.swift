import RepogenMustache

/// An output style: the shape of the repository layer repogen writes from a spec (seed 000's `async -> Result`,
/// `async throws`, completion handlers). It is the one place that knows a style: its name, the files it writes
/// (from the spec's file name alone, see `RepogenFacts`), the member names its mock declares (for clash checks),
/// the built-in templates in `Templates/<name>/`, and its view model. Every style shares the reading, validation,
/// the API enum, the models and the runtime.
package struct OutputStyle: Sendable, Hashable, CustomStringConvertible {
    /// The name in configs and on the command line: `result`, `async-throws`, `completion`.
    package let name: String
    /// One line for `--help` and the documentation.
    package let summary: String
    /// Suffixes of the members the mock declares for each repository method, besides the method itself: one
    /// `MockMethod` each (`fetchMock`), which holds the calls and stubs. (Forwarding properties in Sourcery's
    /// style, `fetchCallsCount` and a settable `fetchResult`, cost the compiler several milliseconds each,
    /// seconds in a domain of 1,000 endpoints.)
    package let mockMemberSuffixes: [String]
    /// Prefixes of members declared for each method, besides the method itself: `tca`'s `@DependencyClient` keeps
    /// each closure `fetch` in a private `_fetch`.
    package let mockMemberPrefixes: [String]

    package var description: String { name }

    package init(name: String, summary: String, mockMemberSuffixes: [String], mockMemberPrefixes: [String] = []) {
        self.name = name
        self.summary = summary
        self.mockMemberSuffixes = mockMemberSuffixes
        self.mockMemberPrefixes = mockMemberPrefixes
    }

    /// Seed 000: `func fetchStore(storeId: Int) async -> Result<Store, Error>`. The default.
    package static let result = OutputStyle(
        name: "result", summary: "async -> Result<T, Error> (the default)", mockMemberSuffixes: ["Mock"])

    /// Seed 001: `func fetchMovies() async throws -> [Movie]`, throwing the `NetworkError` of a failure.
    package static let asyncThrows = OutputStyle(
        name: "async-throws", summary: "async throws -> T", mockMemberSuffixes: ["Mock"])

    /// Seed 004: `func fetchPhotoList(page: Int, completion: @escaping @MainActor @Sendable (Result<[Photo],
    /// NetworkError>) -> Void) -> RequestHandle`, the completion called once on the main actor.
    package static let completion = OutputStyle(
        name: "completion", summary: "completion handler with Result<T, NetworkError>, returns a RequestHandle",
        mockMemberSuffixes: ["Mock"])

    /// Seed 002's Clean Architecture layers: the domain's `…Repository` protocol (`async throws`), a use case per
    /// endpoint (`FetchMovieUseCase.execute(_:)`), and the data layer's `…DataRepository` over a remote data source
    /// (and a local one, for cached reads).
    package static let clean = OutputStyle(
        name: "clean", summary: "use cases over a domain repository and data sources",
        mockMemberSuffixes: ["Mock"])

    /// Seed 003's The Composable Architecture clients: a `@DependencyClient` struct of `@Sendable` async throwing
    /// closures per domain (`StoreClient`), with a `liveValue` over the `async throws` repository, a `testValue`, a
    /// `previewValue` answering with the spec's examples, an in-memory `mockValue`, the `DependencyValues` accessor,
    /// and one `APIError` per output. The generated code imports swift-dependencies.
    package static let tca = OutputStyle(
        name: "tca", summary: "a @DependencyClient per domain with live, test, preview, mock values",
        mockMemberSuffixes: [], mockMemberPrefixes: ["_"])

    /// Every style, in the order of `RepogenFacts.styleNames`.
    package static let all: [OutputStyle] = [result, asyncThrows, completion, clean, tca]

    /// The style named `name`, if there is one.
    package static func named(_ name: String) -> OutputStyle? {
        all.first { $0.name == name }
    }

    /// Why `name` is not a style, with the styles there are (and the closest one).
    package static func unknownMessage(_ name: String) -> String {
        let names = all.map(\.name)
        return "unknown style '\(name)'; expected one of \(names.map { "'\($0)'" }.joined(separator: ", "))"
            + NameSuggester.hint(for: name, among: names)
    }

    /// The files a spec produces in this style, in the order they are listed.
    package func outputFiles(forSpecPath path: String, mocks: MocksMode = .default) -> [OutputLayout.Entry] {
        (RepogenFacts.outputFiles(forSpecPath: path, style: name, mocks: mocks.rawValue) ?? []).map {
            OutputLayout.Entry(template: $0.template, relativePath: $0.relativePath, isMock: $0.isMock)
        }
    }

    /// The files this style writes once per output folder (`tca`'s `APIError.swift`); none in a mocks-only run.
    package func sharedFiles(mocks: MocksMode = .default) -> [OutputLayout.Entry] {
        (RepogenFacts.sharedFiles(style: name, mocks: mocks.rawValue) ?? []).map {
            OutputLayout.Entry(template: $0.template, relativePath: $0.relativePath)
        }
    }

    /// What validation tells styles apart by. Validation reads a style only through what makes this key: the member
    /// names of its mock, the module-level names its code takes (`ReservedNames.moduleNames`), and the styles it
    /// names because their code declares or uses names the others do not (clean's use cases and data sources, tca's
    /// client, completion's repository locals). Two styles with one key accept and refuse every spec alike
    /// (`result` and `async-throws` today), so `Pipeline.check` validates once for both; `ValidationKeyTests` holds
    /// the bad specs and the examples to it.
    package var validationKey: String {
        if ["clean", "tca", "completion"].contains(name) { return name }
        return "mock members " + mockMemberSuffixes.joined(separator: ",") + " / " + mockMemberPrefixes.joined(separator: ",")
            + "; module names " + ReservedNames.moduleNames(of: self).keys.sorted().joined(separator: ",")
    }

    /// The type that holds the fake of each repository method: the mock repository, or `tca`'s client.
    package func mockTypeName(_ names: DomainNames) -> String {
        self == .tca ? names.client : names.mock
    }

    /// The view model this style's templates render, typed.
    package func viewModel(_ model: APIModel, runtimeModule: String, accessLevel: AccessLevel) -> DomainViewModel {
        projectDefault(
            model, runtimeModule: runtimeModule, accessLevel: accessLevel, completionHandlers: self == .completion,
            useCases: self == .clean, client: self == .tca)
    }

    /// The view model this style's templates render, as template data.
    package func project(_ model: APIModel, runtimeModule: String, accessLevel: AccessLevel) -> MustacheData {
        let typed = viewModel(model, runtimeModule: runtimeModule, accessLevel: accessLevel)
        // Not freed in a run of the command line (see LargeValues): a large spec's is millions of strings.
        LargeValues.discard(typed)
        return typed.mustacheData
    }
}
