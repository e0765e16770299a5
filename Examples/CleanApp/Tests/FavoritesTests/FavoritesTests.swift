import Favorites
import RepogenRuntime
import XCTest
#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The clean layers the build plugin generated: use cases (async and as publishers) over the data repository over
/// the generated mock (as the remote data source) and a recording local data source.
final class FavoritesTests: XCTestCase {
    func testAUseCasePublishesItsValueOnceThenFinishes() async throws {
        let remote = MockFavoritesRepository()
        let useCase = FetchFavoritesUseCase(repository: FavoritesDataRepository(remote: remote))
        let events = await collect(useCase.publisher())
        XCTAssertEqual(events, ["value [\"Tiendo\"]", "finished"])
        // Each subscription runs the use case again (the repository answers the second from its cache).
        _ = await collect(useCase.publisher())
        XCTAssertEqual(remote.fetchFavoritesMock.callsCount, 1)
    }

    func testAFailurePublishesTheError() async {
        let remote = MockFavoritesRepository()
        remote.fetchFavoritesMock.error = NetworkError.timedOut
        let events = await collect(FetchFavoritesUseCase(repository: FavoritesDataRepository(remote: remote)).publisher())
        XCTAssertEqual(events, ["failure timedOut"])
    }

    func testThePublisherStartsOnlyWhenSubscribed() async throws {
        let remote = MockFavoritesRepository()
        let publisher = AddFavoritesUseCase(repository: FavoritesDataRepository(remote: remote))
            .publisher(AddFavoritesRequestValues(input: AddFavoritesInput(favorites: [])))
        await Task.yield()
        XCTAssertEqual(remote.addFavoritesMock.callsCount, 0)
        let events = await collect(publisher)
        XCTAssertEqual(events, ["value true", "finished"])
        XCTAssertEqual(remote.addFavoritesMock.callsCount, 1)
    }

    @MainActor
    func testTheViewModelLoadsAndAWriteInvalidatesTheCache() async {
        let remote = MockFavoritesRepository()
        let local = RecordingResponseCache()
        let viewModel = FavoritesViewModel(repository: FavoritesDataRepository(remote: remote, local: local))
        await load(viewModel)
        XCTAssertEqual(viewModel.favorites.map(\.name), ["Tiendo"])
        await load(viewModel)
        XCTAssertEqual(remote.fetchFavoritesMock.callsCount, 1)
        await viewModel.add([Favorite(id: 2, name: "Cafe")])
        await load(viewModel)
        XCTAssertEqual(remote.fetchFavoritesMock.callsCount, 2)
        let events = await local.events
        XCTAssertTrue(events.contains { if case .remove = $0 { true } else { false } })
        XCTAssertNil(viewModel.errorMessage)
    }

    @MainActor
    private func load(_ viewModel: FavoritesViewModel) async {
        await withCheckedContinuation { continuation in
            viewModel.load { continuation.resume() }
        }
    }

    /// The events of `publisher` until it completes, as text.
    private func collect<Output>(_ publisher: AnyPublisher<Output, Error>) async -> [String] {
        let box = EventBox()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let cancellable = publisher.sink { completion in
                switch completion {
                case .finished: box.append("finished")
                case .failure(let error): box.append("failure \(error)")
                }
                continuation.resume()
            } receiveValue: { value in
                box.append("value \(Self.describe(value))")
            }
            box.keep(cancellable)
        }
        return box.events
    }

    private static func describe(_ value: Any) -> String {
        if let favorites = value as? [Favorite] { return "\(favorites.map(\.name))" }
        return "\(value)"
    }
}

/// Events collected from a publisher's callbacks, which may come on any thread.
final class EventBox: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    private var cancellables: [AnyCancellable] = []

    var events: [String] { lock.withLock { list } }

    func append(_ event: String) { lock.withLock { list.append(event) } }

    func keep(_ cancellable: AnyCancellable) { lock.withLock { cancellables.append(cancellable) } }
}
