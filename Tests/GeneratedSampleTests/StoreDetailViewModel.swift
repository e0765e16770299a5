import GeneratedSample

/// A small consumer written the way an app would: it depends on the `StoreRepository` protocol only.
@MainActor
final class StoreDetailViewModel {
    enum State: Equatable {
        case idle
        case loaded(StoreDetailResponse)
        case failed(String)
    }

    private let repository: any StoreRepository
    private(set) var state: State = .idle
    private(set) var isFavorite = false

    init(repository: any StoreRepository) {
        self.repository = repository
    }

    func load(storeId: Int) async {
        let result = await repository.fetchDetail(input: FetchStoreDetailInput(storeId: storeId, latitude: 37.5, longitude: 127))
        switch result {
        case .success(let detail): state = .loaded(detail)
        case .failure(let error): state = .failed("\(error)")
        }
    }

    func toggleFavorite(storeId: Int) async {
        let result = await repository.saveStore(storeId: String(storeId), isDelete: isFavorite)
        if case .success = result { isFavorite.toggle() }
    }
}
