import Foundation
import GeneratedCompletionSample
import RepogenRuntime
import RepogenTestSupport
import TestServer
import XCTest

/// The `completion` style's cached repository of Specs/movie.yaml against the loopback server: reads through the
/// cache, writes that update or invalidate, failures that change nothing, concurrent cold reads, and each handler
/// called once on the main actor; and the generated mock under the cached repository. The tests wait with
/// `wait(for:)`, which runs the main queue (the main actor's).
final class CompletionCachedRepositoryTests: XCTestCase {
    var server: TestServer!
    var movies: MovieRepositoryImpl!

    override func setUpWithError() throws {
        server = try TestServer.startOrSkip()
        movies = MovieRepositoryImpl(
            remote: MovieRemoteDataSource(manager: NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL))),
            local: MemoryResponseCache())
        route()
    }

    override func tearDown() {
        server?.stop()
    }

    /// Runs an async call of the server from a synchronous test.
    func sync<T: Sendable>(_ call: @escaping @Sendable (TestServer) async throws -> T) -> T? {
        let server = self.server!
        let done = expectation(description: "server")
        let box = Box<T>()
        Task {
            box.value = try? await call(server)
            done.fulfill()
        }
        wait(for: [done], timeout: 30)
        return box.value
    }

    final class Box<T>: @unchecked Sendable {
        var value: T?
    }

    func route(_ first: [TestServer.Route] = []) {
        _ = sync { try await $0.route(first + [
            .init("GET", "/api/v1/movies", body: #"[{"id": 1, "title": "Arrival", "releaseDate": "2016-11-11"}]"#),
            .init("GET", "/api/v1/movies/1", body: #"{"id": 1, "title": "Arrival", "releaseDate": "2016-11-11"}"#),
            .init("PATCH", "/api/v1/movies/1", body: #"{"id": 1, "title": "Story", "releaseDate": "2016-11-11"}"#),
            .init("DELETE", "/api/v1/movies/1", body: ""),
        ]) }
    }

    func sent() -> [String] {
        sync { try await $0.requests().map { "\($0.method) \($0.path)" } } ?? []
    }

    /// Calls `start` and waits for its one completion, which must come on the main actor.
    func answer<T: Sendable>(
        _ start: (@escaping @MainActor @Sendable (Result<T, NetworkError>) -> Void) -> RequestHandle
    ) -> Result<T, NetworkError>? {
        let done = expectation(description: "completion")
        let box = Box<Result<T, NetworkError>>()
        _ = start { result in
            dispatchPrecondition(condition: .onQueue(.main))
            box.value = result
            done.fulfill()
        }
        wait(for: [done], timeout: 30)
        return box.value
    }

    func testReadsThroughTheCacheAndWritesThrough() throws {
        let first = try XCTUnwrap(answer { movies.fetchMovie(id: 1, completion: $0) })
        XCTAssertEqual(try first.get().title, "Arrival")
        _ = answer { movies.fetchMovie(id: 1, completion: $0) }
        _ = answer { movies.fetchMovies(completion: $0) }
        let renamed = try XCTUnwrap(answer { movies.renameMovie(id: 1, title: "Story", completion: $0) })
        XCTAssertEqual(try renamed.get().title, "Story")
        let cached = try XCTUnwrap(answer { movies.fetchMovie(id: 1, completion: $0) })
        XCTAssertEqual(try cached.get().title, "Story")
        _ = answer { movies.fetchMovies(completion: $0) }
        // A failed delete changes nothing; a successful one invalidates.
        route([.init("DELETE", "/api/v1/movies/1", status: 500, body: "{}", times: 1)])
        let failed = try XCTUnwrap(answer { movies.deleteMovie(id: 1, completion: $0) })
        XCTAssertThrowsError(try failed.get())
        _ = answer { movies.fetchMovie(id: 1, completion: $0) }
        _ = answer { movies.deleteMovie(id: 1, completion: $0) }
        _ = answer { movies.fetchMovie(id: 1, completion: $0) }
        XCTAssertEqual(sent(), [
            "GET /api/v1/movies/1", "GET /api/v1/movies", "PATCH /api/v1/movies/1", "GET /api/v1/movies",
            "DELETE /api/v1/movies/1", "DELETE /api/v1/movies/1", "GET /api/v1/movies/1",
        ])
    }

    func testConcurrentReadsOfAColdKeyMakeOneRequest() {
        route([.init("GET", "/api/v1/movies/1", body: #"{"id": 1, "title": "Arrival", "releaseDate": "2016-11-11"}"#, delay: 0.3)])
        let done = expectation(description: "all completions")
        done.expectedFulfillmentCount = 10
        let titles = Box<[String]>()
        titles.value = []
        let lock = NSLock()
        for _ in 0..<10 {
            movies.fetchMovie(id: 1) { result in
                lock.withLock { titles.value?.append((try? result.get().title) ?? "failed") }
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 30)
        XCTAssertEqual(titles.value, Array(repeating: "Arrival", count: 10))
        XCTAssertEqual(sent(), ["GET /api/v1/movies/1"])
    }

    func testACancelledReadAnswersCancelled() throws {
        route([.init("GET", "/api/v1/movies", body: "[]", delay: 0.5)])
        let result = try XCTUnwrap(answer { completion in
            let handle = movies.fetchMovies(completion: completion)
            handle.cancel()
            return handle
        })
        guard case .failure(.cancelled) = result else { return XCTFail("\(result)") }
    }

    /// The generated mock as the cached repository's `remote`: a cached read calls it once, a write that
    /// invalidates makes the next read call it again, and its failures pass through uncached.
    func testTheMockUnderTheCachedRepository() throws {
        let mock = MockMovieRepository()
        let movies = MovieRepositoryImpl(remote: mock, local: MemoryResponseCache())
        let arrival = Movie(id: 1, title: "Arrival", releaseDate: "2016-11-11")
        mock.fetchMovieMock.result = .success(arrival)
        mock.deleteMovieMock.result = .success(())
        XCTAssertEqual(try answer { movies.fetchMovie(id: 1, completion: $0) }?.get(), arrival)
        XCTAssertEqual(try answer { movies.fetchMovie(id: 1, completion: $0) }?.get(), arrival)
        XCTAssertEqual(mock.fetchMovieMock.callsCount, 1, "the second read answered from the cache")
        _ = try answer { movies.deleteMovie(id: 1, completion: $0) }?.get()
        XCTAssertEqual(mock.deleteMovieMock.receivedArguments, 1)
        _ = answer { movies.fetchMovie(id: 1, completion: $0) }
        XCTAssertEqual(mock.fetchMovieMock.callsCount, 2, "the delete invalidated the cached read")

        // An unstubbed call (no example in the spec) through the cached repository still says so.
        guard case .failure(.notStubbed(let name))? = answer({ movies.rateMovie(id: 1, stars: 5, completion: $0) }) else {
            return XCTFail("an unstubbed call did not fail as notStubbed")
        }
        XCTAssertEqual(name, "MockMovieRepository.rateMovie(id:stars:completion:)")
    }
}
