import Foundation
import RepogenRuntime
import RepogenTestSupport
import TestServer
import XCTest

@testable import GeneratedSample

/// `Specs/status.yaml`: Int enums (cases with integer `value`s) on the wire. The numbers go into the path, a header,
/// the query and a JSON body as numbers; a response decodes a listed number as its case and one the spec does not
/// list into `unknown`'s case (`.other(7)`), which sends the same number back.
final class StatusTests: XCTestCase {
    var server: TestServer!
    var status: StatusRepositoryImpl!

    override func setUp() async throws {
        server = try TestServer.startOrSkip()
        status = StatusRepositoryImpl(manager: NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL)))
    }

    override func tearDown() {
        server?.stop()
    }

    func exchange<T>(
        _ method: String, _ path: String, body: String, _ call: () async -> Result<T, Error>
    ) async throws -> (T, TestServer.Request) {
        try await server.reset()
        try await server.route([.init(method, path, status: 200, body: body)])
        let value = try await call().get()
        let requests = try await server.requests()
        XCTAssertEqual(requests.count, 1)
        return (value, try XCTUnwrap(requests.first))
    }

    func testTheNumbersGoIntoThePathTheHeaderAndTheQuery() async throws {
        let (statuses, request) = try await exchange(
            "GET", "/api/v1/timelines/2",
            body: #"[{"id": "1", "content": "a", "visibility": 3, "priority": 0}, {"id": "2", "content": "b", "visibility": 7, "priority": -1}]"#
        ) { await status.fetchVisibilityTimeline(visibility: .private, priorities: [.low, .high], atLeast: nil) }
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.path, "/api/v1/timelines/2")
        XCTAssertEqual(request.headers["x-visibility"], "2")
        // Repeated, as queryArrays says; the nil `atLeast` is left out.
        XCTAssertEqual(request.query, "level=2&priority=-1&priority=1")
        XCTAssertEqual(request.body, "")
        // A listed number is its case; 7 is not listed: .other(7).
        XCTAssertEqual(statuses.map(\.visibility), [.direct, .other(7)])
        XCTAssertEqual(statuses.map(\.priority), [.normal, .low])
        XCTAssertEqual(statuses[1].visibility.rawValue, 7)
    }

    func testAnUnknownNumberGoesOutAsTheNumberItHolds() async throws {
        let (_, request) = try await exchange("GET", "/api/v1/timelines/-5", body: "[]") {
            await status.fetchVisibilityTimeline(visibility: .other(-5), priorities: [], atLeast: .normal)
        }
        XCTAssertEqual(request.path, "/api/v1/timelines/-5")
        XCTAssertEqual(request.headers["x-visibility"], "-5")
        XCTAssertEqual(request.query, "level=-5&min_priority=0")
    }

    func testTheBodyCarriesNumbers() async throws {
        let (created, request) = try await exchange(
            "POST", "/api/v1/statuses", body: #"{"id": "9", "content": "hi", "visibility": 0, "priority": 1}"#
        ) { await status.createStatus(input: StatusCreateInput(content: "hi", visibility: .unlisted, priority: .low)) }
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.path, "/api/v1/statuses")
        let body = try JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any]
        XCTAssertEqual(body?["visibility"] as? Int, 1)
        XCTAssertEqual(body?["priority"] as? Int, -1)
        XCTAssertEqual(body?["content"] as? String, "hi")
        XCTAssertEqual(body?.count, 3)
        XCTAssertEqual(created, StatusResponse(id: "9", content: "hi", visibility: .public, priority: .high))
    }

    func testDefaultsAreTheCasesOfTheirNumbers() {
        // `default: 2` is .private; `default: 0` is .normal.
        XCTAssertEqual(StatusCreateInput(content: "x").visibility, .private)
        XCTAssertEqual(StatusResponse(id: "1", content: "x", visibility: .public).priority, .normal)
    }

    func testAnIntEnumWithAnUnknownCaseKeepsItsRawValuesCodingAndCases() throws {
        XCTAssertEqual(Visibility(rawValue: 1), .unlisted)
        XCTAssertEqual(Visibility(rawValue: 9), .other(9))
        XCTAssertEqual(Visibility.other(2), .private)
        XCTAssertEqual(Set<Visibility>([.private, .other(2), .other(9)]).count, 2)
        XCTAssertEqual(Visibility.allCases, [.public, .unlisted, .private, .direct])
        XCTAssertEqual(Priority(rawValue: -1), .low)
        XCTAssertNil(Priority(rawValue: 5))
        let encoded = try JSONEncoder().encode([Visibility.direct, .other(42)])
        XCTAssertEqual(String(decoding: encoded, as: UTF8.self), "[3,42]")
        XCTAssertEqual(try JSONDecoder().decode([Visibility].self, from: encoded), [.direct, .other(42)])
        // A string is not a number: decoding fails rather than guessing.
        XCTAssertThrowsError(try JSONDecoder().decode([Visibility].self, from: Data(#"["1"]"#.utf8)))
        XCTAssertThrowsError(try JSONDecoder().decode([Priority].self, from: Data("[2]".utf8)))
    }

    func testTheMockAnswersWithTheExample() async throws {
        let mock = MockStatusRepository()
        let statuses = try await (mock as any StatusRepository).fetchVisibilityTimeline(visibility: .public, priorities: [], atLeast: nil).get()
        XCTAssertEqual(statuses.map(\.visibility), [.public, .other(7)])
        XCTAssertEqual(statuses.map(\.priority), [.normal, .high])
        let created = try await (mock as any StatusRepository).createStatus(input: StatusCreateInput(content: "x")).get()
        XCTAssertEqual(created, StatusResponse(id: "1", content: "Hello", visibility: .unlisted, priority: .low))
    }
}
