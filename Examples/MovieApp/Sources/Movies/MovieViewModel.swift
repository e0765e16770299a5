import Foundation
import Observation
import RepogenRuntime

/// A `MovieViewModel` without SwiftUI: a main-actor `@Observable` model over `any MovieRepository`, so the
/// cached repository, the bare API calls or the generated mock can stand behind it. A SwiftUI view holds it in
/// `@State`, calls `load()` from `.task` (SwiftUI cancels that task when the view goes) or `start()` / `cancel()`
/// from buttons, and shows `state`.
@MainActor
@Observable
public final class MovieViewModel {
    /// What the screen shows.
    public enum State: Equatable, Sendable {
        case idle
        case loading
        case loaded
        /// A failure's message for the user.
        case failed(String)
    }

    public private(set) var movies: [Movie] = []
    public private(set) var state: State = .idle
    /// The poster last uploaded.
    public private(set) var poster: Poster?

    private let repository: any MovieRepository
    /// The load `start()` began, which `cancel()` stops.
    private var loading: Task<Void, Never>?

    /// - Parameter repository: `MovieRepositoryImpl()` by default: the API through `NetworkManager.shared` behind
    ///   the in-memory cache every default `MovieRepositoryImpl()` of the app shares (another screen's reads and
    ///   writes are seen here).
    public init(repository: any MovieRepository = MovieRepositoryImpl()) {
        self.repository = repository
    }

    /// The error message shown, if the last call failed.
    public var errorMessage: String? {
        if case .failed(let message) = state { message } else { nil }
    }

    /// Loads the list: from the cache while it is fresh (five minutes), otherwise from the server. A cancelled load
    /// leaves what was shown and shows no error.
    public func load() async {
        state = .loading
        do {
            movies = try await repository.fetchMovies()
            state = .loaded
        } catch {
            state = Self.isCancellation(error) ? (movies.isEmpty ? .idle : .loaded) : .failed(Self.message(for: error))
        }
    }

    /// Starts `load()` in a task of the view model's own, which `cancel()` stops.
    public func start() {
        loading?.cancel()
        loading = Task { await self.load() }
    }

    /// Cancels the load `start()` began: its request is cancelled on the wire too, and the load ends without an
    /// error.
    public func cancel() {
        loading?.cancel()
    }

    /// Waits for the load `start()` began (tests, and a refresh control's `await`).
    public func finishLoading() async {
        await loading?.value
    }

    /// Adds a movie and reloads: the write invalidated the cached list, so the reload asks the server.
    public func add(title: String, releaseDate: String) async {
        do {
            _ = try await repository.addMovie(input: NewMovieInput(title: title, releaseDate: releaseDate))
            await load()
        } catch {
            state = .failed(Self.message(for: error))
        }
    }

    /// Uploads a poster (multipart/form-data) for a movie.
    public func uploadPoster(movieID: Int, jpeg: Data) async {
        do {
            poster = try await repository.uploadPoster(
                id: movieID, poster: UploadFile(data: jpeg, fileName: "poster-\(movieID).jpg", contentType: "image/jpeg"))
            state = .loaded
        } catch {
            state = Self.isCancellation(error) ? state : .failed(Self.message(for: error))
        }
    }

    static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        if case .cancelled? = error as? NetworkError { return true }
        return false
    }

    /// A message for the user: the live repository throws `NetworkError`, the mock what a test stubbed.
    static func message(for error: any Error) -> String {
        switch error as? NetworkError {
        case .server(let status, _, _, _)?: "The server failed (\(status)). Try again later."
        case .decoding?: "The server's answer could not be read."
        case .some: "The movies could not be loaded. Check your connection."
        case nil: "Something went wrong: \(error.localizedDescription)"
        }
    }
}
