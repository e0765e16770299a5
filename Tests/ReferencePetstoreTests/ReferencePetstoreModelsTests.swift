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

    // MARK: Recursive types

    func testARecursivePetDecodesAndEncodesThreeLevelsDeep() throws {
        let json = #"{"name":"a","parent":{"name":"b","parent":{"name":"c","parent":{"name":"d"}}}}"#
        let pet = try roundTrip(RecursivePet.self, json)
        XCTAssertEqual(pet.parent?.parent?.parent?.name, "d")
        XCTAssertNil(pet.parent?.parent?.parent?.parent)
        XCTAssertEqual(
            pet,
            RecursivePet(name: "a", parent: RecursivePet(name: "b", parent: RecursivePet(name: "c", parent: RecursivePet(name: "d")))))
        // A null parent is nil, and nil is not encoded, as for any optional field.
        let orphan = try decoder.decode(RecursivePet.self, from: Data(#"{"name":"e","parent":null}"#.utf8))
        XCTAssertNil(orphan.parent)
        XCTAssertEqual(String(decoding: try encoder.encode(orphan), as: UTF8.self), #"{"name":"e"}"#)
        // A value: the copy's parent set anew leaves the original as it was; equality compares the whole chain.
        var copy = pet
        copy.parent?.parent?.name = "changed"
        XCTAssertEqual(pet.parent?.parent?.name, "c")
        XCTAssertNotEqual(copy, pet)
        // A required key missing deep down is still a decoding error.
        XCTAssertThrowsError(try decoder.decode(RecursivePet.self, from: Data(#"{"name":"a","parent":{"parent":{"name":"c"}}}"#.utf8)))
    }

    func testARecursionThroughANestedObjectDecodesAndEncodes() throws {
        let json = #"{"name":"a","parent":{"nested":{"name":"b","parent":{"nested":{"name":"c","parent":{"nested":{"name":"d"}}}}}}}"#
        let pet = try roundTrip(RecursivePetNested.self, json)
        XCTAssertEqual(pet.parent?.nested.parent?.nested.parent?.nested.name, "d")
        XCTAssertEqual(
            pet.parent?.nested,
            RecursivePetNested(
                name: "b", parent: RecursivePetNestedParent(nested: RecursivePetNested(
                    name: "c", parent: RecursivePetNestedParent(nested: RecursivePetNested(name: "d"))))))
    }

    func testARecursionThroughAllOfDecodesAndEncodes() throws {
        let pet = try roundTrip(RecursivePetAllOf.self, #"{"parent":{"parent":{"parent":{}}}}"#)
        XCTAssertEqual(pet, RecursivePetAllOf(parent: RecursivePetAllOf(parent: RecursivePetAllOf(parent: RecursivePetAllOf()))))
        XCTAssertEqual(try roundTrip(RecursivePetAllOf.self, "{}"), RecursivePetAllOf())
    }

    func testAUnionThatContainsItselfDecodesItsOtherCaseAndEncodesItsOwnAsThePayload() throws {
        // The value is a string: decoding never picks the union's own case (it would read the same value again).
        XCTAssertEqual(try decoder.decode(RecursivePetAnyOf.self, from: Data(#""rex""#.utf8)), .string("rex"))
        XCTAssertEqual(try roundTrip(RecursivePetAnyOf.self, #""rex""#), .string("rex"))
        // The own case, nested three deep, encodes as the string it ends in.
        let wrapped = RecursivePetAnyOf.recursivePetAnyOf(.recursivePetAnyOf(.recursivePetAnyOf(.string("rex"))))
        XCTAssertEqual(String(decoding: try encoder.encode(wrapped), as: UTF8.self), #""rex""#)
        XCTAssertThrowsError(try decoder.decode(RecursivePetAnyOf.self, from: Data("12".utf8)))
    }
}
