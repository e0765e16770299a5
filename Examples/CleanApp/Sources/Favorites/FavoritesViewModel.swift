import Foundation
#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// A SwiftUI-free view model in the seed's MVVM shape: it binds to the use cases' publishers (the seed's RxSwift
/// `Observable`s) and knows nothing of the data layer.
@MainActor
public final class FavoritesViewModel {
    public private(set) var favorites: [Favorite] = []
    public private(set) var errorMessage: String?
    private let fetchFavorites: FetchFavoritesUseCase
    private let addFavorites: AddFavoritesUseCase
    private var subscriptions: Set<AnyCancellable> = []

    public init(repository: any FavoritesRepository) {
        fetchFavorites = FetchFavoritesUseCase(repository: repository)
        addFavorites = AddFavoritesUseCase(repository: repository)
    }

    /// Loads the favorites; `done` runs on the main actor once they (or the error) are in place.
    public func load(done: @escaping @MainActor @Sendable () -> Void = {}) {
        // One `Result` per load, handled in one hop to the main actor. The publisher calls back on the thread its
        // task ran on, so the closure is `@Sendable` (a closure written here would be isolated to the main actor).
        Self.results(of: fetchFavorites.publisher())
            .sink { @Sendable [weak self] result in
                Task { @MainActor in
                    switch result {
                    case .success(let favorites):
                        self?.favorites = favorites
                        self?.errorMessage = nil
                    case .failure(let error):
                        self?.errorMessage = "\(error)"
                    }
                    done()
                }
            }
            .store(in: &subscriptions)
    }

    /// The publisher's value or error as one `Result`. (Not isolated to the main actor: its closures run on the
    /// publisher's thread.)
    private nonisolated static func results<Output>(
        of publisher: AnyPublisher<Output, Error>
    ) -> AnyPublisher<Result<Output, Error>, Never> {
        publisher.map { .success($0) }.catch { Just(.failure($0)) }.eraseToAnyPublisher()
    }

    /// Adds favorites with the async use case, then loads the list again (the write invalidated the cached one).
    public func add(_ favorites: [Favorite]) async {
        do {
            _ = try await addFavorites.execute(AddFavoritesRequestValues(input: AddFavoritesInput(favorites: favorites)))
        } catch {
            errorMessage = "\(error)"
        }
    }
}
