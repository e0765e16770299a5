import Foundation
import RepogenRuntime
import ShopAPI
import ShopFeature
import TestServer
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The view model over the generated cached repository, sending real requests to repogen's loopback server, which
/// records what it received: the requests a read, a cached read and a write make, the parts of an upload, the
/// connection a cancelled load closes, and what a failure shows.
@MainActor
final class ProductListServerTests: XCTestCase {
    static let firstPage = #"""
        {"items": [{"productId": 1, "name": "붕어빵", "price_won": 1000},
                   {"productId": 2, "name": "호떡", "price_won": 1500}],
         "next_cursor": "p2"}
        """#
    static let secondPage = #"{"items": [{"productId": 3, "name": "군밤", "price_won": 3000}], "next_cursor": null}"#
    static let products = "/api/v1/products"

    func testALoadShowsTheFirstPageAndLoadMoreAppendsTheNext() async throws {
        let server = try startServer()
        defer { server.stop() }
        try await server.route([
            .init("GET", Self.products, body: Self.firstPage, times: 1),
            .init("GET", Self.products, body: Self.secondPage, times: 1),
        ])
        let viewModel = ProductListViewModel(repository: repository(server))

        await viewModel.load(sort: .priceAsc)
        XCTAssertEqual(viewModel.products.map(\.name), ["붕어빵", "호떡"])
        XCTAssertEqual(viewModel.products.first, Product(productId: 1, name: "붕어빵", priceWon: 1000))
        XCTAssertFalse(viewModel.isLoading)
        XCTAssertNil(viewModel.errorMessage)
        XCTAssertTrue(viewModel.canLoadMore)

        await viewModel.loadMore()
        XCTAssertEqual(viewModel.products.map(\.name), ["붕어빵", "호떡", "군밤"])
        XCTAssertFalse(viewModel.canLoadMore)

        // The query is what shop.yaml's param says: the sort's raw value, the page size, the cursor when there is one.
        let requests = try await server.requests()
        XCTAssertEqual(requests.map { "\($0.method) \($0.path)" }, ["GET \(Self.products)", "GET \(Self.products)"])
        XCTAssertEqual(requests.map { $0.query.split(separator: "&").sorted() }, [
            ["size=20", "sort=PRICE_ASC"],
            ["cursor=p2", "size=20", "sort=PRICE_ASC"],
        ])
    }

    func testACachedPageIsReadAgainWithoutARequestUntilItsKeyChanges() async throws {
        let server = try startServer()
        defer { server.stop() }
        try await server.route([.init("GET", Self.products, body: Self.firstPage)])
        let viewModel = ProductListViewModel(repository: repository(server))

        await viewModel.load()
        await viewModel.load()   // a refresh within the page's minute: the cache answers
        XCTAssertEqual(viewModel.products.map(\.productId), [1, 2])
        var requests = try await server.requests()
        XCTAssertEqual(requests.count, 1)

        await viewModel.load(sort: .priceAsc)   // another sort is another key: a request
        requests = try await server.requests()
        XCTAssertEqual(requests.map(\.query).map { $0.contains("sort=PRICE_ASC") }, [false, true])
    }

    func testACreateClearsTheCachedPagesSoTheNextLoadReachesTheServer() async throws {
        let server = try startServer()
        defer { server.stop() }
        let created = #"{"productId": 4, "name": "군고구마", "price_won": 3000}"#
        try await server.route([
            .init("GET", Self.products, body: Self.firstPage, times: 1),
            .init("POST", Self.products, status: 201, body: created),
            .init("GET", Self.products, body: #"{"items": [\#(created)], "next_cursor": null}"#),
        ])
        let viewModel = ProductListViewModel(repository: repository(server))
        await viewModel.load()

        let product = await viewModel.create(name: "군고구마", priceWon: 3000)
        XCTAssertEqual(product, Product(productId: 4, name: "군고구마", priceWon: 3000))
        XCTAssertEqual(viewModel.products.map(\.name), ["군고구마"])
        XCTAssertNil(viewModel.errorMessage)

        let requests = try await server.requests()
        XCTAssertEqual(requests.map { "\($0.method) \($0.path)" }, [
            "GET \(Self.products)", "POST \(Self.products)", "GET \(Self.products)",
        ])
        let body = try JSONSerialization.jsonObject(with: Data(requests[1].body.utf8)) as? NSDictionary
        XCTAssertEqual(body, ["name": "군고구마", "price_won": 3000] as NSDictionary)

        // The page the load after the write fetched is cached in turn.
        await viewModel.load()
        let after = try await server.requests()
        XCTAssertEqual(after.count, 3)
    }

    func testAnUploadSendsThePhotoAndTheCaptionAsPartsAndShowsTheAnsweredProduct() async throws {
        let server = try startServer()
        defer { server.stop() }
        try await server.route([
            .init("GET", Self.products, body: Self.firstPage),
            .init("POST", "/api/v1/products/2/photo",
                  body: #"{"productId": 2, "name": "호떡", "price_won": 1500, "photo_url": "https://shop.example.com/photos/2.jpg"}"#),
        ])
        let viewModel = ProductListViewModel(repository: repository(server))
        await viewModel.load()
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 0x2A, count: 1_000) + Data([0xFF, 0xD9])

        let uploaded = await viewModel.uploadPhoto(of: 2, jpegData: jpeg, caption: "Fresh from the griddle")
        XCTAssertTrue(uploaded)
        XCTAssertEqual(viewModel.products[1].photoURL, URL(string: "https://shop.example.com/photos/2.jpg"))
        XCTAssertNil(viewModel.products[0].photoURL)
        _ = await viewModel.uploadPhoto(of: 2, jpegData: jpeg)   // no caption: no caption part

        let uploads = try await server.requests().filter { $0.method == "POST" }
        XCTAssertEqual(uploads.count, 2)
        XCTAssertTrue(uploads[0].headers["content-type"]?.hasPrefix("multipart/form-data; boundary=") == true)
        let photo = uploads[0].parts?.first { $0.name == "photo" }
        XCTAssertEqual(photo?.filename, "product-2.jpg")
        XCTAssertEqual(photo?.contentType, "image/jpeg")
        XCTAssertEqual(photo?.size, jpeg.count)
        XCTAssertEqual(uploads[0].parts?.first { $0.name == "caption" }?.text, "Fresh from the griddle")
        XCTAssertEqual(uploads[0].parts?.count, 2)
        XCTAssertEqual(uploads[1].parts?.map(\.name), ["photo"])

        // The upload cleared the cached pages too: the next load reaches the server.
        await viewModel.load()
        let loads = try await server.requests().filter { $0.method == "GET" }
        XCTAssertEqual(loads.count, 2)
    }

    func testCancellingALoadCancelsItsRequestOnTheServerAndShowsNoError() async throws {
        let server = try startServer()
        defer { server.stop() }
        try await server.route([
            .init("GET", Self.products, body: Self.firstPage, delay: 30, times: 1),
            .init("GET", Self.products, body: Self.secondPage),
        ])
        let viewModel = ProductListViewModel(repository: repository(server))

        let task = viewModel.startLoading()
        try await waitForRequest(to: Self.products, on: server)
        XCTAssertTrue(viewModel.isLoading)
        viewModel.cancelLoading()
        await task.value

        XCTAssertFalse(viewModel.isLoading)
        XCTAssertNil(viewModel.errorMessage)
        XCTAssertEqual(viewModel.products, [])
        // The server saw the connection close before it answered: the request was cancelled on the wire.
        let closedEarly = try await server.sawClosedEarly(Self.products)
        XCTAssertTrue(closedEarly)

        // Nothing was cached: the next load sends a request of its own.
        await viewModel.load()
        XCTAssertEqual(viewModel.products.map(\.name), ["군밤"])
        let requests = try await server.requests()
        XCTAssertEqual(requests.count, 2)
    }

    func testASecondSortCancelsTheLoadOfTheFirst() async throws {
        let server = try startServer()
        defer { server.stop() }
        try await server.route([
            .init("GET", Self.products, body: Self.firstPage, delay: 30, times: 1),
            .init("GET", Self.products, body: Self.secondPage),
        ])
        let viewModel = ProductListViewModel(repository: repository(server))

        viewModel.startLoading(sort: .newest)
        try await waitForRequest(to: Self.products, on: server)
        await viewModel.startLoading(sort: .priceAsc).value

        XCTAssertEqual(viewModel.sort, .priceAsc)
        XCTAssertEqual(viewModel.products.map(\.name), ["군밤"])
        XCTAssertFalse(viewModel.isLoading)
        let closedEarly = try await server.sawClosedEarly(Self.products)
        XCTAssertTrue(closedEarly)
    }

    func testAServerErrorAndAnUndecodableBodyBecomeTheErrorMessageAndAreNotCached() async throws {
        let server = try startServer()
        defer { server.stop() }
        try await server.route([
            .init("GET", Self.products, status: 500, body: #"{"error": "boom"}"#, times: 1),
            .init("GET", Self.products, body: #"{"items": "not a list"}"#, times: 1),
            .init("GET", Self.products, body: Self.firstPage),
            .init("POST", Self.products, status: 500, body: "{}"),
        ])
        let viewModel = ProductListViewModel(repository: repository(server))

        await viewModel.load()
        XCTAssertEqual(viewModel.errorMessage, "The server answered with HTTP status 500.")
        XCTAssertEqual(viewModel.products, [])
        XCTAssertFalse(viewModel.isLoading)

        await viewModel.load()   // a failure is not cached: this load is a request too
        let message = try XCTUnwrap(viewModel.errorMessage)
        XCTAssertTrue(message.hasPrefix("The response could not be read: "), message)
        XCTAssertTrue(message.contains("items"), message)

        await viewModel.load()
        XCTAssertNil(viewModel.errorMessage)
        XCTAssertEqual(viewModel.products.count, 2)

        // A write that fails shows its error and leaves the cached page alone: the next load is no request.
        let created = await viewModel.create(name: "군고구마", priceWon: 3000)
        XCTAssertNil(created)
        XCTAssertEqual(viewModel.errorMessage, "The server answered with HTTP status 500.")
        await viewModel.load()
        XCTAssertEqual(viewModel.products.count, 2)
        let requests = try await server.requests()
        XCTAssertEqual(requests.map(\.method), ["GET", "GET", "GET", "POST"])
    }

    // MARK: helpers

    func startServer() throws -> TestServer {
        do {
            return try TestServer()
        } catch TestServer.Failure.noPython {
            throw XCTSkip("python3 is needed for the loopback server tests")
        }
    }

    /// The generated cached repository over the server, with a cache of its own (no test sees another's pages).
    func repository(_ server: TestServer) -> ShopRepositoryImpl {
        var configuration = NetworkConfiguration(baseURL: server.baseURL)
        configuration.timeout = 60
        configuration.session = URLSession(configuration: .ephemeral)
        return ShopRepositoryImpl(
            remote: ShopRemoteDataSource(manager: NetworkManager(configuration: configuration)),
            local: MemoryResponseCache()
        )
    }

    /// Waits until the server has received a request to `path` (it is then waiting for a delayed route).
    func waitForRequest(to path: String, on server: TestServer) async throws {
        for _ in 0..<400 {
            if try await server.requests().contains(where: { $0.path == path }) { return }
            try await Task.sleep(nanoseconds: 25_000_000)
        }
        XCTFail("the server received no request to \(path)")
    }
}
