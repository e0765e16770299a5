import Foundation
import RepogenRuntime
import TestServer
import XCTest

@testable import GeneratedSample

/// Specs/timeline.yaml on the wire (the raw socket server, bytes as sent): the path chosen by a Bool or an enum
/// input, only the first non-nil cursor of `firstOf`, keys left out by `omitWhen`, and members of a model another
/// spec declares (status.yaml's `StatusResponse`); no input value moves a request beyond its placeholder slots.
final class TimelineTests: XCTestCase {
    var server: RawServer!
    var timeline: TimelineRepositoryImpl!

    override func setUp() async throws {
        server = try RawServer()
        timeline = TimelineRepositoryImpl(manager: NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL)))
    }

    override func tearDown() {
        server?.stop()
    }

    /// `METHOD target` of each request the server received.
    func lines() throws -> [String] {
        try server.requests.map(WireRequest.init).map { "\($0.method) \($0.target)" }
    }

    func testEachCaseOfAnEnumPicksItsPath() async throws {
        for kind in [TimelineKind.home, .public, .local] {
            _ = await timeline.fetchTimeline(kind: kind, maxId: nil, sinceId: nil, minId: nil, limit: 20)
        }
        XCTAssertEqual(try lines(), [
            "GET /api/v1/timelines/home?limit=20", "GET /api/v1/timelines/public?limit=20",
            "GET /api/v1/timelines/public/local?limit=20",
        ])
    }

    func testOnlyTheFirstCursorThatIsNotNilIsSent() async throws {
        _ = await timeline.fetchTimeline(kind: .home, maxId: "9", sinceId: "5", minId: "1", limit: 2)
        _ = await timeline.fetchTimeline(kind: .home, maxId: nil, sinceId: "5", minId: "1", limit: 2)
        _ = await timeline.fetchTimeline(kind: .home, maxId: nil, sinceId: nil, minId: "1", limit: 2)
        _ = await timeline.fetchTimeline(kind: .home, limit: 2)
        XCTAssertEqual(try lines(), [
            "GET /api/v1/timelines/home?limit=2&max_id=9", "GET /api/v1/timelines/home?limit=2&since_id=5",
            "GET /api/v1/timelines/home?limit=2&min_id=1", "GET /api/v1/timelines/home?limit=2",
        ])
    }

    func testACursorValueStaysInItsQueryItem() async throws {
        _ = await timeline.fetchTimeline(kind: .home, maxId: "1&since_id=2/../admin", sinceId: "3", minId: nil, limit: 1)
        XCTAssertEqual(try lines(), ["GET /api/v1/timelines/home?limit=1&max_id=1%26since_id%3D2%2F..%2Fadmin"])
    }

    func testABoolPicksThePathAndTheIdStaysInItsSegment() async throws {
        _ = await timeline.fetchEpisodeOrSeason(id: 7, isSeason: true)
        _ = await timeline.fetchEpisodeOrSeason(id: 7, isSeason: false)
        XCTAssertEqual(try lines(), ["GET /api/tv/season/7", "GET /api/tv/episode/7"])
    }

    func testAValueWithoutACaseTakesTheDefaultPath() async throws {
        _ = await timeline.fetchTagTimeline(tag: "swift", scope: .local)
        _ = await timeline.fetchTagTimeline(tag: "swift", scope: .remote)
        _ = await timeline.fetchTagTimeline(tag: "swift", scope: .all)
        XCTAssertEqual(try lines(), [
            "GET /api/v1/timelines/tag/swift/local", "GET /api/v1/timelines/tag/swift", "GET /api/v1/timelines/tag/swift",
        ])
    }

    func testAnUnknownEnumValueCannotChooseOrChangeThePath() async throws {
        // The server sent a scope the app does not know; sent back, it takes `default`, and is not in the path.
        let scope = try JSONDecoder().decode([TagScope].self, from: Data(#"["local/../../admin"]"#.utf8))[0]
        XCTAssertEqual(scope, .unknown("local/../../admin"))
        _ = await timeline.fetchTagTimeline(tag: "a/../b", scope: scope)
        XCTAssertEqual(try lines(), ["GET /api/v1/timelines/tag/a%2F..%2Fb"])
    }

    func testOmitWhenLeavesTheKeyOutForTheListedValuesAndNil() async throws {
        _ = await timeline.fetchNotificationPage(filter: .all, excludeReblogs: false, maxId: nil, minId: nil)
        _ = await timeline.fetchNotificationPage(filter: nil, excludeReblogs: false, maxId: nil, minId: "4")
        _ = await timeline.fetchNotificationPage(filter: .mentions, excludeReblogs: true, maxId: "8", minId: "4")
        XCTAssertEqual(try lines(), [
            "GET /api/v1/notifications", "GET /api/v1/notifications?min_id=4",
            "GET /api/v1/notifications?exclude_reblogs=true&max_id=8&types=mentions",
        ])
    }

    func testFirstOfInTheQueryBesideABody() async throws {
        let status = Status(id: "1", content: "hi")
        _ = await timeline.markRead(status: status, lastReadId: "5", fallbackId: "2")
        _ = await timeline.markRead(status: status, lastReadId: nil, fallbackId: "2")
        let requests = try server.requests.map(WireRequest.init)
        XCTAssertEqual(requests.map { "\($0.method) \($0.target)" }, [
            "POST /api/v1/markers?last_read_id=5", "POST /api/v1/markers?fallback_id=2",
        ])
        let body = try JSONSerialization.jsonObject(with: Data(requests[0].body)) as? [String: String]
        XCTAssertEqual(body, ["id": "1", "content": "hi"])
    }

    func testMembersOfAModelAnotherSpecDeclaresStayInTheirSlots() async throws {
        // The server sent a visibility the app does not know: its number goes into the header as it is.
        let unknown = try JSONDecoder().decode([Visibility].self, from: Data("[9]".utf8))[0]
        for (id, visibility) in [("109", Visibility.private), ("1/../../admin?x=1", unknown)] {
            let status = StatusResponse(id: id, content: "hi", visibility: visibility)
            _ = await timeline.fetchStatusContext(status: status)
        }
        let requests = try server.requests.map(WireRequest.init)
        XCTAssertEqual(requests.map { "\($0.method) \($0.target)" }, [
            "GET /api/v1/statuses/109/context", "GET /api/v1/statuses/1%2F..%2F..%2Fadmin%3Fx%3D1/context",
        ])
        let headers = requests.map { request in
            request.fields.filter { $0.name.lowercased() == "x-visibility" }.map { String(decoding: $0.value, as: UTF8.self) }
        }
        XCTAssertEqual(headers, [["2"], ["9"]])
    }
}
