import Foundation
import Photos
import RepogenRuntime
import XCTest

/// The view model over the generated mock: alone (as in previews), and under the generated cached repository.
@MainActor
final class PhotoListMockTests: XCTestCase {
    func testAReadShowsWhatTheMockAnswers() async {
        let mock = MockPhotosRepository()
        mock.fetchPhotosMock.result = .success([photo("p1")])
        let viewModel = PhotoListViewModel(repository: mock)
        await viewModel.settle { viewModel.load(page: 3) }
        XCTAssertEqual(viewModel.photos, [photo("p1")])
        XCTAssertEqual(mock.fetchPhotosMock.receivedArguments, 3)
    }

    func testUnstubbedReadsAnswerWithTheSpecsExampleAsInAPreview() async {
        let viewModel = PhotoListViewModel(repository: MockPhotosRepository())
        await viewModel.settle { viewModel.load() }
        XCTAssertEqual(viewModel.photos.map(\.caption), ["Dawn"])
    }

    func testTheCachedRepositoryCallsTheMockOnceUntilALikeInvalidates() async {
        let mock = MockPhotosRepository()
        mock.fetchPhotosMock.results = [.success([photo("p1")]), .success([photo("p1", likes: 4)])]
        mock.likePhotoMock.result = .success(photo("p1", likes: 4))
        let viewModel = PhotoListViewModel(repository: PhotosRepositoryImpl(remote: mock, local: MemoryResponseCache()))
        await viewModel.settle { viewModel.load() }
        await viewModel.settle { viewModel.load() }
        XCTAssertEqual(mock.fetchPhotosMock.callsCount, 1, "the second read came from the cache")
        await viewModel.settle { viewModel.like(viewModel.photos[0]) }
        XCTAssertEqual(mock.likePhotoMock.receivedArguments, "p1")
        XCTAssertEqual(mock.fetchPhotosMock.callsCount, 2, "the like invalidated the cached page")
        XCTAssertEqual(viewModel.photos, [photo("p1", likes: 4)])
    }

    func testAnUploadPassesTheFileAndCaption() async {
        let mock = MockPhotosRepository()
        mock.uploadPhotoMock.result = .success(photo("p9", caption: "Dusk"))
        mock.fetchPhotosMock.result = .success([photo("p9", caption: "Dusk")])
        let viewModel = PhotoListViewModel(repository: mock)
        await viewModel.settle { viewModel.upload(jpeg: Data([1, 2, 3]), fileName: "dusk.jpg", caption: "Dusk") }
        XCTAssertEqual(mock.uploadPhotoMock.receivedArguments?.image, UploadFile(data: Data([1, 2, 3]), fileName: "dusk.jpg", contentType: "image/jpeg"))
        XCTAssertEqual(mock.uploadPhotoMock.receivedArguments?.caption, "Dusk")
        XCTAssertEqual(mock.fetchPhotosMock.receivedArguments, 1, "the first page was loaded again")
        XCTAssertEqual(viewModel.photos.map(\.id), ["p9"])
    }

    func testAStubbedFailureIsTheViewModelsError() async {
        let mock = MockPhotosRepository()
        mock.fetchPhotosMock.error = NetworkError.server(status: 500, resultCode: nil, message: nil, body: Data())
        let viewModel = PhotoListViewModel(repository: mock)
        await viewModel.settle { viewModel.load() }
        guard case .server(status: 500, _, _, _)? = viewModel.error else { return XCTFail("\(String(describing: viewModel.error))") }
    }

    func testACallWithNothingStubbedSaysSoInsteadOfATransportError() async {
        let viewModel = PhotoListViewModel(repository: MockPhotosRepository())
        await viewModel.settle { viewModel.upload(jpeg: Data(), fileName: "a.jpg", caption: "") }
        guard case .notStubbed(let method)? = viewModel.error else { return XCTFail("\(String(describing: viewModel.error))") }
        XCTAssertEqual(method, "MockPhotosRepository.uploadPhoto(image:caption:completion:)")
    }

    /// A mock whose answer waits for `gate`, so that the handle is cancelled while the call is in flight.
    func gatedMock(_ gate: DispatchSemaphore) -> MockPhotosRepository {
        let mock = MockPhotosRepository()
        mock.fetchPhotosMock.handler = { _ in
            gate.wait()
            return .success([photo("p1")])
        }
        return mock
    }

    func testCancellingTheMocksHandleAnswersCancelledOnce() async {
        let gate = DispatchSemaphore(value: 0)
        let answers = Answers<[Photo]>()
        let handle = gatedMock(gate).fetchPhotos(page: 1, completion: answers.handler)
        handle.cancel()
        gate.signal()
        guard case .failure(.cancelled) = await answers.first() else { return XCTFail("\(answers.all)") }
        await Task.yield()
        XCTAssertEqual(answers.all.count, 1)
    }

    func testCancellingTheViewModelKeepsItsStateWhateverTheMockAnswersLater() async {
        let gate = DispatchSemaphore(value: 0)
        let mock = gatedMock(gate)
        let viewModel = PhotoListViewModel(repository: mock)
        viewModel.load()
        viewModel.cancel()
        XCTAssertFalse(viewModel.isLoading)
        gate.signal()
        // Whichever answer comes first, the cancelled load's (the mock's p1, or `.cancelled`) changes nothing.
        mock.fetchPhotosMock.handler = nil
        mock.fetchPhotosMock.result = .success([photo("p2")])
        await viewModel.settle { viewModel.load() }
        XCTAssertEqual(viewModel.photos, [photo("p2")])
        XCTAssertNil(viewModel.error)
    }
}
