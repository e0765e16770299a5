import Foundation
import GeneratedAsyncThrowsSample
import RepogenRuntime
import TestServer
import XCTest

/// The `async-throws` style with a declared error body (Specs/movie.yaml's `addMovie`): the body is thrown decoded.
extension AsyncThrowsStyleTests {
    func testADeclaredErrorBodyIsThrownDecoded() async throws {
        try await server.route([.init("POST", "/api/v1/movies", status: 422, body: #"{"code": 3, "reason": "no title"}"#)])
        let movies = MovieRepositoryImpl(
            remote: MovieRemoteDataSource(manager: NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL))),
            local: MemoryResponseCache())
        do {
            _ = try await movies.addMovie(input: NewMovieInput(title: "", releaseDate: "2009-05-29"))
            XCTFail("a 422 returned a value")
        } catch NetworkError.errorResponse(let response) {
            XCTAssertEqual(response.status, 422)
            XCTAssertEqual(response.body(as: MovieProblem.self), MovieProblem(code: 3, reason: "no title"), "4XX")
        }
    }

    func testTheMockThrowsADeclaredErrorBody() throws {
        let mock = MockMovieRepository()
        mock.addMovieMock.error = NetworkError.errorResponse(ErrorResponse(status: 409, body: MovieProblem(code: 1, reason: "exists")))
        do {
            _ = try mock.addMovie(input: NewMovieInput(title: "Up", releaseDate: "2009-05-29"))
            XCTFail("the stubbed error was not thrown")
        } catch NetworkError.errorResponse(let response) {
            XCTAssertEqual(response.body(as: MovieProblem.self)?.reason, "exists")
        }
    }
}
