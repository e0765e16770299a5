import Foundation
import RepogenRuntime
import XCTest

@testable import GeneratedSample

/// Seed 004's DTOs (Specs/photo.yaml): what the server sends decodes into `PhotoResponseDTO`, and `toDomain()`
/// gives the app's `Photo`, with nested DTOs converted, renamed fields, dropped fields and computed values.
final class DomainMappingTests: XCTestCase {
    let json = #"""
        {"id": "4ct0iDMOjuc", "width": 7360, "height": 4912, "likes": 12,
         "urls": {"raw": "r", "full": "f", "regular": "https://images.example/regular", "small": "s", "thumb": "t"},
         "user": {"name": "UserName", "portfolio_url": null}}
        """#

    func testTheDTODecodesAndMapsToTheDomainType() throws {
        let dto = try JSONDecoder().decode(PhotoResponseDTO.self, from: Data(json.utf8))
        let photo = dto.toDomain()
        XCTAssertEqual(photo.id, "4ct0iDMOjuc")
        XCTAssertEqual(photo.width, 7360)
        XCTAssertEqual(photo.height, 4912)
        XCTAssertEqual(photo.urls, URLs(regular: "https://images.example/regular"))
        XCTAssertEqual(photo.user, User(name: "UserName", portfolioURL: nil))
        XCTAssertFalse(photo.isFavorite)
        // A computed `UUID()`: a new identifier on every mapping.
        XCTAssertNotEqual(dto.toDomain().identifier, photo.identifier)
        let withPortfolio = PhotoResponseDTO.UserDTO(name: "A", portfolio_url: "https://a.example").toDomain()
        XCTAssertEqual(withPortfolio.portfolioURL, "https://a.example")
    }

    /// The mock speaks domain types too, and before the server exists it answers with the spec's example: the
    /// wire's JSON decoded as the DTOs and converted.
    func testTheMockAnswersWithTheExampleAsDomainTypes() throws {
        let mock = MockPhotoRepository()
        let photos = try mock.fetchPhotoList(page: 1).get()
        XCTAssertEqual(photos.map(\.id), ["4ct0iDMOjuc"])
        XCTAssertEqual(photos.first?.urls, URLs(regular: "https://images.unsplash.com/photo-1670871139297"))
        XCTAssertEqual(photos.first?.user, User(name: "UserName", portfolioURL: nil))
        mock.fetchPhotoListMock.result = .success([])
        let stubbed = try mock.fetchPhotoList(page: 1).get()
        XCTAssertEqual(stubbed, [])
        XCTAssertEqual(mock.fetchPhotoListMock.receivedInvocations, [1, 1])
    }
}
