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
}
