import RepogenCore
import XCTest

/// A custom header whose value is one optional placeholder is sent when the value is there and left out when it
/// is nil (issue 30, item 5): never as an empty header or the text "nil".
final class OptionalHeaderTests: XCTestCase {
    func api(_ endpoint: String) throws -> String {
        try generate(spec(endpoint))["Api.swift"] ?? ""
    }

    func testAnOptionalInputIsSetOnlyWhenPresentBesideTheOthers() throws {
        let text = try api(
            #""name": "fetch", "method": "GET", "path": "/d", "inputs": [{"name": "tenant", "type": "String"}, {"name": "ifMatch", "type": "String?"}, {"name": "page", "type": "Int?"}], "header": {"custom": {"Accept": "application/vnd.x+json;version=2", "X-Tenant": "{tenant}", "If-Match": "{ifMatch}", "X-Page": "{page}"}}"#
        )
        assertContains(
            text,
            """
                    case .fetch(let tenant, let ifMatch, let page):
                        var headers: [String: String] = [
                            "Accept": "application/vnd.x+json;version=2",
                            "X-Tenant": tenant
                        ]
                        headers["If-Match"] = ifMatch
                        headers["X-Page"] = page?.description
                        return .custom(headers)
            """)
    }

    func testOnlyOptionalHeadersStartEmptyAndANameTakenByAnInputIsAvoided() throws {
        let text = try api(
            #""name": "fetch", "method": "GET", "path": "/d", "inputs": [{"name": "headers", "type": "String?"}], "header": {"custom": {"X-Headers": "{headers}"}}"#
        )
        assertContains(
            text,
            """
                    case .fetch(let headers):
                        var headers_: [String: String] = [:]
                        headers_["X-Headers"] = headers
                        return .custom(headers_)
            """)
    }

    func testRequiredHeadersAloneAreOneDictionaryAsBefore() throws {
        let text = try api(
            #""name": "fetch", "method": "GET", "path": "/d", "inputs": [{"name": "tenant", "type": "String"}], "header": {"custom": {"X-Tenant": "{tenant}"}}"#
        )
        assertContains(text, "            return .custom([\"X-Tenant\": tenant])\n")
    }

    func testAnOptionalValueWithoutOneTextFormOrAMappedArrayIsStillAnError() {
        let data = diagnostics(
            spec(#""name": "fetch", "method": "GET", "path": "/d", "inputs": [{"name": "blob", "type": "Data?"}], "header": {"custom": {"X-Blob": "{blob}"}}"#))
        XCTAssertEqual(data.count, 1, "\(data)")
        XCTAssertTrue(data.first?.contains("header 'X-Blob' of 'fetch' uses 'blob', which is a 'Data', with no single text form") == true, "\(data)")
        let mapped = diagnostics(
            spec(#""name": "fetch", "method": "GET", "path": "/d", "inputs": [{"name": "ids", "type": "[String]?"}], "header": {"custom": {"X-Ids": "{ids[].count}"}}"#))
        XCTAssertEqual(mapped.count, 1, "\(mapped)")
        XCTAssertTrue(mapped.first?.contains("can only be a whole param value") == true, "\(mapped)")
    }

    func testTextWithAnOptionalIsSetOnlyWhenTheValueIsThere() throws {
        // Issue 36: the header is left out when an optional part is nil (no "nil" or empty part on the wire).
        let text = try api(
            #""name": "fetch", "method": "GET", "path": "/d", "inputs": [{"name": "token", "type": "String?"}], "header": {"custom": {"X-Token": "t-{token}"}}"#
        )
        assertContains(text, "            if let value = token {\n                headers[\"X-Token\"] = \"t-\\(value)\"\n            }\n")
    }

    func testAValueOptionalTwiceOverInsideLongerTextIsALocatedError() {
        let errors = diagnostics(
            spec(#""name": "fetch", "method": "GET", "path": "/d", "inputs": [{"name": "token", "type": "String??"}], "header": {"custom": {"X-Token": "t-{token}"}}"#))
        XCTAssertEqual(errors.count, 1, "\(errors)")
        XCTAssertTrue(errors.first?.hasPrefix("Specs/store.json:") == true, "\(errors)")
        XCTAssertTrue(errors.first?.contains("header 'X-Token' of 'fetch' uses 'token', which is optional twice over") == true, "\(errors)")
    }
}
