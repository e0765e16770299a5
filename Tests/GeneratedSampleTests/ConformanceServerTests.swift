import Foundation
import RepogenRuntime
import RepogenTestSupport
import TestServer
import XCTest

@testable import GeneratedSample

/// What `hashable`, `identifiable`, an enum's `unknown` case and optional form fields give an app, through the
/// generated code of Specs/community.yaml, photo.yaml and store.json, against the loopback server.
final class ConformanceServerTests: XCTestCase {
    var server: TestServer!
    var community: CommunityRepositoryImpl!
    var store: StoreRepositoryImpl!
    var photo: PhotoRepositoryImpl!

    override func setUp() async throws {
        server = try TestServer.startOrSkip()
        var configuration = NetworkConfiguration(baseURL: server.baseURL)
        configuration.locationProvider = { DeviceLocation(latitude: 37.5, longitude: 127.0) }
        let manager = NetworkManager(configuration: configuration)
        community = CommunityRepositoryImpl(manager: manager)
        store = StoreRepositoryImpl(manager: manager)
        photo = PhotoRepositoryImpl(remote: PhotoRemoteDataSource(manager: manager))
    }

    override func tearDown() {
        server?.stop()
    }

    /// Answers the next request with `body`, runs `call`, and returns its value and the one request received.
    func exchange<T>(
        _ method: String, _ path: String, body: String, _ call: () async -> Result<T, Error>
    ) async throws -> (T, TestServer.Request) {
        try await server.reset()
        try await server.route([.init(method, path, body: body)])
        let value = try await call().get()
        let requests = try await server.requests()
        XCTAssertEqual(requests.count, 1)
        return (value, try XCTUnwrap(requests.first))
    }

    // MARK: - unknown

    func testAStatusTheSpecDoesNotListDecodesInsteadOfFailingTheResponse() async throws {
        let body = #"""
            [{"pollId": "p1", "title": "a", "participantCount": 3, "status": "ARCHIVED"},
             {"pollId": "p2", "title": "b", "participantCount": 0, "status": "OPEN"},
             {"pollId": "p3", "title": "c", "participantCount": 1}]
            """#
        let (polls, request) = try await exchange("GET", "/api/v1/polls/status/DRAFT", body: body) {
            await community.fetchPollsByStatus(status: .unknown("DRAFT"), excluding: [.closed, .unknown("ARCHIVED")])
        }
        // An unknown value goes out as the raw value it holds: in the path and in the query.
        XCTAssertEqual(request.path, "/api/v1/polls/status/DRAFT")
        XCTAssertEqual(request.query, "excluding=CLOSED,ARCHIVED")
        XCTAssertEqual(polls.map(\.status), [.unknown("ARCHIVED"), .open, nil])
        if case .unknown(let value)? = polls[0].status {
            XCTAssertEqual(value, "ARCHIVED")
        } else {
            XCTFail("expected .unknown(\"ARCHIVED\"), got \(String(describing: polls[0].status))")
        }
    }

    func testAnEnumWithAnUnknownCaseKeepsItsRawValuesCodingAndCases() throws {
        XCTAssertEqual(PollStatus(rawValue: "OPEN"), .open)
        XCTAssertEqual(PollStatus(rawValue: "LATER"), .unknown("LATER"))
        XCTAssertEqual(PollStatus.unknown("LATER").rawValue, "LATER")
        XCTAssertEqual(PollStatus.allCases, [.open, .closed])
        // A listed value is that case however it was made, and hashes alike.
        XCTAssertEqual(PollStatus.unknown("OPEN"), .open)
        XCTAssertEqual(Set<PollStatus>([.open, .unknown("OPEN"), .unknown("LATER")]).count, 2)
        XCTAssertNotEqual(PollStatus.unknown("LATER"), .unknown("SOONER"))

        let encoded = try JSONEncoder().encode([PollStatus.closed, .unknown("x\"y")])
        XCTAssertEqual(String(decoding: encoded, as: UTF8.self), #"["CLOSED","x\"y"]"#)
        XCTAssertEqual(try JSONDecoder().decode([PollStatus].self, from: encoded), [.closed, .unknown("x\"y")])
        // A value that is not a string is still a decoding error.
        XCTAssertThrowsError(try JSONDecoder().decode([PollStatus].self, from: Data("[1]".utf8)))
        XCTAssertEqual(
            CommunityApi.fetchPollsByStatus(status: .unknown("a/b"), excluding: []).path, "/api/v1/polls/status/a%2Fb")
    }

    // MARK: - hashable, identifiable

    func testHashableAndIdentifiableModelsGoIntoSetsAndLists() throws {
        let polls = [
            PollResponse(pollId: "p1", title: "a", participantCount: 1, status: .open),
            PollResponse(pollId: "p1", title: "a", participantCount: 1, status: .unknown("OPEN")),
            PollResponse(pollId: "p2", title: "b", participantCount: 2),
        ]
        XCTAssertEqual(Set(polls).count, 2)
        XCTAssertEqual(identities(polls), ["p1", "p1", "p2"])
        XCTAssertEqual(identities([PollCreateResponse(id: "n1")]), ["n1"])
    }

    func testDomainTypesAreHashableAndIdentifiableThroughTheRepository() async throws {
        let body = #"""
            [{"id": "a", "width": 1, "height": 2, "likes": 0,
              "urls": {"raw": "r", "full": "f", "regular": "g", "small": "s", "thumb": "t"}, "user": {"name": "kim"}},
             {"id": "b", "width": 3, "height": 4, "likes": 5,
              "urls": {"raw": "r", "full": "f", "regular": "h", "small": "s", "thumb": "t"},
              "user": {"name": "lee", "portfolio_url": "https://lee.example"}}]
            """#
        let (photos, request) = try await exchange("GET", "/photos", body: body) { await photo.fetchPhotoList(page: 2) }
        XCTAssertEqual(request.query, "page=2")
        XCTAssertEqual(identities(photos), ["a", "b"])
        XCTAssertEqual(Set(photos).count, 2)
        XCTAssertEqual(Set(photos.map(\.user)), [User(name: "kim", portfolioURL: nil), User(name: "lee", portfolioURL: "https://lee.example")])
        XCTAssertEqual(Set(photos.map(\.urls)).count, 2)
    }

    /// What SwiftUI's `ForEach(items)` reads: each element's `id`.
    func identities<T: Identifiable>(_ items: [T]) -> [T.ID] {
        items.map(\.id)
    }

    // MARK: - optional form fields

    func testAnOptionalFormFieldIsSentOnlyWithAValue() async throws {
        let image = UploadFile(data: Data([1, 2, 3]), fileName: "menu.jpg", contentType: "image/jpeg")
        let answer = #"{"imageId": 1, "url": "https://img.example/1"}"#
        let path = "/api/v4/store/2/menu-image"

        let (uploaded, priced) = try await exchange("POST", path, body: answer) {
            await store.uploadStoreMenuImage(storeId: 2, image: image, caption: nil, price: 1200)
        }
        XCTAssertEqual(uploaded.imageId, 1)
        let pricedParts = try XCTUnwrap(priced.parts)
        XCTAssertEqual(pricedParts.map(\.name), ["price", "image"])
        XCTAssertEqual(pricedParts.map(\.text).first, "1200")
        XCTAssertEqual(pricedParts.map(\.filename), [nil, "menu.jpg"])

        let (_, captioned) = try await exchange("POST", path, body: answer) {
            await store.uploadStoreMenuImage(storeId: 2, image: image, caption: "Lunch, 11–14h", price: nil)
        }
        let captionedParts = try XCTUnwrap(captioned.parts)
        XCTAssertEqual(captionedParts.map(\.name), ["caption", "image"])
        XCTAssertEqual(captionedParts.first?.text, "Lunch, 11–14h")

        let (_, bare) = try await exchange("POST", path, body: answer) {
            await store.uploadStoreMenuImage(storeId: 2, image: image, caption: nil, price: nil)
        }
        XCTAssertEqual(try XCTUnwrap(bare.parts).map(\.name), ["image"])
        XCTAssertTrue(try XCTUnwrap(bare.headers["content-type"]).hasPrefix("multipart/form-data; boundary="))

        let (_, both) = try await exchange("POST", path, body: answer) {
            await store.uploadStoreMenuImage(storeId: 2, image: image, caption: "", price: 0)
        }
        // An empty caption is a value: sent, empty.
        XCTAssertEqual(try XCTUnwrap(both.parts).map(\.name), ["caption", "price", "image"])
        XCTAssertEqual(try XCTUnwrap(both.parts).map(\.text).prefix(2), ["", "0"])
    }
}
