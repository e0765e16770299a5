import Foundation
import RepogenRuntime
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `bodyEncoding: .form`: the param as an `application/x-www-form-urlencoded` body, byte for byte.
final class FormBodyTests: XCTestCase {
    func manager(_ change: (inout NetworkConfiguration) -> Void = { _ in }) -> NetworkManager {
        var configuration = NetworkConfiguration(baseURL: URL(string: "https://api.example.com/"))
        change(&configuration)
        return NetworkManager(configuration: configuration)
    }

    func form(
        _ param: (any Encodable & Sendable)?, method: RequestMethod = .post, header: HTTPHeaderType = .json,
        styles: [String: NetworkConfiguration.QueryArrayStyle] = [:],
        _ change: (inout NetworkConfiguration) -> Void = { _ in }
    ) async throws -> URLRequest {
        var request = TestRequest(param: param, method: method, header: header)
        request.encoding = .form
        request.arrayStyles = styles
        return try await manager(change).urlRequest(for: request)
    }

    func text(_ request: URLRequest) -> String? {
        request.httpBody.map { String(decoding: $0, as: UTF8.self) }
    }

    func testAnOAuthTokenRequestIsAFormWithItsContentType() async throws {
        let none: String? = nil
        let params: RequestParameters = [
            "grant_type": "password", "username": "kim min", "password": "p&s=w+rd/?~%", "client_id": "app.ios",
            "scope": none,
        ]
        let request = try await form(params)
        XCTAssertEqual(request.httpMethod, "POST")
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/x-www-form-urlencoded")
        XCTAssertEqual(
            text(request), "client_id=app.ios&grant_type=password&password=p%26s%3Dw%2Brd%2F%3F%7E%25&username=kim+min")
        XCTAssertEqual(request.url?.absoluteString, "https://api.example.com/echo", "nothing goes to the query")
    }

    func testWHATWGSerializationOfUnicodeAndEveryASCIIByte() async throws {
        let request = try await form(["name": "café 한글 😀", "safe": "aZ09*-._", "key with space": "x"] as RequestParameters)
        XCTAssertEqual(
            text(request), "key+with+space=x&name=caf%C3%A9+%ED%95%9C%EA%B8%80+%F0%9F%98%80&safe=aZ09*-._")
        // Every printable ASCII character but letters, digits and `*-._` is percent-encoded; a space is `+`.
        let ascii = String((32...126).map { Character(UnicodeScalar(UInt8($0))) })
        let all = try await form(["a": ascii] as RequestParameters)
        XCTAssertEqual(
            text(all),
            "a=+%21%22%23%24%25%26%27%28%29*%2B%2C-.%2F0123456789%3A%3B%3C%3D%3E%3F%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D"
                + "%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D%7E")
        // A literal "%20" stays what it is.
        let escaped = try await form(["a": "%20 "] as RequestParameters)
        XCTAssertEqual(text(escaped), "a=%2520+")
    }

    func testArraysInEachStyleAndBoolsInTheConfiguredStyle() async throws {
        let params: RequestParameters = ["ids": [1, 2], "flag": true, "tags": ["x", "y"]]
        let comma = try await form(params)
        XCTAssertEqual(text(comma), "flag=true&ids=1%2C2&tags=x%2Cy")
        let repeated = try await form(params) {
            $0.queryArrayStyle = .repeatedKeys
            $0.queryBoolStyle = .numeric
        }
        XCTAssertEqual(text(repeated), "flag=1&ids=1&ids=2&tags=x&tags=y")
        let brackets = try await form(params) { $0.queryArrayStyle = .brackets }
        XCTAssertEqual(text(brackets), "flag=true&ids%5B%5D=1&ids%5B%5D=2&tags%5B%5D=x&tags%5B%5D=y")
        let delimited = try await form(params, styles: ["ids": .spaceDelimited, "tags": .pipeDelimited])
        XCTAssertEqual(text(delimited), "flag=true&ids=1+2&tags=x%7Cy")
        let own = try await form(params, styles: ["ids": .repeatedKeys])
        XCTAssertEqual(text(own), "flag=true&ids=1&ids=2&tags=x%2Cy", "a param's own style wins for that key only")
        // An empty array sends nothing; an element holding the separator is refused as in the query.
        let empty = try await form(["ids": [Int](), "a": 1] as RequestParameters)
        XCTAssertEqual(text(empty), "a=1")
        do {
            let sent = try await form(["tags": ["a,b"]] as RequestParameters)
            XCTFail("expected invalidParameter, got \(text(sent) ?? "")")
        } catch NetworkError.invalidParameter(let key, _) {
            XCTAssertEqual(key, "tags")
        }
    }

    func testSnakeCaseKeysAndStylesKeyedByTheSpecName() async throws {
        let request = try await form(
            ["clientId": "a", "petIds": [1, 2]] as RequestParameters, styles: ["petIds": .repeatedKeys]
        ) { $0.requestKeyStyle = .snakeCase }
        XCTAssertEqual(text(request), "client_id=a&pet_ids=1&pet_ids=2")
    }

    func testAModelParamAndAnEmptyOneAndNone() async throws {
        let model = try await form(Item(id: 7, name: "a+b"))
        XCTAssertEqual(text(model), "id=7&name=a%2Bb")
        let empty = try await form(RequestParameters())
        XCTAssertEqual(empty.value(forHTTPHeaderField: "Content-Type"), "application/x-www-form-urlencoded")
        XCTAssertEqual(empty.httpBody ?? Data(), Data(), "an empty form is an empty body")
        let none = try await form(nil)
        XCTAssertNil(none.httpBody)
        XCTAssertNil(none.value(forHTTPHeaderField: "Content-Type"), "no param, no body, no content type")
    }

    func testTheEndpointsOwnContentTypeWinsAndAQueryParamStaysInTheURL() async throws {
        let custom = try await form(
            ["a": 1] as RequestParameters,
            header: .custom(["content-type": "application/x-www-form-urlencoded; charset=utf-8", "X-Key": "k"]))
        XCTAssertEqual(custom.value(forHTTPHeaderField: "Content-Type"), "application/x-www-form-urlencoded; charset=utf-8")
        XCTAssertEqual(custom.value(forHTTPHeaderField: "X-Key"), "k")
        var request = TestRequest(param: ["a": "b c"] as RequestParameters, method: .put)
        request.encoding = .form
        request.alwaysInQuery = ["dryRun": true] as RequestParameters
        let sent = try await manager().urlRequest(for: request)
        XCTAssertEqual(sent.url?.query, "dryRun=true")
        XCTAssertEqual(text(sent), "a=b+c")
    }

    func testWhatAFormCannotHoldIsAnError() async throws {
        struct Filter: Encodable, Sendable { var kind: String }
        func refused(
            _ param: any Encodable & Sendable, file: StaticString = #filePath, line: UInt = #line
        ) async -> (key: String?, reason: String)? {
            do {
                let sent = try await form(param)
                XCTFail("expected invalidParameter, got \(text(sent) ?? "no body")", file: file, line: line)
            } catch NetworkError.invalidParameter(let key, let reason) {
                return (key, reason)
            } catch {
                XCTFail("expected invalidParameter, got \(error)", file: file, line: line)
            }
            return nil
        }
        let nested = await refused(["filter": Filter(kind: "A")] as RequestParameters)
        XCTAssertEqual(nested?.key, "filter")
        XCTAssertEqual(nested?.reason, "a form body cannot hold a nested object")
        let objects = await refused(["filters": [Filter(kind: "A")]] as RequestParameters)
        XCTAssertEqual(objects?.reason, "a form body cannot hold an array with an object in it")
        let string = await refused("text")
        XCTAssertNil(string?.key)
        XCTAssertEqual(string?.reason, "a form body needs a JSON object, not a string")
        let array = await refused([1, 2])
        XCTAssertEqual(array?.reason, "a form body needs a JSON object, not an array")
        let data = await refused(Data([1, 2, 3]))
        XCTAssertEqual(data?.reason, "a form body needs a JSON object, not a string", "Data is no form either")
    }

    func testAFormOnARequestWithoutABodyIsRefusedNotSentAsAQuery() async throws {
        for (request, place) in [
            (TestRequest(param: ["a": 1] as RequestParameters, method: .get), "a GET"),
            (TestRequest(param: ["a": 1] as RequestParameters, method: .delete), "a request that sends its param in the query string (usingQuery)"),
            (TestRequest(param: ["a": 1] as RequestParameters, method: .post, queryOverride: true), "a request that sends its param in the query string (usingQuery)"),
            (TestRequest(method: .post, upload: UploadForm(parts: [.field(name: "a", value: "1")])), "an upload, whose body is its multipart form"),
        ] {
            var request = request
            request.encoding = .form
            do {
                let sent = try await manager().urlRequest(for: request)
                XCTFail("expected invalidParameter, got \(sent.url?.absoluteString ?? "")")
            } catch NetworkError.invalidParameter(let key, let reason) {
                XCTAssertNil(key)
                XCTAssertEqual(reason, "the param is a form body (bodyEncoding .form), but this is \(place)")
            }
        }
        // A DELETE whose param goes to the body may be a form.
        var delete = TestRequest(param: ["a": 1] as RequestParameters, method: .delete, queryOverride: false)
        delete.encoding = .form
        let sent = try await manager().urlRequest(for: delete)
        XCTAssertEqual(text(sent), "a=1")
    }

    func testTheDefaultIsJSONAndACachedFormIsAnotherKey() throws {
        XCTAssertEqual(TestRequest().bodyEncoding, .json)
        XCTAssertEqual(SampleApi.save(storeId: 1, isDelete: false).bodyEncoding, .json)
        var form = TestRequest(param: ["a": 1] as RequestParameters, method: .post)
        form.encoding = .form
        let json = TestRequest(param: ["a": 1] as RequestParameters, method: .post)
        XCTAssertEqual(CacheKey(endpoint: "e", requestType: form)?.request, #"POST /echo form {"a":1}"#)
        XCTAssertEqual(CacheKey(endpoint: "e", requestType: json)?.request, #"POST /echo body {"a":1}"#)
    }
}
