/// `func fetchMovies() async throws -> [Movie]`: the repository throws the `NetworkError` of a failure. It adds
/// nothing to what every style declares, reserves and checks.
struct AsyncThrowsStyle: StyleBehaviour {
    let name = "async-throws"
    let summary = "async throws -> T"
}
