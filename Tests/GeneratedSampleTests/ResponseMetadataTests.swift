import Foundation
import GeneratedSample
import RepogenRuntime
import RepogenTestSupport
import TestServer
import XCTest

/// `responseMetadata: true` in Specs/movie.yaml: `fetchMovieRevision` and `replaceMovie` return
/// `APIResponse<Movie>`, so the app reads the ETag and sends it back as `If-Match` through the generated repository.
final class ResponseMetadataTests: XCTestCase {
    var server: TestServer!
    var manager: NetworkManager!

    override func setUp() async throws {
        server = try TestServer.startOrSkip()
        manager = NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL))
    }

    override func tearDown() {
        server?.stop()
    }

    func testTheETagComesThroughTheRepositoryAndGoesBackAsIfMatch() async throws {
        try await server.route([
            .init(
                "GET", "/api/v1/movies/1", body: #"{"id": 1, "title": "Arrival", "releaseDate": "2016-11-11"}"#,
                headers: ["Content-Type": "application/json", "ETag": "\"r1\""]),
            .init(
                "PUT", "/api/v1/movies/1", body: #"{"id": 1, "title": "Story", "releaseDate": "2016-11-11"}"#,
                headers: ["Content-Type": "application/json", "etag": "\"r2\""]),
        ])
        let movies = MovieRepositoryImpl(remote: MovieRemoteDataSource(manager: manager))

        let read = try await movies.fetchMovieRevision(id: 1).get()
        XCTAssertEqual(read.value, Movie(id: 1, title: "Arrival", releaseDate: "2016-11-11"))
        XCTAssertEqual(read.statusCode, 200)
        let etag = try XCTUnwrap(read.header("ETag"))
        XCTAssertEqual(etag, "\"r1\"")

        var edited = read.value
        edited.title = "Story"
        let replaced = try await movies.replaceMovie(movie: edited, ifMatch: etag).get()
        XCTAssertEqual(replaced.value.title, "Story")
        XCTAssertEqual(replaced.header("ETag"), "\"r2\"", "read whatever case the server used")

        // The write-through stored the movie itself (not the response) for the cached read.
        let cached = try await movies.fetchMovie(id: 1).get()
        XCTAssertEqual(cached.title, "Story")

        let requests = try await server.requests()
        XCTAssertEqual(requests.map { "\($0.method) \($0.path)" }, ["GET /api/v1/movies/1", "PUT /api/v1/movies/1"])
        XCTAssertEqual(requests.last?.headers["if-match"], "\"r1\"")
        XCTAssertEqual(requests.last?.body, #"{"id":1,"releaseDate":"2016-11-11","title":"Story"}"#)
    }

    func testAPreconditionFailureIsAServerError() async throws {
        try await server.route([.init("PUT", "/api/v1/movies/1", status: 412, body: "{}")])
        let movies = MovieRemoteDataSource(manager: manager)
        let result = await movies.replaceMovie(
            movie: Movie(id: 1, title: "Story", releaseDate: "2016-11-11"), ifMatch: "\"stale\"")
        guard case .failure(NetworkError.server(status: 412, _, _, _)) = result else { return XCTFail("\(result)") }
    }

    func testTheMockAnswersWithTheExampleInAResponse() async throws {
        let mock = MockMovieRepository()
        let repository: any MovieRepository = mock
        let example = try await repository.fetchMovieRevision(id: 1).get()
        XCTAssertEqual(example, APIResponse(value: Movie(id: 1, title: "Arrival", releaseDate: "2016-11-11")))
        mock.replaceMovieMock.result = .success(
            APIResponse(value: Movie(id: 1, title: "Story", releaseDate: "2016-11-11"), headers: ["ETag": "\"r2\""]))
        let replaced = try await repository.replaceMovie(movie: example.value, ifMatch: "\"r1\"").get()
        XCTAssertEqual(replaced.header("etag"), "\"r2\"")
        XCTAssertEqual(mock.replaceMovieMock.receivedArguments?.ifMatch, "\"r1\"")
    }
}
