import Foundation
import GeneratedSample
import RepogenRuntime
import RepogenTestSupport
import TestServer
import XCTest

/// The cached repository of Specs/movie.yaml (`MovieRepositoryImpl` over `MovieRemoteDataSource` and a
/// `MemoryResponseCache`) against the loopback server, counting the requests each sequence of calls sends.
final class CachedRepositoryTests: XCTestCase {
    var server: TestServer!
    var manager: NetworkManager!
    let clock = ManualClock()

    override func setUp() async throws {
        server = try TestServer.startOrSkip()
        manager = NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL))
        try await route()
    }

    /// Routes the movie endpoints; `first` come before them (the first route that matches answers).
    func route(_ first: [TestServer.Route] = []) async throws {
        try await server.route(first + [
            .init("GET", "/api/v1/movies", body: #"[{"id": 1, "title": "Arrival", "releaseDate": "2016-11-11"}]"#),
            .init("GET", "/api/v1/movies/1", body: #"{"id": 1, "title": "Arrival", "releaseDate": "2016-11-11"}"#),
            .init("GET", "/api/v1/movies/2", body: #"{"id": 2, "title": "Heat", "releaseDate": "1995-12-15"}"#),
            .init("POST", "/api/v1/movies", body: #"{"id": 3, "title": "Up", "releaseDate": "2009-05-29"}"#),
            .init("PATCH", "/api/v1/movies/1", body: #"{"id": 1, "title": "Story", "releaseDate": "2016-11-11"}"#),
            .init("DELETE", "/api/v1/movies/1", body: ""),
            .init("POST", "/api/v1/movies/1/rating", body: #"{"movieId": 1, "stars": 5}"#),
        ])
    }

    override func tearDown() {
        server?.stop()
    }

    func repository() -> MovieRepositoryImpl {
        MovieRepositoryImpl(
            remote: MovieRemoteDataSource(manager: manager), local: MemoryResponseCache(now: { [clock] in clock.now }))
    }

    /// The requests the server received, as `METHOD path`.
    func sent() async throws -> [String] {
        try await server.requests().map { "\($0.method) \($0.path)" }
    }

    func testASecondReadOfTheSameKeySendsNothing() async throws {
        let movies = repository()
        let first = try await movies.fetchMovie(id: 1).get()
        let second = try await movies.fetchMovie(id: 1).get()
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.title, "Arrival")
        _ = try await movies.fetchMovie(id: 2).get()
        let list = try await movies.fetchMovies().get()
        _ = try await movies.fetchMovies().get()
        XCTAssertEqual(list.map(\.id), [1])
        let requests = try await sent()
        XCTAssertEqual(requests, ["GET /api/v1/movies/1", "GET /api/v1/movies/2", "GET /api/v1/movies"])
    }

    func testAnInvalidatingWriteMakesTheNextReadFetch() async throws {
        let movies = repository()
        _ = try await movies.fetchMovies().get()
        let added = try await movies.addMovie(input: NewMovieInput(title: "Up", releaseDate: "2009-05-29")).get()
        XCTAssertEqual(added.id, 3)
        _ = try await movies.fetchMovies().get()
        _ = try await movies.fetchMovies().get()
        let requests = try await sent()
        XCTAssertEqual(requests, ["GET /api/v1/movies", "POST /api/v1/movies", "GET /api/v1/movies"])
    }

    func testAnUpdatingWriteStoresItsResponseForTheNextRead() async throws {
        let movies = repository()
        _ = try await movies.fetchMovie(id: 1).get()
        _ = try await movies.fetchMovies().get()
        let renamed = try await movies.renameMovie(id: 1, title: "Story").get()
        XCTAssertEqual(renamed.title, "Story")
        // The movie comes from the cache, renamed; the list was invalidated and is fetched again.
        let movie = try await movies.fetchMovie(id: 1).get()
        XCTAssertEqual(movie.title, "Story")
        _ = try await movies.fetchMovies().get()
        let requests = try await sent()
        XCTAssertEqual(requests, [
            "GET /api/v1/movies/1", "GET /api/v1/movies", "PATCH /api/v1/movies/1", "GET /api/v1/movies",
        ])
    }

    func testAFailedWriteLeavesTheCacheAsItWas() async throws {
        let movies = repository()
        _ = try await movies.fetchMovie(id: 1).get()
        _ = try await movies.fetchMovies().get()
        try await route([
            .init("PATCH", "/api/v1/movies/1", status: 500, body: "{}"),
            .init("DELETE", "/api/v1/movies/1", status: 500, body: "{}"),
        ])
        let rename = await movies.renameMovie(id: 1, title: "Story")
        XCTAssertThrowsError(try rename.get())
        let delete = await movies.deleteMovie(id: 1)
        XCTAssertThrowsError(try delete.get())
        let movie = try await movies.fetchMovie(id: 1).get()
        XCTAssertEqual(movie.title, "Arrival")
        _ = try await movies.fetchMovies().get()
        let requests = try await sent()
        XCTAssertEqual(requests, [
            "GET /api/v1/movies/1", "GET /api/v1/movies", "PATCH /api/v1/movies/1", "DELETE /api/v1/movies/1",
        ])
    }

    func testADeleteInvalidatesOneKeyAndTheList() async throws {
        let movies = repository()
        _ = try await movies.fetchMovie(id: 1).get()
        _ = try await movies.fetchMovie(id: 2).get()
        _ = try await movies.fetchMovies().get()
        try await movies.deleteMovie(id: 1).get()
        _ = try await movies.fetchMovie(id: 1).get()
        _ = try await movies.fetchMovie(id: 2).get()
        _ = try await movies.fetchMovies().get()
        let requests = try await sent()
        XCTAssertEqual(requests, [
            "GET /api/v1/movies/1", "GET /api/v1/movies/2", "GET /api/v1/movies", "DELETE /api/v1/movies/1",
            "GET /api/v1/movies/1", "GET /api/v1/movies",
        ])
    }

    func testAnExpiredEntryIsFetchedOnce() async throws {
        let movies = repository()
        _ = try await movies.fetchMovies().get()
        clock.advance(by: .seconds(299))
        _ = try await movies.fetchMovies().get()
        clock.advance(by: .seconds(2))
        _ = try await movies.fetchMovies().get()
        _ = try await movies.fetchMovies().get()
        let requests = try await sent()
        XCTAssertEqual(requests, ["GET /api/v1/movies", "GET /api/v1/movies"])
    }

    func testConcurrentReadsOfAColdKeyMakeOneRequest() async throws {
        // The server takes a moment, so that every read starts while the first is in flight.
        try await route([
            .init("GET", "/api/v1/movies/1", body: #"{"id": 1, "title": "Arrival", "releaseDate": "2016-11-11"}"#, delay: 0.3)
        ])
        let movies = repository()
        let titles = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { try await movies.fetchMovie(id: 1).get().title } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(titles, Array(repeating: "Arrival", count: 20))
        let requests = try await sent()
        XCTAssertEqual(requests, ["GET /api/v1/movies/1"])
    }

    func testUncachedEndpointsAlwaysCallTheServer() async throws {
        let movies = repository()
        _ = try await movies.rateMovie(id: 1, stars: 5).get()
        _ = try await movies.rateMovie(id: 1, stars: 5).get()
        let requests = try await sent()
        XCTAssertEqual(requests, ["POST /api/v1/movies/1/rating", "POST /api/v1/movies/1/rating"])
    }
}

/// Seed 001's `MovieViewModel`, without SwiftUI: it depends on the repository protocol only, and the cached
/// repository decides where the movies come from.
@MainActor
final class MovieViewModel {
    private(set) var movies: [Movie] = []
    private(set) var errorMessage: String?
    private let repository: any MovieRepository

    init(repository: any MovieRepository) {
        self.repository = repository
    }

    func loadMovies() async {
        switch await repository.fetchMovies() {
        case .success(let movies):
            self.movies = movies
            errorMessage = nil
        case .failure(let error):
            errorMessage = "\(error)"
        }
    }
}

@MainActor
final class MovieViewModelTests: XCTestCase {
    func testTheViewModelLoadsThroughTheCache() async throws {
        let server = try TestServer.startOrSkip()
        defer { server.stop() }
        try await server.route([
            .init("GET", "/api/v1/movies", body: #"[{"id": 1, "title": "Arrival", "releaseDate": "2016-11-11"}]"#, times: 1),
            .init("GET", "/api/v1/movies", status: 503, body: "{}"),
        ])
        let manager = NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL))
        let cached = MovieViewModel(repository: MovieRepositoryImpl(remote: MovieRemoteDataSource(manager: manager)))
        await cached.loadMovies()
        // The server now fails, but the second load is answered by the cache.
        await cached.loadMovies()
        XCTAssertEqual(cached.movies.map(\.title), ["Arrival"])
        XCTAssertNil(cached.errorMessage)
        // Without a cache, the same second load reaches the failing server.
        let uncached = MovieViewModel(repository: MovieRemoteDataSource(manager: manager))
        await uncached.loadMovies()
        XCTAssertTrue(uncached.movies.isEmpty)
        XCTAssertNotNil(uncached.errorMessage)
        let requests = try await server.requests()
        XCTAssertEqual(requests.count, 2)
    }

    func testTheMockStandsInForTheRepository() async {
        let mock = MockMovieRepository()
        let viewModel = MovieViewModel(repository: mock)
        await viewModel.loadMovies()
        // The mock answers with the spec's example until a test stubs it.
        XCTAssertEqual(viewModel.movies.map(\.title), ["Arrival"])
        XCTAssertEqual(mock.fetchMoviesMock.callsCount, 1)
    }
}

/// A clock the test moves by hand: expiry without sleeping.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = ContinuousClock.now

    var now: ContinuousClock.Instant {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(by duration: Duration) {
        lock.lock()
        current += duration
        lock.unlock()
    }
}
