import Foundation

/// A small consumer of the generated repository, as an app's view model would be.
public actor ProductList {
    private let repository: any ShopRepository
    public private(set) var products: [Product] = []
    public private(set) var lastError: String?

    public init(repository: any ShopRepository = ShopRepositoryImpl()) {
        self.repository = repository
    }

    public func load(sort: ProductSort) async {
        switch await repository.fetchProducts(sort: sort, cursor: nil) {
        case .success(let page):
            products = page
            lastError = nil
        case .failure(let error):
            lastError = "\(error)"
        }
    }
}
