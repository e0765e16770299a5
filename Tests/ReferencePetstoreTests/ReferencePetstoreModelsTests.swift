import Foundation
import ReferencePetstore
import RepogenRuntime
import XCTest

/// Issue 34 (models): the reference document's `additionalProperties` beside properties keep every other key, and
/// recursive schemas are recursive types. No operation of the document carries these schemas, so each is decoded
/// from the JSON the document describes and encoded back with the runtime's own coders, byte for byte.
final class ReferencePetstoreModelsTests: XCTestCase {
    let decoder = NetworkConfiguration().makeDecoder()
    let encoder = NetworkConfiguration().makeEncoder()

    func roundTrip<T: Codable & Equatable>(_ type: T.Type, _ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> T {
        let value = try decoder.decode(T.self, from: Data(json.utf8))
        let encoded = String(decoding: try encoder.encode(value), as: UTF8.self)
        XCTAssertEqual(encoded, json, "encoded back", file: file, line: line)
        XCTAssertEqual(try decoder.decode(T.self, from: Data(encoded.utf8)), value, file: file, line: line)
        return value
    }

    // MARK: additionalProperties

    func testTypedAdditionalPropertiesKeepEveryOtherKeyAsItsType() throws {
        let value = try roundTrip(TypedAdditionalProperties.self, #"{"a":1,"b":-2,"foo":"x"}"#)
        XCTAssertEqual(value.foo, "x")
        XCTAssertEqual(value.additionalProperties, ["a": 1, "b": -2])
        // Only the other keys: without any, the dictionary is empty.
        XCTAssertEqual(try roundTrip(TypedAdditionalProperties.self, #"{"foo":"x"}"#).additionalProperties, [:])
        // A value that is not the type's is a decoding error, as a field's would be.
        XCTAssertThrowsError(try decoder.decode(TypedAdditionalProperties.self, from: Data(#"{"a":"one"}"#.utf8)))
    }

    func testAnyAdditionalPropertiesKeepAnyValue() throws {
        let value = try roundTrip(AnyAdditionalProperties.self, #"{"foo":"x","list":[1,true,null],"nested":{"k":"v"}}"#)
        XCTAssertEqual(value.foo, "x")
        XCTAssertEqual(value.additionalProperties["nested"], .object(["k": .string("v")]))
        XCTAssertEqual(value.additionalProperties.count, 2)
    }

    func testAPropertyNamedContainerIsAFieldBesideTheOtherKeys() throws {
        let value = try roundTrip(TypedAdditionalPropertiesWithPropertyNamedContainer.self, #"{"container":"box","count":3}"#)
        XCTAssertEqual(value.container, "box")
        XCTAssertEqual(value.additionalProperties, ["count": 3])
    }

    func testAnAdditionalKeyNamedLikeAFieldIsNotEncodedTwice() throws {
        let value = TypedAdditionalProperties(foo: "x", additionalProperties: ["foo": 1, "z": 2])
        XCTAssertEqual(String(decoding: try encoder.encode(value), as: UTF8.self), #"{"foo":"x","z":2}"#)
    }

    func testNoAdditionalPropertiesDropsOtherKeys() throws {
        let value = try decoder.decode(NoAdditionalProperties.self, from: Data(#"{"foo":"x","a":1}"#.utf8))
        XCTAssertEqual(String(decoding: try encoder.encode(value), as: UTF8.self), #"{"foo":"x"}"#)
    }
}
