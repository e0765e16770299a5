/// The Composable Architecture's clients: a `@DependencyClient` struct of `@Sendable` async throwing closures per
/// domain (`StoreClient`), with a `liveValue` over the `async throws` repository, a `testValue`, a `previewValue`
/// answering with the spec's examples, an in-memory `mockValue`, the `DependencyValues` accessor, and one `APIError`
/// per output. The generated code imports swift-dependencies.
struct TCAStyle: StyleBehaviour {
    let name = "tca"
    let summary = "a @DependencyClient per domain with live, test, preview, mock values"
    /// The client's closures are the fakes; `@DependencyClient` keeps each closure `fetch` in a private `_fetch`.
    let mockMemberSuffixes: [String] = []
    let mockMemberPrefixes = ["_"]

    func mockType(_ names: DomainNames) -> (name: String, what: String) { (names.client, "the dependency client") }

    /// The client qualifies what else it takes from swift-dependencies (`Dependencies.DependencyValues`,
    /// `Dependencies.LockIsolated`, `IssueReporting.reportIssue`, `Swift.CancellationError`), so those names are free.
    let moduleNames: [String: String] =
        [
            "APIError": "the tca style's APIError (APIError.swift)",
            "Dependencies": "the module Dependencies, which the tca style's code takes swift-dependencies' types from",
            "DependenciesMacros": "the module DependenciesMacros, which swift-dependencies' macro expansions name",
            "IssueReporting": "the module IssueReporting, whose reportIssue the tca style's code and swift-dependencies' macros call",
        ]

    /// The client's previews and mock storage write the spec's types as values (`APIError.example(…, as:
    /// Person.self, …)`): its members, the `MockStorage` it nests when the spec has `collections`, and the `_fetch`
    /// storage swift-dependencies' macro declares for each closure `fetch`.
    let shadowing =
        ShadowedNames(
            members: Self.clientMembers, collectionMembers: ["MockStorage": "the client's MockStorage (of the collections)"],
            methodStorage: "the client's closure")

    let rules =
        [StyleRule(name: "client closure names") { validator, endpoints in validator.checkClientMemberNames(endpoints) }]

    func projection(_ model: APIModel, names: DomainNames, accessLevel: AccessLevel) -> (any StyleProjection)? {
        TCAProjection(model: model, names: names)
    }

    /// The members a client has besides its closures, from swift-dependencies' protocols, its macro and the style's
    /// templates.
    static let clientMembers: [String: String] = [
        "Value": "swift-dependencies' TestDependencyKey.Value",
        "liveValue": "the client's liveValue", "testValue": "the client's testValue",
        "previewValue": "the client's previewValue", "mockValue": "the client's mockValue",
        "live": "the client's live(_:)", "mock": "the client's mock(_:)",
        "shouldReportUnimplemented": "swift-dependencies' TestDependencyKey.shouldReportUnimplemented",
    ]
}

extension SpecValidator {
    /// The `tca` style's client declares a closure per repository method, and swift-dependencies'
    /// `@DependencyClient` writes their names into its initializer without backticks: a method named like a Swift
    /// keyword (`return`) cannot be one. Reported at the method's name.
    mutating func checkClientMemberNames(_ endpoints: [EndpointSpec]) {
        for endpoint in endpoints {
            let method = endpoint.repositoryMethod ?? endpoint.name
            guard SwiftIdentifier.isKeyword(method.value) else { continue }
            error(
                "the tca style's client cannot have a closure named '\(method.value)': it is a Swift keyword, which "
                    + "swift-dependencies' @DependencyClient does not escape; give '\(endpoint.name.value)' a "
                    + "'repositoryMethod'", at: method.location)
        }
    }
}
