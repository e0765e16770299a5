import Foundation
import RepogenRuntime
import XCTest

@testable import GeneratedSample

/// The models `Specs/` define, through the runtime's own encoder and decoder.
final class ModelsTests: XCTestCase {
    let configuration = NetworkManager.Configuration()

    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try configuration.makeDecoder().decode(T.self, from: Data(json.utf8))
    }

    func encode(_ value: some Encodable) throws -> String {
        String(decoding: try configuration.makeEncoder().encode(value), as: UTF8.self)
    }

    func testRenamedKeysAndISO8601Dates() throws {
        let detail = try decode(
            StoreDetailResponse.self,
            #"{"storeId": 1, "name": "붕어빵", "categories": ["BUNGEOPPANG"], "opened_at": "2024-05-01T09:30:00Z"}"#)
        XCTAssertEqual(detail.openedAt, Date(timeIntervalSince1970: 1_714_555_800))
        XCTAssertEqual(detail.name, "붕어빵")
        XCTAssertEqual(
            try encode(detail),
            #"{"categories":["BUNGEOPPANG"],"name":"붕어빵","opened_at":"2024-05-01T09:30:00Z","storeId":1}"#)
    }

    func testOptionalFieldsMayBeMissingAndAreLeftOutWhenNil() throws {
        let detail = try decode(StoreDetailResponse.self, #"{"storeId": 1, "name": "a", "categories": []}"#)
        XCTAssertNil(detail.openedAt)
        XCTAssertEqual(try encode(CursorInput(size: 20)), #"{"size":20}"#)
    }

    func testNestedModelsEnumsAndDictionaries() throws {
        let activities = try decode(
            StoreActivitiesResponse.self,
            #"{"visit_count": 3, "review_count": 1, "lastVisit": {"type": "NOT_EXISTS", "visitedAt": "2024-01-02T03:04:05Z"}}"#)
        XCTAssertEqual(activities.visitCount, 3)
        XCTAssertEqual(activities.lastVisit?.type, .notExists)
        let post = try decode(StoreNewsPostResponse.self, #"{"postId": "p", "body": "b", "stickerCounts": {"LIKE": 2}}"#)
        XCTAssertEqual(post.stickerCounts, ["LIKE": 2])
        XCTAssertEqual(DisplayItemType.allCases.map(\.rawValue), ["MENU", "REVIEW", "PHOTO"])
        XCTAssertThrowsError(try decode(VisitType.self, #""MAYBE""#))
    }

    func testGenericPageDecodes() throws {
        let page = try decode(
            ContentsWithCursorResponse<StoreImageResponse>.self,
            #"{"contents": [{"imageId": 1, "url": "https://example.com/1.png"}], "cursor": {"hasMore": false}}"#)
        XCTAssertEqual(page.contents.first?.url, URL(string: "https://example.com/1.png"))
        XCTAssertEqual(page.cursor, CursorResponse(nextCursor: nil, hasMore: false))
    }
}
