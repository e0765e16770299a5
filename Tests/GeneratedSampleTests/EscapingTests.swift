import Foundation
import RepogenRuntime
import RepogenTestSupport
import XCTest

@testable import GeneratedSample

/// `Specs/escaping.json` is full of quotes, backslashes, `\(…)`, `"""`, `#`, newlines, `*/` and non-ASCII text.
/// The generated code compiles (this target builds with warnings as errors), and every string in it reads
/// back exactly as the spec wrote it: the expectations below come from the spec file itself.
final class EscapingTests: XCTestCase {
    /// The spec, parsed with Foundation's own JSON reader (not repogen's).
    static var spec: [String: Any] {
        let url = PackagePaths.url("Specs/escaping.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    var model: [String: Any] { ((Self.spec["models"] as? [String: Any])?["Tricky"] as? [String: Any]) ?? [:] }
    var send: [String: Any] { (Self.spec["endpoints"] as? [[String: Any]])?.first ?? [:] }

    func testEnumRawValuesRoundTrip() {
        let cases = ((Self.spec["models"] as? [String: Any])?["TrickyKind"] as? [String: Any])?["enum"] as? [Any] ?? []
        let rawValues = cases.map { ($0 as? String) ?? (($0 as? [String: Any])?["value"] as? String) ?? "?" }
        XCTAssertEqual(rawValues.count, 6)
        XCTAssertEqual(TrickyKind.allCases.map(\.rawValue), rawValues)
    }

    func testJSONKeysRoundTrip() throws {
        let fields = model["fields"] as? [String: Any] ?? [:]
        let defaultKey = (fields["default"] as? [String: Any])?["json"] as? String
        let plainKey = (fields["plain"] as? [String: Any])?["json"] as? String
        let value = Tricky(default: "d", class: 1, plain: .multiline)
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any] ?? [:]
        XCTAssertEqual(Set(object.keys), Set([defaultKey, "class", plainKey].compactMap { $0 }))
        XCTAssertEqual(object[defaultKey ?? ""] as? String, "d")
        XCTAssertEqual(try JSONDecoder().decode(Tricky.self, from: JSONEncoder().encode(value)), value)
    }

    func testParamKeysAndValuesRoundTrip() throws {
        let request = EscapingApi.send(id: 7, note: "N", kind: .quote)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let sent = try JSONSerialization.jsonObject(with: encoder.encode(XCTUnwrap(request.param as? RequestParameters))) as? [String: Any] ?? [:]
        let param = send["param"] as? [String: Any] ?? [:]
        XCTAssertEqual(Set(sent.keys), Set(param.keys))
        for (key, value) in param {
            guard let template = value as? String else { continue }
            let expected = template.replacingOccurrences(of: "{note}", with: "N")
                .replacingOccurrences(of: "{kind.rawValue}", with: TrickyKind.quote.rawValue)
                .replacingOccurrences(of: "{{", with: "{").replacingOccurrences(of: "}}", with: "}")
            XCTAssertEqual(sent[key] as? String, expected, key)
        }
    }

    func testHeaderNameAndValueRoundTrip() throws {
        let custom = (send["header"] as? [String: Any])?["custom"] as? [String: String] ?? [:]
        let expected = custom.mapValues { $0.replacingOccurrences(of: "{note}", with: "N") }
        XCTAssertEqual(EscapingApi.send(id: 7, note: "N", kind: .quote).header, .custom(expected))
    }

    func testPathRoundTripsAndKeywordsWork() {
        let path = (send["path"] as? String ?? "").replacingOccurrences(of: "{id}", with: "7")
        XCTAssertEqual(EscapingApi.send(id: 7, note: "N", kind: .quote).path, path)
        XCTAssertEqual(EscapingApi.return.path, "/return")
        XCTAssertEqual(TrickyKind.default.rawValue, ##"#"raw"#"##)
    }
}
