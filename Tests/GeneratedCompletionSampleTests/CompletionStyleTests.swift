import Foundation
import GeneratedCompletionSample
import RepogenRuntime
import RepogenTestSupport
import TestServer
import XCTest

/// The `completion` style (Generated/completion/): requests through its `Impl`s against the loopback server, the
/// completion called once on the main actor, cancellation, and its mocks. The tests wait with `wait(for:)`, which
/// runs the main queue (the main actor's).
final class CompletionStyleTests: XCTestCase {
    var server: TestServer!

    override func setUpWithError() throws {
        server = try TestServer.startOrSkip()
    }

    override func tearDown() {
        server?.stop()
    }

    /// Routes the server (an async call) from a synchronous test.
    func route(_ routes: [TestServer.Route]) {
        let server = self.server!
        let done = expectation(description: "routed")
        Task {
            try await server.route(routes)
            done.fulfill()
        }
        wait(for: [done], timeout: 30)
    }

    func requests() -> [TestServer.Request] {
        let server = self.server!
        let done = expectation(description: "requests")
        let box = Box()
        Task {
            box.requests = try await server.requests()
            done.fulfill()
        }
        wait(for: [done], timeout: 30)
        return box.requests
    }

    final class Box: @unchecked Sendable {
        var requests: [TestServer.Request] = []
    }

    func user(_ change: (inout NetworkConfiguration) -> Void = { _ in }) -> UserRepositoryImpl {
        var configuration = NetworkConfiguration(baseURL: server.baseURL)
        configuration.authToken = { "token" }
        change(&configuration)
        return UserRepositoryImpl(manager: NetworkManager(configuration: configuration))
    }

    func testTheValueArrivesOnceOnTheMainQueue() {
        route([.init("GET", "/api/v2/user/me", body: #"{"userId": 7, "name": "kim"}"#)])
        let called = expectation(description: "completion")  // a second call over-fulfils it and fails the test
        user().fetchMyUser { result in
            XCTAssertTrue(Thread.isMainThread)
            XCTAssertEqual(try? result.get().userId, 7)
            called.fulfill()
        }
        wait(for: [called], timeout: 30)
        let received = requests()
        XCTAssertEqual(received.count, 1)
        XCTAssertEqual(received.first?.headers["authorization"], "Bearer token")
    }

    /// A DTO response (Specs/photo.yaml) arrives as the domain type, once, on the main actor.
    func testADTOResponseArrivesAsItsDomainType() {
        route([.init("GET", "/photos", body: #"[{"id": "p1", "width": 10, "height": 20, "likes": 5, "urls": {"raw": "r", "full": "f", "regular": "g", "small": "s", "thumb": "t"}, "user": {"name": "Ann"}}]"#)])
        var configuration = NetworkConfiguration(baseURL: server.baseURL)
        configuration.authToken = { "token" }
        let photos = PhotoRepositoryImpl(remote: PhotoRemoteDataSource(manager: NetworkManager(configuration: configuration)))
        let called = expectation(description: "completion")
        photos.fetchPhotoList(page: 3) { result in
            XCTAssertTrue(Thread.isMainThread)
            let list = try? result.get()
            XCTAssertEqual(list?.map(\.id), ["p1"])
            XCTAssertEqual(list?.first?.urls, URLs(regular: "g"))
            XCTAssertEqual(list?.first?.user, User(name: "Ann", portfolioURL: nil))
            called.fulfill()
        }
        wait(for: [called], timeout: 30)
        XCTAssertEqual(requests().first?.query, "page=3")
    }

    func testAFailureArrivesAsItsNetworkErrorOnTheMainActor() {
        route([.init("DELETE", "/api/v1/my/RECENT_SEARCH/places/p%3F1", status: 500, body: "<html>")])
        let called = expectation(description: "completion")
        let screen = Screen()
        user().deletePlace(placeType: .recentSearch, placeId: "p?1") { result in
            // A `@MainActor` handler: main-actor state is set directly, with no `MainActor.assumeIsolated`.
            dispatchPrecondition(condition: .onQueue(.main))
            screen.failure = result.failure
            called.fulfill()
        }
        wait(for: [called], timeout: 30)
        guard case .server(status: 500, _, _, _)? = MainActor.assumeIsolated({ screen.failure }) else {
            return XCTFail("\(String(describing: MainActor.assumeIsolated { screen.failure }))")
        }
    }

    func testCancellingTheHandleGivesCancelledOnce() {
        // No clock is read: an uncancelled request would end as `.timedOut` after 60 s, before the answer at 120 s.
        route([.init("GET", "/api/v2/user/me", body: "{}", delay: 120)])
        let called = expectation(description: "completion")
        let handle = user { $0.timeout = 60 }.fetchMyUser { result in
            guard case .failure(.cancelled) = result else { return XCTFail("\(result)") }
            called.fulfill()
        }
        handle.cancel()
        wait(for: [called], timeout: 90)
    }

    func testTheMockAnswersOnceWithTheStubTheExampleOrANamedFailure() {
        let mock = MockUserRepository()
        let example = expectation(description: "example")
        mock.fetchMyUser { result in
            XCTAssertTrue(Thread.isMainThread)
            XCTAssertEqual(try? result.get().userId, 1, "the spec's example answers when nothing is stubbed")
            example.fulfill()
        }
        let unstubbed = expectation(description: "unstubbed")
        mock.signinDemo(code: "x") { result in
            // Its own error, so a test tells "you forgot to stub" from a transport failure.
            guard case .failure(.notStubbed(let name)) = result else { return XCTFail("\(result)") }
            XCTAssertEqual(name, "MockUserRepository.signinDemo(code:completion:)")
            XCTAssertEqual(
                result.failure?.localizedDescription,
                "MockUserRepository.signinDemo(code:completion:) was called but no result was stubbed")
            unstubbed.fulfill()
        }
        wait(for: [example, unstubbed], timeout: 30)

        mock.signinDemoMock.result = .success("token")
        mock.deletePlaceMock.error = NetworkError.noData
        let stubbed = expectation(description: "stubbed")
        stubbed.expectedFulfillmentCount = 2
        mock.signinDemo(code: "y") { result in
            XCTAssertEqual(try? result.get(), "token")
            stubbed.fulfill()
        }
        mock.deletePlace(placeType: .recentSearch, placeId: "p") { result in
            guard case .failure(.noData) = result else { return XCTFail("\(result)") }
            stubbed.fulfill()
        }
        wait(for: [stubbed], timeout: 30)
        XCTAssertEqual(mock.signinDemoMock.receivedInvocations, ["x", "y"])

        // A stubbed failure that is not a `NetworkError` arrives as a transport failure naming the method.
        struct Offline: Error { }
        mock.signinDemoMock.error = Offline()
        let other = expectation(description: "other failure")
        mock.signinDemo(code: "z") { result in
            guard case .failure(.transport(let error)) = result else { return XCTFail("\(result)") }
            XCTAssertTrue(error.localizedDescription.contains("MockUserRepository.signinDemo(code:completion:)"), error.localizedDescription)
            other.fulfill()
        }
        wait(for: [other], timeout: 30)
        XCTAssertEqual(mock.deletePlaceMock.receivedArguments?.placeId, "p")
    }

    func testOptionalInputsCanBeLeftOutWithTheHandlerLast() {
        let mock = MockUserRepository()
        mock.fetchMyPlacesMock.error = NetworkError.noData
        let repository: any UserRepository = mock
        let done = expectation(description: "completion")
        // `cursor: String?` left out, the handler as a trailing closure: the protocol extension's overload.
        repository.fetchMyPlaces(placeType: .favorite, size: 20) { result in
            guard case .failure(.noData) = result else { return XCTFail("\(result)") }
            done.fulfill()
        }
        wait(for: [done], timeout: 30)
        XCTAssertEqual(mock.fetchMyPlacesMock.receivedArguments?.placeType, .favorite)
        XCTAssertEqual(mock.fetchMyPlacesMock.receivedArguments?.cursor, .some(nil))
        XCTAssertEqual(mock.fetchMyPlacesMock.receivedArguments?.size, 20)
    }
}

/// What a view model keeps on the main actor.
@MainActor
final class Screen {
    var failure: NetworkError?

    nonisolated init() { }
}

extension Result {
    var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
