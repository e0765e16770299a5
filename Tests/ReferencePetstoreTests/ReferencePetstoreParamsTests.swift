import Foundation
import ReferencePetstore
import RepogenRuntime
import TestServer
import XCTest

/// The reference document's parameters with `content: application/json` (the `jsonFilters` query item and the
/// `X-Extra-Arguments` header) and in the `deepObject` style (`sort`, `filter`): the bytes the server receives, as
/// swift-openapi-runtime sends them, and the documented response decoding.
final class ReferencePetstoreParamsTests: ReferencePetstoreTestCase {
    func testListPetsSendsDeepObjectsAndJSONFiltersInTheQuery() async throws {
        let filters = [PetFilter(name: "Rex"), PetFilter(name: "a&b=c/d", state: "x y")]
        let (result, request) = try await exchange("GET", "/api/pets", body: #"[{"id": 1, "name": "Rex"}]"#) {
            await pets.listPets(
                limit: nil, habitat: nil, feeds: nil, myRequestUUID: nil, sort: ListPetsSort(id: "a b", name: "x[y]"),
                filter: ListPetsFilter(name: "Rex", state: "sleeping"), since: nil, jsonFilters: filters)
        }
        XCTAssertEqual(try result.get().value.map(\.name), ["Rex"])
        XCTAssertEqual(
            request.query,
            "filter%5Bname%5D=Rex&filter%5Bstate%5D=sleeping"
                + "&jsonFilters=%5B%7B%22name%22%3A%22Rex%22%7D,%7B%22name%22%3A%22a%26b%3Dc%2Fd%22,%22state%22%3A%22x%20y%22%7D%5D"
                + "&sort%5Bid%5D=a%20b&sort%5Bname%5D=x%5By%5D")
        // The server reads the JSON item back as the filters sent.
        let item = request.query.split(separator: "&").first { $0.hasPrefix("jsonFilters=") }
        let text = try XCTUnwrap(item?.dropFirst("jsonFilters=".count).removingPercentEncoding)
        XCTAssertEqual(try JSONDecoder().decode([PetFilter].self, from: Data(text.utf8)), filters)
    }

    func testListPetsLeavesOutNilDeepObjectsAndFields() async throws {
        let (_, request) = try await exchange("GET", "/api/pets", body: "[]") {
            await pets.listPets(filter: ListPetsFilter(name: "Rex"))
        }
        XCTAssertEqual(request.query, "filter%5Bname%5D=Rex")
    }

    func testCreatePetSendsTheJSONHeaderAndDecodesThePet() async throws {
        let (result, request) = try await exchange(
            "POST", "/api/pets", status: 201, body: #"{"id": 7, "name": "Rex"}"#
        ) {
            await pets.createPet(createPetRequest: CreatePetRequest(name: "Rex"), xExtraArguments: CodeError(code: 42))
        }
        XCTAssertEqual(try result.get().value, Pet(id: 7, name: "Rex"))
        XCTAssertEqual(request.headers["x-extra-arguments"], #"{"code":42}"#)
        XCTAssertEqual(request.body, #"{"name":"Rex"}"#)
    }

    func testCreatePetWithoutTheArgumentsSendsNoHeader() async throws {
        let (_, request) = try await exchange("POST", "/api/pets", status: 201, body: #"{"id": 7, "name": "Rex"}"#) {
            await pets.createPet(createPetRequest: CreatePetRequest(name: "Rex"))
        }
        XCTAssertNil(request.headers["x-extra-arguments"])
    }
}
