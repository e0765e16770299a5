import RepogenCore
import XCTest

/// One snippet test per pattern of DESIGN.md: a spec fragment and the Swift it must produce, side by side.
final class ProjectionTests: XCTestCase {
    func api(_ endpoint: String) throws -> String {
        try generate(spec(endpoint))["Api.swift"] ?? ""
    }

    func testOptionalInputsGetAnOverloadWithoutThem() throws {
        let json = """
            {
              "externalTypes": [\(testTypes)],
              "endpoints": [
                { "name": "fetchOne", "repositoryMethod": "fetch", "method": "GET", "path": "/one", "inputs": [{"name": "a", "type": "Int"}], "param": {"a": "{a}"} },
                { "name": "fetchTwo", "repositoryMethod": "fetch", "method": "GET", "path": "/two", "inputs": [{"name": "a", "type": "Int"}, {"name": "b", "type": "String?"}], "param": {"a": "{a}", "b": "{b}"} },
                { "name": "list", "method": "GET", "path": "/list", "inputs": [{"name": "page", "type": "Int?"}, {"name": "size", "type": "Int"}, {"name": "q", "type": "String?"}], "param": {"page": "{page}", "size": "{size}", "q": "{q}"} }
              ]
            }
            """
        // `fetch(a:)` and `fetch(a:b:)` with `b` optional: fetchTwo's overload would be fetchOne's method. Two
        // methods of one name are refused, whatever their labels, so an overload never clashes.
        XCTAssertEqual(
            diagnostics(json).filter { $0.contains("error:") },
            ["Specs/store.json:5:47: error: repository method 'fetch' is declared twice (first at line 4); "
                + "give one of them a different 'repositoryMethod'"])
        let unique = json.replacingOccurrences(of: #""name": "fetchOne", "repositoryMethod": "fetch""#, with: #""name": "fetchOne""#)
        let repository = try generate(unique)["Repository.swift"] ?? ""
        // `list(size:)` passes nil for both optional inputs, wherever they are.
        assertContains(
            repository,
            """
                /// `list(page:size:q:)` with `page`, `q` nil.
                public func list(size: Int) async -> Result<Void, Error> {
                    await self.list(page: nil, size: size, q: nil)
                }

            """)
        assertContains(repository, "    public func fetch(a: Int) async -> Result<Void, Error> {\n        await self.fetch(a: a, b: nil)\n")
        // Without optional inputs there is no extension at all.
        let plain = try generate(spec(#""name": "a", "method": "GET", "path": "/a", "inputs": [{"name": "x", "type": "Int"}], "param": {"x": "{x}"}"#))
        XCTAssertFalse(plain["Repository.swift"]?.contains("extension") ?? true)
    }

    func testParamNoneAndStructPassThrough() throws {
        let none = try api(#""name": "signout", "method": "DELETE", "path": "/signout""#)
        assertContains(none, "    case signout\n")
        assertContains(none, "        case .signout:\n            return nil\n")
        let passed = try api(#""name": "fetchData", "method": "GET", "path": "/d", "inputs": [{"name": "input", "type": "FetchDataInput"}], "param": "{input}""#)
        assertContains(passed, "        case .fetchData(let input):\n            return input\n")
    }

    func testParamDictionaryWithRenamedKeyConditionalKeyAndArray() throws {
        let text = try api(
            #""name": "report", "method": "DELETE", "path": "/s/{storeId}", "inputs": [{"name": "storeId", "type": "Int"}, {"name": "reportReason", "type": "String"}, {"name": "cursor", "type": "String?"}, {"name": "itemTypes", "type": "[ItemType]"}], "param": {"deleteReasonType": "{reportReason}", "cursor": "{cursor}", "itemTypes": "{itemTypes[].rawValue}"}"#
        )
        assertContains(
            text,
            """
                    case .report(_, let reportReason, let cursor, let itemTypes):
                        var params: RequestParameters = [
                            "deleteReasonType": reportReason,
                            "itemTypes": itemTypes.map { $0.rawValue }
                        ]
                        if let cursor {
                            params["cursor"] = cursor
                        }
                        return params

            """)
    }

    func testParamSingleKeyAndConstants() throws {
        let one = try api(#""name": "r", "method": "POST", "path": "/r", "inputs": [{"name": "reason", "type": "String"}], "param": {"deleteReasonType": "{reason}"}"#)
        assertContains(one, "        case .r(let reason):\n            return RequestParameters([\"deleteReasonType\": reason])\n")
        let constants = try api(#""name": "a", "method": "GET", "path": "/a", "param": {"includeActivities": true, "size": 20, "ratio": 0.5, "sort": "LATEST"}"#)
        assertContains(constants, "\"includeActivities\": true,\n                \"size\": 20,\n                \"ratio\": 0.5,\n                \"sort\": \"LATEST\"\n")
    }

    func testMethodFixedAndChosenByABool() throws {
        let text = try api(#""name": "saveStore", "method": {"if": "isDelete", "then": "DELETE", "else": "PUT"}, "path": "/s/{storeId}", "inputs": [{"name": "storeId", "type": "String"}, {"name": "isDelete", "type": "Bool"}]"#)
        assertContains(text, "        case .saveStore(_, let isDelete):\n            return isDelete ? .delete : .put\n")
        assertContains(text, "        case .saveStore(let storeId, _):\n            return \"/s/\\(PathComponent(storeId))\"\n")
        assertContains(try api(#""name": "p", "method": "patch", "path": "/p""#), "        case .p:\n            return .patch\n")
    }

    func testHeaderKinds() throws {
        assertContains(try api(#""name": "a", "method": "GET", "path": "/a""#), "        case .a:\n            return .json\n")
        assertContains(try api(#""name": "a", "method": "GET", "path": "/a", "header": "default""#), "return .default\n")
        assertContains(try api(#""name": "a", "method": "GET", "path": "/a", "header": "location""#), "return .location\n")
        assertContains(
            try api(#""name": "a", "method": "POST", "path": "/a", "header": {"multipart": "Boundary-1"}"#),
            "return .multipart(boundary: \"Boundary-1\")\n")
        let custom = try api(
            #""name": "d", "method": "GET", "path": "/d", "inputs": [{"name": "input", "type": "DetailInput"}, {"name": "token", "type": "String"}], "header": {"custom": {"X-Device-Latitude": "{input.latitude}", "X-Nonce-Token": "{token}", "Authorization-Extra": "Nonce {token}", "X-App": "ios"}}"#
        )
        assertContains(
            custom,
            """
                    case .d(let input, let token):
                        return .custom([
                            "X-Device-Latitude": input.latitude.description,
                            "X-Nonce-Token": token,
                            "Authorization-Extra": "Nonce \\(token)",
                            "X-App": "ios"
                        ])

            """)
    }

    func testPathPatterns() throws {
        let text = try api(
            #""name": "t", "method": "PUT", "path": "/api/v1/store/{storeId}/news-post/{postId}/stickers/{input.id}/{placeType.rawValue}", "inputs": [{"name": "storeId", "type": "Int"}, {"name": "postId", "type": "String"}, {"name": "input", "type": "StickerInput"}, {"name": "placeType", "type": "PlaceType"}]"#
        )
        assertContains(
            text,
            wrapped("        case .t(let storeId, let postId, let input, let placeType):\n            return \"/api/v1/store/\\(PathComponent(storeId))/news-post/\\(PathComponent(postId))/stickers/\\(PathComponent(input.id))/\\(PathComponent(placeType.rawValue))\"\n"))
    }

    func testUsingQueryOverrideIsOnlyGeneratedWhenUsed() throws {
        XCTAssertFalse(try api(#""name": "a", "method": "POST", "path": "/a""#).contains("usingQuery"))
        let text = try generate(
            """
            {"endpoints": [
              {"name": "a", "method": "POST", "path": "/a", "usingQuery": true},
              {"name": "b", "method": "DELETE", "path": "/b"}
            ]}
            """)["Api.swift"]
        assertContains(text, "    var usingQuery: Bool {\n        switch self {\n        case .a:\n            return true\n        case .b:\n            return method.usesQueryByDefault\n")
    }

    func testQueryArrayStylesAreOnlyGeneratedWhenUsedAndKeepTheSpecsOrder() throws {
        XCTAssertFalse(try api(#""name": "a", "method": "GET", "path": "/a""#).contains("queryArrayStyles"))
        let text = try generate(
            """
            {"endpoints": [
              {"name": "a", "method": "GET", "path": "/a", "inputs": [{"name": "tags", "type": "[String]"}, {"name": "id", "type": "[Int]?"}],
               "param": {"tags": "{tags}", "id": "{id}"}, "queryArrays": {"tags": "comma", "id": "repeated"}},
              {"name": "b", "method": "GET", "path": "/b"}
            ]}
            """)["Api.swift"]
        assertContains(
            text,
            "    var queryArrayStyles: [String: NetworkConfiguration.QueryArrayStyle] {\n        switch self {\n"
                + "        case .a:\n            return [\"tags\": .commaSeparated, \"id\": .repeatedKeys]\n"
                + "        case .b:\n            return [:]\n")
    }

    func testQueryParamIsOnlyGeneratedWhenUsedAndBuildsTheQueryKeys() throws {
        XCTAssertFalse(try api(#""name": "a", "method": "POST", "path": "/a""#).contains("queryParam"))
        let text = try generate(
            """
            {"models": {"Pet": {"fields": {"name": "String"}}},
             "endpoints": [
              {"name": "a", "method": "POST", "path": "/a", "inputs": [{"name": "pet", "type": "Pet"}, {"name": "dryRun", "type": "Bool"}, {"name": "page", "type": "Int?"}],
               "param": "{pet}", "query": {"dryRun": "{dryRun}", "page": "{page}", "v": 2}},
              {"name": "b", "method": "GET", "path": "/b"}
            ]}
            """)["Api.swift"]
        assertContains(
            text,
            "    var queryParam: Encodable? {\n        switch self {\n"
                + "        case .a(_, let dryRun, let page):\n            var params: RequestParameters = [\n"
                + "                \"dryRun\": dryRun,\n                \"v\": 2\n            ]\n"
                + "            if let page {\n                params[\"page\"] = page\n            }\n            return params\n"
                + "        case .b:\n            return nil\n")
        assertContains(text, "        case .a(let pet, _, _):\n            return pet\n")
    }

    func testBodyEncodingIsOnlyGeneratedWhenAFormIsUsedAndReadsAlikeInBothFormats() throws {
        XCTAssertFalse(try api(#""name": "a", "method": "POST", "path": "/a", "body": "json""#).contains("bodyEncoding"))
        let json = """
            {"endpoints": [
              {"name": "token", "method": "POST", "path": "/oauth/token", "inputs": [{"name": "code", "type": "String"}, {"name": "scopes", "type": "[String]"}],
               "param": {"grant_type": "authorization_code", "code": "{code}", "scope": "{scopes}"}, "body": "form", "queryArrays": {"scope": "space"}},
              {"name": "b", "method": "POST", "path": "/b", "body": "json"},
              {"name": "c", "method": "GET", "path": "/c"}
            ]}
            """
        let yaml = """
            endpoints:
              - name: token
                method: POST
                path: /oauth/token
                inputs: [{ name: code, type: String }, { name: scopes, type: "[String]" }]
                param: { grant_type: authorization_code, code: "{code}", scope: "{scopes}" }
                body: form
                queryArrays: { scope: space }
              - { name: b, method: POST, path: /b, body: json }
              - { name: c, method: GET, path: /c }
            """
        let text = try XCTUnwrap(generate(json)["Api.swift"])
        assertContains(
            text,
            "    var bodyEncoding: RequestBodyEncoding {\n        switch self {\n"
                + "        case .token:\n            return .form\n"
                + "        case .b:\n            return .json\n        case .c:\n            return .json\n")
        assertContains(text, "        case .token:\n            return [\"scope\": .spaceDelimited]\n")
        let fromYAML = try XCTUnwrap(generate(yaml, path: "Specs/store.yaml")["Api.swift"])
        XCTAssertEqual(fromYAML.split(separator: "\n").dropFirst(), text.split(separator: "\n").dropFirst())
    }

    func testRepositoryNamesLabelsAndUnlabeledCases() throws {
        let files = try generate(
            spec(#""name": "fetchStoreNewPosts", "repositoryMethod": "fetchNewPosts", "method": "GET", "path": "/p/{storeId}", "inputs": [{"name": "storeId", "type": "Int"}, {"name": "cursorInput", "type": "String?", "argument": "cursor"}, {"name": "input", "type": "DetailInput", "unlabeled": true}], "response": "ContentsWithCursorResponse<Post>""#))
        assertContains(files["Api.swift"], "    case fetchStoreNewPosts(storeId: Int, cursorInput: String?, DetailInput)\n")
        let repository = files["Repository.swift"]
        assertContains(
            repository,
            wrapped("    func fetchNewPosts(storeId: Int, cursor: String?, input: DetailInput) async -> Result<ContentsWithCursorResponse<Post>, Error>\n"))
        assertContains(repository, "        let request = StoreApi.fetchStoreNewPosts(storeId: storeId, cursorInput: cursor, input)\n        return await self.manager.request(requestType: request)\n")
        assertContains(
            files["Mock.swift"],
            wrapped("    public let fetchNewPostsMock = MockMethod<(storeId: Int, cursor: String?, input: DetailInput), ContentsWithCursorResponse<Post>>(\"MockStoreRepository.fetchNewPosts(storeId:cursor:input:)\")\n"))
    }

    func testResultTypes() throws {
        for (response, expected) in [
            ("\"String\"", "Result<String, Error>"), ("\"String?\"", "Result<String?, Error>"),
            ("\"[String: [Int]]\"", "Result<[String: [Int]], Error>"), ("null", "Result<Void, Error>"),
            ("\"Page< Item >\"", "Result<Page<Item>, Error>"),
        ] {
            let repository = try generate(spec(#""name": "a", "method": "GET", "path": "/a", "response": \#(response)"#))["Repository.swift"]
            assertContains(repository, "func a() async -> \(expected)")
        }
    }

    func testImportsAndHeader() throws {
        let api = try generate(spec(#""name": "a", "method": "GET", "path": "/a""#, imports: #""Model""#))["Api.swift"]
        XCTAssertTrue(api?.hasPrefix("// Generated by repogen 0.3.0 from Specs/store.json. Do not edit.\n\nimport Foundation\nimport RepogenRuntime\nimport Model\n\nenum StoreApi {\n") ?? false, api ?? "")
    }

    func testSwiftKeywordsAreEscaped() throws {
        let files = try generate(spec(#""name": "default", "method": "GET", "path": "/a/{in}", "inputs": [{"name": "in", "type": "Int"}]"#))
        assertContains(files["Api.swift"], "    case `default`(`in`: Int)\n")
        assertContains(files["Api.swift"], "        case .`default`(let `in`):\n            return \"/a/\\(PathComponent(`in`))\"\n")
        assertContains(files["Repository.swift"], "    func `default`(`in`: Int) async -> Result<Void, Error>\n")
        assertContains(files["Mock.swift"], "    public func `default`(`in`: Int) -> Result<Void, Error> {\n        self.defaultMock.call(`in`)\n")
    }

    func testLiteralTextIsEscapedSoItRoundTrips() throws {
        let text = try api(
            ##""name": "a", "method": "POST", "path": "/a", "param": {"k\"": "v\"\\(1)\n"}, "header": {"custom": {"X-A": "\"\\(x)\"\"\"#"}}"##)
        assertContains(text, ##"return RequestParameters(["k\"": "v\"\\(1)\n"])"##)
        assertContains(text, ##"return .custom(["X-A": "\"\\(x)\"\"\"#"])"##)
    }
}
