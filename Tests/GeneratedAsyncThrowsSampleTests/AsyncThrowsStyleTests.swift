import Foundation
import GeneratedAsyncThrowsSample
import RepogenRuntime
import RepogenTestSupport
import TestServer
import XCTest

/// The `async-throws` style (Generated/async-throws/): the requests its `Impl`s send against the loopback server,
/// the values they return and the errors they throw, and its mocks.
final class AsyncThrowsStyleTests: XCTestCase {
    var server: TestServer!
    var store: StoreRepositoryImpl!
    var user: UserRepositoryImpl!

    override func setUp() async throws {
        server = try TestServer.startOrSkip()
        var envelope = NetworkConfiguration.envelopeAPI(baseURL: server.baseURL)
        envelope.responseKeyStyle = .asIs
        envelope.authToken = { "raw-token" }
        envelope.locationProvider = { DeviceLocation(latitude: 37.5, longitude: 127.0) }
        store = StoreRepositoryImpl(manager: NetworkManager(configuration: envelope))
        var plain = NetworkConfiguration(baseURL: server.baseURL)
        plain.authToken = { "token" }
        user = UserRepositoryImpl(manager: NetworkManager(configuration: plain))
    }

    override func tearDown() {
        server?.stop()
    }

    /// Answers the next request, runs `call`, and returns its value and the one request the server received.
    func exchange<T>(
        _ method: String, _ path: String, body: String, status: Int = 200, _ call: () async throws -> T
    ) async throws -> (T, TestServer.Request) {
        try await server.reset()
        try await server.route([.init(method, path, status: status, body: body)])
        let value = try await call()
        let requests = try await server.requests()
        XCTAssertEqual(requests.count, 1)
        return (value, try XCTUnwrap(requests.first))
    }

    func testAValueComesBackAsTheValue() async throws {
        let (detail, request) = try await exchange(
            "GET", "/api/v4/store/42", body: #"{"data": {"storeId": 42, "name": "a", "categories": ["B"], "opened_at": null}}"#
        ) { try await store.fetchDetail(input: FetchStoreDetailInput(storeId: 42, latitude: 37.25, longitude: 127.5)) }
        XCTAssertEqual(detail.storeId, 42)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.headers["x-device-latitude"], "37.25")
        XCTAssertEqual(request.headers["authorization"], "raw-token")
    }

    /// A DTO response (Specs/photo.yaml) comes back as the domain type.
    func testADTOResponseComesBackAsItsDomainType() async throws {
        var configuration = NetworkConfiguration(baseURL: server.baseURL)
        configuration.authToken = { "token" }
        let photos = PhotoRepositoryImpl(remote: PhotoRemoteDataSource(manager: NetworkManager(configuration: configuration)))
        let (list, request) = try await exchange("GET", "/photos", body: #"[{"id": "p1", "width": 10, "height": 20, "likes": 5, "urls": {"raw": "r", "full": "f", "regular": "g", "small": "s", "thumb": "t"}, "user": {"name": "Ann"}}]"#) { try await photos.fetchPhotoList(page: 3) }
        XCTAssertEqual(request.query, "page=3")
        XCTAssertEqual(list.map(\.id), ["p1"])
        XCTAssertEqual(list.first?.urls, URLs(regular: "g"))
        XCTAssertEqual(list.first?.user, User(name: "Ann", portfolioURL: nil))
        // The mock speaks the domain type, answering with the spec's example until stubbed.
        XCTAssertEqual(try MockPhotoRepository().fetchPhotoList(page: 1).map(\.id), ["4ct0iDMOjuc"])
    }

    func testAMethodWithoutResponseReturnsNothingAndSendsTheBody() async throws {
        let (_, request) = try await exchange("PUT", "/api/v1/device", body: "", status: 204) {
            try await user.registerDevice(input: DeviceRegisterInput(pushPlatformType: "APNS", pushToken: "abc"))
        }
        XCTAssertEqual(request.body, #"{"pushPlatformType":"APNS","pushToken":"abc"}"#)
        XCTAssertEqual(request.headers["authorization"], "Bearer token")
    }

    func testAConditionalMethodAndPathValues() async throws {
        let (answer, request) = try await exchange("DELETE", "/api/v2/store/s%201/favorite", body: #"{"data": "ok"}"#) {
            try await store.saveStore(storeId: "s 1", isDelete: true)
        }
        XCTAssertEqual(answer, "ok")
        XCTAssertEqual(request.method, "DELETE")
    }

    func testAFailureIsThrownAsItsNetworkError() async throws {
        try await server.route([.init("GET", "/api/v2/user/me", status: 500, body: #"{"resultCode": "E500", "message": "down"}"#)])
        do {
            _ = try await user.fetchMyUser()
            XCTFail("a 500 returned a value")
        } catch let error as NetworkError {
            guard case .server(status: 500, _, _, _) = error else { return XCTFail("\(error)") }
        }
    }

    func testOptionalInputsCanBeLeftOutAndAreSentAsNil() async throws {
        let mock = MockUserRepository()
        mock.fetchMyPlacesMock.error = NetworkError.noData
        let repository: any UserRepository = mock
        // `cursor: String?` sits between two required inputs: the protocol extension's overload passes nil.
        do {
            _ = try await repository.fetchMyPlaces(placeType: .favorite, size: 20)
            XCTFail("the stubbed error was not thrown")
        } catch NetworkError.noData {}
        XCTAssertEqual(mock.fetchMyPlacesMock.receivedArguments?.placeType, .favorite)
        XCTAssertEqual(mock.fetchMyPlacesMock.receivedArguments?.cursor, .some(nil))
        XCTAssertEqual(mock.fetchMyPlacesMock.receivedArguments?.size, 20)
    }

    func testTheMockReturnsThrowsAndRecords() async throws {
        let mock = MockUserRepository()
        // Called as the app calls it, through the protocol (the mock's own methods are synchronous).
        let repository: any UserRepository = mock
        do {
            _ = try await repository.signinDemo(code: "x")
            XCTFail("an unstubbed call returned")
        } catch MockRepositoryError.notStubbed(let name) {
            XCTAssertEqual(name, "MockUserRepository.signinDemo(code:)")
        }
        mock.signinDemoMock.result = .success("token")
        let token = try await repository.signinDemo(code: "y")
        XCTAssertEqual(token, "token")
        mock.signinDemoMock.error = NetworkError.timedOut
        XCTAssertNotNil(mock.signinDemoMock.error)
        do {
            _ = try await repository.signinDemo(code: "z")
            XCTFail("the stubbed error was not thrown")
        } catch NetworkError.timedOut {}
        XCTAssertEqual(mock.signinDemoMock.receivedInvocations, ["x", "y", "z"])
        mock.signinDemoMock.error = nil
        XCTAssertNil(mock.signinDemoMock.result)

        // A spec example answers when nothing is stubbed.
        let me = try await repository.fetchMyUser()
        XCTAssertEqual(me.userId, 1)
        mock.signoutMock.result = .success(())
        try await repository.signout()
        XCTAssertEqual(mock.signoutMock.callsCount, 1)
    }
}
