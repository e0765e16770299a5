import Foundation
import RepogenRuntime

/// A photo list as a UIKit-style view model: it runs on the main actor, calls the completion-handler
/// repository and sets its state in the handlers (which run on the main actor: no `MainActor.assumeIsolated`), and
/// keeps the `RequestHandle` of the request in flight so that a new load or `cancel()` stops it. It knows the
/// repository protocol only, so the cached repository, the bare API calls or the generated mock can stand behind it.
///
/// A view controller sets `onChange` and renders the state in it.
@MainActor
public final class PhotoListViewModel {
    /// The photos of the last page loaded.
    public private(set) var photos: [Photo] = []
    /// Whether a request is in flight.
    public private(set) var isLoading = false
    /// Why the last request failed; nil after a success, and after a cancellation (which is no failure).
    public private(set) var error: NetworkError?
    /// The last page asked for.
    public private(set) var page = 1
    /// Called after every change of state.
    public var onChange: (() -> Void)?

    private let repository: any PhotosRepository
    /// The request in flight, and its number: a handler whose request was replaced or cancelled changes nothing.
    private var inFlight: RequestHandle?
    private var generation = 0

    /// - Parameter repository: the cached repository by default: `PhotosRepositoryImpl` over the API
    ///   (`PhotosRemoteDataSource`, through `NetworkManager.shared`) and an in-memory cache.
    public init(repository: any PhotosRepository = PhotosRepositoryImpl()) {
        self.repository = repository
    }

    /// Loads a page of photos (from the cache while it is fresh), stopping the request in flight.
    public func load(page: Int = 1) {
        self.page = page
        let current = begin()
        inFlight = repository.fetchPhotos(page: page) { result in
            guard current == self.generation else { return }
            switch result {
            case .success(let photos):
                self.photos = photos
                self.finish(failing: nil)
            case .failure(let error):
                self.finish(failing: error)
            }
        }
    }

    /// Likes a photo, then loads the page again: the like invalidated the cached pages, so it comes from the server.
    public func like(_ photo: Photo) {
        let current = begin()
        inFlight = repository.likePhoto(id: photo.id) { result in
            guard current == self.generation else { return }
            switch result {
            case .success: self.load(page: self.page)
            case .failure(let error): self.finish(failing: error)
            }
        }
    }

    /// Uploads a photo (JPEG bytes) with its caption, then loads the first page again, where it now is.
    public func upload(jpeg: Data, fileName: String, caption: String) {
        let current = begin()
        let image = UploadFile(data: jpeg, fileName: fileName, contentType: "image/jpeg")
        inFlight = repository.uploadPhoto(image: image, caption: caption) { result in
            guard current == self.generation else { return }
            switch result {
            case .success: self.load(page: 1)
            case .failure(let error): self.finish(failing: error)
            }
        }
    }

    /// Stops the request in flight (the server sees its connection close); the state stays as it was.
    public func cancel() {
        guard let inFlight else { return }
        inFlight.cancel()
        generation += 1
        self.inFlight = nil
        isLoading = false
        onChange?()
    }

    /// Stops the request in flight, if any, and starts counting a new one.
    private func begin() -> Int {
        inFlight?.cancel()
        generation += 1
        isLoading = true
        onChange?()
        return generation
    }

    /// Ends the request in flight: a success clears the error, a cancellation leaves it.
    private func finish(failing failure: NetworkError?) {
        inFlight = nil
        isLoading = false
        if case .cancelled? = failure {} else { error = failure }
        onChange?()
    }
}
