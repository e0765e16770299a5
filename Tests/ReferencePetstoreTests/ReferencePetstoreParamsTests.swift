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

/// The reference document's `servers`: `PetsServers` builds each URL, the variables' defaults and enum values in
/// place, and a URL it builds is where the requests go.
final class ReferencePetstoreServersTests: ReferencePetstoreTestCase {
    func testTheServersBuildTheirURLs() throws {
        XCTAssertEqual(try PetsServers.server1().absoluteString, "https://example.com/api")
        XCTAssertEqual(try PetsServers.server3().absoluteString, "https://test.example.com:443/v1")
        XCTAssertEqual(
            try PetsServers.server3(protocol: "http", subdomain: "eu", port: ._8443, basePath: "v2").absoluteString,
            "http://eu.example.com:8443/v2")
        XCTAssertEqual(PetsServers.Server3Port.allCases.map(\.rawValue), ["443", "8443"])
        XCTAssertThrowsError(try PetsServers.server3(subdomain: "evil.com/"))
        XCTAssertEqual(try DefaultServers.server1(), try PetsServers.server1())
    }

    func testARelativeServerResolvedAgainstTheHostIsWhereRequestsGo() async throws {
        // `/api` is relative to where the document is served: here, the loopback server.
        let base = try XCTUnwrap(URL(string: try PetsServers.server2().relativeString, relativeTo: server.baseURL)?.absoluteURL)
        XCTAssertEqual(base.absoluteString, server.baseURL.absoluteString + "/api")
        pets = PetsRepositoryImpl(manager: NetworkManager(configuration: NetworkConfiguration(baseURL: base)))
        let (result, request) = try await exchange("GET", "/api/pets", body: "[]") {
            await pets.listPets(filter: ListPetsFilter(name: "Rex"))
        }
        XCTAssertEqual(try result.get().value, [])
        XCTAssertEqual(request.path, "/api/pets")
    }
}
