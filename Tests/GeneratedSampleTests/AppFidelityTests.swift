import Foundation
import RepogenRuntime
import RepogenTestSupport
import TestServer
import XCTest

@testable import GeneratedSample

/// The generated Impls with `NetworkConfiguration.envelopeAPI`, unchanged, against a recording server on loopback:
/// every request must be what the app the seed comes from sends (DESIGN.md, "Runtime"): params and bodies with
/// the Swift key names, `Content-Type: application/json` on every request, booleans in a query as `1`/`0`, arrays
/// comma-joined, nil optionals left out, extra filters spread into query items, path-only fields left out of
/// bodies; answers are envelopes with snake_case keys.
final class AppFidelityTests: XCTestCase {
    var server: TestServer!
    var store: StoreRepositoryImpl!
    var user: UserRepositoryImpl!
    var community: CommunityRepositoryImpl!

    override func setUp() async throws {
        server = try TestServer.startOrSkip()
        var configuration = NetworkConfiguration.envelopeAPI(baseURL: server.baseURL)
        configuration.authToken = { "raw-token" }
        configuration.locationProvider = { DeviceLocation(latitude: 37.5, longitude: 127.0) }
        configuration.defaultHeaders["User-Agent"] = "App/3.0 (iOS)"
        let manager = NetworkManager(configuration: configuration)
        store = StoreRepositoryImpl(manager: manager)
        user = UserRepositoryImpl(manager: manager)
        community = CommunityRepositoryImpl(manager: manager)
    }

    override func tearDown() {
        server?.stop()
    }

    /// Answers with an envelope around `data`, runs `call`, and returns its result and the request the server got.
    func exchange<T>(
        _ method: String, _ path: String, data: String = "null", _ call: () async -> Result<T, Error>
    ) async throws -> (T, TestServer.Request) {
        try await server.reset()
        try await server.route([.init(method, path, body: #"{"data": \#(data), "result_code": null, "message": null}"#)])
        let value = try await call().get()
        let requests = try await server.requests()
        XCTAssertEqual(requests.count, 1)
        let request = try XCTUnwrap(requests.first)
        XCTAssertEqual(request.method, method)
        XCTAssertEqual(request.headers["content-type"], "application/json", "every request of the app carries it")
        XCTAssertEqual(request.headers["accept"], "application/json")
        XCTAssertEqual(request.headers["authorization"], "raw-token")
        XCTAssertEqual(request.headers["user-agent"], "App/3.0 (iOS)")
        return (value, request)
    }

    /// The query items as the app writes them, before percent-encoding, in the order sent.
    func items(_ request: TestServer.Request) -> [String] {
        URLComponents(string: "http://h/?" + request.query)?.queryItems?.map { "\($0.name)=\($0.value ?? "")" } ?? []
    }

    /// The body as a JSON value, so that key order does not matter.
    func json(_ text: String) throws -> NSDictionary {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary, text)
    }

    func testFetchAroundStoresSpreadsFiltersAndWritesBooleansAsNumbers() async throws {
        let input = FetchAroundStoreInput(
            distanceM: 1000, categoryIds: ["BUNGEOPPANG", "HOTTEOK"], filterCertifiedStores: true, mapLatitude: 37.5,
            mapLongitude: 127.25, filters: ["openStatus": "OPEN", "q": "붕어빵 & co"])
        let (page, request) = try await exchange(
            "GET", "/api/v4/stores/around",
            data: #"{"contents": [{"store_id": "s1", "name": "a", "distance_m": 30}], "cursor": {"next_cursor": "n", "has_more": true}}"#
        ) { await store.fetchAroundStores(input: input) }
        XCTAssertEqual(items(request), [
            "categoryIds=BUNGEOPPANG,HOTTEOK", "distanceM=1000", "filterCertifiedStores=1", "mapLatitude=37.5",
            "mapLongitude=127.25", "openStatus=OPEN", "q=붕어빵 & co", "size=10", "sortType=DISTANCE_ASC",
            "targetStores=USER_STORE,BOSS_STORE",
        ])
        XCTAssertEqual(request.body, "")
        XCTAssertEqual(request.headers["x-device-latitude"], "37.5")
        XCTAssertEqual(request.headers["x-device-longitude"], "127.0")
        XCTAssertEqual(page.contents, [StoreWithExtraResponse(storeId: "s1", name: "a", distanceM: 30)])
        XCTAssertEqual(page.cursor, CursorResponse(nextCursor: "n", hasMore: true))
    }

    func testAFilterNamedLikeAFieldIsAnErrorAndNothingIsSent() async throws {
        try await server.reset()
        let input = FetchAroundStoreInput(distanceM: 1, mapLatitude: 0, mapLongitude: 0, filters: ["size": "3"])
        let result = await store.fetchAroundStores(input: input)
        guard case .failure(NetworkError.invalidParameter(let key, _)) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(key, "size")
        let received = try await server.requests()
        XCTAssertEqual(received.count, 0)
    }

    func testReportStoreSendsTheSwiftKeyNameInADeleteBody() async throws {
        let (text, request) = try await exchange("DELETE", "/api/v2/store/7", data: #""ok""#) {
            await store.reportStore(storeId: 7, reportReason: "NOSTORE")
        }
        XCTAssertEqual(request.query, "")
        XCTAssertEqual(try json(request.body), ["deleteReasonType": "NOSTORE"])
        XCTAssertEqual(text, "ok")
    }

    func testWriteReviewLeavesThePathFieldOutOfTheBody() async throws {
        let input = WriteReviewRequestInput(
            storeId: 42, contents: "맛있어요", rating: 5,
            images: [.init(imageUrl: "https://img.example.com/1.png", width: 640, height: 480)])
        let (review, request) = try await exchange(
            "POST", "/api/v3/store/42/review", data: #"{"review_id": 9, "contents": "맛있어요", "rating": 5}"#
        ) { await store.writeReview(input: input) }
        XCTAssertEqual(request.query, "")
        XCTAssertEqual(
            try json(request.body),
            [
                "contents": "맛있어요", "rating": 5,
                "images": [["imageUrl": "https://img.example.com/1.png", "width": 640, "height": 480]],
            ])
        XCTAssertEqual(review, StoreReviewResponse(reviewId: 9, contents: "맛있어요", rating: 5))
    }

    func testFetchStoreReviewsMergesAStructConstantsAndFilters() async throws {
        let page = #"{"contents": [], "cursor": {"next_cursor": null, "has_more": false}}"#
        let (_, first) = try await exchange("GET", "/api/v4/store/3/reviews", data: page) {
            await store.fetchStoreReviews(storeId: 3, cursor: CursorInput(cursor: nil, size: 20), filters: nil)
        }
        XCTAssertEqual(items(first), ["size=20", "sort=LATEST", "withImages=1"])
        let (_, second) = try await exchange("GET", "/api/v4/store/3/reviews", data: page) {
            await store.fetchStoreReviews(storeId: 3, cursor: CursorInput(cursor: "c2", size: 20), filters: ["rating": "5"])
        }
        XCTAssertEqual(items(second), ["cursor=c2", "rating=5", "size=20", "sort=LATEST", "withImages=1"])
    }

    func testFetchStoreActivitiesSendsTrueAsOne() async throws {
        try await server.reset()
        try await server.route([.init("GET", "/api/v4/store/5/activities", body: #"{"data": null}"#)])
        _ = await store.fetchStoreActivities(storeId: 5)
        let received = try await server.requests()
        let request = try XCTUnwrap(received.first)
        XCTAssertEqual(items(request), ["includeActivities=1", "size=20", "sort=LATEST"])
        XCTAssertEqual(request.headers["content-type"], "application/json")
    }

    func testUserDomainWithUsingQueryFalseByDefault() async throws {
        // A GET whose case reports usingQuery false still sends its params in the query string.
        let (places, placesRequest) = try await exchange(
            "GET", "/api/v1/my/FAVORITE/places",
            data: #"{"contents": [{"place_id": "p", "name": "home"}], "cursor": {"has_more": false}}"#
        ) { await user.fetchMyPlaces(placeType: .favorite, cursor: nil, size: 20) }
        XCTAssertEqual(UserApi.fetchMyPlaces(placeType: .favorite, cursor: nil, size: 20).usingQuery, false)
        XCTAssertEqual(items(placesRequest), ["size=20"])
        XCTAssertEqual(placesRequest.body, "")
        XCTAssertEqual(places.contents.map(\.placeId), ["p"])

        // A POST whose param goes to the query string.
        let (token, signin) = try await exchange("POST", "/api/login/demo", data: #""token-1""#) {
            await user.signinDemo(code: "a&b")
        }
        XCTAssertEqual(items(signin), ["code=a&b"])
        XCTAssertEqual(signin.body, "")
        XCTAssertEqual(token, "token-1")

        // Defaults in the initializer; enum values by raw value; keys as the Swift names.
        let (_, setting) = try await exchange("PATCH", "/api/v4/my/user-settings") {
            await user.editUserSetting(input: UserSettingInput())
        }
        XCTAssertEqual(try json(setting.body), ["enableActivitiesPush": true, "marketingConsent": "UNVERIFIED"])

        // The enum field goes only into the path; the nested model goes into the body.
        let input = SaveMyPlaceInput(
            placeType: .favorite, placeName: "home", location: .init(latitude: 37.5, longitude: 127.0))
        let (place, save) = try await exchange("POST", "/api/v1/my/FAVORITE/place", data: #"{"place_id": "p9", "name": "home"}"#) {
            await user.saveMyPlace(input: input)
        }
        XCTAssertEqual(try json(save.body), ["placeName": "home", "location": ["latitude": 37.5, "longitude": 127.0]])
        XCTAssertEqual(place, PlaceResponse(placeId: "p9", name: "home"))
    }

    func testCommunityDomainSendsTheLocationOnEveryEndpointByDefault() async throws {
        let (polls, list) = try await exchange(
            "GET", "/api/v1/polls",
            data: #"{"contents": [{"poll_id": "p1", "title": "붕어빵 vs 호떡", "participant_count": 3}], "cursor": {"has_more": false}}"#
        ) { await community.fetchPolls(input: PollListInput()) }
        XCTAssertEqual(items(list), ["size=20", "sortType=LATEST"])
        XCTAssertEqual(list.headers["x-device-latitude"], "37.5")
        XCTAssertEqual(list.headers["x-device-longitude"], "127.0")
        XCTAssertEqual(polls.contents, [PollResponse(pollId: "p1", title: "붕어빵 vs 호떡", participantCount: 3)])

        let input = PollCreateRequestInput(
            title: "t", categoryId: "TASTE", startDateTime: "2026-11-23T10:00:00", endDateTime: "2026-11-30T10:00:00",
            options: [.init(content: "a"), .init(content: "b")])
        let (created, create) = try await exchange("POST", "/api/v1/poll", data: #"{"id": "p2"}"#) {
            await community.createPoll(input: input)
        }
        XCTAssertEqual(
            try json(create.body),
            [
                "title": "t", "categoryId": "TASTE", "startDateTime": "2026-11-23T10:00:00",
                "endDateTime": "2026-11-30T10:00:00", "options": [["content": "a"], ["content": "b"]],
            ])
        XCTAssertEqual(create.headers["x-device-latitude"], "37.5")
        XCTAssertEqual(created, PollCreateResponse(id: "p2"))

        // Its own `header: json` wins over the domain's default.
        let (_, vote) = try await exchange("POST", "/api/v1/poll/p2/choice") {
            await community.votePoll(pollId: "p2", optionIds: ["o1", "o2"])
        }
        XCTAssertEqual(try json(vote.body), ["optionIds": ["o1", "o2"]])
        XCTAssertNil(vote.headers["x-device-latitude"])

        let (_, delete) = try await exchange("DELETE", "/api/v1/poll/p2") { await community.deletePoll(pollId: "p2") }
        XCTAssertEqual(delete.body, "")
        XCTAssertEqual(delete.headers["x-device-longitude"], "127.0")
    }
}
