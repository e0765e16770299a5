import Foundation
import ImportedPetstore
import RepogenRuntime
import RepogenTestSupport
import TestServer
import XCTest

/// The specs `repogen import` made of Tests/OpenAPIDocuments/petstore.yaml, generated and run against a loopback
/// server: the requests are what the OpenAPI document describes, and the responses it describes decode.
final class ImportedPetstoreServerTests: XCTestCase {
    var server: TestServer!
    var pets: PetsRepositoryImpl!
    var store: StoreRepositoryImpl!

    override func setUp() async throws {
        server = try TestServer.startOrSkip()
        // The document's server is https://petstore.example.com/v1, and its auth a bearer token.
        var configuration = NetworkConfiguration(baseURL: server.baseURL.appendingPathComponent("v1"))
        configuration.authScheme = .bearer
        configuration.authToken = { "secret" }
        let manager = NetworkManager(configuration: configuration)
        pets = PetsRepositoryImpl(manager: manager)
        store = StoreRepositoryImpl(manager: manager)
    }

    override func tearDown() {
        server?.stop()
    }

    func exchange<T>(
        _ method: String, _ path: String, status: Int = 200, body: String = "",
        headers: [String: String] = ["Content-Type": "application/json"], _ call: () async -> Result<T, Error>
    ) async throws -> (T, TestServer.Request) {
        try await server.reset()
        try await server.route([.init(method, path, status: status, body: body, headers: headers)])
        let value = try await call().get()
        let requests = try await server.requests()
        XCTAssertEqual(requests.count, 1)
        let request = try XCTUnwrap(requests.first)
        XCTAssertEqual(request.headers["authorization"], "Bearer secret")
        return (value, request)
    }

    func testListPetsSendsTheQueryAndDecodesTheArrayAllOfAndEnum() async throws {
        let body = #"[{"id": 1, "name": "Rex", "tag": null, "status": "available", "owner": {"name": "Kim"}, "children": [{"id": 2, "name": "Pup"}], "parent": {"id": 0, "name": "Old"}}]"#
        let (response, request) = try await exchange(
            "GET", "/v1/pets", body: body, headers: ["Content-Type": "application/json", "x-next": "/v1/pets?page=2"]
        ) {
            await pets.listPets(limit: 20, status: [.available, .notForSale], tags: ["a", "b"])
        }
        // The document declares the `x-next` response header: the call returns it with the value.
        XCTAssertEqual(response.header("X-Next"), "/v1/pets?page=2")
        let list = response.value
        // Each array as its parameter says, on the same request, over the manager's comma default: `status` is
        // OpenAPI's default (form, exploded: the key repeated), `tags` has `explode: false` (joined with commas).
        XCTAssertEqual(request.query, "limit=20&status=available&status=NOT_FOR_SALE&tags=a,b")
        XCTAssertEqual(list.count, 1)
        XCTAssertEqual(list[0].id, 1)
        XCTAssertEqual(list[0].status, .available)
        XCTAssertEqual(list[0].owner?.name, "Kim")
        XCTAssertEqual(list[0].children?.first?.name, "Pup")
        // The recursive field is the model itself (boxed in the struct), decoded as any other field.
        XCTAssertEqual(list[0].parent?.name, "Old")
        XCTAssertEqual(list[0].parent?.id, 0)
        XCTAssertNil(list[0].parent?.parent)
    }

    func testCreateSendsTheBodyAndDecodesTheCreatedPet() async throws {
        let (pet, request) = try await exchange("POST", "/v1/pets", status: 201, body: #"{"id": 7, "name": "Rex", "default": true}"#) {
            await pets.createPets(newPet: NewPet(name: "Rex", tag: "dog"))
        }
        XCTAssertEqual(pet, Pet(name: "Rex", default: true, id: 7))
        let sent = try JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any]
        XCTAssertEqual(sent?["name"] as? String, "Rex")
        XCTAssertEqual(sent?["tag"] as? String, "dog")
    }

    func testPathAndHeaderParametersAndAnEmptyResponse() async throws {
        let id = UUID()
        let (pet, request) = try await exchange("GET", "/v1/pets/42", body: #"{"id": 42, "name": "Rex"}"#) {
            await pets.showPetById(petId: 42, xRequestID: id)
        }
        XCTAssertEqual(pet.id, 42)
        XCTAssertEqual(request.headers["x-request-id"], id.uuidString)
        let (_, deleted) = try await exchange("DELETE", "/v1/pets/42", status: 204) { await pets.deletePet(petId: 42) }
        XCTAssertEqual(deleted.method, "DELETE")
    }

    /// updatePet declares an optional If-Match, a merge-patch body, a versioned response media type and an ETag.
    func testTheHeadersTheOperationDeclaresAreOnTheWire() async throws {
        let answer = #"{"id": 42, "name": "Rex"}"#
        let etag = ["Content-Type": "application/vnd.petstore.pet+json;version=2", "ETag": "\"r2\""]
        let (updated, request) = try await exchange("PATCH", "/v1/pets/42", body: answer, headers: etag) {
            await pets.updatePet(petId: 42, newPet: NewPet(name: "Rex"), ifMatch: "\"r1\"")
        }
        XCTAssertEqual(request.headers["accept"], "application/vnd.petstore.pet+json;version=2")
        XCTAssertEqual(request.headers["content-type"], "application/merge-patch+json")
        XCTAssertEqual(request.headers["if-match"], "\"r1\"")
        XCTAssertEqual(updated.value.id, 42)
        XCTAssertEqual(updated.header("etag"), "\"r2\"")
        let sent = try JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any]
        XCTAssertEqual(sent?["name"] as? String, "Rex")

        // Without a revision, no If-Match at all: not an empty one, not "nil".
        let (_, unconditional) = try await exchange("PATCH", "/v1/pets/42", body: answer, headers: etag) {
            await pets.updatePet(petId: 42, newPet: NewPet(name: "Rex"), ifMatch: nil)
        }
        XCTAssertNil(unconditional.headers["if-match"], "\(unconditional.headers)")
        XCTAssertEqual(unconditional.headers["accept"], "application/vnd.petstore.pet+json;version=2")

        // An operation that declares plain JSON still asks for it.
        let (_, plain) = try await exchange("GET", "/v1/pets/42", body: answer) {
            await pets.showPetById(petId: 42, xRequestID: UUID())
        }
        XCTAssertEqual(plain.headers["accept"], "application/json")
    }

    /// movePet sends its query parameters (dryRun, a repeated notify) in the URL and the pet as the JSON body.
    func testQueryParametersBesideAJSONBodyAreInTheURLOfTheSameRequest() async throws {
        let (_, request) = try await exchange("POST", "/v1/pets/42/moves", status: 204) {
            await pets.movePet(petId: 42, newPet: NewPet(name: "Rex"), dryRun: true, notify: ["a b", "c"])
        }
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.query, "dryRun=true&notify=a%20b&notify=c")
        XCTAssertEqual(request.headers["content-type"], "application/json")
        let sent = try JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any]
        XCTAssertEqual(sent?["name"] as? String, "Rex")
        XCTAssertNil(sent?["dryRun"], "the query parameters are not in the body: \(request.body)")

        // An optional query parameter that is nil is left out; the required one is still sent.
        let (_, plain) = try await exchange("POST", "/v1/pets/42/moves", status: 204) {
            await pets.movePet(petId: 42, newPet: NewPet(name: "Rex"), dryRun: false)
        }
        XCTAssertEqual(plain.query, "dryRun=false")
    }

    /// The pairs of a urlencoded form, decoded as a server's form parser does (`+` is a space, then `%XX`): an
    /// independent reading of the bytes the client sent.
    func formPairs(_ body: String) -> [(String, String)] {
        body.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "<bad>"
            }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }

    /// createToken: an OAuth 2 token endpoint's urlencoded form (`body: form`), its scope space-delimited as its
    /// encoding says; the JSON token decodes.
    func testAnOAuthTokenRequestIsAURLEncodedForm() async throws {
        let tokenBody = #"{"access_token": "abc", "token_type": "Bearer", "expires_in": 3600}"#
        let (token, request) = try await exchange("POST", "/v1/oauth/token", body: tokenBody) {
            await store.createToken(tokenRequest: TokenRequest(
                grantType: .clientCredentials, clientId: "app.ios", clientSecret: "s3cr+t&=/ é", scope: ["read:pets", "write:pets"]))
        }
        XCTAssertEqual(token, Token(accessToken: "abc", tokenType: "Bearer", expiresIn: 3600))
        XCTAssertEqual(request.headers["content-type"], "application/x-www-form-urlencoded")
        XCTAssertEqual(request.query, "")
        XCTAssertEqual(
            request.body,
            "client_id=app.ios&client_secret=s3cr%2Bt%26%3D%2F+%C3%A9&grant_type=client_credentials&scope=read%3Apets+write%3Apets")
        let pairs = formPairs(request.body)
        XCTAssertEqual(pairs.map(\.0), ["client_id", "client_secret", "grant_type", "scope"])
        XCTAssertEqual(pairs.map(\.1), ["app.ios", "s3cr+t&=/ é", "client_credentials", "read:pets write:pets"])
    }

    /// updatePetWithForm: a form with the path's id, an enum and two arrays, each in its encoding's style (tags the
    /// default, repeated; nicknames `explode: false`, joined with commas); nil optionals are left out.
    func testAFormUpdateSendsItsArraysInTheirStyles() async throws {
        let (_, request) = try await exchange("POST", "/v1/pets/7/form", status: 204) {
            await pets.updatePetWithForm(
                petId: 7, body: UpdatePetWithFormRequest(name: "Rex Jr", status: .notForSale, tags: ["a b", "ü&"], nicknames: ["x", "y"]))
        }
        XCTAssertEqual(request.headers["content-type"], "application/x-www-form-urlencoded")
        XCTAssertEqual(request.body, "name=Rex+Jr&nicknames=x%2Cy&status=NOT_FOR_SALE&tags=a+b&tags=%C3%BC%26")
        XCTAssertEqual(formPairs(request.body).map { "\($0.0)=\($0.1)" }, ["name=Rex Jr", "nicknames=x,y", "status=NOT_FOR_SALE", "tags=a b", "tags=ü&"])
        let (_, bare) = try await exchange("POST", "/v1/pets/7/form", status: 204) {
            await pets.updatePetWithForm(petId: 7, body: UpdatePetWithFormRequest(name: "Rex"))
        }
        XCTAssertEqual(bare.body, "name=Rex")
    }

    func testMultipartUpload() async throws {
        let file = UploadFile(data: Data("png".utf8), fileName: "rex.png", contentType: "image/png")
        let (_, request) = try await exchange("POST", "/v1/pets/42/photo") {
            await pets.uploadPhoto(petId: 42, file: file, caption: "Rex")
        }
        let parts = try XCTUnwrap(request.parts)
        XCTAssertEqual(Set(parts.compactMap(\.name)), ["file", "caption"])
        XCTAssertEqual(parts.first { $0.name == "file" }?.filename, "rex.png")
        XCTAssertEqual(parts.first { $0.name == "caption" }?.text, "Rex")
    }

    func testInlineBodyWithRenamedKeysAndADictionaryResponse() async throws {
        let (order, request) = try await exchange("POST", "/v1/store/orders", body: #"{"id": 1, "pet": "Rex", "complete": false}"#) {
            await store.postStoreOrders(body: PostStoreOrdersRequest(petId: 42, quantity: 2, shipDate: Date(timeIntervalSince1970: 0)))
        }
        XCTAssertEqual(order.pet, .string("Rex"), "a oneOf of a pet or a string is a union: the string case")
        let sent = try JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any]
        XCTAssertEqual(sent?["ship_date"] as? String, "1970-01-01T00:00:00Z")
        XCTAssertEqual(sent?["petId"] as? Int, 42)
        let (inventory, _) = try await exchange("GET", "/v1/store/inventory", body: #"{"available": 3, "sold": 1}"#) {
            await store.getInventory()
        }
        XCTAssertEqual(inventory, ["available": 3, "sold": 1])
    }

    /// ContactMethod is a oneOf with a discriminator and a mapping: each item decodes as the case its `type` names,
    /// phone and email in one list, and a value sent as the body is the variant's own JSON.
    func testAUnionWithADiscriminatorDecodesEveryVariantAndIsSentAsItsPayload() async throws {
        let body = #"[{"type": "phone", "number": "+82 10 1234"}, {"type": "email", "address": "kim@example.com"}]"#
        let (contacts, request) = try await exchange("GET", "/v1/pets/42/contacts", body: body) {
            await pets.listOwnerContacts(petId: 42)
        }
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(contacts, [
            .phone(PhoneContact(type: "phone", number: "+82 10 1234")),
            .email(EmailContact(type: "email", address: "kim@example.com")),
        ])

        let stored = #"{"type": "email", "address": "kim@example.com"}"#
        let (added, sent) = try await exchange("POST", "/v1/pets/42/contacts", status: 201, body: stored) {
            await pets.addOwnerContact(petId: 42, contactMethod: .email(EmailContact(type: "email", address: "kim@example.com")))
        }
        XCTAssertEqual(added, .email(EmailContact(type: "email", address: "kim@example.com")))
        let object = try JSONSerialization.jsonObject(with: Data(sent.body.utf8)) as? [String: Any]
        XCTAssertEqual(object?.keys.sorted(), ["address", "type"], "the payload alone, not wrapped in its case: \(sent.body)")
        XCTAssertEqual(object?["type"] as? String, "email")
        XCTAssertEqual(object?["address"] as? String, "kim@example.com")

        // A tag no case has is a decoding error that names it and the union.
        try await server.reset()
        try await server.route([.init("GET", "/v1/pets/42/contacts", body: #"[{"type": "fax", "number": "1"}]"#)])
        let failed = await pets.listOwnerContacts(petId: 42)
        guard case .failure(let error) = failed else { return XCTFail("a fax contact decoded: \(failed)") }
        XCTAssertTrue("\(error)".contains("fax") && "\(error)".contains("ContactMethod"), "\(error)")
    }

    /// Without a discriminator, each value is the first variant that decodes: inline variants (Ball, Rope) are models
    /// of their own, and Order.pet is a Pet or a string.
    func testAUnionWithoutADiscriminatorDecodesTheVariantThatFits() async throws {
        let body = #"[{"diameter": 6.5}, {"length": 120, "knots": 3}]"#
        let (toys, _) = try await exchange("GET", "/v1/pets/42/toys", body: body) { await pets.listToys(petId: 42) }
        XCTAssertEqual(toys, [
            .ball(ListToysResponseItemBall(diameter: 6.5)),
            .rope(ListToysResponseItemRope(length: 120, knots: 3)),
        ])

        let (order, _) = try await exchange("POST", "/v1/store/orders", body: #"{"id": 2, "pet": {"id": 9, "name": "Rex"}}"#) {
            await store.postStoreOrders(body: PostStoreOrdersRequest(petId: 9, quantity: 1))
        }
        guard case .pet(let pet)? = order.pet else { return XCTFail("the pet object is not the Pet case: \(String(describing: order.pet))") }
        XCTAssertEqual(pet.id, 9)
        XCTAssertEqual(pet.name, "Rex")

        // Scalars: a string or an integer, each its own case.
        let (text, _) = try await exchange("GET", "/v1/pets/42/microchip", body: #""985-112""#) { await pets.getMicrochip(petId: 42) }
        XCTAssertEqual(text, .string("985-112"))
        let (number, _) = try await exchange("GET", "/v1/pets/42/microchip", body: "985112") { await pets.getMicrochip(petId: 42) }
        XCTAssertEqual(number, .int64(985112))

        // A value that is none of them is a decoding error.
        try await server.reset()
        try await server.route([.init("GET", "/v1/pets/42/toys", body: #"[{"weight": 1}]"#)])
        let failed = await pets.listToys(petId: 42)
        guard case .failure = failed else { return XCTFail("a toy of neither form decoded: \(failed)") }
    }

    /// The auth schemes OpenAPI security schemes map to: basic, an API key in a header, an API key in the query.
    func testAuthSchemes() async throws {
        for (scheme, check) in [
            (NetworkConfiguration.AuthScheme.basic, { (request: TestServer.Request) in
                XCTAssertEqual(request.headers["authorization"], "Basic secret")
            }),
            (.header("X-API-Key"), { request in
                XCTAssertEqual(request.headers["x-api-key"], "secret")
                XCTAssertNil(request.headers["authorization"])
            }),
            (.query("api_key"), { request in
                XCTAssertEqual(request.query, "limit=1&api_key=secret")
                XCTAssertNil(request.headers["authorization"])
            }),
        ] {
            var configuration = NetworkConfiguration(baseURL: server.baseURL.appendingPathComponent("v1"))
            configuration.authScheme = scheme
            configuration.authToken = { "secret" }
            let repository = PetsRepositoryImpl(manager: NetworkManager(configuration: configuration))
            try await server.reset()
            try await server.route([.init("GET", "/v1/pets", body: "[]")])
            _ = try await repository.listPets(limit: 1, status: nil, tags: nil).get()
            let requests = try await server.requests()
            check(try XCTUnwrap(requests.first))
        }
    }

    func testJSONValueRoundTrips() throws {
        let text = #"{"a":[1,2.5,"x",true,null],"b":{"c":"d"}}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        XCTAssertEqual(value["b"]?["c"]?.stringValue, "d")
        XCTAssertEqual(value["a"], .array([.number(1), .number(2.5), .string("x"), .bool(true), .null]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(try JSONDecoder().decode(JSONValue.self, from: encoder.encode(value)), value)
    }
}
