import Favorites
import Foundation
import RepogenRuntime
import TestServer
import XCTest
#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The view model over the clean layers the build plugin generated, against the loopback server: the app's own
/// stack (default use cases, `FavoritesDataRepository`, `FavoritesRemoteDataSource` on a `NetworkManager` pointed at
/// the server, the in-memory local data source). Its bindings are main-actor closures: a publisher that answered off
/// the main actor would trap in Swift 6's isolation check, failing the run.
@MainActor
final class FavoritesServerTests: XCTestCase {
    private var server: TestServer!
    private var viewModel: FavoritesViewModel!

    override func setUp() async throws {
        do {
            server = try TestServer()
        } catch TestServer.Failure.noPython {
            throw XCTSkip("python3 is needed for the loopback server tests")
        }
        let manager = NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL))
        viewModel = FavoritesViewModel(repository: FavoritesDataRepository(remote: FavoritesRemoteDataSource(manager: manager)))
    }

    override func tearDown() async throws {
        server?.stop()
    }

    func testALoadReadsTheServer() async throws {
        try await server.route([.init("GET", "/api/v1/favorites", body: #"[{"id": 1, "name": "Tiendo"}]"#)])
        viewModel.load()
        XCTAssertTrue(viewModel.isLoading)
        await viewModel.idle()
        XCTAssertEqual(viewModel.favorites.map(\.name), ["Tiendo"])
        XCTAssertFalse(viewModel.isLoading)
        XCTAssertNil(viewModel.errorMessage)
    }

    func testASecondLoadIsACachedReadWithoutARequest() async throws {
        try await server.route([.init("GET", "/api/v1/favorites", body: #"[{"id": 1, "name": "Tiendo"}]"#)])
        viewModel.load()
        await viewModel.idle()
        viewModel.load()
        await viewModel.idle()
        XCTAssertEqual(viewModel.favorites.map(\.name), ["Tiendo"])
        let requests = try await server.requests()
        XCTAssertEqual(requests.map { "\($0.method) \($0.path)" }, ["GET /api/v1/favorites"])
    }

    func testAWriteInvalidatesTheCachedReadSoTheNextLoadAsksTheServer() async throws {
        try await server.route([
            .init("GET", "/api/v1/favorites", body: #"[{"id": 1, "name": "Tiendo"}]"#, times: 1),
            .init("POST", "/api/v1/favorites", body: "true"),
            .init("GET", "/api/v1/favorites", body: #"[{"id": 1, "name": "Tiendo"}, {"id": 2, "name": "Cafe"}]"#),
        ])
        viewModel.load()
        await viewModel.idle()
        viewModel.add([Favorite(id: 2, name: "Cafe")])
        await viewModel.idle()
        XCTAssertEqual(viewModel.favorites.map(\.name), ["Tiendo", "Cafe"])
        let requests = try await server.requests()
        XCTAssertEqual(
            requests.map { "\($0.method) \($0.path)" },
            ["GET /api/v1/favorites", "POST /api/v1/favorites", "GET /api/v1/favorites"])
        XCTAssertTrue(requests[1].body.contains(#""name":"Cafe""#), requests[1].body)
    }

    func testAnUploadSendsThePhotoAndTheCaptionAsParts() async throws {
        try await server.route([.init("POST", "/api/v1/favorites/1/photo", body: #"{"id": 1, "name": "Tiendo"}"#)])
        viewModel.uploadPhoto(Data("jpeg bytes".utf8), caption: "The terrace", of: Favorite(id: 1, name: "Tiendo"))
        await viewModel.idle()
        XCTAssertEqual(viewModel.uploaded, Favorite(id: 1, name: "Tiendo"))
        let requests = try await server.requests()
        let parts = try XCTUnwrap(requests.first?.parts)
        let photo = try XCTUnwrap(parts.first { $0.name == "photo" })
        XCTAssertEqual(photo.filename, "favorite-1.jpg")
        XCTAssertEqual(photo.contentType, "image/jpeg")
        XCTAssertEqual(photo.text, "jpeg bytes")
        XCTAssertEqual(parts.first { $0.name == "caption" }?.text, "The terrace")
    }

    func testCancellingALoadCancelsTheRequestOnTheServer() async throws {
        try await server.route([.init("GET", "/api/v1/favorites", body: "[]", delay: 20)])
        viewModel.load()
        // Once the request reached the server (it answers only after the delay), cancel the subscription.
        var attempts = 0
        while try await server.requests().isEmpty, attempts < 500 {
            attempts += 1
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        viewModel.cancelLoading()
        let closedEarly = try await server.sawClosedEarly("/api/v1/favorites")
        XCTAssertTrue(closedEarly, "the server should see the client close the connection")
        await viewModel.idle()
        XCTAssertFalse(viewModel.isLoading)
        XCTAssertNil(viewModel.errorMessage)
        XCTAssertEqual(viewModel.favorites, [])
    }

    func testAServerErrorIsTheViewModelsError() async throws {
        try await server.route([.init("GET", "/api/v1/favorites", status: 500, body: #"{"error": "down"}"#)])
        viewModel.load()
        await viewModel.idle()
        let message = try XCTUnwrap(viewModel.errorMessage)
        XCTAssertEqual(message, "The server answered with HTTP status 500.")
        XCTAssertEqual(viewModel.favorites, [])
    }

    func testAnUndecodableAnswerIsTheViewModelsError() async throws {
        try await server.route([.init("GET", "/api/v1/favorites", body: #"{"not": "a list"}"#)])
        viewModel.load()
        await viewModel.idle()
        let message = try XCTUnwrap(viewModel.errorMessage)
        XCTAssertTrue(message.hasPrefix("The response could not be read"), message)
    }
}

/// The same view model against the generated mock: `MockFavoritesRepository` as the remote data source under the
/// data repository (so the cached reads are the real ones), and use cases faked through their protocols.
@MainActor
final class FavoritesMockTests: XCTestCase {
    func testReadsCachedReadsAndAWriteThatInvalidatesThem() async {
        let remote = MockFavoritesRepository()
        let viewModel = FavoritesViewModel(repository: FavoritesDataRepository(remote: remote))
        viewModel.load()
        await viewModel.idle()
        // The spec's example answers when nothing is stubbed.
        XCTAssertEqual(viewModel.favorites.map(\.name), ["Tiendo"])
        viewModel.load()
        await viewModel.idle()
        XCTAssertEqual(remote.fetchFavoritesMock.callsCount, 1)

        remote.fetchFavoritesMock.result = .success([Favorite(id: 1, name: "Tiendo"), Favorite(id: 2, name: "Cafe")])
        viewModel.add([Favorite(id: 2, name: "Cafe")])
        await viewModel.idle()
        XCTAssertEqual(remote.addFavoritesMock.receivedArguments?.favorites, [Favorite(id: 2, name: "Cafe")])
        XCTAssertEqual(remote.fetchFavoritesMock.callsCount, 2)
        XCTAssertEqual(viewModel.favorites.map(\.name), ["Tiendo", "Cafe"])
    }

    func testTheLocalDataSourceSeesTheReadAndTheInvalidation() async {
        let remote = MockFavoritesRepository()
        let store = RecordingResponseCache()
        let viewModel = FavoritesViewModel(
            repository: FavoritesDataRepository(remote: remote, local: InMemoryFavoritesLocalDataSource(store: store)))
        viewModel.load()
        await viewModel.idle()
        viewModel.uploadPhoto(Data([0xFF, 0xD8]), caption: "Menu", of: Favorite(id: 1, name: "Tiendo"))
        await viewModel.idle()
        XCTAssertEqual(remote.uploadFavoritePhotoMock.receivedArguments?.caption, "Menu")
        XCTAssertEqual(remote.uploadFavoritePhotoMock.receivedArguments?.photo.data, Data([0xFF, 0xD8]))
        XCTAssertEqual(viewModel.uploaded?.name, "Tiendo")
        let events = await store.events
        XCTAssertTrue(events.contains { if case .store = $0 { true } else { false } })
        XCTAssertTrue(events.contains { if case .remove = $0 { true } else { false } })
    }

    func testAFailureIsTheViewModelsError() async {
        let remote = MockFavoritesRepository()
        remote.fetchFavoritesMock.error = NetworkError.timedOut
        let viewModel = FavoritesViewModel(repository: remote)
        viewModel.load()
        await viewModel.idle()
        XCTAssertEqual(viewModel.errorMessage, "The server did not answer in time.")
        XCTAssertEqual(viewModel.favorites, [])
    }

    func testCancellingTheSubscriptionCancelsTheUseCasesTask() async {
        let fetch = SuspendedFetch()
        let viewModel = FavoritesViewModel(
            fetchFavorites: fetch, addFavorites: DefaultAddFavoritesUseCase(repository: MockFavoritesRepository()),
            uploadFavoritePhoto: DefaultUploadFavoritePhotoUseCase(repository: MockFavoritesRepository()))
        viewModel.load()
        let started = await fetch.started.wait()
        XCTAssertTrue(started)
        viewModel.cancelLoading()
        let cancelled = await fetch.cancelled.wait()
        XCTAssertTrue(cancelled, "cancelling the subscription should cancel the use case's task")
        XCTAssertEqual(viewModel.favorites, [])
        XCTAssertNil(viewModel.errorMessage)
    }

    /// The usual binding, written as anyone writes it in a `@MainActor` type: a plain closure (isolated to the
    /// main actor, not `@Sendable`) that checks it runs there, for a value and for a failure.
    func testThePublishersDeliverOnTheMainActor() async {
        let remote = MockFavoritesRepository()
        var received: [String] = []
        var subscriptions: Set<AnyCancellable> = []
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DefaultFetchFavoritesUseCase(repository: remote).publisher()
                .sink { completion in
                    MainActor.assertIsolated()
                    XCTAssertTrue(Thread.isMainThread)
                    received.append("\(completion)")
                    done.resume()
                } receiveValue: { favorites in
                    MainActor.assertIsolated()
                    received.append(favorites.map(\.name).joined())
                }
                .store(in: &subscriptions)
        }
        remote.fetchFavoritesMock.error = NetworkError.timedOut
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DefaultFetchFavoritesUseCase(repository: remote).publisher()
                .sink { completion in
                    XCTAssertTrue(Thread.isMainThread)
                    if case .failure = completion { received.append("failure") }
                    done.resume()
                } receiveValue: { _ in }
                .store(in: &subscriptions)
        }
        XCTAssertEqual(received, ["Tiendo", "finished", "failure"])
    }
}

/// A fetch that waits until it is cancelled, telling the test when it started and when it saw the cancellation.
final class SuspendedFetch: FetchFavoritesUseCase {
    let started = Signal()
    let cancelled = Signal()

    func execute() async throws -> [Favorite] {
        await started.fire()
        do {
            try await Task.sleep(nanoseconds: 60_000_000_000)
        } catch {
            await cancelled.fire()
            throw error
        }
        return []
    }
}

/// A one-shot signal a test can wait for.
actor Signal {
    private var fired = false
    private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var nextWaiter = 0

    func fire() {
        fired = true
        for waiter in waiters.values { waiter.resume(returning: true) }
        waiters = [:]
    }

    /// Whether it fired, waiting for it at most `seconds` (a bound, so that a broken publisher fails the test
    /// instead of hanging it; no test measures time).
    func wait(atMost seconds: UInt64 = 10) async -> Bool {
        if fired { return true }
        let id = nextWaiter
        nextWaiter += 1
        return await withCheckedContinuation { continuation in
            waiters[id] = continuation
            Task {
                try? await Task.sleep(nanoseconds: seconds * 1_000_000_000)
                self.giveUp(id)
            }
        }
    }

    private func giveUp(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume(returning: false)
    }
}
