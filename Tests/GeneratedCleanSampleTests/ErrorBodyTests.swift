import Foundation
import GeneratedCleanSample
import RepogenRuntime
import TestServer
import XCTest

/// The `clean` style with a declared error body (Specs/movie.yaml's `addMovie`): the use case throws it decoded, from
/// the server through the data repository, or from the mock.
extension CleanStyleTests {
    func testAUseCaseThrowsADeclaredErrorBodyDecoded() async throws {
        let server = try TestServer.startOrSkip()
        defer { server.stop() }
        try await server.route([.init("POST", "/api/v1/movies", status: 409, body: #"{"code": 7, "reason": "exists"}"#)])
        let manager = NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL))
        let repository = MovieDataRepository(remote: MovieRemoteDataSource(manager: manager), local: InMemoryMovieLocalDataSource())
        let add = DefaultAddMovieUseCase(repository: repository)
        do {
            _ = try await add.execute(AddMovieRequestValues(input: NewMovieInput(title: "Up", releaseDate: "2009-05-29")))
            XCTFail("a 409 returned a value")
        } catch NetworkError.errorResponse(let response) {
            XCTAssertEqual(response.status, 409)
            XCTAssertEqual(response.body(as: MovieProblem.self), MovieProblem(code: 7, reason: "exists"))
        }
    }

    func testTheMockThrowsADeclaredErrorBody() async throws {
        let mock = MockMovieRepository()
        mock.addMovieMock.error = NetworkError.errorResponse(ErrorResponse(status: 400, body: MovieProblem(code: 2, reason: "bad")))
        do {
            _ = try await DefaultAddMovieUseCase(repository: mock).execute(
                AddMovieRequestValues(input: NewMovieInput(title: "Up", releaseDate: "2009-05-29")))
            XCTFail("the stubbed error was not thrown")
        } catch NetworkError.errorResponse(let response) {
            XCTAssertEqual(response.body(as: MovieProblem.self)?.code, 2)
        }
    }
}
