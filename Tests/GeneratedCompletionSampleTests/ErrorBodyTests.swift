import Foundation
import GeneratedCompletionSample
import RepogenRuntime
import TestServer
import XCTest

/// The `completion` style with a declared error body (Specs/movie.yaml's `addMovie`): the handler gets it decoded.
extension CompletionCachedRepositoryTests {
    func testADeclaredErrorBodyReachesTheHandlerDecoded() throws {
        route([.init("POST", "/api/v1/movies", status: 503, body: #"{"code": 9, "reason": "later"}"#)])
        let result = try XCTUnwrap(answer { movies.addMovie(input: NewMovieInput(title: "Up", releaseDate: "2009-05-29"), completion: $0) })
        guard case .failure(.errorResponse(let response)) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(response.status, 503)
        XCTAssertEqual(response.body(as: MovieProblem.self), MovieProblem(code: 9, reason: "later"), "default")
    }

    func testTheMockHandsOverADeclaredErrorBody() throws {
        let mock = MockMovieRepository()
        mock.addMovieMock.error = NetworkError.errorResponse(ErrorResponse(status: 409, body: MovieProblem(code: 1, reason: "exists")))
        let result = try XCTUnwrap(answer { mock.addMovie(input: NewMovieInput(title: "Up", releaseDate: "2009-05-29"), completion: $0) })
        guard case .failure(.errorResponse(let response)) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(response.body(as: MovieProblem.self)?.code, 1)
    }
}
