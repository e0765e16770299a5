import Foundation
import GeneratedAsyncThrowsSample
import RepogenRuntime
import RepogenTestSupport
import TestServer
import XCTest

/// The cache as an app uses it: a store that keeps every value as encoded JSON (as one on disk does), behind a cached
/// read of domain types (Specs/photo.yaml maps its DTOs to `Photo`), and the cache that repositories made with their
/// defaults share.
final class SharedAndEncodedCacheTests: XCTestCase {
    static let photos = #"[{"id": "p1", "width": 10, "height": 20, "likes": 5, "urls": {"raw": "r", "full": "f", "regular": "g", "small": "s", "thumb": "t"}, "user": {"name": "Ann", "portfolio_url": "https://ann.example"}}]"#

    /// Every value goes through `JSONEncoder` on a store and `JSONDecoder` on a read: what a repository stores must
    /// be `Codable`, and what comes back is a decoded copy, not the stored instance.
    func testADiskLikeStoreKeepsDomainValuesAsJSON() async throws {
        let server = try TestServer.startOrSkip()
        defer { server.stop() }
        try await server.route([.init("GET", "/photos", body: Self.photos)])
        let store = JSONDataStore()
        let remote = PhotoRemoteDataSource(manager: NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL)))
        let first = try await PhotoRepositoryImpl(remote: remote, local: store).fetchPhotoList(page: 1)

        // A second repository over the same store (the app relaunched over its disk cache) reads the encoded value.
        let again = try await PhotoRepositoryImpl(remote: remote, local: store).fetchPhotoList(page: 1)
        XCTAssertEqual(again, first)
        XCTAssertEqual(again.first?.user, User(name: "Ann", portfolioURL: "https://ann.example"))
        XCTAssertEqual(again.first?.urls, URLs(regular: "g"))
        // The computed identifier was stored and read back, not computed anew.
        XCTAssertEqual(again.first?.identifier, first.first?.identifier)
        let sent = try await server.requests().map { "\($0.method) \($0.path)" }
        XCTAssertEqual(sent, ["GET /photos"])

        // What the store holds is JSON of the domain type's fields (its CodingKeys are its own names).
        let stored = await store.data.values.first
        let json = try XCTUnwrap(stored.flatMap { try JSONSerialization.jsonObject(with: $0) as? [[String: Any]] })
        XCTAssertEqual(json.first?["id"] as? String, "p1")
        XCTAssertEqual((json.first?["user"] as? [String: Any])?["portfolioURL"] as? String, "https://ann.example")
        XCTAssertNil(json.first?["likes"], "a DTO field the domain type drops is not stored")
        let writes = await store.encodes
        XCTAssertEqual(writes, 1)
    }

    /// A value that no longer decodes as the type asked (stored by an older app) is a miss: the read goes to the
    /// remote and stores the new value.
    func testAStoredValueThatNoLongerDecodesIsAMiss() async throws {
        let store = JSONDataStore()
        let api = MockMovieRepository()
        let movies = MovieRepositoryImpl(remote: api, local: store)
        let key = CacheKey(endpoint: "fetchMovie", request: "GET /api/v1/movies/1")
        await store.put(Data(#"{"old": true}"#.utf8), for: key)
        api.fetchMovieMock.result = .success(Movie(id: 1, title: "Arrival", releaseDate: "2016-11-11"))
        let movie = try await movies.fetchMovie(id: 1)
        XCTAssertEqual(movie.title, "Arrival")
        XCTAssertEqual(api.fetchMovieMock.callsCount, 1)
        _ = try await movies.fetchMovie(id: 1)
        XCTAssertEqual(api.fetchMovieMock.callsCount, 1)
    }

    /// Two repositories made with their defaults (two screens) share values and writes; one given a `local:` or a
    /// `remote:` has a cache of its own. The shared one starts empty only in a fresh process, so this test reads
    /// what a write put there rather than counting requests.
    func testRepositoriesMadeWithDefaultsShareOneCache() async throws {
        let first = MovieRepositoryImpl()
        let second = MovieRepositoryImpl()
        let key = CacheKey(endpoint: "fetchMovie", request: "GET /api/v1/movies/424242")
        let shared = CachedReads.shared(by: MovieRepositoryImpl.self)
        XCTAssertNotNil(shared.local as? MemoryResponseCache)
        XCTAssertTrue(shared.local as? MemoryResponseCache === CachedReads.shared(by: MovieRepositoryImpl.self).local as? MemoryResponseCache)
        // Another domain's repository has another store: keys of two domains never meet.
        XCTAssertFalse(shared.local as? MemoryResponseCache === CachedReads.shared(by: PhotoRepositoryImpl.self).local as? MemoryResponseCache)

        // A value stored through the shared reads answers both repositories without a request (NetworkManager.shared
        // has no server here: a request would fail).
        await shared.update(key, with: Movie(id: 424_242, title: "Shared", releaseDate: "2020-01-01"), timeToLive: nil)
        let fromFirst = try await first.fetchMovie(id: 424_242)
        let fromSecond = try await second.fetchMovie(id: 424_242)
        XCTAssertEqual(fromFirst.title, "Shared")
        XCTAssertEqual(fromSecond.title, "Shared")

        // A repository with a remote of its own does not see the shared value.
        let api = MockMovieRepository()
        api.fetchMovieMock.result = .success(Movie(id: 424_242, title: "Own", releaseDate: "2020-01-01"))
        let own = try await MovieRepositoryImpl(remote: api).fetchMovie(id: 424_242)
        XCTAssertEqual(own.title, "Own")
        XCTAssertEqual(api.fetchMovieMock.callsCount, 1)
        await shared.invalidate(key)
    }

    /// Two `MovieRepositoryImpl()` (two screens, `NetworkManager.shared` pointed at the loopback server for the
    /// test) make one request for a key however many wait, and a write through one is what the other reads next.
    func testTwoDefaultRepositoriesShareReadsInFlightAndWrites() async throws {
        let server = try TestServer.startOrSkip()
        let saved = NetworkManager.shared.configuration
        NetworkManager.shared.configuration = NetworkConfiguration(baseURL: server.baseURL)
        defer {
            NetworkManager.shared.configuration = saved
            server.stop()
        }
        // An id no other test reads: the shared cache lives as long as the test process.
        try await server.route([
            .init("GET", "/api/v1/movies/7001", body: #"{"id": 7001, "title": "Arrival", "releaseDate": "2016-11-11"}"#, delay: 0.5),
            .init("PATCH", "/api/v1/movies/7001", body: #"{"id": 7001, "title": "Story", "releaseDate": "2016-11-11"}"#),
        ])
        let listScreen = MovieRepositoryImpl()
        let detailScreen = MovieRepositoryImpl()
        async let a = listScreen.fetchMovie(id: 7001)
        async let b = detailScreen.fetchMovie(id: 7001)
        let (movieA, movieB) = try await (a, b)
        XCTAssertEqual([movieA.title, movieB.title], ["Arrival", "Arrival"])
        _ = try await detailScreen.renameMovie(id: 7001, title: "Story")
        let seen = try await listScreen.fetchMovie(id: 7001)
        XCTAssertEqual(seen.title, "Story")
        let sent = try await server.requests().map { "\($0.method) \($0.path)" }
        XCTAssertEqual(sent, ["GET /api/v1/movies/7001", "PATCH /api/v1/movies/7001"])
        await CachedReads.shared(by: MovieRepositoryImpl.self).invalidateAll(endpoint: "fetchMovie")
    }
}

/// A store like one on disk: it keeps each value as the `Data` `JSONEncoder` makes of it and decodes it on a read
/// (a value that does not decode as the type asked is a miss). Here in memory, so a test can look at the bytes.
actor JSONDataStore: MovieLocalDataSource, PhotoLocalDataSource {
    private(set) var data: [CacheKey: Data] = [:]
    private(set) var encodes = 0

    func value<Value: Codable & Sendable>(for key: CacheKey, as type: Value.Type) -> Value? {
        guard let stored = data[key] else { return nil }
        return try? JSONDecoder().decode(type, from: stored)
    }

    func store<Value: Codable & Sendable>(_ value: Value, for key: CacheKey, timeToLive: Duration?) {
        guard let encoded = try? JSONEncoder().encode(value) else { return }
        encodes += 1
        data[key] = encoded
    }

    func remove(_ key: CacheKey) {
        data[key] = nil
    }

    func removeAll(endpoint: String) {
        data = data.filter { $0.key.endpoint != endpoint }
    }

    /// Puts raw bytes under `key`, as an older version of the app would have left them.
    func put(_ bytes: Data, for key: CacheKey) {
        data[key] = bytes
    }
}
