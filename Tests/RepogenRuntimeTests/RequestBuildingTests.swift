import Foundation
import RepogenRuntime
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request as a test writes it.
struct TestRequest: RequestType {
    var body: (any Encodable & Sendable)?
    var method: RequestMethod
    var header: HTTPHeaderType
    var path: String
    var queryOverride: Bool?
    var form: UploadForm?
    var arrayStyles: [String: NetworkConfiguration.QueryArrayStyle] = [:]
    var alwaysInQuery: (any Encodable & Sendable)?
    var encoding: RequestBodyEncoding = .json

    init(
        param: (any Encodable & Sendable)? = nil, method: RequestMethod = .get, header: HTTPHeaderType = .json,
        path: String = "/echo", queryOverride: Bool? = nil, upload: UploadForm? = nil
    ) {
        self.body = param
        self.method = method
        self.header = header
        self.path = path
        self.queryOverride = queryOverride
        self.form = upload
    }

    var param: Encodable? { body }
    var usingQuery: Bool { queryOverride ?? method.usesQueryByDefault }
    var upload: UploadForm? { form }
    var queryArrayStyles: [String: NetworkConfiguration.QueryArrayStyle] { arrayStyles }
    var queryParam: Encodable? { alwaysInQuery }
    var bodyEncoding: RequestBodyEncoding { encoding }
}

struct Item: Codable, Sendable, Equatable {
    var id: Int
    var name: String
}

/// An API enum and repository written as repogen generates them: they must compile without warnings.
enum SampleApi {
    enum Reason: String, Codable, Sendable { case closed = "CLOSED" }

    case report(storeId: Int, reason: Reason)
    case photos(storeId: Int, cursor: String?)
    case save(storeId: Int, isDelete: Bool)
}

extension SampleApi: RequestType {
    var param: Encodable? {
        switch self {
        case .report(_, let reason):
            return RequestParameters(["deleteReasonType": reason])
        case .photos(let storeId, let cursor):
            var params: RequestParameters = ["storeId": storeId]
            if let cursor {
                params["cursor"] = cursor
            }
            return params
        case .save(_, let isDelete):
            return ["isDelete": isDelete, "source": "app"] as RequestParameters
        }
    }

    var method: RequestMethod {
        switch self {
        case .report, .photos: return .get
        case .save: return .post
        }
    }

    var header: HTTPHeaderType {
        .json
    }

    var path: String {
        switch self {
        case .report(let storeId, _): return "/stores/\(PathComponent(storeId))/report"
        case .photos: return "/photos"
        case .save(let storeId, _): return "/stores/\(storeId)/save"
        }
    }

    var usingQuery: Bool {
        switch self {
        case .save: return true
        default: return method.usesQueryByDefault
        }
    }
}

/// An input model with extra filters, spread as generated code does.
struct FetchAroundInput: Encodable, Sendable {
    var distanceM: Int
    var categoryIds: [String]
    var isOpen: Bool
    var cursor: String?
    var filters: [String: String]

    private enum CodingKeys: String, CodingKey { case distanceM, categoryIds, isOpen, cursor }
}

enum SpreadApi: RequestType {
    case around(input: FetchAroundInput)

    var param: Encodable? {
        switch self {
        case .around(let input):
            var params = RequestParameters()
            params.spread(input)
            params.spread(input.filters)
            params["size"] = 20
            return params
        }
    }

    var method: RequestMethod { .get }
    var header: HTTPHeaderType { .location }
    var path: String { "/stores/around" }
}

struct SampleRepository: Sendable {
    let manager: NetworkManager

    func report(storeId: Int) async -> Result<String, Error> {
        let request = SampleApi.report(storeId: storeId, reason: .closed)
        return await manager.request(requestType: request)
    }

    func photos(storeId: Int) async -> Result<[Item], Error> {
        let request = SampleApi.photos(storeId: storeId, cursor: nil)
        return await manager.request(requestType: request)
    }

    func save(storeId: Int) async -> Result<String?, Error> {
        let request = SampleApi.save(storeId: storeId, isDelete: false)
        return await NetworkManager.shared.request(requestType: request)
    }

    func delete(storeId: Int) async -> Result<Void, Error> {
        await manager.request(requestType: SampleApi.save(storeId: storeId, isDelete: true))
    }
}

/// What `NetworkManager` puts in a `URLRequest`, without sending it.
final class RequestBuildingTests: XCTestCase {
    func manager(_ change: (inout NetworkConfiguration) -> Void = { _ in }) -> NetworkManager {
        var configuration = NetworkConfiguration(baseURL: URL(string: "https://api.example.com/"))
        change(&configuration)
        return NetworkManager(configuration: configuration)
    }

    func testUsingQueryDefaultsFollowTheMethod() {
        XCTAssertEqual(RequestMethod.allCases.filter(\.usesQueryByDefault), [.get, .delete])
        XCTAssertTrue(TestRequest(method: .delete).usingQuery)
        XCTAssertFalse(TestRequest(method: .post).usingQuery)
    }

    func testQueryHasSortedKeysNoNilsAndTheConfiguredArrayStyle() async throws {
        let cursor: String? = nil
        var params: RequestParameters = ["size": 20, "includes": ["OWNER", "OPEN_STATUS"], "flag": true, "lat": 37.5]
        params["cursor"] = cursor
        let request = TestRequest(param: params)
        let comma = try await manager().urlRequest(for: request)
        XCTAssertEqual(
            comma.url?.absoluteString,
            "https://api.example.com/echo?flag=true&includes=OWNER,OPEN_STATUS&lat=37.5&size=20")
        XCTAssertNil(comma.httpBody)
        let repeated = try await manager { $0.queryArrayStyle = .repeatedKeys }.urlRequest(for: request)
        XCTAssertEqual(repeated.url?.query, "flag=true&includes=OWNER&includes=OPEN_STATUS&lat=37.5&size=20")
        let brackets = try await manager { $0.queryArrayStyle = .brackets }.urlRequest(for: request)
        XCTAssertEqual(brackets.url?.query, "flag=true&includes%5B%5D=OWNER&includes%5B%5D=OPEN_STATUS&lat=37.5&size=20")
    }

    func testAParamsOwnArrayStyleWinsOverTheManagersForThatKeyOnly() async throws {
        let params: RequestParameters = ["id": [1, 2], "tags": ["a", "b"], "other": ["x", "y"]]
        var request = TestRequest(param: params)
        request.arrayStyles = ["id": .repeatedKeys, "tags": .commaSeparated]
        let comma = try await manager().urlRequest(for: request)
        XCTAssertEqual(comma.url?.query, "id=1&id=2&other=x,y&tags=a,b")
        let repeated = try await manager { $0.queryArrayStyle = .repeatedKeys }.urlRequest(for: request)
        XCTAssertEqual(repeated.url?.query, "id=1&id=2&other=x&other=y&tags=a,b")
        request.arrayStyles = ["other": .brackets]
        let brackets = try await manager().urlRequest(for: request)
        XCTAssertEqual(brackets.url?.query, "id=1,2&other%5B%5D=x&other%5B%5D=y&tags=a,b")
        // A comma in an element is refused only where the comma joins: its own style decides.
        var commas = TestRequest(param: ["id": ["1,2"], "tags": ["a,b"]] as RequestParameters)
        commas.arrayStyles = ["id": .repeatedKeys]
        do {
            let sent = try await manager().urlRequest(for: commas)
            XCTFail("expected invalidParameter, got \(sent.url?.absoluteString ?? "")")
        } catch NetworkError.invalidParameter(let key, _) {
            XCTAssertEqual(key, "tags")
        }
        commas.arrayStyles = ["id": .repeatedKeys, "tags": .brackets]
        let sent = try await manager().urlRequest(for: commas)
        XCTAssertEqual(sent.url?.query, "id=1,2&tags%5B%5D=a,b")
        // Space- and pipe-delimited: joined, each separator percent-encoded; an element holding it is refused.
        var delimited = TestRequest(param: ["id": [1, 2], "tags": ["a", "b"]] as RequestParameters)
        delimited.arrayStyles = ["id": .spaceDelimited, "tags": .pipeDelimited]
        let joined = try await manager().urlRequest(for: delimited)
        XCTAssertEqual(joined.url?.query, "id=1%202&tags=a%7Cb")
        for (style, element) in [(NetworkConfiguration.QueryArrayStyle.spaceDelimited, "a b"), (.pipeDelimited, "a|b")] {
            var refused = TestRequest(param: ["tags": [element, "c"]] as RequestParameters)
            refused.arrayStyles = ["tags": style]
            do {
                let sent = try await manager().urlRequest(for: refused)
                XCTFail("expected invalidParameter, got \(sent.url?.absoluteString ?? "")")
            } catch NetworkError.invalidParameter(let key, _) {
                XCTAssertEqual(key, "tags")
            }
        }
    }

    func testAParamsOwnArrayStyleIsKeyedByItsSpecNameWithSnakeCaseKeys() async throws {
        var request = TestRequest(param: ["petIds": [1, 2], "tagNames": ["a", "b"]] as RequestParameters)
        request.arrayStyles = ["petIds": .repeatedKeys]
        let snake = try await manager {
            $0.requestKeyStyle = .snakeCase
        }.urlRequest(for: request)
        XCTAssertEqual(snake.url?.query, "pet_ids=1&pet_ids=2&tag_names=a,b")
    }

    func testAQueryParamGoesToTheQueryBesideAJSONBodyOrAfterAQueryParam() async throws {
        let none: Int? = nil
        var request = TestRequest(param: Item(id: 1, name: "a"), method: .post)
        request.alwaysInQuery = ["dryRun": true, "pageSize": 20, "tagIds": [1, 2], "cursor": none] as RequestParameters
        request.arrayStyles = ["tagIds": .repeatedKeys]
        let post = try await manager().urlRequest(for: request)
        XCTAssertEqual(post.url?.query, "dryRun=true&pageSize=20&tagIds=1&tagIds=2")
        XCTAssertEqual(post.httpBody.map { String(decoding: $0, as: UTF8.self) }, #"{"id":1,"name":"a"}"#)
        let snake = try await manager { $0.requestKeyStyle = .snakeCase }.urlRequest(for: request)
        XCTAssertEqual(snake.url?.query, "dry_run=true&page_size=20&tag_ids=1&tag_ids=2")
        // Where the param is the query too, its keys come first.
        var get = TestRequest(param: ["q": "x"] as RequestParameters)
        get.alwaysInQuery = ["page": 2] as RequestParameters
        let sent = try await manager().urlRequest(for: get)
        XCTAssertEqual(sent.url?.query, "q=x&page=2")
        XCTAssertNil(sent.httpBody)
    }

    func testIntegralNumbersHaveNoFractionAndNilOptionalsAreLeftOut() async throws {
        let none: Int? = nil
        let params: RequestParameters = ["a": 2.0, "b": -3.25, "c": none, "d": [1.0, 1.5]]
        let get = try await manager().urlRequest(for: TestRequest(param: params))
        XCTAssertEqual(get.url?.query, "a=2&b=-3.25&d=1,1.5")
        let post = try await manager().urlRequest(for: TestRequest(param: params, method: .post))
        XCTAssertEqual(post.httpBody.map { String(decoding: $0, as: UTF8.self) }, #"{"a":2,"b":-3.25,"d":[1,1.5]}"#)
    }

    func testGeneratedCodeShapesTypeCheck() async throws {
        let manager = manager()
        let repository = SampleRepository(manager: manager)
        let report = try await manager.urlRequest(for: SampleApi.report(storeId: 3, reason: .closed))
        XCTAssertEqual(report.url?.absoluteString, "https://api.example.com/stores/3/report?deleteReasonType=CLOSED")
        let photos = try await manager.urlRequest(for: SampleApi.photos(storeId: 3, cursor: "c 1"))
        XCTAssertEqual(photos.url?.query, "cursor=c%201&storeId=3")
        let save = try await manager.urlRequest(for: SampleApi.save(storeId: 3, isDelete: true))
        XCTAssertEqual(save.httpMethod, "POST")
        XCTAssertEqual(save.url?.query, "isDelete=true&source=app")
        XCTAssertNil(save.httpBody)
        _ = repository
    }

    func testQueryValuesArePercentEncoded() async throws {
        let request = try await manager().urlRequest(for: TestRequest(param: RequestParameters(["q": "a+b&c=d/e?f g한"])))
        XCTAssertEqual(request.url?.query, "q=a%2Bb%26c%3Dd%2Fe%3Ff%20g%ED%95%9C")
    }

    func testPathComponentsCannotChangeTheRoute() {
        XCTAssertEqual("/stores/\(PathComponent("a/b?c#d e"))", "/stores/a%2Fb%3Fc%23d%20e")
        XCTAssertEqual("/stores/\(PathComponent(42))", "/stores/42")
    }

    func testGetAlwaysUsesTheQueryAndPostSendsJSON() async throws {
        let get = try await manager().urlRequest(for: TestRequest(param: Item(id: 1, name: "x"), queryOverride: false))
        XCTAssertEqual(get.url?.query, "id=1&name=x")
        let post = try await manager().urlRequest(for: TestRequest(param: Item(id: 1, name: "x"), method: .post))
        XCTAssertNil(post.url?.query)
        XCTAssertEqual(post.httpBody.map { String(decoding: $0, as: UTF8.self) }, #"{"id":1,"name":"x"}"#)
        XCTAssertEqual(post.value(forHTTPHeaderField: "Content-Type"), "application/json")
        let postInQuery = try await manager().urlRequest(
            for: TestRequest(param: Item(id: 1, name: "x"), method: .post, queryOverride: true))
        XCTAssertEqual(postInQuery.url?.query, "id=1&name=x")
        XCTAssertNil(postInQuery.httpBody)
        let deleteWithBody = try await manager().urlRequest(
            for: TestRequest(param: Item(id: 1, name: "x"), method: .delete, queryOverride: false))
        XCTAssertNotNil(deleteWithBody.httpBody)
    }

    func testSnakeCaseRequestKeysWhenConfigured() async throws {
        struct Input: Encodable, Sendable { var storeId: Int }
        let snake = manager { $0.requestKeyStyle = .snakeCase }
        let request = try await snake.urlRequest(for: TestRequest(param: Input(storeId: 3)))
        XCTAssertEqual(request.url?.query, "store_id=3")
        let post = try await snake.urlRequest(for: TestRequest(param: Input(storeId: 3), method: .post))
        XCTAssertEqual(post.httpBody.map { String(decoding: $0, as: UTF8.self) }, #"{"store_id":3}"#)
        let responseOnly = manager { $0.responseKeyStyle = .snakeCase }
        let asIs = try await responseOnly.urlRequest(for: TestRequest(param: Input(storeId: 3), method: .post))
        XCTAssertEqual(asIs.httpBody.map { String(decoding: $0, as: UTF8.self) }, #"{"storeId":3}"#)
    }

    func testRequestAndResponseKeyStylesAreSeparate() throws {
        struct Store: Codable, Equatable { var storeId: Int; var deleteReasonType: String }
        let store = Store(storeId: 1, deleteReasonType: "CLOSED")
        var configuration = NetworkConfiguration()
        configuration.responseKeyStyle = .snakeCase
        XCTAssertEqual(
            String(decoding: try configuration.makeEncoder().encode(store), as: UTF8.self),
            #"{"deleteReasonType":"CLOSED","storeId":1}"#)
        XCTAssertEqual(
            try configuration.makeDecoder().decode(Store.self, from: Data(#"{"store_id":1,"delete_reason_type":"CLOSED"}"#.utf8)),
            store)
        configuration.requestKeyStyle = .snakeCase
        configuration.responseKeyStyle = .asIs
        XCTAssertEqual(
            String(decoding: try configuration.makeEncoder().encode(store), as: UTF8.self),
            #"{"delete_reason_type":"CLOSED","store_id":1}"#)
        XCTAssertEqual(
            try configuration.makeDecoder().decode(Store.self, from: Data(#"{"storeId":1,"deleteReasonType":"CLOSED"}"#.utf8)),
            store)
    }

    func testTheDefaultsAreAPlainRESTClient() {
        let configuration = NetworkConfiguration()
        XCTAssertEqual(configuration.successStatusCodes, Set(200..<300))
        XCTAssertEqual(configuration.responseBody, .plain)
        XCTAssertEqual(configuration.requestKeyStyle, .asIs)
        XCTAssertEqual(configuration.responseKeyStyle, .asIs)
        XCTAssertEqual(configuration.authScheme, .bearer)
        XCTAssertEqual(configuration.queryArrayStyle, .commaSeparated)
        XCTAssertEqual(configuration.queryBoolStyle, .trueFalse)
        XCTAssertFalse(configuration.alwaysSendsContentType)
    }

    func testTheEnvelopeAPIPresetMatchesTheApp() async throws {
        let configuration = NetworkConfiguration.envelopeAPI(baseURL: URL(string: "https://api.example.com"))
        XCTAssertEqual(configuration.successStatusCodes, [200])
        XCTAssertEqual(configuration.responseBody, .envelope)
        XCTAssertEqual(configuration.requestKeyStyle, .asIs)
        XCTAssertEqual(configuration.responseKeyStyle, .snakeCase)
        XCTAssertEqual(configuration.authScheme, .raw)
        XCTAssertEqual(configuration.queryArrayStyle, .commaSeparated)
        XCTAssertEqual(configuration.queryBoolStyle, .numeric)
        XCTAssertTrue(configuration.alwaysSendsContentType)
        let manager = NetworkManager(configuration: configuration)
        let report = try await manager.urlRequest(for: SampleApi.report(storeId: 3, reason: .closed))
        XCTAssertEqual(report.url?.query, "deleteReasonType=CLOSED", "keys go out as the Swift names")
        XCTAssertEqual(report.value(forHTTPHeaderField: "Content-Type"), "application/json")
        let save = try await manager.urlRequest(for: SampleApi.save(storeId: 3, isDelete: true))
        XCTAssertEqual(save.url?.query, "isDelete=1&source=app")
    }

    func testNumericQueryBoolsAlsoInArraysButNotInBodies() async throws {
        let params: RequestParameters = ["flag": true, "off": false, "flags": [true, false], "n": 1]
        let numeric = manager { $0.queryBoolStyle = .numeric }
        let get = try await numeric.urlRequest(for: TestRequest(param: params))
        XCTAssertEqual(get.url?.query, "flag=1&flags=1,0&n=1&off=0")
        let repeated = try await manager {
            $0.queryBoolStyle = .numeric
            $0.queryArrayStyle = .repeatedKeys
        }.urlRequest(for: TestRequest(param: params))
        XCTAssertEqual(repeated.url?.query, "flag=1&flags=1&flags=0&n=1&off=0")
        let post = try await numeric.urlRequest(for: TestRequest(param: params, method: .post))
        XCTAssertEqual(
            post.httpBody.map { String(decoding: $0, as: UTF8.self) }, #"{"flag":true,"flags":[true,false],"n":1,"off":false}"#)
        let words = try await manager().urlRequest(for: TestRequest(param: params))
        XCTAssertEqual(words.url?.query, "flag=true&flags=true,false&n=1&off=false")
    }

    func testContentTypeWithoutABodyOnlyWhenConfigured() async throws {
        let plain = try await manager().urlRequest(for: TestRequest(param: RequestParameters(["a": 1])))
        XCTAssertNil(plain.httpBody)
        XCTAssertNil(plain.value(forHTTPHeaderField: "Content-Type"), "no body, no content type by default")
        let always = manager { $0.alwaysSendsContentType = true }
        for header in [HTTPHeaderType.json, .default, .location, .custom(["X-A": "b"])] {
            for method in RequestMethod.allCases {
                let request = try await always.urlRequest(for: TestRequest(method: method, header: header))
                XCTAssertNil(request.httpBody)
                XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/json", "\(method) \(header)")
            }
        }
        let withBody = try await always.urlRequest(for: TestRequest(param: Item(id: 1, name: "x"), method: .post))
        XCTAssertEqual(withBody.value(forHTTPHeaderField: "Content-Type"), "application/json")
        var form = UploadForm()
        form.add("storeId", 7)
        let upload = try await always.urlRequest(
            for: TestRequest(method: .post, header: .multipart(boundary: "XYZ"), upload: form))
        XCTAssertEqual(upload.value(forHTTPHeaderField: "Content-Type"), "multipart/form-data; boundary=XYZ")
    }

    /// The `invalidParameter` a request fails with, or a test failure.
    func invalidParameter(
        _ param: any Encodable & Sendable, method: RequestMethod = .get, _ change: (inout NetworkConfiguration) -> Void = { _ in },
        file: StaticString = #filePath, line: UInt = #line
    ) async -> (key: String?, reason: String, description: String)? {
        do {
            let request = try await manager(change).urlRequest(for: TestRequest(param: param, method: method))
            XCTFail("expected invalidParameter, got \(request.url?.absoluteString ?? "")", file: file, line: line)
        } catch let error as NetworkError {
            if case .invalidParameter(let key, let reason) = error { return (key, reason, error.localizedDescription) }
            XCTFail("expected invalidParameter, got \(error)", file: file, line: line)
        } catch {
            XCTFail("expected a NetworkError, got \(error)", file: file, line: line)
        }
        return nil
    }

    func testWhatAQueryCannotHoldIsAnErrorNeverDropped() async throws {
        struct Filter: Encodable, Sendable { var kind: String }
        let nested = await invalidParameter(["size": 20, "filter": Filter(kind: "A")] as RequestParameters)
        XCTAssertEqual(nested?.key, "filter")
        XCTAssertEqual(nested?.reason, "a query string cannot hold a nested object")
        XCTAssertEqual(nested?.description, "cannot send param 'filter': a query string cannot hold a nested object")
        let objects = await invalidParameter(["filters": [Filter(kind: "A")]] as RequestParameters)
        XCTAssertEqual(objects?.key, "filters")
        XCTAssertEqual(objects?.reason, "a query string cannot hold an array with an object in it")
        let arrays = await invalidParameter(["ids": [[1, 2], [3]]] as RequestParameters)
        XCTAssertEqual(arrays?.key, "ids")
        XCTAssertEqual(arrays?.reason, "a query string cannot hold an array with an array in it")
        let nulls = await invalidParameter(["ids": [1, nil, 3] as [Int?]] as RequestParameters)
        XCTAssertEqual(nulls?.key, "ids")
        XCTAssertEqual(nulls?.reason, "a query string cannot hold an array with null in it")
        let array = await invalidParameter([1, 2, 3])
        XCTAssertNil(array?.key)
        XCTAssertEqual(array?.reason, "a query string needs a JSON object, not an array")
        XCTAssertEqual(array?.description, "cannot send the params: a query string needs a JSON object, not an array")
        let string = await invalidParameter("text")
        XCTAssertNil(string?.key)
        XCTAssertEqual(string?.reason, "a query string needs a JSON object, not a string")
        let deleteInQuery = await invalidParameter(["filter": Filter(kind: "A")] as RequestParameters, method: .delete)
        XCTAssertEqual(deleteInQuery?.key, "filter")

        // Nil top-level values are still left out; a JSON body takes what a query cannot.
        let none: Int? = nil
        let fine = try await manager().urlRequest(for: TestRequest(param: ["a": 1, "b": none] as RequestParameters))
        XCTAssertEqual(fine.url?.query, "a=1")
        let body = try await manager().urlRequest(
            for: TestRequest(param: ["filter": Filter(kind: "A"), "ids": [[1]]] as RequestParameters, method: .post))
        XCTAssertEqual(body.httpBody.map { String(decoding: $0, as: UTF8.self) }, #"{"filter":{"kind":"A"},"ids":[[1]]}"#)
    }

    func testAnEncodingErrorIsAnInvalidParameter() async {
        struct Point: Encodable, Sendable { var x: Double }
        let body = await invalidParameter(["point": Point(x: .nan)] as RequestParameters, method: .post)
        XCTAssertEqual(body?.key, "x")
        XCTAssertFalse(body?.reason.isEmpty ?? true)
        let list = await invalidParameter(["values": [1, Double.infinity]] as RequestParameters)
        XCTAssertEqual(list?.key, "values", "the innermost named key, not an array index")
        let top = await invalidParameter(Double.nan, method: .post)
        XCTAssertNil(top?.key)
    }

    func testHeaderKinds() async throws {
        let location = DeviceLocation(latitude: 37.5, longitude: 127.25)
        XCTAssertEqual(HTTPHeaderType.json.headers(location: location), ["Content-Type": "application/json"])
        XCTAssertEqual(HTTPHeaderType.default.headers(location: nil), ["Content-Type": "application/json"])
        XCTAssertEqual(
            HTTPHeaderType.location.headers(location: location),
            ["Content-Type": "application/json", "X-Device-Latitude": "37.5", "X-Device-Longitude": "127.25"])
        XCTAssertEqual(
            HTTPHeaderType.multipart(boundary: "B").headers(location: nil),
            ["Content-Type": "multipart/form-data; boundary=B"])
        XCTAssertEqual(
            HTTPHeaderType.custom(["X-Nonce-Token": "t"]).headers(location: nil),
            ["Content-Type": "application/json", "X-Nonce-Token": "t"])
    }

    func testAuthorizationIsRawOrBearerAndWinsOverCustomHeaders() async throws {
        let raw = manager {
            $0.authToken = { "secret" }
            $0.authScheme = .raw
            $0.locationProvider = { DeviceLocation(latitude: 1, longitude: 2) }
            $0.defaultHeaders["X-App-Context"] = "ios/1.0"
        }
        let request = try await raw.urlRequest(for: TestRequest(header: .custom(["Authorization": "spoofed", "X-A": "b"])))
        XCTAssertEqual(request.value(forHTTPHeaderField: "Authorization"), "secret")
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-A"), "b")
        XCTAssertEqual(request.value(forHTTPHeaderField: "Accept"), "application/json")
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-App-Context"), "ios/1.0")
        let located = try await raw.urlRequest(for: TestRequest(header: .location))
        XCTAssertEqual(located.value(forHTTPHeaderField: "X-Device-Latitude"), "1.0")
        let bearer = try await manager { $0.authToken = { "secret" } }.urlRequest(for: TestRequest())
        XCTAssertEqual(bearer.value(forHTTPHeaderField: "Authorization"), "Bearer secret")
    }

    func testMultipartBody() async throws {
        var form = UploadForm()
        form.add("storeId", 7)
        form.add("images", files: [UploadFile(data: Data("png".utf8), fileName: "a \"1\".png", contentType: "image/png")])
        let request = try await manager().urlRequest(
            for: TestRequest(method: .post, header: .multipart(boundary: "XYZ"), upload: form))
        XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "multipart/form-data; boundary=XYZ")
        XCTAssertEqual(
            request.httpBody.map { String(decoding: $0, as: UTF8.self) },
            "--XYZ\r\nContent-Disposition: form-data; name=\"storeId\"\r\n\r\n7\r\n"
                + "--XYZ\r\nContent-Disposition: form-data; name=\"images\"; filename=\"a %221%22.png\"\r\n"
                + "Content-Type: image/png\r\n\r\npng\r\n--XYZ--\r\n")
    }

    /// An upload whose parts are all absent (an optional multipart body not given) is a request without a body:
    /// `--XYZ--` alone is no multipart body (RFC 2046 needs one part), and nothing was asked to be sent.
    func testAnUploadWithNoPartsSendsNoBody() async throws {
        for header in [HTTPHeaderType.multipart(boundary: "XYZ"), .default] {
            let request = try await manager().urlRequest(for: TestRequest(method: .post, header: header, upload: UploadForm()))
            XCTAssertNil(request.httpBody, "\(header)")
            XCTAssertNil(request.value(forHTTPHeaderField: "Content-Type"), "\(header)")
        }
    }

    func testMissingBaseURLIsAnError() async {
        do {
            _ = try await NetworkManager().urlRequest(for: TestRequest())
            XCTFail("expected an error")
        } catch {
            guard case .invalidURL("/echo")? = error as? NetworkError else { return XCTFail("\(error)") }
        }
    }

    func testRequestParametersSupportSubscripts() throws {
        var params = RequestParameters()
        XCTAssertTrue(params.isEmpty)
        params["b"] = 2
        params["a"] = "x"
        params["c"] = [1, 2]
        params["c"] = nil
        XCTAssertEqual(params.keys, ["a", "b"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys  // JSONEncoder keeps no key order otherwise
        XCTAssertEqual(String(decoding: try encoder.encode(params), as: UTF8.self), #"{"a":"x","b":2}"#)
    }

    func testSpreadsAModelAndADictionaryBesideTheKeys() async throws {
        let input = FetchAroundInput(
            distanceM: 500, categoryIds: ["A", "B"], isOpen: true, cursor: nil, filters: ["sort": "NEAR", "q": "붕 어"])
        let request = try await manager().urlRequest(for: SpreadApi.around(input: input))
        XCTAssertEqual(
            request.url?.query, "categoryIds=A,B&distanceM=500&isOpen=true&q=%EB%B6%95%20%EC%96%B4&size=20&sort=NEAR")
        guard let params = SpreadApi.around(input: input).param as? RequestParameters else { return XCTFail() }
        XCTAssertEqual(params.keys, ["categoryIds", "distanceM", "isOpen", "q", "size", "sort"])
        XCTAssertFalse(params.isEmpty)
        let body = try await manager().urlRequest(for: TestRequest(param: params, method: .post))
        XCTAssertEqual(
            body.httpBody.map { String(decoding: $0, as: UTF8.self) },
            #"{"categoryIds":["A","B"],"distanceM":500,"isOpen":true,"q":"붕 어","size":20,"sort":"NEAR"}"#)
        let snake = try await manager { $0.requestKeyStyle = .snakeCase }.urlRequest(for: TestRequest(param: params, method: .post))
        XCTAssertEqual(
            snake.httpBody.map { String(decoding: $0, as: UTF8.self) },
            #"{"category_ids":["A","B"],"distance_m":500,"is_open":true,"q":"붕 어","size":20,"sort":"NEAR"}"#)
    }

    func testSpreadLeavesOutNilsAndIsDeterministic() throws {
        var params = RequestParameters()
        params.spread(["b": "2", "a": nil, "c": "3"] as [String: String?])
        params.spread([:] as [String: Int])
        params.spread(Optional<[String: Int]>.none)
        params.spread(Optional(["d": 4]))
        params.spread(Optional(Optional<[String: Int]>.none))
        params["e"] = Optional<Int>.none
        XCTAssertEqual(params.keys, ["b", "c", "d"])
        let encoder = NetworkConfiguration().makeEncoder()
        let first = try encoder.encode(params)
        XCTAssertEqual(String(decoding: first, as: UTF8.self), #"{"b":"2","c":"3","d":4}"#)
        for _ in 0..<20 { XCTAssertEqual(try encoder.encode(params), first) }
    }

    /// A model encoding its superclass's keys into the same container through `super.encode(to:)`.
    class Base: Encodable, @unchecked Sendable {
        var id = 1
        private enum CodingKeys: String, CodingKey { case id }
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
        }
    }

    final class Derived: Base, @unchecked Sendable {
        var name = "x"
        private enum CodingKeys: String, CodingKey { case name }
        override func encode(to encoder: Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
        }
    }

    func testSpreadModelsShareTheEncodersKeyedContainer() throws {
        struct Page: Encodable, Sendable { var size: Int; var at: Date }
        var params: RequestParameters = ["z": true]
        params.spread(Derived())
        params.spread(Page(size: 20, at: Date(timeIntervalSince1970: 0)))
        params.spread(["extra": ["a", "b"]])
        XCTAssertEqual(params.keys, ["at", "extra", "id", "name", "size", "z"])
        XCTAssertEqual(
            String(decoding: try NetworkConfiguration().makeEncoder().encode(params), as: UTF8.self),
            #"{"at":"1970-01-01T00:00:00Z","extra":["a","b"],"id":1,"name":"x","size":20,"z":true}"#)
        var inner = RequestParameters()
        inner.spread(params)
        inner["w"] = 0
        XCTAssertEqual(
            String(decoding: try NetworkConfiguration().makeEncoder().encode(inner), as: UTF8.self),
            #"{"at":"1970-01-01T00:00:00Z","extra":["a","b"],"id":1,"name":"x","size":20,"w":0,"z":true}"#)
        struct Wrapper: Encodable, Sendable { var params: RequestParameters }
        XCTAssertEqual(
            String(decoding: try NetworkConfiguration().makeEncoder().encode(Wrapper(params: inner)), as: UTF8.self),
            #"{"params":{"at":"1970-01-01T00:00:00Z","extra":["a","b"],"id":1,"name":"x","size":20,"w":0,"z":true}}"#)
    }

    func testAKeyGivenTwiceIsAnError() async throws {
        struct Input: Encodable, Sendable { var size: Int; var cursor: String? }
        var byKey: RequestParameters = ["size": 20]
        byKey.spread(Input(size: 10))
        let keyAndSpread = await invalidParameter(byKey)
        XCTAssertEqual(keyAndSpread?.key, "size")
        XCTAssertEqual(keyAndSpread?.reason, "it is given twice, by a key and a spread; one value would replace the other")
        let inBody = await invalidParameter(byKey, method: .post)
        XCTAssertEqual(inBody?.key, "size")

        var twoSpreads = RequestParameters()
        twoSpreads.spread(Input(size: 10, cursor: "c"))
        twoSpreads.spread(["cursor": "d"])
        let spreads = await invalidParameter(twoSpreads)
        XCTAssertEqual(spreads?.key, "cursor")
        XCTAssertEqual(spreads?.reason, "it is given twice, by two spreads; one value would replace the other")
        XCTAssertThrowsError(try JSONEncoder().encode(twoSpreads)) { error in
            guard case EncodingError.invalidValue(_, let context)? = error as? EncodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["cursor"])
        }

        // Keys that only collide once converted to snake_case.
        var spellings: RequestParameters = ["store_id": 1]
        spellings.spread(["storeId": 2])
        let fineAsIs = try await manager().urlRequest(for: TestRequest(param: spellings))
        XCTAssertEqual(fineAsIs.url?.query, "storeId=2&store_id=1")
        let snake = await invalidParameter(spellings) { $0.requestKeyStyle = .snakeCase }
        XCTAssertEqual(snake?.key, "storeId")
        XCTAssertEqual(
            snake?.reason,
            "it is given twice, by a key and a spread ('store_id' and 'storeId' are both sent as 'store_id'); one value would replace the other")

        // Nil values are not sent, so they clash with nothing.
        var nils: RequestParameters = ["cursor": Optional<String>.none]
        nils.spread(Input(size: 10))
        nils.spread(["cursor": nil] as [String: String?])
        let fine = try await manager().urlRequest(for: TestRequest(param: nils))
        XCTAssertEqual(fine.url?.query, "size=10")
    }

    func testASpreadThatIsNotAnObjectIsAnErrorNotACrash() async throws {
        struct Wrapped: Encodable, Sendable {
            var values: [String: Int]
            func encode(to encoder: Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(values)
            }
        }
        struct Nothing: Encodable, Sendable {
            func encode(to encoder: Encoder) throws {}
        }
        let cases: [(any Encodable & Sendable, String)] = [
            (3, "Int encodes as a number"),
            ([1, 2], "Array<Int> encodes as an array"),
            ("text", "String encodes as a string"),
            (true, "Bool encodes as a boolean"),
            (Optional(3), "Int encodes as a number"),
            (Wrapped(values: ["a": 1]), "Wrapped encodes through a single value or unkeyed container; spread the value it wraps"),
        ]
        for (value, what) in cases {
            var params: RequestParameters = ["a": 1]
            params.spread(value)
            XCTAssertEqual(params.keys, ["a"])
            let failure = await invalidParameter(params)
            XCTAssertNil(failure?.key)
            XCTAssertEqual(failure?.reason, "a spread value must encode as an object with keys, and \(what)")
        }
        var nothing: RequestParameters = ["a": 1]
        nothing.spread(Nothing())
        let request = try await manager().urlRequest(for: TestRequest(param: nothing))
        XCTAssertEqual(request.url?.query, "a=1")
    }

    func testErrorsHaveUsefulMessages() {
        XCTAssertEqual(
            MockRepositoryError.notStubbed("MockStoreRepository.fetchDetail(input:)").localizedDescription,
            "MockStoreRepository.fetchDetail(input:) was called but no result was stubbed")
        XCTAssertEqual(
            NetworkError.server(status: 500, resultCode: "SE001", message: "Try again later", body: Data()).localizedDescription,
            "Try again later (SE001)")
        XCTAssertEqual(
            NetworkError.server(status: 502, resultCode: nil, message: nil, body: Data()).localizedDescription,
            "The server answered with HTTP status 502.")
        XCTAssertEqual(NetworkError.timedOut.localizedDescription, "The server did not answer in time.")
        XCTAssertEqual(
            NetworkError.invalidParameter(key: "filter", reason: "a query string cannot hold a nested object").localizedDescription,
            "cannot send param 'filter': a query string cannot hold a nested object")
        XCTAssertEqual(
            NetworkError.invalidParameter(key: nil, reason: "a query string needs a JSON object, not an array").localizedDescription,
            "cannot send the params: a query string needs a JSON object, not an array")
    }
}
