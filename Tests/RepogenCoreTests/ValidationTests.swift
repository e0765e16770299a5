import RepogenCore
import XCTest

/// Bad specs give one line per problem with file, line and column, and every problem in one run.
final class ValidationTests: XCTestCase {
    func testMissingRequiredKeys() {
        XCTAssertEqual(diagnostics("{}"), ["Specs/store.json:1:1: error: the spec is missing the required key 'endpoints'"])
        XCTAssertEqual(
            diagnostics(spec(#""name": "a""#)),
            [
                "Specs/store.json:4:5: error: an endpoint is missing the required key 'method'",
                "Specs/store.json:4:5: error: an endpoint is missing the required key 'path'",
            ])
    }

    func testUnknownKeyWithSuggestion() {
        XCTAssertEqual(
            diagnostics(spec(#""name": "a", "method": "GET", "path": "/a", "respons": "String""#)),
            ["Specs/store.json:4:51: error: unknown key 'respons' in an endpoint; did you mean 'response'? (valid keys: name, description, repositoryMethod, method, path, inputs, param, usingQuery, queryArrays, query, body, header, upload, response, responseMetadata, errors, example, cache, invalidates, updates, mock)"])
    }

    /// Only a segment that starts with ':' and an identifier is an Express/Rails placeholder; other colons are the
    /// path's own (Google-style custom methods `/v1/items:batchGet`, `/v1/{name}:cancel`, a time) and generate.
    func testColonPlaceholdersAreErrorsAndOtherColonsAreAccepted() throws {
        for path in ["/v1/items:batchGet", "/v1/{id}:cancel", "/a/b:c/:/x", "/a/:1", "/time/12:30", "/a:b"] {
            let text = spec(#""name": "a", "method": "POST", "path": "\#(path)", "inputs": [{"name": "id", "type": "Int"}]"#)
            XCTAssertEqual(diagnostics(text), [], path)
            // The colon reaches the generated path as written.
            let literal = path.split(separator: "/").last.map(String.init) ?? ""
            XCTAssertTrue(try generate(text).values.contains { $0.contains(literal.replacingOccurrences(of: "{id}", with: "")) }, path)
        }
        XCTAssertEqual(
            diagnostics(spec(#""name": "a", "method": "GET", "path": "/items/:item_id/x", "inputs": [{"name": "item_id", "type": "Int"}]"#)),
            ["Specs/store.json:4:45: error: the path of 'a' has the segment ':item_id', which is sent as the literal text "
                + "':item_id' (repogen's placeholders are in braces); did you mean '{item_id}'?"])
    }

    func testWrongKinds() {
        XCTAssertEqual(
            diagnostics(spec(#""name": 3, "method": "GET", "path": "/a""#)),
            ["Specs/store.json:4:15: error: 'name' of an endpoint must be a string, not a number"])
        XCTAssertEqual(
            diagnostics(#"{"endpoints": {}}"#),
            ["Specs/store.json:1:15: error: 'endpoints' must be an array, not an object"])
    }

    func testAllProblemsAreReportedInOneRun() {
        let text = """
            {
              "endpoints": [
                { "name": "a", "method": "GOT", "path": "/a/{id}" },
                { "name": "b", "method": "GET", "path": "b" }
              ]
            }
            """
        XCTAssertEqual(
            diagnostics(text),
            [
                "Specs/store.json:3:30: error: unknown HTTP method 'GOT'; expected one of GET, POST, PUT, PATCH, DELETE; did you mean 'GET'?",
                "Specs/store.json:3:45: error: the path of 'a' uses 'id', which is not an input of 'a'; add it to the endpoint's 'inputs' (- { name: id, type: String })",
                "Specs/store.json:4:45: error: the path of 'b' must start with '/'",
            ])
    }

    func testPathPlaceholderSuggestsAnInput() {
        XCTAssertEqual(
            diagnostics(spec(#""name": "a", "method": "GET", "path": "/s/{storId}", "inputs": [{"name": "storeId", "type": "Int"}]"#)),
            ["Specs/store.json:4:45: error: the path of 'a' uses 'storId', which is not an input of 'a'; did you mean 'storeId'?"])
    }

    func testOptionalInputCannotGoInThePath() {
        XCTAssertEqual(
            diagnostics(spec(#""name": "a", "method": "GET", "path": "/s/{id}", "inputs": [{"name": "id", "type": "Int?"}]"#)),
            ["Specs/store.json:4:45: error: the path of 'a' uses the optional input 'id'; an optional value cannot go there (make the input non-optional)"])
    }

    func testInvalidNamesAndTypes() {
        XCTAssertEqual(
            diagnostics(spec(#""name": "fetch-store", "method": "GET", "path": "/a", "inputs": [{"name": "x", "type": "Int)"}]"#)),
            [
                "Specs/store.json:4:15: error: endpoint name 'fetch-store' is not a valid Swift identifier",
                "Specs/store.json:4:94: error: invalid type for input 'x': unexpected ')' in type 'Int)'",
            ])
    }

    func testDuplicateEndpointsAndMockMemberClashes() {
        let text = """
            {
              "endpoints": [
                { "name": "fetch", "method": "GET", "path": "/a" },
                { "name": "fetch", "method": "GET", "path": "/b" },
                { "name": "load", "repositoryMethod": "fetchMock", "method": "GET", "path": "/c" }
              ]
            }
            """
        XCTAssertEqual(
            diagnostics(text),
            [
                "Specs/store.json:4:15: error: duplicate endpoint 'fetch' (first defined at line 3)",
                "Specs/store.json:5:43: error: repository method 'fetchMock' clashes with 'fetch' (both would declare 'MockStoreRepository.fetchMock') (first at line 3); give one of them a different 'repositoryMethod'",
            ])
    }

    func testConditionalMethodNeedsABoolInput() {
        XCTAssertEqual(
            diagnostics(spec(#""name": "a", "method": {"if": "flag", "then": "DELETE", "else": "PUT"}, "path": "/a", "inputs": [{"name": "flag", "type": "String"}]"#)),
            ["Specs/store.json:4:37: error: the method of 'a' depends on 'flag', which must be of type 'Bool', not 'String'"])
    }

    func testDuplicateParamKeysAndHeadersWouldCrashAtRuntime() {
        XCTAssertEqual(
            diagnostics(spec(#""name": "a", "method": "POST", "path": "/a", "header": {"custom": {"X-A": "1", "x-a": "2"}}"#)),
            ["Specs/store.json:4:86: error: duplicate header 'x-a' in 'a'"])
    }

    /// The real app has a GET whose `usingQuery` is false: accepted; it only changes the value the case reports.
    func testUsingQueryFalseOnAGetIsAccepted() {
        XCTAssertEqual(
            diagnostics(spec(#""name": "a", "method": "GET", "path": "/a", "inputs": [{"name": "q", "type": "String"}], "param": {"q": "{q}"}, "usingQuery": false"#)),
            [])
    }

    func testDomainComesFromTheFileName() {
        XCTAssertEqual(
            diagnostics(spec(#""name": "a", "method": "GET", "path": "/a""#), path: "Specs/1store.json"),
            ["Specs/1store.json:1:1: error: the file name gives the domain name '1store', which is not a valid Swift type name; rename the spec (for example 'store.json' gives 'Store')"])
        XCTAssertEqual(OutputLayout.domain(forSpecPath: "Specs/store-news_post.json"), "StoreNewsPost")
        XCTAssertEqual(
            OutputLayout.entries(forSpecPath: "a/b/user.json").map(\.relativePath),
            ["User/UserModels.swift", "User/UserApi.swift", "User/UserRepository.swift", "User/MockUserRepository.swift"])
    }

    /// A cache's `ttl` is at most a year (a `Duration` of `1e30` seconds traps in the generated code) and at least a
    /// millisecond (`1e-310` underflows: a warning in the generated code), and is written into the code as a Swift
    /// literal: as typed when it is plain, else as Swift writes the number.
    func testTimeToLiveIsAtMostAYearAndAValidLiteral() throws {
        func cached(_ ttl: String) -> String {
            spec(#""name": "a", "method": "GET", "path": "/a", "response": "String", "cache": {"ttl": \#(ttl)}"#)
        }
        XCTAssertEqual(
            diagnostics(cached("1e30")),
            ["Specs/store.json:4:90: error: 'ttl' of the cache of 'a' must be at most 31536000 seconds (365 days), not 1e30"])
        XCTAssertEqual(
            diagnostics(cached("31536001")),
            ["Specs/store.json:4:90: error: 'ttl' of the cache of 'a' must be at most 31536000 seconds (365 days), not 31536001"])
        XCTAssertEqual(
            diagnostics(cached("1e-310")),
            ["Specs/store.json:4:90: error: 'ttl' of the cache of 'a' must be at least 0.001 seconds (a millisecond), not 1e-310"])
        for (ttl, literal) in [
            ("300", "300"), ("0.5", "0.5"), ("2.50", "2.50"), ("31536000", "31536000"), ("3.1536e7", "31536000.0"),
            ("1e3", "1000.0"), ("1E-3", "0.001"), ("0.001e2", "0.1"), ("0.001", "0.001"),
        ] {
            XCTAssertEqual(diagnostics(cached(ttl)), [], ttl)
            let repository = try generate(cached(ttl))["Repository.swift"] ?? ""
            XCTAssertTrue(repository.contains("timeToLive: .seconds(\(literal)))"), "\(ttl): \(repository)")
        }
    }
}
