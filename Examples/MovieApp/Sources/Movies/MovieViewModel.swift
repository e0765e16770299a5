import Foundation
import Observation

/// Seed 001's `MovieViewModel` without SwiftUI: it knows the repository protocol only, so the cached repository, the
/// bare API calls or the generated mock can stand behind it. A SwiftUI view holds it in `@State` and calls
/// `loadMovies()` from `.task`.
@MainActor
@Observable
public final class MovieViewModel {
    public private(set) var movies: [Movie] = []
    public private(set) var errorMessage: String?

    private let repository: any MovieRepository

    /// - Parameter repository: the cached repository by default: `MovieRepositoryImpl` over the API
    ///   (`MovieRemoteDataSource`) and an in-memory cache.
    public init(repository: any MovieRepository = MovieRepositoryImpl()) {
        self.repository = repository
    }

    public func loadMovies() async {
        do {
            movies = try await repository.fetchMovies()
            errorMessage = nil
        } catch {
            errorMessage = "\(error)"
        }
    }

    public func add(title: String, releaseDate: String) async {
        do {
            _ = try await repository.addMovie(input: NewMovieInput(title: title, releaseDate: releaseDate))
            // The write invalidated the cached list: this load fetches it again.
            await loadMovies()
        } catch {
            errorMessage = "\(error)"
        }
    }
}
