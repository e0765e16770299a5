import Foundation
import RepogenRuntime
import XCTest

@testable import RepogenCore

/// Validation keeps its own copy of `ServerURL`'s rules (RepogenCore does not link the runtime), so that a server a
/// spec accepts never throws at run time with its own values. The two must give one answer: every template and value
/// below is accepted by both or refused by both.
final class ServerRulesAgreementTests: XCTestCase {
    func testValidationAndTheRuntimeAcceptTheSameServerValues() {
        let templates = [
            "{protocol}://{subdomain}.example.com:{port}/{basePath}",
            "https://{host}/v1", "https://api.example.com/{path}", "/{base}", "/api/{base}/x", "{scheme}://example.com",
            "https://example.com:{port}", "https://{a}{b}.example.com",
        ]
        let values = [
            "https", "http", "h2+tls", "1http", "test", "eu-west.1", "443", "v1", "v1/v2", "a~b_c.d", "", ".", "..",
            "/a", "a/", "a//b", "x/../y", "a b", "a@b", "a:b", "a?b", "a#b", "a%2Fb", "evil.com/", "ü", "a\r\nb",
        ]
        var compared = 0
        for template in templates {
            let names = Self.placeholders(template)
            for value in values {
                // Each placeholder in turn gets the value; the others a value every place takes.
                for name in names {
                    var given = Dictionary(uniqueKeysWithValues: names.map { ($0, $0 == "protocol" || $0 == "scheme" ? "https" : "x1") })
                    given[name] = value
                    let validation = SpecValidator.serverURLProblem(template, given)
                    let runtime: String?
                    do {
                        _ = try ServerURL.url(template, given)
                        runtime = nil
                    } catch {
                        runtime = "\(error)"
                    }
                    XCTAssertEqual(
                        validation == nil, runtime == nil,
                        "\(template) with \(given): validation says \(validation ?? "fine"), the runtime \(runtime ?? "fine")")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 300)
    }

    static func placeholders(_ template: String) -> [String] {
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
