/// What a style does, besides the templates it renders: one conforming type per folder of `Styles/`, registered by
/// one line in `OutputStyle.all`. Everything the rest of repogen needs to know about a style it asks here; no code
/// outside a style's folder names a style.
///
/// - the types the style's code declares per domain and per repository method (validation refuses a model of
///   those names, and the cross-spec check two specs that declare one twice),
/// - the module-level names its code uses unqualified,
/// - the members and locals of its generated types where a spec's type, written as a value, would be taken for
///   them,
/// - its own validation rules,
/// - its view-model additions,
/// - the files it writes (from the spec's file name alone: `RepogenFacts.styleFiles`, which the build plugin reads
///   too).
///
/// Every requirement but `name` and `summary` has a default: what a style that adds nothing does.
protocol StyleBehaviour: Sendable {
    /// The name in configs and on the command line (`result`, `async-throws`, …), and of `Templates/<name>/`.
    var name: String { get }
    /// What the style writes, in one line: for `--help` and the README.
    var summary: String { get }
    /// Suffixes of the members the mock declares for each repository method, besides the method itself
    /// (`fetchMock`). Default: `["Mock"]`.
    var mockMemberSuffixes: [String] { get }
    /// Prefixes of members declared for each repository method, besides the method itself. Default: none.
    var mockMemberPrefixes: [String] { get }
    /// The type that holds the fake of each repository method, with what it is (for messages). Default: the mock
    /// repository.
    func mockType(_ names: DomainNames) -> (name: String, what: String)
    /// The module-level types the domain's code declares, with what each is (for messages). Default: with cached
    /// reads the remote and the local data source protocol, then the API enum, the repository protocol, its `Impl`
    /// and `mockType`.
    func declaredTypes(_ names: DomainNames, usesCaching: Bool) -> [(name: String, what: String)]
    /// Type names a model may not take although the code does not declare them (so that a model need not be renamed
    /// when the spec gains a cached read). Default: none besides the mock repository, which every style reserves.
    func reservedTypes(_ names: DomainNames) -> [String]
    /// The module-level types the code declares for one repository method, with what each is. Default: none.
    func endpointTypes(forMethod method: String, hasArguments: Bool) -> [(name: String, what: String)]
    /// Module-level names the code uses unqualified besides `ReservedNames.everyStyle`, with what uses each.
    /// Default: none.
    var moduleNames: [String: String] { get }
    /// Where the code writes a spec's types as values, the members and locals such a type would be taken for.
    /// Default: none.
    var shadowing: ShadowedNames { get }
    /// Checks of a spec that only this style needs. Default: none.
    var rules: [StyleRule] { get }
    /// What the style adds to one domain's view model (`StyleProjection`); nil for nothing. Default: nil.
    func projection(_ model: APIModel, names: DomainNames, accessLevel: AccessLevel) -> (any StyleProjection)?
}

/// A style's additions to one domain's view model: the shared projection (`projectDefault`) asks it for a last
/// parameter of every repository method and how shortcuts are chosen, and lets it add to each endpoint's view
/// model and to the domain's. Every requirement has a default: nothing added.
protocol StyleProjection: Sendable {
    /// Whether an endpoint whose inputs are all optional gets no shortcut overload (`shortcutEndpoints`): the style
    /// declares other members named like the repository methods. Default: false.
    var keepsAnArgumentInShortcuts: Bool { get }
    /// A last parameter every repository method takes (a completion handler), named apart from the endpoint's
    /// argument `labels`, for a method answering `success`: its name and declaration. Default: none.
    func trailingParameter(avoiding labels: [String], success: String) -> (name: String, declaration: String)?
    /// Adds the style's part to the view model of the endpoint at `index`. Default: nothing.
    func extend(_ viewModel: inout EndpointViewModel, pieces: EndpointPieces, index: Int)
    /// Adds the style's part to the domain's view model. Default: nothing.
    func extend(_ viewModel: inout DomainViewModel)
}

extension StyleProjection {
    var keepsAnArgumentInShortcuts: Bool { false }
    func trailingParameter(avoiding labels: [String], success: String) -> (name: String, declaration: String)? { nil }
    func extend(_ viewModel: inout EndpointViewModel, pieces: EndpointPieces, index: Int) {}
    func extend(_ viewModel: inout DomainViewModel) {}
}

/// The names a style's generated types take where the code writes a spec's types as values (`as: Person.self`).
struct ShadowedNames: Sendable, Hashable {
    /// Members of the type, with what each is.
    var members: [String: String] = [:]
    /// Locals (with the underscores added to avoid an argument's name: `request_`), with what declares them.
    var locals: [String] = []
    /// Where locals are, for messages: `the repository's local`.
    var localsOwner = ""
    /// A member that exists when the spec has `collections`, with what it is.
    var collectionMembers: [String: String] = [:]
    /// Whether each repository method `fetch` has a storage member `<prefix>fetch` (`mockMemberPrefixes`), and
    /// what it is called in messages.
    var methodStorage: String?

    /// Why a type named `name` would be taken for one of these, or nil.
    func reason(_ name: String, hasCollections: Bool, methods: Set<String>, prefixes: [String]) -> String? {
        if let member = members[name] { return member }
        if !locals.isEmpty {
            var base = Substring(name)
            while base.hasSuffix("_") { base = base.dropLast() }
            if locals.contains(String(base)) { return "\(localsOwner) '\(name)'" }
        }
        if hasCollections, let member = collectionMembers[name] { return member }
        if let methodStorage {
            for prefix in prefixes where name.hasPrefix(prefix) && methods.contains(String(name.dropFirst(prefix.count))) {
                return "the storage '\(name)' of \(methodStorage) '\(name.dropFirst(prefix.count))' (swift-dependencies' @DependencyClient)"
            }
        }
        return nil
    }
}

/// A check of a spec that one style adds to validation, named by what it checks (the name is part of
/// `OutputStyle.validationKey`: two styles with the same rules validate alike).
struct StyleRule: Sendable {
    let name: String
    let check: @Sendable (inout SpecValidator, [EndpointSpec]) -> Void
}

extension StyleBehaviour {
    var mockMemberSuffixes: [String] { ["Mock"] }
    var mockMemberPrefixes: [String] { [] }
    func mockType(_ names: DomainNames) -> (name: String, what: String) { (names.mock, "the mock repository") }
    func declaredTypes(_ names: DomainNames, usesCaching: Bool) -> [(name: String, what: String)] {
        var types: [(name: String, what: String)] = []
        if usesCaching { types += [(names.remote, "the remote data source"), (names.local, "the local data source protocol")] }
        return types + names.layerTypes + [mockType(names)]
    }
    func reservedTypes(_ names: DomainNames) -> [String] { [] }
    func endpointTypes(forMethod method: String, hasArguments: Bool) -> [(name: String, what: String)] { [] }
    var moduleNames: [String: String] { [:] }
    var shadowing: ShadowedNames { ShadowedNames() }
    var rules: [StyleRule] { [] }
    func projection(_ model: APIModel, names: DomainNames, accessLevel: AccessLevel) -> (any StyleProjection)? { nil }
}
