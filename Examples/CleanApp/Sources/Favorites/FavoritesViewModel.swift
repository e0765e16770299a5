import Foundation
import RepogenRuntime
#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// A SwiftUI-free view model in an MVVM shape, on the main actor: it takes the use cases by their protocols
/// and binds to their publishers (where an RxSwift app binds `Observable`s) with plain closures, which are isolated to the
/// main actor like the rest of the class. The publishers deliver on the main actor, so those closures may set state.
@MainActor
public final class FavoritesViewModel {
    public private(set) var favorites: [Favorite] = []
    /// The last upload's answer.
    public private(set) var uploaded: Favorite?
    /// What went wrong last, for the user (`NetworkError` is a `LocalizedError`); nil after a success.
    public private(set) var errorMessage: String?
    /// Whether a load is in flight.
    public private(set) var isLoading = false

    private let fetchFavorites: any FetchFavoritesUseCase
    private let addFavorites: any AddFavoritesUseCase
    private let uploadFavoritePhoto: any UploadFavoritePhotoUseCase
    /// The load in flight: cancelling it cancels the request.
    private var loading: AnyCancellable?
    private var writes: Set<AnyCancellable> = []
    /// How many calls are in flight, and who waits for none.
    private var pending = 0
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    public init(
        fetchFavorites: any FetchFavoritesUseCase, addFavorites: any AddFavoritesUseCase,
        uploadFavoritePhoto: any UploadFavoritePhotoUseCase
    ) {
        self.fetchFavorites = fetchFavorites
        self.addFavorites = addFavorites
        self.uploadFavoritePhoto = uploadFavoritePhoto
    }

    /// The app's use cases over `repository` (a `FavoritesDataRepository` in the app, a mock in tests).
    public convenience init(repository: any FavoritesRepository) {
        self.init(
            fetchFavorites: DefaultFetchFavoritesUseCase(repository: repository),
            addFavorites: DefaultAddFavoritesUseCase(repository: repository),
            uploadFavoritePhoto: DefaultUploadFavoritePhotoUseCase(repository: repository))
    }

    /// Loads the favorites (from the local data source while it has them). A load in flight is replaced.
    public func load() {
        cancelLoading()
        isLoading = true
        started()
        loading = fetchFavorites.publisher()
            .sink { [weak self] completion in
                self?.loading = nil
                self?.isLoading = false
                if case .failure(let error) = completion {
                    self?.errorMessage = error.localizedDescription
                }
                self?.finished()
            } receiveValue: { [weak self] favorites in
                self?.favorites = favorites
                self?.errorMessage = nil
            }
    }

    /// Stops the load in flight: the request is cancelled, and the favorites stay as they were.
    public func cancelLoading() {
        guard let loading else { return }
        self.loading = nil
        loading.cancel()  // the task and its request are cancelled: the server sees the connection close
        isLoading = false
        finished()
    }

    /// Adds favorites, then loads the list again (the write removed the stored one).
    public func add(_ favorites: [Favorite]) {
        started()
        addFavorites.publisher(AddFavoritesRequestValues(input: AddFavoritesInput(favorites: favorites)))
            .sink { [weak self] completion in
                if case .failure(let error) = completion {
                    self?.errorMessage = error.localizedDescription
                } else {
                    self?.load()
                }
                self?.finished()
            } receiveValue: { _ in }
            .store(in: &writes)
    }

    /// Uploads a photo of a favorite with its caption.
    public func uploadPhoto(_ jpeg: Data, caption: String, of favorite: Favorite) {
        started()
        let photo = UploadFile(data: jpeg, fileName: "favorite-\(favorite.id).jpg", contentType: "image/jpeg")
        uploadFavoritePhoto
            .publisher(UploadFavoritePhotoRequestValues(favoriteId: favorite.id, caption: caption, photo: photo))
            .sink { [weak self] completion in
                if case .failure(let error) = completion {
                    self?.errorMessage = error.localizedDescription
                }
                self?.finished()
            } receiveValue: { [weak self] favorite in
                self?.uploaded = favorite
                self?.errorMessage = nil
            }
            .store(in: &writes)
    }

    /// Returns once no call is in flight (for tests and previews; a view reads the state as it changes).
    public func idle() async {
        guard pending > 0 else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    private func started() {
        pending += 1
    }

    private func finished() {
        pending -= 1
        guard pending == 0 else { return }
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }
}
