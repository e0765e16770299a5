import Foundation
import RepogenCore
import XCTest

/// The check of examples against the decoder it predicts: for every value of every type here, repogen refuses the
/// example exactly when `JSONDecoder`, set up as the runtime's `NetworkConfiguration().makeDecoder()` (ISO 8601
/// dates, the models' own keys), fails to decode it on this platform, except for the forms repogen refuses on purpose
/// because another supported platform's decoder does (a date with fractional seconds, a URL with a space: iOS 16).
/// A form repogen accepts that the decoder here refuses is always a failure.
final class ExampleCheckTests: XCTestCase {
    /// The spec's models, written again as the Swift the generated models are (synthesized `Decodable`).
    struct Box<T: Decodable>: Decodable { var value: T }
    enum Status: String, Decodable { case open = "OPEN", closed = "CLOSED" }
    /// An enum with an `unknown` case decodes any string.
    struct Mode: Decodable {
        init(from decoder: Decoder) throws { _ = try decoder.singleValueContainer().decode(String.self) }
    }
    struct Store: Decodable {
        var storeId: Int
        var openedAt: Date?
        var name: String
        enum CodingKeys: String, CodingKey {
            case storeId = "store_id"
            case openedAt = "opened_at"
            case name
        }
    }
    /// The runtime's `JSONValue` decoding.
    enum AnyJSON: Decodable {
        case null, bool(Bool), number(Double), string(String), array([AnyJSON]), object([String: AnyJSON])
        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let text = try? container.decode(String.self) {
                self = .string(text)
            } else if let items = try? container.decode([AnyJSON].self) {
                self = .array(items)
            } else if let members = try? container.decode([String: AnyJSON].self) {
                self = .object(members)
            } else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
            }
        }
    }

    static let models = #"""
        "Box": { "typeParameters": ["T"], "fields": { "value": "T" } },
        "Status": { "enum": ["OPEN", "CLOSED"] },
        "Mode": { "enum": ["A", "B"], "unknown": "other" },
        "Store": { "fields": { "storeId": { "type": "Int", "json": "store_id" }, "openedAt": { "type": "Date?", "json": "opened_at" }, "name": "String" } }
        """#

    /// The errors repogen reports for `{ "value": json }` as the example of a `Box<type>` response.
    func errors(type: String, json: String) throws -> [String] {
        let text = #"{ "models": { \#(Self.models) }, "endpoints": [{ "name": "fetch", "method": "GET", "path": "/a", "response": "Box<\#(type)>", "example": { "value": \#(json) } }] }"#
        let library = try TemplateSet.builtin.library(templatesPath: nil)
        do {
            _ = try Pipeline.generate(file: SpecFile(path: "box.json", text: text), library: library, options: GenerateOptions())
            return []
        } catch {
            return error.diagnostics.filter { $0.severity == .error }.map(\.description)
        }
    }

    func decodes<T: Decodable>(_ type: T.Type, _ json: String) -> Bool {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return (try? decoder.decode(Box<T>.self, from: Data(#"{ "value": \#(json) }"#.utf8))) != nil
    }

    /// Compares repogen's verdict with the decoder's for each value; `stricter` are the values repogen refuses on
    /// purpose although the decoder here reads them.
    func compare<T: Decodable>(
        _ type: String, as swiftType: T.Type, _ values: [String], stricter: Set<String> = [],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var refusedCount = 0
        for json in values {
            let refused = try !errors(type: type, json: json).isEmpty
            let decoded = decodes(T.self, json)
            if refused { refusedCount += 1 }
            if stricter.contains(json) {
                XCTAssertTrue(refused, "\(type) \(json): repogen should refuse it", file: file, line: line)
                XCTAssertTrue(decoded, "\(type) \(json): the decoder here reads it; take it out of 'stricter'", file: file, line: line)
            } else if refused == decoded {
                XCTFail(
                    "\(type) \(json): repogen \(refused ? "refuses" : "accepts") it, the decoder "
                        + "\(decoded ? "reads" : "refuses") it\(refused ? ": \(try errors(type: type, json: json))" : "")",
                    file: file, line: line)
            }
        }
        XCTAssertGreaterThan(refusedCount, 0, "\(type): no value refused", file: file, line: line)
    }

    static let numbers = [
        "0", "-0", "0.0", "-0.0", "1", "-1", "1.0", "1.5", "-1.5", "1e2", "1E2", "100e-2", "-1.0e0", "0.1", "1e-5",
        "127", "128", "-128", "-129", "255", "256", "65535", "65536", "2147483647", "2147483648", "4294967295",
        "4294967296", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "9.223372036854775807e18", "1.8446744073709551615e19",
        "9007199254740993.0", "4503599627370496.5", "1.00000000000000001", "1e20", "1e-5000", "1e400",
        "12345678901234567890123", "\"1\"", "true", "null", "[1]",
    ]

    func testIntegersAsTheDecoderReadsThem() throws {
        try compare("Int", as: Int.self, Self.numbers)
        try compare("Int8", as: Int8.self, Self.numbers)
        try compare("UInt8", as: UInt8.self, Self.numbers)
        try compare("Int16", as: Int16.self, Self.numbers)
        try compare("UInt32", as: UInt32.self, Self.numbers)
        try compare("Int64", as: Int64.self, Self.numbers)
        try compare("UInt64", as: UInt64.self, Self.numbers)
        try compare("UInt", as: UInt.self, Self.numbers)
    }

    func testFloatingPointNumbersAsTheDecoderReadsThem() throws {
        let floats = Self.numbers + [
            "1e39", "3.4028235e38", "3.4028236e38", "3.4028235677973366e38", "3.40282357e38", "1e-45", "1.4e-45",
            "7e-46", "7.1e-46", "1e-46", "1e-50", "5e-324", "2.4e-324", "2.5e-324", "3e-324", "1e-400",
            "1.7976931348623157e308", "1.7976931348623159e308", "1e309", "16777217", "9007199254740993", "0e400",
            "0.0e-999", "-1e-400",
        ]
        try compare("Float", as: Float.self, floats)
        try compare("Double", as: Double.self, floats)
        try compare("JSONValue", as: AnyJSON.self, floats + [#"{"a": [1, 1e400]}"#, #"[{"b": 1e-400}]"#, #"{"c": [true, "x"]}"#])
    }

    func testDecimalsAsTheDecoderReadsThem() throws {
        try compare("Decimal", as: Decimal.self, Self.numbers + [
            "10e127", "100e126", "1e127", "1e128", "12e127", "0.1e128", "0.01e129", "1000000000000000000000000000000000000000e100",
            "1e165", "1.5e127", "1e-128", "10e-129", "100e-130", "0.1e-127", "0.001e-126", "1.23e-128", "123e-130",
            "12345678901234567890123456789012345678901234567890e-140", "0e-200", "0e200", "-1e127", "1e-129",
            "340282366920938463463374607431768211455", "340282366920938463463374607431768211456",
            "99999999999999999999999999999999999999e127", "999999999999999999999999999999999999999e127",
            "0." + String(repeating: "0", count: 130) + "1", "0." + String(repeating: "0", count: 120) + "1",
        ])
    }

    func testStringsBooleansAndEnums() throws {
        let values = [#""""#, #""a""#, #""OPEN""#, #""open""#, #""ZZZ""#, #""A""#, "5", "true", "false", "1", "null", "[]", "{}"]
        try compare("String", as: String.self, values)
        try compare("Bool", as: Bool.self, values)
        try compare("Status", as: Status.self, values)
        try compare("Mode", as: Mode.self, values)
        try compare("Int?", as: Int?.self, values + ["1", "1.5"])
    }

    func testDatesInTheFormTheDecoderReads() throws {
        let dates = [
            "2024-01-01T00:00:00Z", "2024-01-01T00:00:00+09:00", "2024-01-01T00:00:00-00:00", "2024-01-01T00:00:00+14:00",
            "2024-01-01T00:00:00+18:00", "2024-01-01T00:00:00+18:01", "2024-01-01T00:00:00+17:59", "2024-01-01T00:00:00+19:00",
            "2024-01-01T23:59:59Z", "2024-02-29T00:00:00Z", "1970-01-01T00:00:00Z",
            "2024-01-01", "2024-01-01 00:00:00Z", "2024-01-01t00:00:00z", "2024-13-01T00:00:00Z", "2024-00-01T00:00:00Z",
            "2024-01-32T00:00:00Z", "2024-01-00T00:00:00Z", "2024-01-01T00:00:00", "20240101T000000Z", "2024-01-01T00:00Z",
            " 2024-01-01T00:00:00Z", "2024-01-01T00:00:00.Z", "2024-01-01T00:00:00,5Z",
        ]
        // Read here (swift-foundation, iOS 17 and later), refused before (ISO8601DateFormatter's internet date-time),
        // or read as another date than the one written (February 30th is March 1st).
        let stricter: Set<String> = [
            "2024-01-01T00:00:00.123Z", "2024-01-01T00:00:00+0900", "2024-01-01T00:00:00+09", "2024-02-30T00:00:00Z",
            "2023-02-29T00:00:00Z", "2024-04-31T00:00:00Z", "2024-01-01T24:00:00Z", "2024-01-01T00:60:00Z",
            "2024-01-01T00:00:60Z", "2024-01-01T25:00:00Z", "2024-1-01T00:00:00Z", "2024-01-01T00:00:00Z ",
            "99999-01-01T00:00:00Z", "2024-01-01T00:00:00+00:60",
        ]
        let quoted = { (text: String) in "\"" + text + "\"" }
        try compare(
            "Date", as: Date.self, (dates + stricter.sorted()).map(quoted) + ["0", "null"], stricter: Set(stricter.map(quoted)))
    }

    func testURLsUUIDsAndData() throws {
        let urls = [
            "https://x.com/a", "relative/path", ":", "http://", "https://x.com:99999/", "http://[::1]:80/a", "", "http://[::1",
            "https://x.com:port/", "https://ex ample.com", "mailto:a@b.c", "https://x.com/a?b=c&d=%20#e",
        ]
        // Percent-encoded as they are read here (URL(string:) since iOS 17), refused before.
        let stricter: Set<String> = [
            "a b", "https://x.com/a b", "%", "é", "https://x.com/é", "https://x.com/{a}", "a|b", "https://x.com/%zz",
            "https://x.com/a#b#c", "a^b", "a`b", "a<b>",
        ]
        let quoted = { (text: String) in "\"" + text + "\"" }
        try compare("URL", as: URL.self, (urls + stricter.sorted()).map(quoted) + ["1", "null"], stricter: Set(stricter.map(quoted)))
        try compare("UUID", as: UUID.self, [
            "6F9619FF-8B86-D011-B42D-00C04FC964FF", "6f9619ff-8b86-d011-b42d-00c04fc964ff", "6F9619FF8B86D011B42D00C04FC964FF",
            "{6F9619FF-8B86-D011-B42D-00C04FC964FF}", "6F9619FF-8B86-D011-B42D-00C04FC964F", "6G9619FF-8B86-D011-B42D-00C04FC964FF", "",
        ].map(quoted) + ["1"])
        try compare("Data", as: Data.self, ["aGVsbG8=", "aGVsbG8", "!!", "", "aGVs bG8=", "aGVsbG8=\\n", "YQ==", "YQ=", "YWJj"].map(quoted) + ["1", "[1]"])
    }

    func testCollectionsAndModelsWithTheirWireKeys() throws {
        try compare("[Int]", as: [Int].self, ["[]", "[1]", "[null]", "{}", "[1.5]", "1", "null"])
        try compare("[Int?]", as: [Int?].self, ["[]", "[null]", "[1, null]", "[\"1\"]"])
        try compare("[String: Int]", as: [String: Int].self, ["{}", #"{"a": 1}"#, "[]", #"{"a": "1"}"#, #"{"a": null}"#])
        try compare("[Int: String]", as: [Int: String].self, [
            #"{"1": "a"}"#, #"{"a": "x"}"#, #"{"01": "x"}"#, #"{"+1": "x"}"#, #"{" 1": "x"}"#, #"{"1.0": "x"}"#,
            #"{"99999999999999999999": "x"}"#, "[]",
        ])
        try compare("[UInt8: String]", as: [UInt8: String].self, [#"[1, "a"]"#, #"{"1": "a"}"#, "[1]", #"[300, "a"]"#, "[]"])
        try compare("Store", as: Store.self, [
            #"{"store_id": 1, "name": "a"}"#, #"{"storeId": 1, "name": "a"}"#, #"{"store_id": 1, "name": "a", "x": 2}"#,
            #"{"store_id": 1}"#, #"{"store_id": null, "name": "a"}"#, #"{"store_id": 1, "name": "a", "opened_at": null}"#,
            #"{"store_id": 1, "name": "a", "opened_at": "2024-01-01T00:00:00Z"}"#, #"{"store_id": 1, "name": "a", "opened_at": 5}"#,
            "null", "[]",
        ])
        try compare("[Store]?", as: [Store]?.self, ["null", "[]", #"[{"store_id": 1, "name": "a"}, {"name": "b"}]"#])
    }

    /// A value written with a model's Swift names: an error at the key for a required field, a warning for an
    /// optional one (whose value the decoder drops), a warning for a key nothing decodes.
    func testSwiftNamesInsteadOfWireKeysAreReportedAtTheKey() throws {
        let text = #"{ "models": { \#(Self.models) }, "endpoints": [{ "name": "fetch", "method": "GET", "path": "/a", "response": "Store",\#n "example": { "storeId": 1, "openedAt": "2024-01-01T00:00:00Z", "name": "a", "nmae": "b" } }] }"#
        let library = try TemplateSet.builtin.library(templatesPath: nil)
        XCTAssertThrowsError(
            try Pipeline.generate(file: SpecFile(path: "box.json", text: text), library: library, options: GenerateOptions())
        ) { error in
            XCTAssertEqual((error as? DiagnosticsError)?.diagnostics.map(\.description), [
                "box.json:5:15: error: the example of 'fetch' has the key 'storeId', the Swift name of field 'storeId' of 'Store'; the mock decodes the key on the wire, 'store_id'",
                "box.json:5:29: warning: the example of 'fetch' has the key 'openedAt', the Swift name of field 'openedAt' of 'Store'; the mock decodes the key on the wire, 'opened_at' (it ignores 'openedAt', so the field is nil)",
                "box.json:5:78: warning: the example of 'fetch' has the key 'nmae', which 'Store' does not decode (the mock ignores it); did you mean 'name'?",
            ])
        }
    }
}
