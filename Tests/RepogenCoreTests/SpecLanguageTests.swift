import RepogenCore
import XCTest

/// Domain defaults, field defaults, `encode: false`, nested models and merged params: what they generate, and
/// that names resolve as Swift resolves them.
final class SpecLanguageTests: XCTestCase {
    func testNestedModelsAreNestedTypesAndNamesResolveInnermostFirst() throws {
        let text = """
            {
              "models": {
                "Image": { "fields": { "name": "String" } },
                "Review": {
                  "fields": { "image": "Image", "images": "[Image]", "kind": "Image.Kind", "top": "Top" },
                  "models": {
                    "Image": {
                      "fields": { "url": "String", "kind": "Kind" },
                      "models": { "Kind": { "enum": ["PHOTO", "VIDEO"] } }
                    }
                  }
                },
                "Top": { "fields": { "id": "Int" } }
              },
              "endpoints": [
                {
                  "name": "a", "method": "POST", "path": "/a/{input.image.url}/{input.image.kind.rawValue}",
                  "inputs": [{ "name": "input", "type": "Review" }, { "name": "kind", "type": "Review.Image.Kind" }],
                  "param": "{input}", "header": { "custom": { "X-Kind": "{kind.rawValue}" } }
                }
              ]
            }
            """
        XCTAssertEqual(diagnostics(text), [])
        let models = try XCTUnwrap(generate(text)["Models.swift"])
        assertContains(models, """
            public struct Review: Codable, Sendable, Equatable {
                public var image: Image
                public var images: [Image]
                public var kind: Image.Kind
                public var top: Top
            """)
        assertContains(models, """

                public struct Image: Codable, Sendable, Equatable {
                    public var url: String
                    public var kind: Kind

                    public init(url: String, kind: Kind) {
                        self.url = url
                        self.kind = kind
                    }

                    public init(from decoder: Decoder) throws {
                        let container = try decoder.container(keyedBy: RepogenCodingKey.self)
                        try self.init(
                            url: container.decode(String.self, forKey: "url"),
                            kind: container.decode(Kind.self, forKey: "kind")
                        )
                    }

                    public func encode(to encoder: Encoder) throws {
                        var container = encoder.container(keyedBy: RepogenCodingKey.self)
                        try container.encode(self.url, forKey: "url")
                        try container.encode(self.kind, forKey: "kind")
                    }

                    public enum Kind: String, Codable, Sendable, Equatable, CaseIterable {
                        case photo = "PHOTO"
                        case video = "VIDEO"
                    }
                }
            }
            """)
        let api = try XCTUnwrap(generate(text)["Api.swift"])
        assertContains(api, #"return "/a/\(PathComponent(input.image.url))/\(PathComponent(input.image.kind.rawValue))""#)
        // `{input.image.name}` would read the top-level `Image`: the nested one has no such field.
        XCTAssertEqual(
            diagnostics(text.replacingOccurrences(of: "{input.image.url}", with: "{input.image.name}")),
            ["Specs/store.json:17:46: error: the path of 'a' uses 'input.image.name', but 'Review.Image' has no field 'name'"])
    }

    func testFieldDefaultsAreTypedLiterals() throws {
        let text = """
            {
              "models": {
                "Sort": { "enum": ["DISTANCE_ASC", { "name": "newest", "value": "LATEST" }] },
                "Query": {
                  "fields": {
                    "size": { "type": "Int", "default": 20 },
                    "small": { "type": "UInt8", "default": 255 },
                    "ratio": { "type": "Double", "default": 1.5e2 },
                    "flag": { "type": "Bool?", "default": false },
                    "none": { "type": "String?", "default": null },
                    "name": { "type": "String", "default": "a \\"quoted\\" \\\\ name" },
                    "sort": { "type": "Sort", "default": "LATEST" },
                    "sorts": { "type": "[Sort]", "default": ["DISTANCE_ASC", "LATEST"] },
                    "empty": { "type": "[String]", "default": [] },
                    "counts": { "type": "[String: Int]", "default": { "a": 1, "b\\"": 2 } },
                    "noCounts": { "type": "[String: [Int]]", "default": {} },
                    "plain": "Int"
                  }
                }
              },
              "endpoints": [{ "name": "a", "method": "GET", "path": "/a" }]
            }
            """
        let models = try XCTUnwrap(generate(text)["Models.swift"])
        assertContains(
            models,
            #"""
            public init(
                    size: Int = 20,
                    small: UInt8 = 255,
                    ratio: Double = 1.5e2,
                    flag: Bool? = false,
                    none: String? = nil,
                    name: String = "a \"quoted\" \\ name",
                    sort: Sort = .newest,
                    sorts: [Sort] = [.distanceAsc, .newest],
                    empty: [String] = [],
                    counts: [String: Int] = ["a": 1, "b\"": 2],
                    noCounts: [String: [Int]] = [:],
                    plain: Int
                )
            """#)
    }

    func testEncodeFalseGeneratesAnEncoderThatLeavesTheFieldOut() throws {
        let text = """
            {
              "models": {
                "Input": {
                  "fields": {
                    "storeId": { "type": "Int", "encode": false },
                    "container": "String",
                    "note": { "type": "String?", "json": "memo" },
                    "default": "Bool"
                  }
                }
              },
              "endpoints": [
                { "name": "a", "method": "POST", "path": "/a/{input.storeId}", "inputs": [{ "name": "input", "type": "Input" }], "param": "{input}" }
              ]
            }
            """
        let models = try XCTUnwrap(generate(text)["Models.swift"])
        // Decoded, key for key (a field named `container` beside the local of that name, a renamed key, a keyword).
        assertContains(models, """
                public init(from decoder: Decoder) throws {
                    let container = try decoder.container(keyedBy: RepogenCodingKey.self)
                    try self.init(
                        storeId: container.decode(Int.self, forKey: "storeId"),
                        container: container.decode(String.self, forKey: "container"),
                        note: container.decodeIfPresent(String.self, forKey: "memo"),
                        default: container.decode(Bool.self, forKey: "default")
                    )
                }

                public func encode(to encoder: Encoder) throws {
                    var container = encoder.container(keyedBy: RepogenCodingKey.self)
                    // 'storeId' is not encoded (encode: false).
                    try container.encode(self.container, forKey: "container")
                    try container.encodeIfPresent(self.note, forKey: "memo")
                    try container.encode(self.`default`, forKey: "default")
                }
            """)
        XCTAssertFalse(models.contains("CodingKeys"), "no synthesized coding, no CodingKeys enum")
    }

    func testMergedParamsSpreadInOrderAndSkipNilOptionals() throws {
        let text = """
            {
              "models": {
                "Page": { "fields": { "cursor": "String?", "size": "Int", "extra": { "type": "[String: String]?", "encode": false } } }
              },
              "endpoints": [
                {
                  "name": "a", "method": "GET", "path": "/a",
                  "inputs": [{ "name": "page", "type": "Page" }, { "name": "filters", "type": "[String: Int]?" }, { "name": "q", "type": "String?" }],
                  "param": ["{page}", "{page.extra}", { "sort": "LATEST", "on": true, "q": "{q}" }, "{filters}"]
                }
              ]
            }
            """
        let api = try XCTUnwrap(generate(text)["Api.swift"])
        assertContains(api, """
                    case .a(let page, let filters, let q):
                        var params = RequestParameters()
                        params.spread(page)
                        if let value = page.extra {
                            params.spread(value)
                        }
                        params["sort"] = "LATEST"
                        params["on"] = true
                        if let q {
                            params["q"] = q
                        }
                        if let filters {
                            params.spread(filters)
                        }
                        return params
            """)
        // The struct's own keys are known: giving one again is an error before anything runs.
        XCTAssertEqual(
            diagnostics(text.replacingOccurrences(of: #""sort": "LATEST""#, with: #""size": 20"#)),
            [#"Specs/store.json:9:45: error: duplicate param key 'size' in 'a' (a field of 'page')"#])
    }

    func testDomainDefaultsApplyUnlessAnEndpointSetsItsOwn() throws {
        let text = """
            {
              "defaults": { "usingQuery": false, "header": "location" },
              "endpoints": [
                { "name": "a", "method": "GET", "path": "/a" },
                { "name": "b", "method": "DELETE", "path": "/b", "usingQuery": true, "header": "json" }
              ]
            }
            """
        let api = try XCTUnwrap(generate(text)["Api.swift"])
        assertContains(api, """
                var header: HTTPHeaderType {
                    switch self {
                    case .a:
                        return .location
                    case .b:
                        return .json
                    }
                }
            """)
        assertContains(api, """
                var usingQuery: Bool {
                    switch self {
                    case .a:
                        return false
                    case .b:
                        return true
                    }
                }
            """)
    }

    func testQueryParamsOfExternalTypesAndPathOnlyFieldsAreAccepted() {
        // repogen cannot see inside an external type: the runtime reports what a query string cannot carry.
        let text = """
            {
              "externalTypes": ["Filter"],
              "models": { "Input": { "fields": { "q": "String", "where": { "type": "Filter", "encode": false }, "f": "Filter" } } },
              "endpoints": [
                { "name": "a", "method": "GET", "path": "/a", "inputs": [{ "name": "input", "type": "Input" }], "param": "{input}" },
                { "name": "b", "method": "DELETE", "path": "/b", "inputs": [{ "name": "f", "type": "Filter" }], "param": "{f}" }
              ]
            }
            """
        XCTAssertEqual(diagnostics(text), [])
    }
}

/// Every string from the user that reaches generated code is escaped, comments included.
final class InjectionTests: XCTestCase {
    func testASpecPathWithANewlineStaysInTheHeaderComment() throws {
        let files = try generate(#"{ "endpoints": [{ "name": "a", "method": "GET", "path": "/a" }] }"#, path: "x\nimport Evil\n//\u{2028}/store.json")
        for (name, text) in files {
            let first = text.split(separator: "\n", omittingEmptySubsequences: false)[0]
            XCTAssertEqual(first, #"// Generated by repogen 0.3.0 from x\u{A}import Evil\u{A}//\u{2028}/store.json. Do not edit."#, name)
            XCTAssertFalse(text.contains("\nimport Evil"), name)
        }
    }

    func testDescriptionsCannotEndTheirCommentOrCarryBidiControls() throws {
        let text = #"{ "endpoints": [{ "name": "a", "description": "one\r\ntwo\u0085three\u202Efour */ five", "method": "GET", "path": "/a" }] }"#
        let api = try XCTUnwrap(generate(text)["Api.swift"])
        assertContains(api, "    /// one\n    /// twothreefour */ five\n    case a\n")
    }
}
