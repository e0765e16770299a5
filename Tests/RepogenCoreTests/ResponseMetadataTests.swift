import Foundation
import RepogenCore
import RepogenTestSupport
import XCTest

/// `responseMetadata: true`: the repository returns `APIResponse<…>`, through a DTO's conversion and without a body
/// too. (Specs/movie.yaml shows the plain case in every style's golden files; accepted specs compile, as the
/// generative tests check.)
final class ResponseMetadataTests: XCTestCase {
    static let photoSpec = PackagePaths.url("Specs/photo.yaml")

    func testADTOResponseIsMappedInsideTheAPIResponse() throws {
        // Without the list's cache: a cached read cannot return a response's metadata (a value from the cache has none).
        let text = try String(contentsOf: Self.photoSpec, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("    cache:") }
            .joined(separator: "\n")
            .replacingOccurrences(of: "    response: \"[PhotoResponseDTO]\"\n", with: "    response: \"[PhotoResponseDTO]\"\n    responseMetadata: true\n")
        XCTAssertTrue(text.contains("responseMetadata"), "Specs/photo.yaml changed: update this test")
        let files = try generate(text, path: "Specs/photo.yaml")
        let repository = files["Repository.swift"]
        assertContains(repository, "async -> Result<APIResponse<[Photo]>, Error>")
        assertContains(
            repository,
            """
                    let response: Result<APIResponse<[PhotoResponseDTO]>, Error> = await self.manager.request(requestType: request)
                    return response.map { $0.map { $0.map { $0.toDomain() } } }

            """)
        // The spec's example is the wire's JSON: decoded as the DTOs, converted, and wrapped.
        assertContains(
            files["Mock.swift"], "        decoding: [PhotoResponseDTO].self,\n        toDomain: { APIResponse(value: $0.map { $0.toDomain() }) }\n    )")
    }

    func testAnEndpointWithoutAResponseReturnsAnAPIResponseOfVoid() throws {
        let files = try generate(spec(#""name": "deleteItem", "method": "DELETE", "path": "/items/1", "responseMetadata": true"#))
        assertContains(files["Repository.swift"], "func deleteItem() async -> Result<APIResponse<Void>, Error>\n")
        assertContains(files["Mock.swift"], "MockMethod<Void, APIResponse<Void>>(")
        let off = try generate(spec(#""name": "deleteItem", "method": "DELETE", "path": "/items/1", "responseMetadata": false"#))
        assertContains(off["Repository.swift"], "func deleteItem() async -> Result<Void, Error>\n")
    }

    func testWhereItCannotBeUsed() {
        let cached = diagnostics(spec(
            #""name": "fetchItem", "method": "GET", "path": "/i", "response": "String", "cache": true, "responseMetadata": true"#))
        XCTAssertEqual(cached.count, 1)
        XCTAssertTrue(cached.first?.contains("'fetchItem' cannot be cached and return its response's status and headers") ?? false, "\(cached)")
        let notABool = diagnostics(spec(#""name": "a", "method": "GET", "path": "/a", "responseMetadata": "yes""#))
        XCTAssertTrue(notABool.first?.contains("'responseMetadata' of endpoint 'a' must be true or false") ?? false, "\(notABool)")
        let typo = diagnostics(spec(#""name": "a", "method": "GET", "path": "/a", "responseMetadta": true"#))
        XCTAssertTrue(typo.first?.contains("did you mean 'responseMetadata'?") ?? false, "\(typo)")
    }
}
