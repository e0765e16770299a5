import Foundation
import RepogenRuntime
import XCTest

/// `ServerURL`: a server's URL from its template, with no variable's value able to change the URL's structure.
final class ServerURLTests: XCTestCase {
    let template = "{protocol}://{subdomain}.example.com:{port}/{basePath}"

    func url(_ values: [String: String]) throws -> URL {
        let defaults = ["protocol": "https", "subdomain": "test", "port": "443", "basePath": "v1"]
        return try ServerURL.url(template, defaults.merging(values) { $1 })
    }

    func testValuesFillTheirPlaces() throws {
        XCTAssertEqual(try url([:]).absoluteString, "https://test.example.com:443/v1")
        XCTAssertEqual(
            try url(["protocol": "http", "subdomain": "eu-1.staging", "port": "8443", "basePath": "api/v2"]).absoluteString,
            "http://eu-1.staging.example.com:8443/api/v2")
        XCTAssertEqual(try ServerURL.url("/api", [:]).relativeString, "/api")
        XCTAssertEqual(try ServerURL.url("https://example.com/api", [:]).host, "example.com")
    }

    func testNoValueCanSendTheRequestElsewhere() throws {
        let hostile: [(String, String)] = [
            ("subdomain", "evil.com/"), ("subdomain", "user@evil.com"), ("subdomain", "evil.com:80"),
            ("subdomain", "a?b"), ("subdomain", "a#b"), ("subdomain", "a%2Fb"), ("subdomain", ""), ("subdomain", "a b"),
            ("subdomain", "a\r\nb"), ("port", "443/x"), ("port", "80@evil.com"), ("protocol", "https://evil.com#"),
            ("protocol", "1http"), ("protocol", ""), ("basePath", "../admin"), ("basePath", "v1/../admin"),
            ("basePath", "/v1"), ("basePath", "v1//x"), ("basePath", "v1?x=1"), ("basePath", "v1#x"), ("basePath", "."),
            ("basePath", "%2E%2E"),
        ]
        for (name, value) in hostile {
            do {
                let built = try url([name: value])
                XCTFail("\(name) = \(value.debugDescription) built \(built)")
            } catch NetworkError.invalidParameter(let key, _) {
                XCTAssertEqual(key, name, value)
            }
        }
    }

    func testAPlaceholderWithoutAValueThrows() {
        XCTAssertThrowsError(try ServerURL.url("https://{host}/", [:]))
        XCTAssertThrowsError(try ServerURL.url("https://{host/", ["host": "a"]))
    }
}
