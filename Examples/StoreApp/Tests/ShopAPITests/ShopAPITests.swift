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
    }

    func testTheGeneratedModelsDecodeRenamedKeys() throws {
        let product = try JSONDecoder().decode(Product.self, from: Data(#"{"productId": 1, "name": "붕어빵", "price_won": 1000}"#.utf8))
        XCTAssertEqual(product, Product(productId: 1, name: "붕어빵", priceWon: 1000))
    }

    func testAViewModelWithTheMockOfTheTestSupportModule() async throws {
        let mock = MockShopRepository()
        mock.fetchProductsMock.result = .success(try ShopFixtures.products())
        let list = ProductList(repository: mock)
        await list.load(sort: .newest)
        let products = await list.products
        XCTAssertEqual(products.map(\.name), ["붕어빵", "호떡"])
        XCTAssertEqual(mock.fetchProductsMock.receivedArguments?.sort, .newest)

        let unstubbed = MockShopRepository()
        let failing = ProductList(repository: unstubbed)
        await failing.load(sort: .newest)
        let error = await failing.lastError
        XCTAssertEqual(error, "MockShopRepository.fetchProducts(sort:cursor:) was called but no result was stubbed")
    }
}
