import Foundation
import ReferencePetstore
import RepogenRuntime
import RepogenTestSupport
import TestServer
import XCTest

/// Issue 34 (models) on the wire: no operation of the reference document carries its recursive and
/// `additionalProperties` schemas, so these tests send the generated models through the runtime as a request's JSON
/// body to the loopback server and decode the server's answer as them: what the server receives is the JSON the
/// document describes (every level, every extra key), and what the server sends decodes into the same value.
final class ReferencePetstoreModelsServerTests: ReferencePetstoreTestCase {
    /// POST /api/models with `body` as the JSON body.
    struct Post: RequestType {
        var body: any Encodable & Sendable
        var param: Encodable? { body }
        var method: RequestMethod { .post }
        var header: HTTPHeaderType { .json }
        var path: String { "/models" }
    }

    var manager: NetworkManager {
        NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL.appendingPathComponent("api")))
    }

    /// Sends `value`, answers with `answer`, and returns the decoded answer with the JSON the server received.
    func echo<T: Codable & Sendable>(_ value: T, answer: String) async throws -> (T, Any) {
        try await server.reset()
        try await server.route([.init("POST", "/api/models", body: answer, headers: ["Content-Type": "application/json"])])
        let result: Result<T, Error> = await manager.request(requestType: Post(body: value))
        let requests = try await server.requests()
        XCTAssertEqual(requests.count, 1)
        let received = try JSONSerialization.jsonObject(with: Data(try XCTUnwrap(requests.first).body.utf8))
        return (try result.get(), received)
    }

    func json(_ text: String) throws -> NSDictionary {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
    }

    func testARecursivePetThreeLevelsDeepBothWays() async throws {
        let pet = RecursivePet(name: "a", parent: RecursivePet(name: "b", parent: RecursivePet(name: "c", parent: RecursivePet(name: "d"))))
        let answer = #"{"name":"x","parent":{"name":"y","parent":{"name":"z"}}}"#
        let (decoded, received) = try await echo(pet, answer: answer)
        XCTAssertEqual(received as? NSDictionary, try json(#"{"name":"a","parent":{"name":"b","parent":{"name":"c","parent":{"name":"d"}}}}"#))
        XCTAssertEqual(decoded, RecursivePet(name: "x", parent: RecursivePet(name: "y", parent: RecursivePet(name: "z"))))
    }

    func testARecursionThroughANestedObjectBothWays() async throws {
        let pet = RecursivePetNested(name: "a", parent: RecursivePetNestedParent(nested: RecursivePetNested(name: "b")))
        let (decoded, received) = try await echo(pet, answer: #"{"name":"x","parent":{"nested":{"name":"y","parent":{"nested":{"name":"z"}}}}}"#)
        XCTAssertEqual(received as? NSDictionary, try json(#"{"name":"a","parent":{"nested":{"name":"b"}}}"#))
        XCTAssertEqual(decoded.parent?.nested.parent?.nested.name, "z")
    }

    func testTypedAdditionalPropertiesBothWays() async throws {
        let value = TypedAdditionalProperties(foo: "f", additionalProperties: ["a": 1, "b": 2])
        let (decoded, received) = try await echo(value, answer: #"{"foo":"g","x":7,"y":8}"#)
        XCTAssertEqual(received as? NSDictionary, try json(#"{"foo":"f","a":1,"b":2}"#))
        XCTAssertEqual(decoded, TypedAdditionalProperties(foo: "g", additionalProperties: ["x": 7, "y": 8]))
    }

    func testAnyAdditionalPropertiesBothWays() async throws {
        let value = AnyAdditionalProperties(foo: "f", additionalProperties: ["n": .number(1), "s": .string("t")])
        let (decoded, received) = try await echo(value, answer: #"{"o":{"k":[true,null]}}"#)
        XCTAssertEqual(received as? NSDictionary, try json(#"{"foo":"f","n":1,"s":"t"}"#))
        XCTAssertNil(decoded.foo)
        XCTAssertEqual(decoded.additionalProperties["o"], .object(["k": .array([.bool(true), .null])]))
    }
}
