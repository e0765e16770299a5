import Foundation
import ReferencePetstore
import RepogenRuntime
import RepogenTestSupport
import TestServer
import XCTest

/// The document's error responses (`errors` in the imported specs): a declared status's body reaches the app decoded
/// in `NetworkError.errorResponse`, with the response's headers and bytes; a body that does not decode as declared is
/// `.undecodableErrorResponse` with the bytes; a status the document does not declare is `.server` as before.
final class ReferencePetstoreErrorBodyTests: ReferencePetstoreTestCase {
    let request = CreatePetRequest(name: "Rex")

    func testCreatePetAnswered400GivesTheTypedBadRequestAndItsXReason() async throws {
        let (result, sent) = try await exchange(
            "POST", "/api/pets", status: 400, body: #"{"code": 1}"#,
            headers: ["Content-Type": "application/json", "X-Reason": "name taken"]
        ) { await pets.createPet(createPetRequest: request) }
        XCTAssertEqual(sent.method, "POST")
        XCTAssertEqual(sent.body, #"{"name":"Rex"}"#)
        guard case .errorResponse(let response)? = result.failure as? NetworkError else { return XCTFail("\(result)") }
        XCTAssertEqual(response.status, 400)
        XCTAssertEqual(response.body(as: ErrorBadRequest.self), ErrorBadRequest(code: 1))
        XCTAssertEqual(response.header("X-Reason"), "name taken")
        XCTAssertEqual(response.data, Data(#"{"code": 1}"#.utf8))
    }

    func testListPetsDefaultAnswered500GivesTheTypedErrorModel() async throws {
        let body = #"{"code": 42, "me$sage": "storage offline", "extraInfo": "retry", "userData": {"shard": 3}}"#
        let (result, _) = try await exchange("GET", "/api/pets", status: 500, body: body) { await pets.listPets(filter: ListPetsFilter(name: "Rex")) }
        guard case .errorResponse(let response)? = result.failure as? NetworkError else { return XCTFail("\(result)") }
        XCTAssertEqual(response.status, 500)
        XCTAssertEqual(
            response.body(as: ErrorModel.self),
            ErrorModel(code: 42, meSage: "storage offline", extraInfo: "retry", userData: ["shard": .number(3)]))
    }

    func testUpdatePetAnswered400GivesItsInlineMessage() async throws {
        let (result, sent) = try await exchange("PATCH", "/api/pets/7", status: 400, body: #"{"message": "no"}"#) {
            await other.updatePet(petId: 7, body: UpdatePetRequest(name: "Max"))
        }
        XCTAssertEqual(sent.body, #"{"name":"Max"}"#)
        guard case .errorResponse(let response)? = result.failure as? NetworkError else { return XCTFail("\(result)") }
        XCTAssertEqual(response.body(as: UpdatePetError400.self), UpdatePetError400(message: "no"))
    }

    func testAvatarErrorsAreTextAndAJSONString() async throws {
        let (plain, _) = try await exchange(
            "PUT", "/api/pets/7/avatar", status: 500, body: "disk full", headers: ["Content-Type": "text/plain"]
        ) { await other.uploadAvatarForPet(petId: 7, content: Data([1, 2])) }
        guard case .errorResponse(let text)? = plain.failure as? NetworkError else { return XCTFail("\(plain)") }
        XCTAssertEqual(text.body(as: String.self), "disk full")
        let (json, _) = try await exchange("PUT", "/api/pets/7/avatar", status: 412, body: #""too large""#) {
            await other.uploadAvatarForPet(petId: 7, content: Data([1, 2]))
        }
        guard case .errorResponse(let string)? = json.failure as? NetworkError else { return XCTFail("\(json)") }
        XCTAssertEqual(string.body(as: String.self), "too large")
    }

    func testAnUndeclaredStatusIsTheServerErrorAsBefore() async throws {
        // createPet declares 4XX only: a 503 is not one of its error bodies.
        let (result, _) = try await exchange("POST", "/api/pets", status: 503, body: #"{"code": 1}"#) {
            await pets.createPet(createPetRequest: request)
        }
        guard case .server(503, nil, nil, let body)? = result.failure as? NetworkError else { return XCTFail("\(result)") }
        XCTAssertEqual(body, Data(#"{"code": 1}"#.utf8))
    }

    func testADeclaredStatusWhoseBodyDoesNotDecodeKeepsTheBytesAndWhy() async throws {
        let (result, _) = try await exchange("POST", "/api/pets", status: 422, body: #"{"code": "one"}"#) {
            await pets.createPet(createPetRequest: request)
        }
        guard case .undecodableErrorResponse(422, let failure, let body)? = result.failure as? NetworkError else {
            return XCTFail("\(result)")
        }
        XCTAssertEqual(failure.codingPath, "code")
        XCTAssertEqual(body, Data(#"{"code": "one"}"#.utf8))
    }

    func testTheMockAnswersWithTheTypedError() async {
        let mock = MockPetsRepository()
        mock.createPetMock.result = .failure(
            NetworkError.errorResponse(ErrorResponse(status: 400, body: ErrorBadRequest(code: 2))))
        guard case .failure(NetworkError.errorResponse(let response)) = await mock.createPet(createPetRequest: request) else {
            return XCTFail("not the stubbed error")
        }
        XCTAssertEqual(response.body(as: ErrorBadRequest.self)?.code, 2)
    }
}

extension Result {
    /// The error of a failure; nil for a success.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
