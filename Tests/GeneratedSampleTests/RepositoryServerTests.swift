import Foundation
import RepogenRuntime
import RepogenTestSupport
import TestServer
import XCTest

@testable import GeneratedSample

/// Every endpoint of `Specs/` through its generated `…RepositoryImpl` against a real HTTP server on loopback:
/// the exact method, path, query, body and headers the server received, and the decoded result.
///
/// The Store domain runs with the real app's conventions (envelope bodies, only 200 succeeds, raw token,
/// comma-joined arrays); User and Escaping run as a plain REST client.
final class RepositoryServerTests: XCTestCase {
    var server: TestServer!
    var store: StoreRepositoryImpl!
    var user: UserRepositoryImpl!
    var escaping: EscapingRepositoryImpl!

    override func setUp() async throws {
        server = try TestServer.startOrSkip()
        var envelope = NetworkConfiguration.envelopeAPI(baseURL: server.baseURL)
        // Specs/store.json spells some snake_case keys itself (`json: opened_at`); AppFidelityTests runs the
        // preset unchanged.
        envelope.responseKeyStyle = .asIs
        envelope.authToken = { "raw-token" }
        envelope.locationProvider = { DeviceLocation(latitude: 37.5, longitude: 127.0) }
        envelope.defaultHeaders["X-App-Context"] = "ios/2.0"
        store = StoreRepositoryImpl(manager: NetworkManager(configuration: envelope))
        var plain = NetworkConfiguration(baseURL: server.baseURL)
        plain.authToken = { "token" }
        user = UserRepositoryImpl(manager: NetworkManager(configuration: plain))
        escaping = EscapingRepositoryImpl(manager: NetworkManager(configuration: plain))
    }

    override func tearDown() {
        server?.stop()
    }

    /// Answers the next request with `body` (wrapped in an envelope when `envelope`), runs `call`, and returns
    /// its value and the one request the server received.
    func exchange<T>(
        _ method: String, _ path: String, body: String = "null", envelope: Bool = true, status: Int = 200,
        _ call: () async -> Result<T, Error>
    ) async throws -> (T, TestServer.Request) {
        try await server.reset()
        try await server.route([.init(method, path, status: status, body: envelope ? #"{"data": \#(body), "resultCode": null}"# : body)])
        let value = try await call().get()
        let requests = try await server.requests()
        XCTAssertEqual(requests.count, 1)
        return (value, try XCTUnwrap(requests.first))
    }

    func assertCommonStoreHeaders(_ request: TestServer.Request, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(request.headers["authorization"], "raw-token", file: file, line: line)
        XCTAssertEqual(request.headers["accept"], "application/json", file: file, line: line)
        XCTAssertEqual(request.headers["x-app-context"], "ios/2.0", file: file, line: line)
    }

    // MARK: - Photo (DTOs mapped to domain types, seed 004)

    func testFetchPhotoListDecodesTheDTOsAndReturnsDomainTypes() async throws {
        var plain = NetworkConfiguration(baseURL: server.baseURL)
        plain.authToken = { "token" }
        let photos = PhotoRepositoryImpl(remote: PhotoRemoteDataSource(manager: NetworkManager(configuration: plain)))
        let (list, request) = try await exchange(
            "GET", "/photos",
            body: #"[{"id": "p1", "width": 10, "height": 20, "likes": 5, "urls": {"raw": "r", "full": "f", "regular": "g", "small": "s", "thumb": "t"}, "user": {"name": "Ann", "portfolio_url": "https://ann.example"}}]"#,
            envelope: false
        ) { await photos.fetchPhotoList(page: 2) }
        XCTAssertEqual(request.query, "page=2")
        let photo = try XCTUnwrap(list.first)
        XCTAssertEqual(list.count, 1)
        XCTAssertEqual(photo.id, "p1")
        XCTAssertEqual(photo.urls, URLs(regular: "g"))
        XCTAssertEqual(photo.user, User(name: "Ann", portfolioURL: "https://ann.example"))
        XCTAssertFalse(photo.isFavorite)
    }

    // MARK: - Store (envelope API)

    func testFetchAroundStores() async throws {
        let input = FetchAroundStoreInput(distanceM: 500, categoryIds: ["A", "B"], mapLatitude: 37.5, mapLongitude: 127.1)
        let (page, request) = try await exchange(
            "GET", "/api/v4/stores/around",
            body: #"{"contents": [{"storeId": "s1", "name": "a", "distanceM": 30}], "cursor": {"nextCursor": "n", "hasMore": true}}"#
        ) { await store.fetchAroundStores(input: input) }
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(
            request.query,
            "categoryIds=A,B&distanceM=500&filterCertifiedStores=0&mapLatitude=37.5&mapLongitude=127.1&size=10"
                + "&sortType=DISTANCE_ASC&targetStores=USER_STORE,BOSS_STORE")
        XCTAssertEqual(request.body, "")
        XCTAssertEqual(request.headers["x-device-latitude"], "37.5")
        XCTAssertEqual(request.headers["x-device-longitude"], "127.0")
        assertCommonStoreHeaders(request)
        XCTAssertEqual(page.contents, [StoreWithExtraResponse(storeId: "s1", name: "a", distanceM: 30)])
        XCTAssertEqual(page.cursor, CursorResponse(nextCursor: "n", hasMore: true))
    }

    func testFetchDetail() async throws {
        let (detail, request) = try await exchange(
            "GET", "/api/v4/store/42",
            body: #"{"storeId": 42, "name": "붕어빵", "categories": [], "opened_at": "2024-05-01T09:30:00Z"}"#
        ) { await store.fetchDetail(input: FetchStoreDetailInput(storeId: 42, latitude: 37.25, longitude: 127.5)) }
        XCTAssertEqual(request.query, "")
        XCTAssertEqual(request.headers["x-device-latitude"], "37.25")
        XCTAssertEqual(request.headers["x-device-longitude"], "127.5")
        XCTAssertEqual(request.headers["content-type"], "application/json", "the app sends it without a body too")
        XCTAssertEqual(detail.openedAt, Date(timeIntervalSince1970: 1_714_555_800))
    }

    func testFetchStoreCategories() async throws {
        let (categories, request) = try await exchange(
            "GET", "/api/v4/store/categories", body: #"[{"categoryId": "C", "name": "호떡"}]"#
        ) { await store.fetchStoreCategories() }
        XCTAssertEqual(request.query, "")
        assertCommonStoreHeaders(request)
        XCTAssertEqual(categories, [StoreCategoryResponse(categoryId: "C", name: "호떡")])
    }

    func testSaveStoreChoosesTheMethod() async throws {
        let (deleted, delete) = try await exchange("DELETE", "/api/v2/store/a%2Fb/favorite", body: #""removed""#) {
            await store.saveStore(storeId: "a/b", isDelete: true)
        }
        XCTAssertEqual(delete.method, "DELETE")
        XCTAssertEqual(deleted, "removed")
        let (_, put) = try await exchange("PUT", "/api/v2/store/s1/favorite", body: #""saved""#) {
            await store.saveStore(storeId: "s1", isDelete: false)
        }
        XCTAssertEqual(put.method, "PUT")
        XCTAssertEqual(put.body, "")
    }

    func testReportStoreSendsADeleteBody() async throws {
        let (text, request) = try await exchange("DELETE", "/api/v2/store/7", body: #""ok""#) {
            await store.reportStore(storeId: 7, reportReason: "NOSTORE")
        }
        XCTAssertEqual(request.query, "")
        XCTAssertEqual(request.body, #"{"deleteReasonType":"NOSTORE"}"#)
        XCTAssertEqual(request.headers["content-type"], "application/json")
        XCTAssertEqual(text, "ok")
    }

    func testFetchStorePhotosLeavesOutANilCursor() async throws {
        let page = #"{"contents": [{"imageId": 1, "url": "https://img.example.com/1.png"}], "cursor": {"hasMore": false}}"#
        let (first, firstRequest) = try await exchange("GET", "/api/v4/store/3/images", body: page) {
            await store.fetchStorePhotos(storeId: 3, cursor: nil)
        }
        XCTAssertEqual(firstRequest.query, "storeId=3")
        XCTAssertEqual(first.contents.first?.url, URL(string: "https://img.example.com/1.png"))
        let (_, next) = try await exchange("GET", "/api/v4/store/3/images", body: page) {
            await store.fetchStorePhotos(storeId: 3, cursor: "c 2")
        }
        XCTAssertEqual(next.query, "cursor=c%202&storeId=3")
    }

    func testFetchNewPosts() async throws {
        let (page, request) = try await exchange(
            "GET", "/api/v1/store/5/news-posts",
            body: #"{"contents": [{"postId": "p", "body": "b", "stickerCounts": {"LIKE": 3}}], "cursor": {"nextCursor": null, "hasMore": false}}"#
        ) { await store.fetchNewPosts(storeId: 5, cursor: CursorInput(cursor: "p2", size: 10)) }
        XCTAssertEqual(request.query, "cursor=p2&size=10")
        XCTAssertEqual(page.contents.first?.stickerCounts, ["LIKE": 3])
    }

    func testFetchDisplayItemsCommaJoinsTheArray() async throws {
        let (items, request) = try await exchange(
            "GET", "/api/v1/store/9/display-items", body: #"[{"type": "MENU", "title": "Menu"}]"#
        ) { await store.fetchDisplayItems(storeId: 9, itemTypes: [.menu, .photo]) }
        XCTAssertEqual(request.query, "itemTypes=MENU,PHOTO")
        XCTAssertEqual(items, [DisplayItemResponse(type: .menu, title: "Menu")])
    }

    func testTogglePostStickerHasNoResponseBody() async throws {
        let (_, request) = try await exchange("PUT", "/api/v1/store/4/news-post/p%201/stickers") {
            await store.togglePostSticker(storeId: 4, postId: "p 1", input: StoreNewsPostStickersReplaceInput(stickers: ["LIKE"]))
        }
        XCTAssertEqual(request.body, #"{"stickers":["LIKE"]}"#)
    }

    func testCreateStoreSendsTheTokenOnlyInAHeader() async throws {
        let input = StoreCreateRequestInput(name: "붕어빵", latitude: 37.5, longitude: 127.0, categories: ["B"])
        let (created, request) = try await exchange("POST", "/api/v2/store", body: #"{"storeId": 77}"#) {
            await store.createStore(input: input, nonceToken: "nonce-1")
        }
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.body, #"{"categories":["B"],"latitude":37.5,"longitude":127,"name":"붕어빵"}"#)
        XCTAssertEqual(request.headers["x-nonce-token"], "nonce-1")
        XCTAssertEqual(created, StoreCreateResponse(storeId: 77))
    }

    func testVerifyStoreOwnerUsesTheTokenTwiceAndMayAnswerNull() async throws {
        let (answer, request) = try await exchange("POST", "/api/v1/store/3/owner/verify") {
            await store.verifyStoreOwner(storeId: 3, token: "t")
        }
        XCTAssertEqual(request.body, #"{"storeId":3,"token":"t","via":"app-3"}"#)
        XCTAssertEqual(request.headers["x-nonce-token"], "t")
        XCTAssertEqual(request.headers["x-verification"], "Nonce t")
        XCTAssertEqual(request.headers["authorization"], "raw-token", "Authorization is set last and wins")
        XCTAssertNil(answer, "null data is nil for an optional result")
    }

    func testVisitStoreIsAPostWithAQuery() async throws {
        let (text, request) = try await exchange("POST", "/api/v1/store/3/visit", body: #""visited""#) {
            await store.visitStore(storeId: 3, visitType: .notExists)
        }
        XCTAssertEqual(request.query, "type=NOT_EXISTS")
        XCTAssertEqual(request.body, "")
        XCTAssertEqual(text, "visited")
    }

    func testFetchStoreActivitiesSendsConstants() async throws {
        let (activities, request) = try await exchange(
            "GET", "/api/v4/store/3/activities",
            body: #"{"visit_count": 2, "review_count": 1, "lastVisit": {"type": "EXISTS", "visitedAt": "2024-01-02T03:04:05Z"}}"#
        ) { await store.fetchStoreActivities(storeId: 3) }
        XCTAssertEqual(request.query, "includeActivities=1&size=20&sort=LATEST", "a Bool is 1 or 0, as the app sends it")
        XCTAssertEqual(activities.visitCount, 2)
        XCTAssertEqual(activities.lastVisit?.type, .exists)
    }

    func testUpdateStoreReviewIsAPatch() async throws {
        let (review, request) = try await exchange(
            "PATCH", "/api/v1/store/2/reviews/8", body: #"{"reviewId": 8, "contents": "good", "rating": 5}"#
        ) { await store.updateStoreReview(storeId: 2, reviewId: 8, input: StoreReviewUpdateInput(contents: "good", rating: 5)) }
        XCTAssertEqual(request.method, "PATCH")
        XCTAssertEqual(request.body, #"{"contents":"good","rating":5}"#)
        XCTAssertEqual(review, StoreReviewResponse(reviewId: 8, contents: "good", rating: 5))
    }

    func testUploadStoreImagesSendsMultipartParts() async throws {
        let images = [
            UploadFile(data: Data([1, 2, 3]), fileName: "front.jpg", contentType: "image/jpeg"),
            UploadFile(data: Data([4, 5]), fileName: "menu.jpg", contentType: "image/jpeg"),
        ]
        let (uploaded, request) = try await exchange(
            "POST", "/api/v4/store/2/images", body: #"[{"imageId": 1, "url": "https://img/1"}, {"imageId": 2, "url": "https://img/2"}]"#
        ) { await store.uploadStoreImages(storeId: 2, boundary: "repogen-boundary", images: images) }
        XCTAssertEqual(request.headers["content-type"], "multipart/form-data; boundary=repogen-boundary")
        let parts = try XCTUnwrap(request.parts)
        XCTAssertEqual(parts.map(\.name), ["storeId", "images", "images"])
        XCTAssertEqual(parts.map(\.filename), [nil, "front.jpg", "menu.jpg"])
        XCTAssertEqual(parts.map(\.size), [1, 3, 2])
        XCTAssertEqual(parts.first?.text, "2")
        XCTAssertEqual(uploaded.map(\.imageId), [1, 2])
    }

    // MARK: - User (plain REST)

    func testUserEndpoints() async throws {
        let (me, meRequest) = try await exchange("GET", "/api/v2/user/me", body: #"{"userId": 1, "name": "kim"}"#, envelope: false) {
            await user.fetchMyUser()
        }
        XCTAssertEqual(me, UserResponse(userId: 1, name: "kim"))
        XCTAssertEqual(meRequest.headers["authorization"], "Bearer token")

        let (renamed, rename) = try await exchange("PATCH", "/api/v2/user/me", body: #"{"userId": 1, "name": "lee"}"#, envelope: false) {
            await user.updateNickname(name: "lee")
        }
        XCTAssertEqual(rename.body, #"{"name":"lee"}"#)
        XCTAssertEqual(renamed.name, "lee")

        let (places, placesRequest) = try await exchange(
            "GET", "/api/v1/my/FAVORITE/places",
            body: #"{"contents": [{"placeId": "p", "name": "home"}], "cursor": {"hasMore": false}}"#, envelope: false
        ) { await user.fetchMyPlaces(placeType: .favorite, cursor: nil, size: 20) }
        XCTAssertEqual(placesRequest.query, "size=20")
        XCTAssertEqual(places.contents.map(\.name), ["home"])

        let (_, delete) = try await exchange("DELETE", "/api/v1/my/RECENT_SEARCH/places/p%3F1", envelope: false, status: 204) {
            await user.deletePlace(placeType: .recentSearch, placeId: "p?1")
        }
        XCTAssertEqual(delete.method, "DELETE")

        let (_, device) = try await exchange("PUT", "/api/v1/device", envelope: false, status: 204) {
            await user.registerDevice(input: DeviceRegisterInput(pushPlatformType: "APNS", pushToken: "abc"))
        }
        XCTAssertEqual(device.body, #"{"pushPlatformType":"APNS","pushToken":"abc"}"#)

        let (_, signout) = try await exchange("DELETE", "/api/v2/signout", envelope: false, status: 204) { await user.signout() }
        XCTAssertEqual(signout.query, "")
    }

    // MARK: - Escaping (plain REST)

    func testEscapingEndpoints() async throws {
        let (tricky, request) = try await exchange(
            "POST", "/api/it's/(a)/$1;x=y,z:@!*+/%22q%22/7",
            body: #"{"de\"fault\\key": "d", "kind\n#1 \\(y) \"\"\"": "say \"hi\""}"#, envelope: false
        ) { await escaping.send(id: 7, note: "N", kind: .backslash) }
        XCTAssertEqual(tricky, Tricky(default: "d", class: nil, plain: .quote))
        XCTAssertEqual(request.headers["x-token!#$%&'*+.^_`|~"], ##"v "q" \ \(x) """# N 한글"##)
        let body = try JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any]
        XCTAssertEqual(body?["k\"ey\\"] as? String, "N")
        XCTAssertEqual(body?["kind"] as? String, #"C:\path\(x)"#)
        let (text, returned) = try await exchange("GET", "/return", body: "plain text", envelope: false) { await escaping.return() }
        XCTAssertEqual(returned.method, "GET")
        XCTAssertEqual(text, "plain text")
    }
}
