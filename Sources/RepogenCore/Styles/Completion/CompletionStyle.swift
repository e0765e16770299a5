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
}
