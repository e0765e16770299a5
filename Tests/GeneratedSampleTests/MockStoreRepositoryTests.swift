import Foundation
import GeneratedSample
import RepogenRuntime
import XCTest

/// The generated mock, used the way a test author would: through a consumer, and from concurrent tasks.
final class MockStoreRepositoryTests: XCTestCase {
    let detail = StoreDetailResponse(storeId: 1, name: "붕어빵 가게", categories: ["BUNGEOPPANG"])

    @MainActor
    func testConsumerLoadsThroughTheMockAndTheCallIsRecorded() async {
        let mock = MockStoreRepository()
        mock.fetchDetailMock.result = .success(detail)
        let viewModel = StoreDetailViewModel(repository: mock)

        await viewModel.load(storeId: 1)

        XCTAssertEqual(viewModel.state, .loaded(detail))
        XCTAssertEqual(mock.fetchDetailMock.callsCount, 1)
        XCTAssertTrue(mock.fetchDetailMock.called)
        XCTAssertEqual(mock.fetchDetailMock.receivedArguments?.storeId, 1)
        XCTAssertFalse(mock.saveStoreMock.called)
    }

    func testUnstubbedCallWithoutAnExampleFailsNamingTheMethod() async {
        let mock = MockStoreRepository()
        let input = FetchAroundStoreInput(distanceM: 100, mapLatitude: 1, mapLongitude: 2)
        let result = await (mock as any StoreRepository).fetchAroundStores(input: input)
        guard case .failure(let error) = result else { return XCTFail("expected a failure") }
        XCTAssertEqual(
            error.localizedDescription,
            "MockStoreRepository.fetchAroundStores(input:) was called but no result was stubbed")
        XCTAssertEqual(mock.fetchAroundStoresMock.callsCount, 1, "the call is recorded even when it fails")
    }

    @MainActor
    func testTheSpecsExampleAnswersWhenNothingIsStubbed() async {
        let mock = MockStoreRepository()
        let viewModel = StoreDetailViewModel(repository: mock)
        await viewModel.load(storeId: 1)
        XCTAssertEqual(
            viewModel.state,
            .loaded(StoreDetailResponse(
                storeId: 42, name: "Bungeoppang on the corner", categories: ["BUNGEOPPANG"],
                openedAt: Date(timeIntervalSince1970: 1_714_555_800))))
        mock.fetchDetailMock.result = .failure(MockRepositoryError.notStubbed("stub"))
        await viewModel.load(storeId: 1)
        XCTAssertEqual(viewModel.state, .failed("stub was called but no result was stubbed"), "a stub wins over the example")
        let categories = try? await (MockStoreRepository() as any StoreRepository).fetchStoreCategories().get()
        XCTAssertEqual(categories?.map(\.name), ["붕어빵", "호떡"])
    }

    func testQueuedResultsAnswerSuccessiveCallsThenTheStubbedResult() async throws {
        let mock = MockStoreRepository()
        mock.saveStoreMock.results = [.success("first"), .failure(URLError(.timedOut))]
        mock.saveStoreMock.result = .success("always")
        let first = try await (mock as any StoreRepository).saveStore(storeId: "1", isDelete: false).get()
        let second = await (mock as any StoreRepository).saveStore(storeId: "2", isDelete: true)
        let third = try await (mock as any StoreRepository).saveStore(storeId: "3", isDelete: false).get()
        XCTAssertEqual(first, "first")
        XCTAssertThrowsError(try second.get())
        XCTAssertEqual(third, "always")
        XCTAssertEqual(mock.saveStoreMock.receivedInvocations.map(\.storeId), ["1", "2", "3"])
        XCTAssertEqual(mock.saveStoreMock.receivedArguments?.isDelete, false)
    }

    func testHandlerComputesTheAnswerFromTheArguments() async throws {
        let mock = MockStoreRepository()
        // Several arguments arrive as one labelled tuple.
        mock.fetchStorePhotosMock.handler = { arguments in
            let next = "\(arguments.storeId)-\(arguments.cursor ?? "start")"
            return .success(ContentsWithCursorResponse(contents: [], cursor: CursorResponse(nextCursor: next, hasMore: true)))
        }
        let page = try await (mock as any StoreRepository).fetchStorePhotos(storeId: 7, cursor: nil).get()
        XCTAssertEqual(page.cursor.nextCursor, "7-start")
    }

    func testOptionalInputsCanBeLeftOutAndAreSentAsNil() async throws {
        let mock = MockStoreRepository()
        let page = ContentsWithCursorResponse<StoreImageResponse>(contents: [], cursor: CursorResponse(nextCursor: nil, hasMore: false))
        mock.fetchStorePhotosMock.result = .success(page)
        let repository: any StoreRepository = mock
        // `cursor: String?` left out: the protocol extension's overload passes nil.
        _ = try await repository.fetchStorePhotos(storeId: 7).get()
        XCTAssertEqual(mock.fetchStorePhotosMock.receivedArguments?.storeId, 7)
        XCTAssertEqual(mock.fetchStorePhotosMock.receivedArguments?.cursor, .some(nil))
        // Two optional inputs, after the required ones.
        mock.uploadStoreMenuImageMock.error = NetworkError.noData
        _ = await repository.uploadStoreMenuImage(storeId: 3, image: UploadFile(data: Data(), fileName: "m.png", contentType: "image/png"))
        XCTAssertEqual(mock.uploadStoreMenuImageMock.receivedArguments?.storeId, 3)
        XCTAssertEqual(mock.uploadStoreMenuImageMock.receivedArguments?.caption, .some(nil))
        XCTAssertEqual(mock.uploadStoreMenuImageMock.receivedArguments?.price, .some(nil))
        XCTAssertEqual(mock.uploadStoreMenuImageMock.callsCount, 1)
    }

    func testMethodsWithoutArgumentsAndWithoutBody() async throws {
        let mock = MockStoreRepository()
        mock.fetchStoreCategoriesMock.result = .success([])
        let categories = try await (mock as any StoreRepository).fetchStoreCategories().get()
        XCTAssertEqual(categories, [])
        mock.togglePostStickerMock.result = .success(())
        try await (mock as any StoreRepository).togglePostSticker(storeId: 1, postId: "p", input: StoreNewsPostStickersReplaceInput(stickers: [])).get()
        XCTAssertEqual(mock.togglePostStickerMock.receivedArguments?.postId, "p")
    }

    func testConcurrentCallsAreAllRecorded() async {
        let mock = MockStoreRepository()
        mock.saveStoreMock.result = .success("ok")
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    _ = await (mock as any StoreRepository).saveStore(storeId: "\(index)", isDelete: index.isMultiple(of: 2))
                }
            }
        }
        XCTAssertEqual(mock.saveStoreMock.callsCount, 200)
        XCTAssertEqual(Set(mock.saveStoreMock.receivedInvocations.map(\.storeId)).count, 200)
    }

    @MainActor
    func testConcurrentConsumersShareOneMock() async {
        let mock = MockStoreRepository()
        mock.saveStoreMock.result = .success("ok")
        let viewModels = (0..<20).map { _ in StoreDetailViewModel(repository: mock) }
        await withTaskGroup(of: Void.self) { group in
            for (index, viewModel) in viewModels.enumerated() {
                group.addTask { await viewModel.toggleFavorite(storeId: index) }
            }
        }
        XCTAssertEqual(mock.saveStoreMock.callsCount, 20)
        XCTAssertTrue(viewModels.allSatisfy(\.isFavorite))
    }
}
