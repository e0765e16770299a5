import Foundation
import GeneratedSample
import RepogenRuntime
import TestServer
import XCTest

/// The `result` style with a declared error body (Specs/movie.yaml's `addMovie`: `errors` of `409`, `4XX` and
/// `default`): the cached repository fails with the body decoded, and a failed write invalidates nothing.
extension CachedRepositoryTests {
    func testADeclaredErrorBodyReachesTheAppDecoded() async throws {
        try await route([.init("POST", "/api/v1/movies", status: 409, body: #"{"code": 7, "reason": "exists"}"#)])
        let movies = MovieRepositoryImpl(remote: MovieRemoteDataSource(manager: manager), local: MemoryResponseCache())
        let result = await movies.addMovie(input: NewMovieInput(title: "Up", releaseDate: "2009-05-29"))
        guard case .failure(NetworkError.errorResponse(let response)) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(response.status, 409)
        XCTAssertEqual(response.body(as: MovieProblem.self), MovieProblem(code: 7, reason: "exists"))
    }

    func testAnErrorBodyThatDoesNotDecodeSaysWhy() async throws {
        try await route([.init("POST", "/api/v1/movies", status: 500, body: "<html>down</html>")])
        let movies = MovieRepositoryImpl(remote: MovieRemoteDataSource(manager: manager), local: MemoryResponseCache())
        let result = await movies.addMovie(input: NewMovieInput(title: "Up", releaseDate: "2009-05-29"))
        guard case .failure(NetworkError.undecodableErrorResponse(500, _, let body)) = result else {
            return XCTFail("\(result)")
        }
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "<html>down</html>")
    }

    func testTheMockAnswersWithADeclaredErrorBody() {
        let mock = MockMovieRepository()
        let problem = ErrorResponse(status: 409, body: MovieProblem(code: 1, reason: "exists"))
        mock.addMovieMock.error = NetworkError.errorResponse(problem)
        let result = mock.addMovie(input: NewMovieInput(title: "Up", releaseDate: "2009-05-29"))
        guard case .failure(NetworkError.errorResponse(let response)) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(response, problem)
    }
}
