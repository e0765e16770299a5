import Foundation
import RepogenRuntime
import XCTest

@testable import GeneratedSample

final class UserApiTests: XCTestCase {
    func testPathFromAnEnumRawValue() {
        let request = UserApi.fetchMyPlaces(placeType: .recentSearch, cursor: nil, size: 10)
        XCTAssertEqual(request.path, "/api/v1/my/RECENT_SEARCH/places")
        XCTAssertEqual(request.method, .get)
        XCTAssertEqual(UserApi.deletePlace(placeType: .favorite, placeId: "x").path, "/api/v1/my/FAVORITE/places/x")
        // `defaults: { usingQuery: false }` in Specs/user.yaml; the endpoint's own `usingQuery: true` wins.
        XCTAssertEqual(UserApi.deletePlace(placeType: .favorite, placeId: "x").usingQuery, false)
        XCTAssertEqual(request.usingQuery, false)
        XCTAssertEqual(UserApi.fetchMyUser.usingQuery, true)
        XCTAssertEqual(UserApi.signinDemo(code: "c").usingQuery, true)
    }

    func testCaseWithoutInputs() {
        XCTAssertEqual(UserApi.signout.path, "/api/v2/signout")
        XCTAssertEqual(UserApi.signout.method, .delete)
        XCTAssertNil(UserApi.signout.param)
    }

    /// `body: form` in Specs/user.yaml: the token refresh goes out as a urlencoded form, its scopes space-delimited.
    func testATokenRefreshIsAURLEncodedForm() async throws {
        let request = UserApi.refreshSession(refreshToken: "r/t+1=", scopes: ["profile", "places"])
        XCTAssertEqual(request.bodyEncoding, .form)
        XCTAssertEqual(UserApi.signout.bodyEncoding, .json)
        let manager = NetworkManager(configuration: NetworkConfiguration(baseURL: URL(string: "https://api.example.com")))
        let sent = try await manager.urlRequest(for: request)
        XCTAssertEqual(sent.url?.absoluteString, "https://api.example.com/oauth/token")
        XCTAssertEqual(sent.httpMethod, "POST")
        XCTAssertEqual(sent.value(forHTTPHeaderField: "Content-Type"), "application/x-www-form-urlencoded")
        XCTAssertEqual(
            sent.httpBody.map { String(decoding: $0, as: UTF8.self) },
            "client_id=ios&grant_type=refresh_token&refresh_token=r%2Ft%2B1%3D&scope=profile+places")
    }
}
