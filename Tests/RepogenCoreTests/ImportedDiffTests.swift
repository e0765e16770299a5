import Foundation
import RepogenCore
import RepogenTestSupport
import XCTest

/// `repogen diff` on specs `repogen import` wrote: two versions of the petstore document (Tests/OpenAPIDocuments/
/// petstore.yaml and petstore-v2.yaml, whose first lines say what changed) give the report a reviewer expects, each
/// change at its line in the imported specs.
final class ImportedDiffTests: XCTestCase {
    func importedSpecs(_ document: String, into folder: String) throws -> [SpecFile] {
        let bytes = try Array(Data(contentsOf: PackagePaths.openAPIDocuments.appendingPathComponent(document)))
        let result = try OpenAPIImporter.run(SpecFile(path: document, bytes: bytes), options: ImportOptions())
        return result.files.map { SpecFile(path: folder + "/" + $0.relativePath, text: $0.contents) }
    }

    func testTwoVersionsOfAnImportedDocument() throws {
        let old = try importedSpecs("petstore.yaml", into: "v1")
        let new = try importedSpecs("petstore-v2.yaml", into: "v2")
        let report = try APIDiff.compare(old: old, new: new)
        let lines = report.changes.map { change in
            "\(change.kind) \(change.subject) source=\(change.source.rawValue) wire=\(change.wire.rawValue)"
                + " old=\(change.old.map { "\($0.path):\($0.line)" } ?? "-") new=\(change.new.map { "\($0.path):\($0.line)" } ?? "-")"
        }
        XCTAssertEqual(lines, [
            // Breaking for source first, in the order of the specs. PetStatus is in a query (listPets' status) and in
            // responses (Pet.status): a new value can reach the old app.
            "enum-case-added PetStatus.adopted source=breaking wire=breaking old=- new=v2/pets.yaml:13",
            "input-made-required listPets.limit source=breaking wire=breaking old=v1/pets.yaml:77 new=v2/pets.yaml:79",
            "endpoint-removed getInventory source=breaking wire=breaking old=v1/store.yaml:52 new=-",
            "optional-field-added Pet.birthday source=additive wire=compatible old=- new=v2/pets.yaml:19",
            "optional-field-added NewPet.birthday source=additive wire=compatible old=- new=v2/pets.yaml:33",
            "endpoint-added listVaccinations source=additive wire=compatible old=- new=v2/pets.yaml:185",
        ], lines.joined(separator: "\n"))
        XCTAssertEqual(report.source, .breaking)
        XCTAssertEqual(report.wire, .breaking)
        XCTAssertEqual(report.summary, "6 changes: 3 source-breaking, 3 wire-breaking, 3 additive")
    }

    /// The same document on both sides: no change, however the import orders what it writes.
    func testTheSameDocumentHasNoChanges() throws {
        let report = try APIDiff.compare(
            old: try importedSpecs("petstore.yaml", into: "v1"), new: try importedSpecs("petstore.yaml", into: "v2"))
        XCTAssertEqual(report.changes, [])
        XCTAssertEqual(report.summary, "no API changes")
    }
}
