import Foundation
import GeneratedAsyncThrowsSample
import RepogenRuntime
import RepogenTestSupport
import TestServer
import XCTest

/// The `async-throws` style's cached repository of Specs/movie.yaml against the loopback server: reads through the
/// cache, writes that update or invalidate, failures that change nothing.
final class AsyncThrowsCachedRepositoryTests: XCTestCase {
    var server: TestServer!
    var movies: MovieRepositoryImpl!

    override func setUp() async throws {
        server = try TestServer.startOrSkip()
        let manager = NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL))
        movies = MovieRepositoryImpl(remote: MovieRemoteDataSource(manager: manager), local: MemoryResponseCache())
        try await route()
    }

    override func tearDown() {
        server?.stop()
    }

    func route(_ first: [TestServer.Route] = []) async throws {
        try await server.route(first + [
            .init("GET", "/api/v1/movies", body: #"[{"id": 1, "title": "Arrival", "releaseDate": "2016-11-11"}]"#),
            .init("GET", "/api/v1/movies/1", body: #"{"id": 1, "title": "Arrival", "releaseDate": "2016-11-11"}"#),
            .init("PATCH", "/api/v1/movies/1", body: #"{"id": 1, "title": "Story", "releaseDate": "2016-11-11"}"#),
            .init("DELETE", "/api/v1/movies/1", body: ""),
        ])
    }

    func sent() async throws -> [String] {
        try await server.requests().map { "\($0.method) \($0.path)" }
    }

    func testReadsWritesAndFailures() async throws {
        _ = try await movies.fetchMovie(id: 1)
        _ = try await movies.fetchMovie(id: 1)
        _ = try await movies.fetchMovies()
        // A successful update: the movie is stored, the list invalidated.
        let renamed = try await movies.renameMovie(id: 1, title: "Story")
        XCTAssertEqual(renamed.title, "Story")
        let movie = try await movies.fetchMovie(id: 1)
        XCTAssertEqual(movie.title, "Story")
        _ = try await movies.fetchMovies()
        // A failed delete changes nothing; a successful one invalidates.
        try await route([.init("DELETE", "/api/v1/movies/1", status: 500, body: "{}", times: 1)])
        do {
            try await movies.deleteMovie(id: 1)
            XCTFail("the delete should have thrown")
        } catch let error as NetworkError {
            guard case .server(status: 500, _, _, _) = error else { return XCTFail("\(error)") }
        }
        _ = try await movies.fetchMovie(id: 1)
        try await movies.deleteMovie(id: 1)
        _ = try await movies.fetchMovie(id: 1)
        let requests = try await sent()
        XCTAssertEqual(requests, [
            "GET /api/v1/movies/1", "GET /api/v1/movies", "PATCH /api/v1/movies/1", "GET /api/v1/movies",
            "DELETE /api/v1/movies/1", "DELETE /api/v1/movies/1", "GET /api/v1/movies/1",
        ])
    }

    func testConcurrentReadsOfAColdKeyMakeOneRequest() async throws {
        try await route([
            .init("GET", "/api/v1/movies/1", body: #"{"id": 1, "title": "Arrival", "releaseDate": "2016-11-11"}"#, delay: 0.3)
        ])
        let ids = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<10 { group.addTask { [movies] in try await movies!.fetchMovie(id: 1).id } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(ids, Array(repeating: 1, count: 10))
        let requests = try await sent()
        XCTAssertEqual(requests, ["GET /api/v1/movies/1"])
    }
}
