import Foundation
import RepogenCore
import XCTest

/// `repogen diff` of an endpoint's `errors`: a status added, removed or typed otherwise changes what the app gets for
/// a failure (`response-changed`, wire-breaking, no caller breaks); the same bodies in another order are no change.
final class ErrorBodiesDiffTests: XCTestCase {
    func shop(_ errors: String) -> SpecFile {
        SpecFile(
            path: "Specs/shop.yaml",
            text: """
                models:
                  Item: { fields: { id: Int } }
                  Problem: { fields: { code: Int } }
                endpoints:
                  - name: fetchItem
                    method: GET
                    path: /items/{id}
                    inputs: [{ name: id, type: Int }]
                    response: Item
                \(errors)
                """)
    }

    func changes(_ old: String, _ new: String) throws -> [String] {
        try APIDiff.compare(old: [shop(old)], new: [shop(new)]).changes.map {
            "\($0.kind) \($0.subject) source=\($0.source.rawValue) wire=\($0.wire.rawValue): \($0.message)"
        }
    }

    func testAChangedErrorBodyIsAResponseChange() throws {
        XCTAssertEqual(
            try changes(#"    errors: { "404": Problem, default: Problem }"#, #"    errors: { "404": String, default: Problem }"#),
            ["response-changed fetchItem source=none wire=breaking: the error bodies of 'fetchItem' are now 404: String, "
                + "default: Problem, not 404: Problem, default: Problem"])
        XCTAssertEqual(
            try changes("", #"    errors: { 4XX: Problem }"#),
            ["response-changed fetchItem source=none wire=breaking: the error bodies of 'fetchItem' are now 4XX: Problem, not none"])
    }

    func testTheSameErrorBodiesInAnotherOrderAreNoChange() throws {
        XCTAssertEqual(
            try changes(#"    errors: { "404": Problem, default: Problem }"#, #"    errors: { default: Problem, "404": Problem }"#), [])
    }
}
