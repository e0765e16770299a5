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

    func testSnakeCaseKeysWhenConfigured() async throws {
        struct Input: Encodable, Sendable { var storeId: Int }
        let request = try await manager { $0.keyStyle = .snakeCase }.urlRequest(for: TestRequest(param: Input(storeId: 3)))
        XCTAssertEqual(request.url?.query, "store_id=3")
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
    }
}
