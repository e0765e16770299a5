import Foundation
import RepogenRuntime
import ShopAPI
import ShopAPIMocks
import ShopFeature
import XCTest

/// The view model over the generated `MockShopRepository` of the test-support module: stubbed answers, the spec's
/// example (what a SwiftUI preview shows), the recorded arguments, and the mock behind the generated cache.
@MainActor
final class ProductListMockTests: XCTestCase {
    func testALoadShowsTheStubbedPageAndLoadMoreSendsItsCursor() async throws {
        let mock = MockShopRepository()
        let fixtures = try ShopFixtures.products()
        mock.fetchProductsMock.results = [
            .success(ProductPage(items: fixtures, nextCursor: "p2")),
            .success(ProductPage(items: [Product(productId: 3, name: "군밤", priceWon: 3000)])),
        ]
        let viewModel = ProductListViewModel(repository: mock)

        await viewModel.load(sort: .priceAsc)
        XCTAssertEqual(viewModel.products, fixtures)
        XCTAssertTrue(viewModel.canLoadMore)
        await viewModel.loadMore()
        XCTAssertEqual(viewModel.products.map(\.productId), [1, 2, 3])
        XCTAssertFalse(viewModel.canLoadMore)
        await viewModel.loadMore()   // no next page: no call

        XCTAssertEqual(mock.fetchProductsMock.callsCount, 2)
        XCTAssertEqual(mock.fetchProductsMock.receivedInvocations.map(\.sort), [.priceAsc, .priceAsc])
        XCTAssertEqual(mock.fetchProductsMock.receivedInvocations.map(\.cursor), [nil, "p2"])
    }

    func testAnUnstubbedMockAnswersWithTheSpecsExampleAsAPreviewDoes() async {
        let viewModel = ProductListViewModel(repository: MockShopRepository())
        await viewModel.load()
        XCTAssertEqual(viewModel.products.map(\.name), ["붕어빵", "호떡"])
        XCTAssertEqual(viewModel.products[1].photoURL, URL(string: "https://shop.example.com/photos/2.jpg"))
        XCTAssertFalse(viewModel.canLoadMore)
    }

    func testTheMockBehindTheGeneratedCacheIsCalledOncePerPageUntilACreateClearsIt() async throws {
        let mock = MockShopRepository()
        mock.fetchProductsMock.result = .success(ProductPage(items: try ShopFixtures.products()))
        let created = Product(productId: 4, name: "군고구마", priceWon: 3000)
        mock.createProductMock.result = .success(created)
        let cache = RecordingResponseCache()
        let viewModel = ProductListViewModel(repository: ShopRepositoryImpl(remote: mock, local: cache))

        await viewModel.load()
        await viewModel.load()
        XCTAssertEqual(mock.fetchProductsMock.callsCount, 1)

        let product = await viewModel.create(name: "군고구마", priceWon: 3000)
        XCTAssertEqual(product, created)
        XCTAssertEqual(mock.createProductMock.receivedArguments, NewProduct(name: "군고구마", priceWon: 3000))
        XCTAssertEqual(mock.fetchProductsMock.callsCount, 2)
        let events = await cache.events
        XCTAssertTrue(events.contains(.removeAll(endpoint: "fetchProducts")), "\(events)")
    }

    func testAnUploadPassesThePhotoAndCaptionAndShowsTheAnsweredProduct() async throws {
        let mock = MockShopRepository()
        mock.fetchProductsMock.result = .success(ProductPage(items: try ShopFixtures.products()))
        let withPhoto = Product(productId: 1, name: "붕어빵", priceWon: 1000, photoURL: URL(string: "https://shop.example.com/photos/1.jpg"))
        mock.uploadProductPhotoMock.result = .success(withPhoto)
        let viewModel = ProductListViewModel(repository: mock)
        await viewModel.load()

        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xD9])
        let uploaded = await viewModel.uploadPhoto(of: 1, jpegData: jpeg, caption: "Warm")
        XCTAssertTrue(uploaded)
        XCTAssertEqual(viewModel.products.first, withPhoto)
        let arguments = try XCTUnwrap(mock.uploadProductPhotoMock.receivedArguments)
        XCTAssertEqual(arguments.productId, 1)
        XCTAssertEqual(arguments.photo, UploadFile(data: jpeg, fileName: "product-1.jpg", contentType: "image/jpeg"))
        XCTAssertEqual(arguments.caption, "Warm")
    }

    func testFailuresBecomeTheErrorMessageAndASuccessClearsIt() async throws {
        let mock = MockShopRepository()
        mock.fetchProductsMock.results = [
            .failure(NetworkError.server(status: 503, resultCode: nil, message: nil, body: Data())),
            .failure(NetworkError.timedOut),
            .success(ProductPage(items: try ShopFixtures.products())),
        ]
        let viewModel = ProductListViewModel(repository: mock)

        await viewModel.load()
        XCTAssertEqual(viewModel.errorMessage, "The server answered with HTTP status 503.")
        await viewModel.load()
        XCTAssertEqual(viewModel.errorMessage, "The server did not answer in time.")
        XCTAssertEqual(viewModel.products, [])
        await viewModel.load()
        XCTAssertNil(viewModel.errorMessage)
        XCTAssertEqual(viewModel.products.count, 2)

        // createProduct has no example in shop.yaml: unstubbed, the mock fails and names the method.
        let created = await viewModel.create(name: "군고구마", priceWon: 3000)
        XCTAssertNil(created)
        XCTAssertEqual(viewModel.errorMessage, "MockShopRepository.createProduct(product:) was called but no result was stubbed")
        XCTAssertEqual(viewModel.products.count, 2)
    }

    func testACancelledLoadChangesNothingEvenWhenAnAnswerArrives() async {
        let mock = MockShopRepository()   // answers with the spec's example
        let viewModel = ProductListViewModel(repository: mock)

        let task = viewModel.startLoading()
        viewModel.cancelLoading()   // before the task ran: its call returns, cancelled
        await task.value

        XCTAssertEqual(mock.fetchProductsMock.callsCount, 1)
        XCTAssertEqual(viewModel.products, [])
        XCTAssertNil(viewModel.errorMessage)
        XCTAssertFalse(viewModel.isLoading)
    }
}
