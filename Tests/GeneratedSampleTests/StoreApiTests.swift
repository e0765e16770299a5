import Foundation
import RepogenRuntime
import XCTest

@testable import GeneratedSample

/// Builds every case of the generated `StoreApi` and checks what it would send: path, method, header,
/// `usingQuery` and the JSON encoding of `param`.
final class StoreApiTests: XCTestCase {
    /// The param as sorted JSON text, or nil when there is none.
    func json(_ request: some RequestType) throws -> String? {
        guard let param = request.param else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(param), as: UTF8.self)
    }

    func assertRequest(
        _ request: StoreApi, path: String, method: RequestMethod, header: HTTPHeaderType, usingQuery: Bool,
        param: String?, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(request.path, path, "path", file: file, line: line)
        XCTAssertEqual(request.method, method, "method", file: file, line: line)
        XCTAssertEqual(request.header, header, "header", file: file, line: line)
        XCTAssertEqual(request.usingQuery, usingQuery, "usingQuery", file: file, line: line)
        XCTAssertEqual(try json(request), param, "param", file: file, line: line)
    }

    func testFetchAroundStoresPassesTheInputStructThrough() throws {
        let input = FetchAroundStoreInput(distanceM: 500, cursor: "c1", mapLatitude: 37.5, mapLongitude: 127.1)
        try assertRequest(
            .fetchAroundStores(input: input), path: "/api/v4/stores/around", method: .get, header: .location,
            usingQuery: true,
            param: #"{"cursor":"c1","distanceM":500,"filterCertifiedStores":false,"mapLatitude":37.5,"mapLongitude":127.1,"size":10,"sortType":"DISTANCE_ASC","targetStores":["USER_STORE","BOSS_STORE"]}"#)
    }

    func testFetchStoreDetailUsesInputFieldsForPathAndHeadersAndSendsNoParam() throws {
        let input = FetchStoreDetailInput(storeId: 42, latitude: 37.5, longitude: 127.25)
        try assertRequest(
            .fetchStoreDetail(input), path: "/api/v4/store/42", method: .get,
            header: .custom(["X-Device-Latitude": "37.5", "X-Device-Longitude": "127.25"]), usingQuery: true, param: nil)
    }

    func testFetchStoreCategoriesHasNoInputs() throws {
        try assertRequest(
            .fetchStoreCategories, path: "/api/v4/store/categories", method: .get, header: .json, usingQuery: true,
            param: nil)
    }

    func testSaveStoreChoosesTheMethodFromABool() throws {
        try assertRequest(
            .saveStore(storeId: "s1", isDelete: true), path: "/api/v2/store/s1/favorite", method: .delete,
            header: .json, usingQuery: true, param: nil)
        try assertRequest(
            .saveStore(storeId: "s1", isDelete: false), path: "/api/v2/store/s1/favorite", method: .put,
            header: .json, usingQuery: false, param: nil)
    }

    func testReportStoreRenamesTheKeyAndSendsADeleteBody() throws {
        try assertRequest(
            .reportStore(storeId: 7, reportReason: "NOSTORE"), path: "/api/v2/store/7", method: .delete, header: .json,
            usingQuery: false, param: #"{"deleteReasonType":"NOSTORE"}"#)
    }

    func testFetchStorePhotosSendsTheCursorOnlyWhenPresent() throws {
        try assertRequest(
            .fetchStorePhotos(storeId: 3, cursor: nil), path: "/api/v4/store/3/images", method: .get, header: .json,
            usingQuery: true, param: #"{"storeId":3}"#)
        try assertRequest(
            .fetchStorePhotos(storeId: 3, cursor: "next"), path: "/api/v4/store/3/images", method: .get,
            header: .json, usingQuery: true, param: #"{"cursor":"next","storeId":3}"#)
    }

    func testFetchStoreNewPostsReadsAnOptionalInputStruct() throws {
        try assertRequest(
            .fetchStoreNewPosts(storeId: 5, cursorInput: nil), path: "/api/v1/store/5/news-posts", method: .get,
            header: .json, usingQuery: true, param: "{}")
        try assertRequest(
            .fetchStoreNewPosts(storeId: 5, cursorInput: CursorInput(cursor: "p2", size: 10)),
            path: "/api/v1/store/5/news-posts", method: .get, header: .json, usingQuery: true,
            param: #"{"cursor":"p2","size":10}"#)
    }

    func testFetchDisplayItemsMapsAnArrayToRawValues() throws {
        try assertRequest(
            .fetchDisplayItems(storeId: 1, itemTypes: [.menu, .photo]), path: "/api/v1/store/1/display-items",
            method: .get, header: .json, usingQuery: true, param: #"{"itemTypes":["MENU","PHOTO"]}"#)
    }

    func testTogglePostStickerInterpolatesTwoInputs() throws {
        try assertRequest(
            .togglePostSticker(storeId: 9, postId: "p-1", input: StoreNewsPostStickersReplaceInput(stickers: ["LIKE"])),
            path: "/api/v1/store/9/news-post/p-1/stickers", method: .put, header: .json, usingQuery: false,
            param: #"{"stickers":["LIKE"]}"#)
    }

    func testCreateStoreSendsTheTokenOnlyInAHeader() throws {
        let input = StoreCreateRequestInput(name: "붕어빵", latitude: 1, longitude: 2, categories: ["BUNGEOPPANG"])
        try assertRequest(
            .createStore(input: input, nonceToken: "n-1"), path: "/api/v2/store", method: .post,
            header: .custom(["X-Nonce-Token": "n-1"]), usingQuery: false,
            param: #"{"categories":["BUNGEOPPANG"],"latitude":1,"longitude":2,"name":"붕어빵"}"#)
    }

    func testVerifyStoreOwnerUsesTheSameValueInTwoPlaces() throws {
        try assertRequest(
            .verifyStoreOwner(storeId: 11, token: "t\"1"), path: "/api/v1/store/11/owner/verify", method: .post,
            header: .custom(["X-Nonce-Token": "t\"1", "X-Verification": "Nonce t\"1"]), usingQuery: false,
            param: #"{"storeId":11,"token":"t\"1","via":"app-11"}"#)
    }

    func testVisitStoreIsAPostWhoseParamGoesToTheQuery() throws {
        try assertRequest(
            .visitStore(storeId: 4, visitType: .notExists), path: "/api/v1/store/4/visit", method: .post, header: .json,
            usingQuery: true, param: #"{"type":"NOT_EXISTS"}"#)
    }

    func testFetchStoreActivitiesSendsConstants() throws {
        try assertRequest(
            .fetchStoreActivities(storeId: 2), path: "/api/v4/store/2/activities", method: .get, header: .default,
            usingQuery: true, param: #"{"includeActivities":true,"size":20,"sort":"LATEST"}"#)
    }

    func testUpdateStoreReviewIsAPatch() throws {
        try assertRequest(
            .updateStoreReview(storeId: 2, reviewId: 8, input: StoreReviewUpdateInput(contents: "good", rating: 5)),
            path: "/api/v1/store/2/reviews/8", method: .patch, header: .json, usingQuery: false,
            param: #"{"contents":"good","rating":5}"#)
    }

    func testUploadStoreImagesSendsAMultipartForm() throws {
        let images = [UploadFile(data: Data("a".utf8), fileName: "a.png", contentType: "image/png")]
        let request = StoreApi.uploadStoreImages(storeId: 2, boundary: "b-123", images: images)
        try assertRequest(
            request, path: "/api/v4/store/2/images", method: .post, header: .multipart(boundary: "b-123"),
            usingQuery: false, param: nil)
        XCTAssertEqual(request.upload, UploadForm(parts: [.field(name: "storeId", value: "2"), .file(name: "images", file: images[0])]))
        XCTAssertNil(StoreApi.fetchStoreCategories.upload)
    }

    func testPathValuesArePercentEncoded() {
        XCTAssertEqual(StoreApi.saveStore(storeId: "a/b?c", isDelete: false).path, "/api/v2/store/a%2Fb%3Fc/favorite")
    }
}
