import Foundation
import Observation
import RepogenRuntime
import ShopAPI

/// The product list screen: pages of products in a sort order, a new product, a product's photo. It knows only the
/// repository protocol, so the cached `ShopRepositoryImpl`, a repository over a test server, or the generated
/// `MockShopRepository` (tests, SwiftUI previews) can stand behind it. Every call returns a `Result`: the view model
/// switches over it, and what failed becomes `errorMessage`.
///
/// A SwiftUI view holds it in `@State` and calls `load()` from `.task` and `.refreshable`, which cancel it with the
/// view; a sort picker or a retry button calls `startLoading(sort:)`, which `cancelLoading()` stops.
@MainActor
@Observable
public final class ProductListViewModel {
    /// The products shown: the first page in `sort` order, then the pages `loadMore()` appended.
    public private(set) var products: [Product] = []
    /// The order `load()` asks for.
    public private(set) var sort: ProductSort = .newest
    /// True while a page is being loaded.
    public private(set) var isLoading = false
    /// Why the last load or write failed, for the user; nil after a success. A cancelled load is no failure.
    public private(set) var errorMessage: String?
    /// Whether the server has a page after the ones shown.
    public var canLoadMore: Bool { nextCursor != nil }

    private var nextCursor: String?
    private let repository: any ShopRepository
    @ObservationIgnored private var loadTask: Task<Void, Never>?
    /// Counts loads, so that a load that a newer one replaced does not overwrite what the newer one shows.
    @ObservationIgnored private var loads = 0

    /// - Parameter repository: by default the generated cached repository over the API (`ShopRemoteDataSource`
    ///   through `NetworkManager.shared`), which keeps each page for the minute shop.yaml gives it.
    public init(repository: any ShopRepository = ShopRepositoryImpl()) {
        self.repository = repository
    }

    /// Loads the first page, in `sort` order when one is given, in the calling task (cancelling that task cancels
    /// the request). Also the refresh: while a page is fresh the repository answers it from its cache without a
    /// request, and `create` and `uploadPhoto` clear the cached pages, so the load after them reaches the server.
    public func load(sort: ProductSort? = nil) async {
        if let sort { self.sort = sort }
        await loadPage(after: nil)
    }

    /// Loads the page after the ones shown and appends it; nothing when there is none or a load is running.
    public func loadMore() async {
        guard let nextCursor, !isLoading else { return }
        await loadPage(after: nextCursor)
    }

    /// Starts `load(sort:)` in a task of the view model's, cancelling the load it started before (a sort picker
    /// changed twice sends the second order only). The task is returned for a caller that waits for it.
    @discardableResult
    public func startLoading(sort: ProductSort? = nil) -> Task<Void, Never> {
        loadTask?.cancel()
        let task = Task { await self.load(sort: sort) }
        loadTask = task
        return task
    }

    /// Cancels the load `startLoading(sort:)` started: its request is cancelled, and what is shown stays.
    public func cancelLoading() {
        loadTask?.cancel()
        loadTask = nil
    }

    /// Puts a product on sale, then loads the first page again: the write cleared the cached pages, so the list
    /// comes from the server with the new product in it. Nil when the write failed (`errorMessage` says why).
    @discardableResult
    public func create(name: String, priceWon: Int) async -> Product? {
        switch await repository.createProduct(product: NewProduct(name: name, priceWon: priceWon)) {
        case .success(let product):
            errorMessage = nil
            await load()
            return product
        case .failure(let error):
            errorMessage = error.localizedDescription
            return nil
        }
    }

    /// Uploads a JPEG as the product's photo, with a caption when there is one, and shows the product the server
    /// answers with (its `photoURL`). False when the upload failed (`errorMessage` says why).
    @discardableResult
    public func uploadPhoto(of productID: Product.ID, jpegData: Data, caption: String? = nil) async -> Bool {
        let photo = UploadFile(data: jpegData, fileName: "product-\(productID).jpg", contentType: "image/jpeg")
        switch await repository.uploadProductPhoto(productId: productID, photo: photo, caption: caption) {
        case .success(let product):
            if let index = products.firstIndex(where: { $0.id == product.id }) {
                products[index] = product
            }
            errorMessage = nil
            return true
        case .failure(let error):
            errorMessage = error.localizedDescription
            return false
        }
    }

    private func loadPage(after cursor: String?) async {
        loads += 1
        let load = loads
        isLoading = true
        let result = await repository.fetchProducts(sort: sort, cursor: cursor)
        // A newer load replaced this one: what it shows stays, and it ends the loading state.
        guard load == loads else { return }
        isLoading = false
        // Cancelled (the view went away, `cancelLoading()`): nothing changes, and it is no error.
        if Task.isCancelled { return }
        switch result {
        case .success(let page):
            products = cursor == nil ? page.items : products + page.items
            nextCursor = page.nextCursor
            errorMessage = nil
        case .failure(NetworkError.cancelled):
            return
        case .failure(let error):
            errorMessage = error.localizedDescription
        }
    }
}
