import Movies
import RepogenRuntime
import XCTest

/// The cached repository the build plugin generated, with the generated mock standing in for the API
/// (`MovieRepositoryImpl(remote:local:)`): the mock counts the calls that would have reached the server.
@MainActor
final class MoviesTests: XCTestCase {
    func testTheViewModelReadsThroughTheCache() async {
        let api = MockMovieRepository()
        let viewModel = MovieViewModel(repository: MovieRepositoryImpl(remote: api, local: MemoryResponseCache()))
        await viewModel.loadMovies()
        await viewModel.loadMovies()
        XCTAssertEqual(viewModel.movies.map(\.title), ["Arrival"])
        XCTAssertEqual(api.fetchMoviesMock.callsCount, 1)
    }

    func testAnAddInvalidatesTheListAndAFailedAddDoesNot() async {
        let api = MockMovieRepository()
        let viewModel = MovieViewModel(repository: MovieRepositoryImpl(remote: api, local: MemoryResponseCache()))
        await viewModel.loadMovies()
        await viewModel.add(title: "Heat", releaseDate: "1995-12-15")
        XCTAssertEqual(api.fetchMoviesMock.callsCount, 2)

        api.addMovieMock.error = NetworkError.server(status: 500, resultCode: nil, message: nil, body: Data())
        await viewModel.add(title: "Up", releaseDate: "2009-05-29")
        XCTAssertNotNil(viewModel.errorMessage)
        await viewModel.loadMovies()
        XCTAssertEqual(api.fetchMoviesMock.callsCount, 2)
    }

    func testARenameUpdatesTheCachedMovie() async throws {
        let api = MockMovieRepository()
        let movies = MovieRepositoryImpl(remote: api, local: MemoryResponseCache())
        _ = try await movies.fetchMovie(id: 1)
        api.renameMovieMock.result = .success(Movie(id: 1, title: "Story", releaseDate: "2016-11-11"))
        _ = try await movies.renameMovie(id: 1, title: "Story")
        let movie = try await movies.fetchMovie(id: 1)
        XCTAssertEqual(movie.title, "Story")
        XCTAssertEqual(api.fetchMovieMock.callsCount, 1)
    }

    func testAnAppCanGiveItsOwnStore() async throws {
        let store = CountingStore()
        let api = MockMovieRepository()
        let movies = MovieRepositoryImpl(remote: api, local: store)
        _ = try await movies.fetchMovies()
        _ = try await movies.fetchMovies()
        let (reads, stores) = await (store.reads, store.stores)
        XCTAssertGreaterThanOrEqual(reads, 2)
        XCTAssertEqual(stores, 1)
        XCTAssertEqual(api.fetchMoviesMock.callsCount, 1)
    }
}

/// An app's own local data source (here in memory, counting calls; a real one would write to disk).
actor CountingStore: MovieLocalDataSource {
    private var values: [CacheKey: any Sendable] = [:]
    private(set) var reads = 0
    private(set) var stores = 0

    func value<Value: Sendable>(for key: CacheKey, as type: Value.Type) -> Value? {
        reads += 1
        return values[key] as? Value
    }

    func store<Value: Sendable>(_ value: Value, for key: CacheKey, timeToLive: Duration?) {
        stores += 1
        values[key] = value
    }

    func remove(_ key: CacheKey) {
        values[key] = nil
    }

    func removeAll(endpoint: String) {
        values = values.filter { $0.key.endpoint != endpoint }
    }
}
