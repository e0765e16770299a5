import Foundation
@testable import GeneratedCleanSample
import RepogenRuntime
import RepogenTestSupport
import TestServer
import XCTest

/// The `clean` style (Generated/clean/, seed 002): use cases over the domain repository, the data repository over
/// the remote data source (the API, on the loopback server) and the local one (cached reads), and the mocks.
final class CleanStyleTests: XCTestCase {
    func testAUseCaseExecutesTheRepositoryMethodWithItsRequestValues() async throws {
        let repository = MockMovieRepository()
        repository.renameMovieMock.result = .success(Movie(id: 1, title: "Story", releaseDate: "2016-11-11"))
        let rename: any RenameMovieUseCase = DefaultRenameMovieUseCase(repository: repository)
        let movie = try await rename.execute(RenameMovieRequestValues(id: 1, title: "Story"))
        XCTAssertEqual(movie.title, "Story")
        XCTAssertEqual(repository.renameMovieMock.receivedArguments?.id, 1)
        XCTAssertEqual(repository.renameMovieMock.receivedArguments?.title, "Story")
        // Without inputs there are no request values.
        let list = try await DefaultFetchMoviesUseCase(repository: repository).execute()
        XCTAssertEqual(list.map(\.title), ["Arrival"])
    }

    func testOptionalInputsCanBeLeftOutOfRequestValuesAndRepositoryCalls() async throws {
        let repository = MockStoreRepository()
        repository.fetchStorePhotosMock.error = NetworkError.noData
        // The request values' initializer defaults `cursor: String?` to nil.
        do {
            _ = try await DefaultFetchStorePhotosUseCase(repository: repository)
                .execute(FetchStorePhotosRequestValues(storeId: 7))
            XCTFail("the stubbed error was not thrown")
        } catch NetworkError.noData {}
        XCTAssertEqual(repository.fetchStorePhotosMock.receivedArguments?.storeId, 7)
        XCTAssertEqual(repository.fetchStorePhotosMock.receivedArguments?.cursor, .some(nil))
        // The repository protocol's extension leaves it out too.
        do {
            _ = try await (repository as any StoreRepository).fetchStorePhotos(storeId: 8)
            XCTFail("the stubbed error was not thrown")
        } catch NetworkError.noData {}
        XCTAssertEqual(repository.fetchStorePhotosMock.receivedArguments?.storeId, 8)
        XCTAssertEqual(repository.fetchStorePhotosMock.callsCount, 2)
    }

    func testTheDataRepositoryReadsThroughTheLocalDataSource() async throws {
        // The mock is the remote data source too; the local one records what the repository does with it.
        let remote = MockMovieRepository()
        let local = RecordingResponseCache()
        let repository = MovieDataRepository(remote: remote, local: InMemoryMovieLocalDataSource(store: local))
        let fetch = DefaultFetchMovieUseCase(repository: repository)
        remote.fetchMovieMock.result = .success(Movie(id: 1, title: "Arrival", releaseDate: "2016-11-11"))
        _ = try await fetch.execute(FetchMovieRequestValues(id: 1))
        _ = try await fetch.execute(FetchMovieRequestValues(id: 1))
        XCTAssertEqual(remote.fetchMovieMock.callsCount, 1)

        remote.renameMovieMock.result = .success(Movie(id: 1, title: "Story", releaseDate: "2016-11-11"))
        _ = try await DefaultRenameMovieUseCase(repository: repository).execute(RenameMovieRequestValues(id: 1, title: "Story"))
        let renamed = try await fetch.execute(FetchMovieRequestValues(id: 1))
        XCTAssertEqual(renamed.title, "Story")
        XCTAssertEqual(remote.fetchMovieMock.callsCount, 1)
        let events = await local.events
        let key = try XCTUnwrap(CacheKey(endpoint: "fetchMovie", requestType: MovieApi.fetchMovie(id: 1)))
        XCTAssertTrue(events.contains(.store(key)))
        XCTAssertTrue(events.contains(.read(key, hit: true)))
        XCTAssertTrue(events.contains(.remove(try XCTUnwrap(CacheKey(endpoint: "fetchMovies", requestType: MovieApi.fetchMovies)))))
    }

    func testAnAppsOwnLocalDataSourceStandsBehindTheDataRepository() async throws {
        // A store in the domain's own terms (as a Realm or Core Data one would be), no cache keys.
        let remote = MockMovieRepository()
        let local = DictionaryMovieStore()
        let repository = MovieDataRepository(remote: remote, local: local)
        remote.fetchMovieMock.result = .success(Movie(id: 1, title: "Arrival", releaseDate: "2016-11-11"))
        _ = try await repository.fetchMovie(id: 1)
        let stored = await local.movies[1]
        XCTAssertEqual(stored?.title, "Arrival")
        _ = try await repository.fetchMovie(id: 1)
        XCTAssertEqual(remote.fetchMovieMock.callsCount, 1)
        // A write that updates the read saves its response for the read's key, and clears the list.
        remote.renameMovieMock.result = .success(Movie(id: 1, title: "Story", releaseDate: "2016-11-11"))
        await local.setList([Movie(id: 1, title: "Arrival", releaseDate: "2016-11-11")])
        _ = try await repository.renameMovie(id: 1, title: "Story")
        let renamed = await local.movies[1]
        XCTAssertEqual(renamed?.title, "Story")
        let list = await local.list
        XCTAssertNil(list)
        // A delete removes the movie it deleted.
        remote.deleteMovieMock.result = .success(())
        try await repository.deleteMovie(id: 1)
        let afterDelete = await local.movies
        XCTAssertEqual(afterDelete.count, 0)
    }

    func testAFailedWriteLeavesTheLocalDataSourceAlone() async throws {
        let remote = MockMovieRepository()
        let local = RecordingResponseCache()
        let repository = MovieDataRepository(remote: remote, local: InMemoryMovieLocalDataSource(store: local))
        remote.deleteMovieMock.error = NetworkError.timedOut
        do {
            try await DefaultDeleteMovieUseCase(repository: repository).execute(DeleteMovieRequestValues(id: 1))
            XCTFail("the delete should have thrown")
        } catch NetworkError.timedOut {
            // The remote's error, as it was.
        }
        let events = await local.events
        XCTAssertEqual(events, [])
    }

    func testTheRemoteDataSourceCallsTheServer() async throws {
        let server = try TestServer.startOrSkip()
        defer { server.stop() }
        try await server.route([.init("GET", "/api/v1/movies/7", body: #"{"id": 7, "title": "Heat", "releaseDate": "1995-12-15"}"#)])
        let manager = NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL))
        let repository = MovieDataRepository(remote: MovieRemoteDataSource(manager: manager))
        let movie = try await DefaultFetchMovieUseCase(repository: repository).execute(FetchMovieRequestValues(id: 7))
        _ = try await DefaultFetchMovieUseCase(repository: repository).execute(FetchMovieRequestValues(id: 7))
        XCTAssertEqual(movie.title, "Heat")
        let requests = try await server.requests()
        XCTAssertEqual(requests.map(\.path), ["/api/v1/movies/7"])
        // A domain without cached reads: the data repository forwards to the remote data source.
        let userRemote = MockUserRepository()
        userRemote.fetchMyUserMock.result = .success(UserResponse(userId: 2, name: "lee"))
        let me = try await DefaultFetchMyUserUseCase(repository: UserDataRepository(remote: userRemote)).execute()
        XCTAssertEqual(me.name, "lee")
        XCTAssertEqual(userRemote.fetchMyUserMock.callsCount, 1)
    }
}

/// A local data source in the domain's terms, as an app writes one over its own store.
actor DictionaryMovieStore: MovieLocalDataSource {
    var list: [Movie]?
    var movies: [Int: Movie] = [:]

    func setList(_ list: [Movie]) { self.list = list }

    func getFetchMovies() -> [Movie]? { list }
    func saveFetchMovies(_ value: [Movie], timeToLive: Duration?) { list = value }
    func removeFetchMovies() { list = nil }

    func getFetchMovie(id: Int) -> Movie? { movies[id] }
    func saveFetchMovie(_ value: Movie, id: Int, timeToLive: Duration?) { movies[id] = value }
    func removeFetchMovie(id: Int) { movies[id] = nil }
    func clearFetchMovie() { movies = [:] }
}
