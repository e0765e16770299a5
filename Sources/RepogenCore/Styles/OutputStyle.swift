import RepogenMustache

/// An output style: the shape of the repository layer repogen writes from a spec (`async -> Result`, `async throws`,
/// completion handlers, Clean Architecture's use cases, The Composable Architecture's clients). The value the rest
/// of repogen passes around; what the style does is its `StyleBehaviour` (one folder of `Styles/` each), and the
/// built-in templates in `Templates/<name>/`. Every style shares the reading, validation, the API enum, the models
/// and the runtime.
package struct OutputStyle: Sendable, Hashable, CustomStringConvertible {
    /// What the style does.
    let behaviour: any StyleBehaviour

    /// The name in configs and on the command line: `result`, `async-throws`, `completion`, `clean`, `tca`.
    package var name: String { behaviour.name }
    /// One line for `--help` and the README.
    package var summary: String { behaviour.summary }
    /// Suffixes of the members the mock declares for each repository method, besides the method itself: one
    /// `MockMethod` each (`fetchMock`), which holds the calls and stubs. (Forwarding properties in Sourcery's
    /// style, `fetchCallsCount` and a settable `fetchResult`, cost the compiler several milliseconds each,
    /// seconds in a domain of 1,000 endpoints.)
    package var mockMemberSuffixes: [String] { behaviour.mockMemberSuffixes }
    /// Prefixes of members declared for each method, besides the method itself: `tca`'s `@DependencyClient` keeps
    /// each closure `fetch` in a private `_fetch`.
    package var mockMemberPrefixes: [String] { behaviour.mockMemberPrefixes }

    package var description: String { name }

    init(_ behaviour: any StyleBehaviour) {
        self.behaviour = behaviour
    }

    /// A style that adds nothing to what every style does, under another name (for tests).
    package init(name: String, summary: String, mockMemberSuffixes: [String], mockMemberPrefixes: [String] = []) {
        self.init(PlainStyle(name: name, summary: summary, mockMemberSuffixes: mockMemberSuffixes, mockMemberPrefixes: mockMemberPrefixes))
    }

    package static func == (left: OutputStyle, right: OutputStyle) -> Bool { left.name == right.name }
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }

    package static let result = OutputStyle(ResultStyle())
    package static let asyncThrows = OutputStyle(AsyncThrowsStyle())
    package static let completion = OutputStyle(CompletionStyle())
    package static let clean = OutputStyle(CleanStyle())
    package static let tca = OutputStyle(TCAStyle())

    /// Every style, in the order of `RepogenFacts.styleNames`: the registry, one line per style.
    package static let all: [OutputStyle] = [result, asyncThrows, completion, clean, tca]

    /// The style used when neither the command line, the config nor the spec names one (`RepogenFacts.defaultStyle`).
    package static let defaultStyle = named(RepogenFacts.defaultStyle) ?? all[0]

    /// The style names as a sentence's list: `result, async-throws, completion, clean or tca`.
    package static var namesList: String {
        let names = all.map(\.name)
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

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
    package func outputFiles(
        forSpecPath path: String, mocks: MocksMode = .default, modelFiles: Int = 1
    ) -> [OutputLayout.Entry] {
        (RepogenFacts.outputFiles(forSpecPath: path, style: name, mocks: mocks.rawValue, modelFiles: modelFiles) ?? []).map {
            OutputLayout.Entry(
                template: $0.template, relativePath: $0.relativePath, isMock: $0.isMock, modelsFile: $0.modelsFile)
        }
    }

    /// The files this style writes once per output folder (`tca`'s `APIError.swift`); none in a mocks-only run.
    package func sharedFiles(mocks: MocksMode = .default) -> [OutputLayout.Entry] {
        (RepogenFacts.sharedFiles(style: name, mocks: mocks.rawValue) ?? []).map {
            OutputLayout.Entry(template: $0.template, relativePath: $0.relativePath)
        }
    }

    /// What validation tells styles apart by, derived from everything validation reads of a style: its mock's
    /// members, the types it declares and reserves (for a sample domain, with cached reads and without, and a
    /// sample repository method), its module-level names, the names its code writes the spec's types among, and the
    /// names of its own rules. Two styles with one key accept and refuse every spec alike (`result` and
    /// `async-throws` today), so `Pipeline.check` validates once for both; `ValidationKeyTests` holds the bad specs
    /// and the examples to it.
    package var validationKey: String {
        let names = DomainNames(domain: "Domain")
        func types(_ list: [(name: String, what: String)]) -> String {
            list.map { $0.name + "=" + $0.what }.joined(separator: ",")
        }
        let shadowing = behaviour.shadowing
        return [
            "mock members " + mockMemberSuffixes.joined(separator: ",") + " / " + mockMemberPrefixes.joined(separator: ","),
            "declared " + types(behaviour.declaredTypes(names, usesCaching: false)),
            "declared with caching " + types(behaviour.declaredTypes(names, usesCaching: true)),
            "reserved " + behaviour.reservedTypes(names).joined(separator: ","),
            "per method " + types(behaviour.endpointTypes(forMethod: "method", hasArguments: true)),
            "module names " + behaviour.moduleNames.keys.sorted().joined(separator: ","),
            "shadowed " + shadowing.members.keys.sorted().joined(separator: ",") + " / "
                + shadowing.locals.joined(separator: ",") + " / " + shadowing.collectionMembers.keys.sorted().joined(separator: ",")
                + " / " + (shadowing.methodStorage ?? ""),
            "rules " + behaviour.rules.map(\.name).joined(separator: ","),
        ].joined(separator: "; ")
    }

    /// The type that holds the fake of each repository method: the mock repository, or `tca`'s client.
    package func mockTypeName(_ names: DomainNames) -> String {
        behaviour.mockType(names).name
    }

    /// The view model this style's templates render, typed.
    package func viewModel(_ model: APIModel, runtimeModule: String, accessLevel: AccessLevel) -> DomainViewModel {
        projectDefault(model, runtimeModule: runtimeModule, accessLevel: accessLevel, style: self)
    }

    /// The view model this style's templates render, as template data.
    package func project(_ model: APIModel, runtimeModule: String, accessLevel: AccessLevel) -> MustacheData {
        let typed = viewModel(model, runtimeModule: runtimeModule, accessLevel: accessLevel)
        // Not freed in a run of the command line (see LargeValues): a large spec's is millions of strings.
        LargeValues.discard(typed)
        return typed.mustacheData
    }
}

/// A style that adds nothing, under any name and mock members: what `OutputStyle.init(name:…)` makes.
private struct PlainStyle: StyleBehaviour {
    let name: String
    let summary: String
    let mockMemberSuffixes: [String]
    let mockMemberPrefixes: [String]
}
