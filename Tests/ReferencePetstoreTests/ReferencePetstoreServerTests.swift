import Foundation
import ReferencePetstore
import RepogenRuntime
import RepogenTestSupport
import TestServer
import XCTest

/// The specs `repogen import` made of swift-openapi-generator's reference document (Tests/ReferencePetstore), run
/// against the loopback server: what the server receives is what the document describes, and what the document says
/// the server answers decodes. Each construct's tests are in their own file beside this one.
class ReferencePetstoreTestCase: XCTestCase {
    var server: TestServer!
    var pets: PetsRepositoryImpl!
    var other: DefaultRepositoryImpl!

    override func setUp() async throws {
        server = try TestServer.startOrSkip()
        let manager = NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL.appendingPathComponent("api")))
        pets = PetsRepositoryImpl(manager: manager)
        other = DefaultRepositoryImpl(manager: manager)
    }

    override func tearDown() {
        server?.stop()
    }

    /// Answers the next request to `method path` with `status`, `body` and `headers`, runs `call`, and returns its
    /// result with the one request the server received.
    func exchange<T>(
        _ method: String, _ path: String, status: Int = 200, body: String = "",
        headers: [String: String] = ["Content-Type": "application/json"], _ call: () async -> Result<T, Error>
    ) async throws -> (Result<T, Error>, TestServer.Request) {
        try await server.reset()
        try await server.route([.init(method, path, status: status, body: body, headers: headers)])
        let result = await call()
        let requests = try await server.requests()
        XCTAssertEqual(requests.count, 1)
        return (result, try XCTUnwrap(requests.first))
    }
}

final class ReferencePetstoreServerTests: ReferencePetstoreTestCase {
    func testListPetsSendsTheQueryAndDecodesThePets() async throws {
        let (result, request) = try await exchange("GET", "/api/pets", body: #"[{"id": 1, "name": "Rex", "kind": "dog"}]"#) {
            await pets.listPets(
                limit: 10, habitat: .water, feeds: [.omnivore, .carnivore], myRequestUUID: nil, sort: nil,
                filter: ListPetsFilter(name: "Rex"), since: nil, jsonFilters: nil)
        }
        let list = try result.get().value
        XCTAssertEqual(request.path, "/api/pets")
        XCTAssertEqual(request.query, "feeds=omnivore&feeds=carnivore&filter%5Bname%5D=Rex&habitat=water&limit=10")
        XCTAssertEqual(list.first?.name, "Rex")
        XCTAssertEqual(list.first?.kind, .dog)
    }
}
