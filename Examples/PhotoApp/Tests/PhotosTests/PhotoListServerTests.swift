import Foundation
import Photos
import RepogenRuntime
import TestServer
import XCTest

/// The view model over the generated cached repository and the live API, against the loopback server.
@MainActor
final class PhotoListServerTests: XCTestCase {
    func testAReadShowsTheDomainValuesOfThePage() async throws {
        let server = try startServer()
        defer { server.stop() }
        try await server.route([.init("GET", "/photos", body: "[\(photoJSON("p1")), \(photoJSON("p2", likes: 9))]")])
        let viewModel = PhotoListViewModel(repository: server.repository())
        await viewModel.settle { viewModel.load(page: 2) }
        XCTAssertNil(viewModel.error)
        XCTAssertEqual(viewModel.photos, [photo("p1"), photo("p2", likes: 9)])
        let sent = try await server.sent()
        XCTAssertEqual(sent, ["GET /photos?page=2"])
    }

    func testASecondReadComesFromTheCacheAndALikeInvalidatesIt() async throws {
        let server = try startServer()
        defer { server.stop() }
        try await server.route([
            .init("GET", "/photos", body: "[\(photoJSON("p1"))]", times: 1),
            .init("GET", "/photos", body: "[\(photoJSON("p1", likes: 4))]"),
            .init("POST", "/photos/p1/like", body: photoJSON("p1", likes: 4)),
        ])
        let viewModel = PhotoListViewModel(repository: server.repository())
        await viewModel.settle { viewModel.load() }
        await viewModel.settle { viewModel.load() }
        var sent = try await server.sent()
        XCTAssertEqual(sent, ["GET /photos?page=1"], "the second read made no request")

        await viewModel.settle { viewModel.like(viewModel.photos[0]) }
        XCTAssertNil(viewModel.error)
        XCTAssertEqual(viewModel.photos, [photo("p1", likes: 4)])
        sent = try await server.sent()
        XCTAssertEqual(sent, ["GET /photos?page=1", "POST /photos/p1/like", "GET /photos?page=1"], "the like invalidated the cached page")
    }

    func testAnUploadSendsTheFileAndTheCaptionAsParts() async throws {
        let server = try startServer()
        defer { server.stop() }
        try await server.route([
            .init("POST", "/photos", body: photoJSON("p9", caption: "Dusk")),
            .init("GET", "/photos", body: "[\(photoJSON("p9", caption: "Dusk"))]"),
        ])
        let viewModel = PhotoListViewModel(repository: server.repository())
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
        await viewModel.settle { viewModel.upload(jpeg: jpeg, fileName: "dusk.jpg", caption: "Dusk") }
        XCTAssertNil(viewModel.error)
        XCTAssertEqual(viewModel.photos.map(\.caption), ["Dusk"])
        let requests = try await server.requests()
        XCTAssertEqual(requests.map { "\($0.method) \($0.path)" }, ["POST /photos", "GET /photos"])
        XCTAssertTrue(requests[0].headers["content-type"]?.hasPrefix("multipart/form-data; boundary=") == true)
        let parts = try XCTUnwrap(requests[0].parts)
        XCTAssertEqual(parts.count, 2)
        let image = try XCTUnwrap(parts.first { $0.name == "image" })
        XCTAssertEqual(image.filename, "dusk.jpg")
        XCTAssertEqual(image.contentType, "image/jpeg")
        XCTAssertEqual(image.size, jpeg.count)
        XCTAssertEqual(parts.first { $0.name == "caption" }?.text, "Dusk")
    }

    func testCancellingTheViewModelsRequestCancelsItOnTheServer() async throws {
        // No clock is read: an uncancelled request would end as `.timedOut` after 60 s, before the answer at 120 s.
        let server = try startServer()
        defer { server.stop() }
        try await server.route([.init("GET", "/photos", body: "[]", delay: 120)])
        let viewModel = PhotoListViewModel(repository: server.repository(timeout: 60))
        viewModel.load()
        XCTAssertTrue(viewModel.isLoading)
        try await server.received("/photos")
        viewModel.cancel()
        XCTAssertFalse(viewModel.isLoading)
        let sawTheClose = try await server.sawClosedEarly("/photos")
        XCTAssertTrue(sawTheClose, "the server did not see the connection close: the request went on without its client")
        XCTAssertNil(viewModel.error, "a cancellation is no failure")
        XCTAssertEqual(viewModel.photos, [])
    }

    func testCancellingTheHandleAnswersCancelledOnce() async throws {
        let server = try startServer()
        defer { server.stop() }
        try await server.route([.init("GET", "/photos", body: "[]", delay: 120)])
        let answers = Answers<[Photo]>()
        let handle = server.repository(timeout: 60).fetchPhotos(page: 1, completion: answers.handler)
        try await server.received("/photos")
        handle.cancel()
        handle.cancel()
        guard case .failure(.cancelled) = await answers.first() else { return XCTFail("\(answers.all)") }
        let sawTheClose = try await server.sawClosedEarly("/photos")
        XCTAssertTrue(sawTheClose)
        // The server's poll above took round trips through the main actor, where a second answer would have come.
        XCTAssertEqual(answers.all.count, 1)
    }

    func testAServerErrorIsTheViewModelsError() async throws {
        let server = try startServer()
        defer { server.stop() }
        try await server.route([.init("GET", "/photos", status: 500, body: "<html>down</html>")])
        let viewModel = PhotoListViewModel(repository: server.repository())
        await viewModel.settle { viewModel.load() }
        guard case .server(status: 500, _, _, _)? = viewModel.error else { return XCTFail("\(String(describing: viewModel.error))") }
        XCTAssertEqual(viewModel.photos, [])
        XCTAssertFalse(viewModel.isLoading)
    }

    func testABodyThatIsNoPhotoListIsADecodingError() async throws {
        let server = try startServer()
        defer { server.stop() }
        try await server.route([.init("GET", "/photos", body: #"[{"id": 1}]"#)])
        let viewModel = PhotoListViewModel(repository: server.repository())
        await viewModel.settle { viewModel.load() }
        guard case .decoding(let failure)? = viewModel.error else { return XCTFail("\(String(describing: viewModel.error))") }
        XCTAssertEqual(failure.codingPath, "[0].id")
    }
}
