/// `func fetchPhotoList(page: Int, completion: @escaping @MainActor @Sendable (Result<[Photo], NetworkError>) -> Void)
/// -> RequestHandle`: the completion handler is called once, on the main actor.
///
/// Its repository writes the spec's types as values (`as: Person.self`) among its members `manager` and `cache` and
/// its locals `request`, `response` and `completion` (with underscores added when an argument takes the name).
struct CompletionStyle: StyleBehaviour {
    let name = "completion"
    let summary = "completion handler with Result<T, NetworkError>, returns a RequestHandle"

    let shadowing =
        ShadowedNames(
            members: ["manager": "the repository's member 'manager'", "cache": "the repository's member 'cache'"],
            locals: ["request", "response", "completion"], localsOwner: "the repository's local")

    func projection(_ model: APIModel, names: DomainNames, accessLevel: AccessLevel) -> (any StyleProjection)? {
        CompletionProjection()
    }
}

/// Every repository method takes a completion handler last: `completion`, unless an argument has that name.
private struct CompletionProjection: StyleProjection {
    func trailingParameter(avoiding labels: [String], success: String) -> (name: String, declaration: String)? {
        let name = SwiftCode.freshName("completion", avoiding: labels)
        return (name, .concatenating(name, ": @escaping @MainActor @Sendable (Result<", success, ", NetworkError>) -> Void"))
    }

    /// The signature with the handler last, and the handler's name.
    func extend(_ viewModel: inout EndpointViewModel, pieces: EndpointPieces, index: Int) {
        guard let trailing = pieces.trailing else { return }
        viewModel.completion = CompletionViewModel(
            signature: .concatenating(
                pieces.methodName, "(", .concatenating(pieces.parameters + [trailing.declaration], separator: ", "), ")"),
            name: trailing.name)
    }
}
