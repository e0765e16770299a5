import Foundation
import RepogenRuntime
import ShopAPIMocks
import XCTest

@testable import ShopAPI

/// Calls the code the build plugin generated from shop.yaml: ShopAPI's, and the mock in the test-support module.
final class ShopAPITests: XCTestCase {
    func testTheGeneratedRequestsFollowTheSpec() {
        let request = ShopApi.fetchProduct(productId: 7)
        XCTAssertEqual(request.path, "/api/v1/products/7")
        XCTAssertEqual(request.method, .get)
        XCTAssertEqual(ShopApi.fetchProducts(sort: .priceAsc, cursor: nil).path, "/api/v1/products")
        XCTAssertEqual(ShopApi.uploadProductPhoto(productId: 7, photo: UploadFile(data: Data(), fileName: "a.jpg"), caption: nil).path, "/api/v1/products/7/photo")
    }

    func testTheGeneratedModelsDecodeRenamedKeys() throws {
        let product = try JSONDecoder().decode(Product.self, from: Data(#"{"productId": 1, "name": "붕어빵", "price_won": 1000}"#.utf8))
        XCTAssertEqual(product, Product(productId: 1, name: "붕어빵", priceWon: 1000))
        let page = try JSONDecoder().decode(ProductPage.self, from: Data(#"{"items": [], "next_cursor": "p2"}"#.utf8))
        XCTAssertEqual(page, ProductPage(items: [], nextCursor: "p2"))
    }

    func testTheMockOfTheTestSupportModuleAnswersWhatIsStubbed() async throws {
        let mock = MockShopRepository()
        let fixtures = try ShopFixtures.products()
        mock.fetchProductsMock.result = .success(ProductPage(items: fixtures))
        let repository: any ShopRepository = mock   // the mock's methods are synchronous; the protocol's are async
        let page = try await repository.fetchProducts(sort: .newest, cursor: nil).get()
        XCTAssertEqual(page.items.map(\.name), ["붕어빵", "호떡"])
        XCTAssertEqual(mock.fetchProductsMock.receivedArguments?.sort, .newest)

        // createProduct has no example in the spec: unstubbed, it fails and names itself.
        let unstubbed = await repository.createProduct(product: NewProduct(name: "군고구마", priceWon: 3000))
        XCTAssertThrowsError(try unstubbed.get()) { error in
            XCTAssertEqual("\(error)", "MockShopRepository.createProduct(product:) was called but no result was stubbed")
        }
    }
}
