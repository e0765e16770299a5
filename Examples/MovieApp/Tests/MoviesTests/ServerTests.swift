import Foundation
import Movies
import RepogenRuntime
import TestServer
import XCTest

/// The view model over the cached repository the build plugin generated, against repogen's loopback server: what
/// reaches the wire for a read, a cached read, a write, an upload, a cancelled load and a failure.
@MainActor
final class ServerTests: XCTestCase {
    static let arrival = #"[{"id": 1, "title": "Arrival", "releaseDate": "2016-11-11"}]"#
    var server: TestServer!

    override func setUp() async throws {
        do {
            server = try TestServer()
        } catch TestServer.Failure.noPython {
            throw XCTSkip("python3 is needed for the loopback server tests")
        }
    }

    override func tearDown() async throws {
        server?.stop()
    }

    /// A view model over a repository of its own (a cache of its own) that talks to the test's server.
    func makeViewModel() -> MovieViewModel {
        let manager = NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL))
        return MovieViewModel(repository: MovieRepositoryImpl(remote: MovieRemoteDataSource(manager: manager)))
    }

    func sent() async throws -> [String] {
        try await server.requests().map { "\($0.method) \($0.path)" }
    }

    func testAReadShowsTheMovies() async throws {
        try await server.route([.init("GET", "/api/v1/movies", body: Self.arrival)])
        let viewModel = makeViewModel()
        await viewModel.load()
        XCTAssertEqual(viewModel.movies, [Movie(id: 1, title: "Arrival", releaseDate: "2016-11-11")])
        XCTAssertEqual(viewModel.state, .loaded)
    }

    func testASecondReadComesFromTheCache() async throws {
        try await server.route([.init("GET", "/api/v1/movies", body: Self.arrival)])
        let viewModel = makeViewModel()
        await viewModel.load()
        await viewModel.load()
        XCTAssertEqual(viewModel.movies.map(\.title), ["Arrival"])
        let requests = try await sent()
        XCTAssertEqual(requests, ["GET /api/v1/movies"])
    }

    func testAnAddInvalidatesTheCachedList() async throws {
        try await server.route([
            .init("GET", "/api/v1/movies", body: Self.arrival, times: 1),
            .init("GET", "/api/v1/movies", body: #"[{"id": 1, "title": "Arrival", "releaseDate": "2016-11-11"}, {"id": 2, "title": "Heat", "releaseDate": "1995-12-15"}]"#),
            .init("POST", "/api/v1/movies", status: 201, body: #"{"id": 2, "title": "Heat", "releaseDate": "1995-12-15"}"#),
        ])
        let viewModel = makeViewModel()
        await viewModel.load()
        await viewModel.add(title: "Heat", releaseDate: "1995-12-15")
        XCTAssertEqual(viewModel.movies.map(\.title), ["Arrival", "Heat"])
        let requests = try await server.requests()
        XCTAssertEqual(requests.map { "\($0.method) \($0.path)" }, ["GET /api/v1/movies", "POST /api/v1/movies", "GET /api/v1/movies"])
        let body = try JSONSerialization.jsonObject(with: Data(requests[1].body.utf8)) as? [String: String]
        XCTAssertEqual(body, ["title": "Heat", "releaseDate": "1995-12-15"])
    }

    func testAnUploadSendsThePosterAsAPart() async throws {
        try await server.route([
            .init("POST", "/api/v1/movies/1/poster", body: #"{"movieId": 1, "url": "https://example.com/p/1.jpg"}"#),
        ])
        let viewModel = makeViewModel()
        await viewModel.uploadPoster(movieID: 1, jpeg: Data([0xFF, 0xD8, 0xFF, 0xE0]))
        XCTAssertEqual(viewModel.poster, Poster(movieId: 1, url: "https://example.com/p/1.jpg"))
        let requests = try await server.requests()
        let request = try XCTUnwrap(requests.first)
        XCTAssertTrue(request.headers["content-type"]?.hasPrefix("multipart/form-data; boundary=") == true)
        let parts = try XCTUnwrap(request.parts)
        XCTAssertEqual(parts.count, 2)
        let file = try XCTUnwrap(parts.first { $0.name == "poster" })
        XCTAssertEqual(file.filename, "poster-1.jpg")
        XCTAssertEqual(file.contentType, "image/jpeg")
        XCTAssertEqual(file.size, 4)
        XCTAssertEqual(parts.first { $0.name == "movieId" }?.text, "1")
    }

    func testCancellingTheLoadCancelsTheRequestOnTheServer() async throws {
        try await server.route([.init("GET", "/api/v1/movies", body: Self.arrival, delay: 30)])
        let viewModel = makeViewModel()
        viewModel.start()
        // Mid-flight: the server has the request and is waiting to answer it.
        while try await server.requests().isEmpty {
            try await Task.sleep(for: .milliseconds(20))
        }
        viewModel.cancel()
        let closed = try await server.sawClosedEarly("/api/v1/movies")
        XCTAssertTrue(closed, "the server should see the client close the connection")
        await viewModel.finishLoading()
        XCTAssertEqual(viewModel.state, .idle, "a cancelled load shows no error")
        XCTAssertEqual(viewModel.movies, [])
    }

    func testAServerFailureIsShownAsTheErrorState() async throws {
        try await server.route([.init("GET", "/api/v1/movies", status: 500, body: "{}")])
        let viewModel = makeViewModel()
        await viewModel.load()
        XCTAssertEqual(viewModel.state, .failed("The server failed (500). Try again later."))
        // A failure is not cached: the next load asks again.
        await viewModel.load()
        let requests = try await sent()
        XCTAssertEqual(requests, ["GET /api/v1/movies", "GET /api/v1/movies"])
    }

    func testAnAnswerThatDoesNotDecodeIsShownAsTheErrorState() async throws {
        try await server.route([.init("GET", "/api/v1/movies", body: #"[{"id": "one"}]"#)])
        let viewModel = makeViewModel()
        await viewModel.load()
        XCTAssertEqual(viewModel.errorMessage, "The server's answer could not be read.")
    }

    /// Two screens, each with `MovieViewModel()` (so `MovieRepositoryImpl()` over `NetworkManager.shared`, pointed
    /// at the test's server): one request for both, and one's write is what the other reads next.
    func testTwoScreensWithDefaultRepositoriesShareOneCache() async throws {
        try await server.route([
            .init("GET", "/api/v1/movies", body: Self.arrival, delay: 0.5, times: 1),
            .init("GET", "/api/v1/movies", body: #"[{"id": 1, "title": "Arrival", "releaseDate": "2016-11-11"}, {"id": 2, "title": "Heat", "releaseDate": "1995-12-15"}]"#),
            .init("POST", "/api/v1/movies", status: 201, body: #"{"id": 2, "title": "Heat", "releaseDate": "1995-12-15"}"#),
        ])
        let saved = NetworkManager.shared.configuration
        NetworkManager.shared.configuration = NetworkConfiguration(baseURL: server.baseURL)
        defer { NetworkManager.shared.configuration = saved }
        let list = MovieViewModel()
        let detail = MovieViewModel()
        async let listLoaded: Void = list.load()
        async let detailLoaded: Void = detail.load()
        _ = await (listLoaded, detailLoaded)
        XCTAssertEqual(list.movies.map(\.title), ["Arrival"])
        XCTAssertEqual(detail.movies.map(\.title), ["Arrival"])
        var requests = try await sent()
        XCTAssertEqual(requests, ["GET /api/v1/movies"], "the second screen waited for the first one's request")

        // A write through one screen invalidates the list the other reads.
        await detail.add(title: "Heat", releaseDate: "1995-12-15")
        await list.load()
        XCTAssertEqual(list.movies.map(\.title), ["Arrival", "Heat"])
        requests = try await sent()
        XCTAssertEqual(requests, ["GET /api/v1/movies", "POST /api/v1/movies", "GET /api/v1/movies"])
        // The list screen's own reload (after the add) read the cache the detail screen's reload filled.
    }
}
