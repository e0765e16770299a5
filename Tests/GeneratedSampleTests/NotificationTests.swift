import Foundation
import RepogenRuntime
import TestServer
import XCTest

@testable import GeneratedSample

/// Specs/notification.yaml's inputs with a `default` and constant lists, through the generated code against the raw
/// socket server (the bytes on the wire as sent): a call that leaves a defaulted argument out sends the default, in
/// each entry point; a constant list goes out in its key's array style (query) or as a JSON array (body); no input's
/// value leaves its slot.
final class NotificationTests: XCTestCase {
    var server: RawServer!
    var manager: NetworkManager!
    var repository: (any NotificationRepository)!

    override func setUp() async throws {
        server = try RawServer()
        manager = NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL))
        repository = NotificationRepositoryImpl(manager: manager)
    }

    override func tearDown() {
        server?.stop()
    }

    func arrived() throws -> [WireRequest] {
        try server.requests.map(WireRequest.init)
    }

    /// The target of the request `fetchNotifications` sends with the defaults, `limit` 20, `notify` false, `order`
    /// newest, no `exclude_types` (an empty list) and no `max_id` (nil), and the constant lists.
    static let defaultTarget =
        "/api/v1/accounts/7/notifications?limit=20&notify=false&order=newest"
        + "&timeline=home&timeline=user%3A7&types%5B%5D=mention&types%5B%5D=follow"

    func testLeavingTheArgumentsOutSendsTheDefaults() async throws {
        _ = await repository.fetchNotifications(accountId: "7")
        XCTAssertEqual(try arrived().map { "\($0.method) \($0.target)" }, ["GET " + Self.defaultTarget])
    }

    func testGivenArgumentsReplaceTheDefaults() async throws {
        _ = await repository.fetchNotifications(
            accountId: "7", limit: 5, excludeTypes: ["follow", "poll"], notify: true, order: .oldest, maxId: "m1")
        XCTAssertEqual(
            try arrived().map(\.target),
            [
                "/api/v1/accounts/7/notifications?exclude_types%5B%5D=follow&exclude_types%5B%5D=poll&limit=5&max_id=m1"
                    + "&notify=true&order=oldest&timeline=home&timeline=user%3A7&types%5B%5D=mention&types%5B%5D=follow"
            ])
    }

    func testACallCanLeaveOutAnyOfTheDefaultedArguments() async throws {
        _ = await repository.fetchNotifications(accountId: "7", notify: true)
        let mock = MockNotificationRepository()
        _ = await mock.fetchNotifications(accountId: "7", order: .oldest)
        XCTAssertEqual(
            try arrived().map(\.target),
            [
                "/api/v1/accounts/7/notifications?limit=20&notify=true&order=newest"
                    + "&timeline=home&timeline=user%3A7&types%5B%5D=mention&types%5B%5D=follow"
            ])
        XCTAssertEqual(mock.fetchNotificationsMock.receivedArguments?.order, .oldest)
        XCTAssertEqual(mock.fetchNotificationsMock.receivedArguments?.limit, 20)
    }

    func testTheEnumCaseTakesTheDefaultsToo() async throws {
        // The case with only what has no default sends what the repository's shortcut sends.
        let request = NotificationApi.fetchNotifications(accountId: "7", maxId: nil)
        let _: Result<[NotificationItem], Error> = await manager.request(requestType: request)
        _ = await repository.fetchNotifications(accountId: "7")
        let targets = try arrived().map(\.target)
        XCTAssertEqual(targets, [Self.defaultTarget, Self.defaultTarget])
    }

    func testTheMockRecordsTheDefaultsOfACallThatLeavesThemOut() async throws {
        let mock = MockNotificationRepository()
        let repository: any NotificationRepository = mock
        _ = await repository.fetchNotifications(accountId: "7")
        let arguments = try XCTUnwrap(mock.fetchNotificationsMock.receivedArguments)
        XCTAssertEqual(arguments.accountId, "7")
        XCTAssertEqual(arguments.limit, 20)
        XCTAssertEqual(arguments.excludeTypes, [])
        XCTAssertEqual(arguments.notify, false)
        XCTAssertEqual(arguments.order, .newest)
        XCTAssertNil(arguments.maxId)
        _ = await repository.clearNotifications(accountId: "7")
        XCTAssertEqual(mock.clearNotificationsMock.receivedArguments?.dismissAll, true)
        XCTAssertEqual(mock.clearNotificationsMock.receivedArguments?.reason, "user")
    }

    func testConstantListsGoToTheBodyAsJSONArraysAndToTheQueryInTheirStyle() async throws {
        _ = await repository.clearNotifications(accountId: "7")
        let wire = try XCTUnwrap(try arrived().first)
        XCTAssertEqual(wire.method, "POST")
        XCTAssertEqual(wire.target, "/api/v1/accounts/7/notifications/clear?scopes=read,write")
        XCTAssertEqual(
            String(decoding: wire.body, as: UTF8.self),
            #"{"dismiss_all":true,"flags":[true,false],"ids":[1,2,3],"reason":"user","types":["mention","follow"],"weights":[0.5,1]}"#)
        XCTAssertEqual(wire.headers("Content-Type"), ["application/json"])
    }

    func testAnOptionalInputWithADefaultIsLeftOutWhenNilIsPassed() async throws {
        _ = await repository.clearNotifications(accountId: "7", dismissAll: false, reason: nil)
        let wire = try XCTUnwrap(try arrived().first)
        XCTAssertEqual(
            String(decoding: wire.body, as: UTF8.self),
            #"{"dismiss_all":false,"flags":[true,false],"ids":[1,2,3],"types":["mention","follow"],"weights":[0.5,1]}"#)
    }

    func testNoInputValueLeavesItsSlot() async throws {
        // The account id is in the path and, interpolated, an element of a constant list: it stays in both.
        _ = await repository.fetchNotifications(
            accountId: "a&types[]=poll/..", excludeTypes: ["x&limit=1", "]"], maxId: "#m")
        XCTAssertEqual(
            try arrived().map(\.target),
            [
                "/api/v1/accounts/a%26types%5B%5D%3Dpoll%2F../notifications?exclude_types%5B%5D=x%26limit%3D1"
                    + "&exclude_types%5B%5D=%5D&limit=20&max_id=%23m&notify=false&order=newest&timeline=home"
                    + "&timeline=user%3Aa%26types%5B%5D%3Dpoll%2F..&types%5B%5D=mention&types%5B%5D=follow"
            ])
    }
}
