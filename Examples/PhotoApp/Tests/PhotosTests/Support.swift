import Foundation
import Photos
import RepogenRuntime
import TestServer
import XCTest

/// The server's JSON for a photo, and the domain value it maps to.
func photoJSON(_ id: String, likes: Int = 3, caption: String = "Dawn") -> String {
    #"{"id": "\#(id)", "width": 4000, "height": 3000, "likes": \#(likes), "caption": "\#(caption)", "user": {"name": "Ann"}}"#
}

func photo(_ id: String, likes: Int = 3, caption: String = "Dawn") -> Photo {
    Photo(id: id, width: 4000, height: 3000, likes: likes, caption: caption, author: Author(name: "Ann", portfolioURL: nil))
}

extension PhotoListViewModel {
    /// Runs `action` and waits until no request is in flight any more: the handlers ran (on the main actor) and
    /// set the state.
    func settle(after action: () -> Void) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            onChange = { [unowned self] in
                guard !self.isLoading else { return }
                self.onChange = nil
                continuation.resume()
            }
            action()
        }
    }
}

/// What completion handlers received, kept on the main actor; `next()` waits for the first.
@MainActor
final class Answers<Value: Sendable> {
    private(set) var all: [Result<Value, NetworkError>] = []
    private var waiting: CheckedContinuation<Void, Never>?

    /// A completion handler that records its answer.
    var handler: @MainActor @Sendable (Result<Value, NetworkError>) -> Void {
        { [self] result in
            all.append(result)
            waiting?.resume()
            waiting = nil
        }
    }

    /// Waits until at least one answer arrived.
    func first() async -> Result<Value, NetworkError> {
        if all.isEmpty {
            await withCheckedContinuation { waiting = $0 }
        }
        return all[0]
    }
}

extension XCTestCase {
    /// A running loopback server, or a skip without python3.
    func startServer() throws -> TestServer {
        do {
            return try TestServer()
        } catch TestServer.Failure.noPython {
            throw XCTSkip("python3 is needed for the loopback server tests")
        }
    }
}

extension TestServer {
    /// The photo app's networking over this server: the cached repository over the API.
    func repository(timeout: TimeInterval = 60) -> PhotosRepositoryImpl {
        var configuration = NetworkConfiguration(baseURL: baseURL)
        configuration.timeout = timeout
        return PhotosRepositoryImpl(
            remote: PhotosRemoteDataSource(manager: NetworkManager(configuration: configuration)),
            local: MemoryResponseCache())
    }

    /// "METHOD /path?query" of each request received, oldest first.
    func sent() async throws -> [String] {
        try await requests().map { $0.query.isEmpty ? "\($0.method) \($0.path)" : "\($0.method) \($0.path)?\($0.query)" }
    }

    /// Waits until a request to `path` has arrived (and, on a delayed route, is waiting for its answer).
    func received(_ path: String) async throws {
        while try await !requests().contains(where: { $0.path == path }) {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }
}
