import Foundation
import Movies
import RepogenRuntime
import XCTest

/// The view model against the generated mock: alone (the mock is a `MovieRepository`), and as the API under the
/// cached repository (`MovieRepositoryImpl(remote:local:)`), where the mock counts the calls that would have reached
/// the server.
@MainActor
final class MockTests: XCTestCase {
    /// The cached repository over the mock, with a cache of its own (`local:`), so no other test's values are seen.
    func makeViewModel(_ api: MockMovieRepository) -> MovieViewModel {
        MovieViewModel(repository: MovieRepositoryImpl(remote: api, local: MemoryResponseCache()))
    }

    func testAReadShowsTheMockedMovies() async {
        let api = MockMovieRepository()
        api.fetchMoviesMock.result = .success([Movie(id: 7, title: "Heat", releaseDate: "1995-12-15")])
        let viewModel = MovieViewModel(repository: api)
        await viewModel.load()
        XCTAssertEqual(viewModel.movies.map(\.title), ["Heat"])
        XCTAssertEqual(viewModel.state, .loaded)
        XCTAssertEqual(api.fetchMoviesMock.callsCount, 1)
    }

    func testTheSpecsExampleAnswersUntilSomethingIsStubbed() async {
        let viewModel = MovieViewModel(repository: MockMovieRepository())
        await viewModel.load()
        XCTAssertEqual(viewModel.movies.map(\.title), ["Arrival"])
    }

    func testASecondReadComesFromTheCache() async {
        let api = MockMovieRepository()
        let viewModel = makeViewModel(api)
        await viewModel.load()
        await viewModel.load()
        XCTAssertEqual(viewModel.movies.map(\.title), ["Arrival"])
        XCTAssertEqual(api.fetchMoviesMock.callsCount, 1)
    }

    func testAnAddInvalidatesTheListAndAFailedAddDoesNot() async {
        let api = MockMovieRepository()
        let viewModel = makeViewModel(api)
        await viewModel.load()
        await viewModel.add(title: "Heat", releaseDate: "1995-12-15")
        XCTAssertEqual(api.fetchMoviesMock.callsCount, 2)
        XCTAssertEqual(api.addMovieMock.receivedArguments, NewMovieInput(title: "Heat", releaseDate: "1995-12-15"))

        api.addMovieMock.error = NetworkError.server(status: 500, resultCode: nil, message: nil, body: Data())
        await viewModel.add(title: "Up", releaseDate: "2009-05-29")
        XCTAssertEqual(viewModel.errorMessage, "The server failed (500). Try again later.")
        await viewModel.load()
        XCTAssertEqual(api.fetchMoviesMock.callsCount, 2)
    }

    func testAnUploadPassesThePosterFile() async throws {
        let api = MockMovieRepository()
        api.uploadPosterMock.result = .success(Poster(movieId: 3, url: "https://example.com/p/3.jpg"))
        let viewModel = makeViewModel(api)
        await viewModel.uploadPoster(movieID: 3, jpeg: Data([1, 2, 3]))
        XCTAssertEqual(viewModel.poster?.url, "https://example.com/p/3.jpg")
        let arguments = try XCTUnwrap(api.uploadPosterMock.receivedArguments)
        XCTAssertEqual(arguments.id, 3)
        XCTAssertEqual(arguments.poster, UploadFile(data: Data([1, 2, 3]), fileName: "poster-3.jpg", contentType: "image/jpeg"))
    }

    func testAnUploadInvalidatesTheCachedMovie() async throws {
        let api = MockMovieRepository()
        let movies = MovieRepositoryImpl(remote: api, local: MemoryResponseCache())
        _ = try await movies.fetchMovie(id: 1)
        _ = try await movies.uploadPoster(id: 1, poster: UploadFile(data: Data([1]), fileName: "p.jpg"))
        _ = try await movies.fetchMovie(id: 1)
        XCTAssertEqual(api.fetchMovieMock.callsCount, 2)
    }

    /// Cancelled before its read reaches the mock: the load makes no call and shows no error. (Mid-flight
    /// cancellation, on the wire, is `ServerTests.testCancellingTheLoadCancelsTheRequestOnTheServer`: the mock
    /// answers at once, so there is no flight to cancel.)
    func testACancelledLoadCallsNothingAndShowsNoError() async {
        let api = MockMovieRepository()
        let viewModel = makeViewModel(api)
        viewModel.start()
        viewModel.cancel()
        await viewModel.finishLoading()
        XCTAssertEqual(api.fetchMoviesMock.callsCount, 0)
        XCTAssertEqual(viewModel.state, .idle)
        XCTAssertNil(viewModel.errorMessage)
    }

    func testAFailureIsShownAsTheErrorState() async {
        let api = MockMovieRepository()
        api.fetchMoviesMock.error = NetworkError.decoding(
            DecodingFailure(.dataCorrupted(.init(codingPath: [], debugDescription: "not JSON"))))
        let viewModel = makeViewModel(api)
        await viewModel.load()
        XCTAssertEqual(viewModel.state, .failed("The server's answer could not be read."))
        // Not cached: the next load calls again and shows what it gets.
        api.fetchMoviesMock.result = .success([])
        await viewModel.load()
        XCTAssertEqual(viewModel.state, .loaded)
        XCTAssertEqual(api.fetchMoviesMock.callsCount, 2)
    }

    func testAnUnstubbedCallFailsWithNotStubbed() async {
        let api = MockMovieRepository()
        do {
            _ = try api.renameMovie(id: 1, title: "x")
            XCTFail("an unstubbed call without an example should throw")
        } catch let error as MockRepositoryError {
            XCTAssertTrue("\(error)".contains("renameMovie"), "\(error)")
        } catch {
            XCTFail("the mock throws MockRepositoryError, not \(error)")
        }
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

    /// A hand-written conformance, as a team with its own test doubles writes one: `MovieRepository` is `Sendable`,
    /// so a struct of `let`s conforms as is (see `FixedMovies`).
    func testAHandWrittenRepositoryDrivesTheViewModel() async {
        let viewModel = MovieViewModel(repository: FixedMovies(movies: [Movie(id: 9, title: "Alien", releaseDate: "1979-05-25")]))
        await viewModel.load()
        XCTAssertEqual(viewModel.movies.map(\.id), [9])
    }
}

/// An app's own local data source: it keeps every value as JSON (as one on disk would), counting calls. What a
/// repository stores is `Codable`, so it can.
actor CountingStore: MovieLocalDataSource {
    private var values: [CacheKey: Data] = [:]
    private(set) var reads = 0
    private(set) var stores = 0

    func value<Value: Codable & Sendable>(for key: CacheKey, as type: Value.Type) -> Value? {
        reads += 1
        return values[key].flatMap { try? JSONDecoder().decode(type, from: $0) }
    }

    func store<Value: Codable & Sendable>(_ value: Value, for key: CacheKey, timeToLive: Duration?) {
        stores += 1
        values[key] = try? JSONEncoder().encode(value)
    }

    func remove(_ key: CacheKey) {
        values[key] = nil
    }

    func removeAll(endpoint: String) {
        values = values.filter { $0.key.endpoint != endpoint }
    }
}

/// A hand-written `MovieRepository`: a struct whose stored properties are `Sendable` values satisfies the protocol's
/// `Sendable` requirement with nothing else to write.
struct FixedMovies: MovieRepository {
    var movies: [Movie]

    func fetchMovies() async throws -> [Movie] { movies }
    func fetchMovie(id: Int) async throws -> Movie {
        guard let movie = movies.first(where: { $0.id == id }) else { throw NetworkError.server(status: 404, resultCode: nil, message: nil, body: Data()) }
        return movie
    }
    func addMovie(input: NewMovieInput) async throws -> Movie { Movie(id: movies.count + 1, title: input.title, releaseDate: input.releaseDate) }
    func renameMovie(id: Int, title: String) async throws -> Movie { Movie(id: id, title: title, releaseDate: "") }
    func uploadPoster(id: Int, poster: UploadFile) async throws -> Poster { Poster(movieId: id, url: "memory://\(poster.fileName)") }
}
