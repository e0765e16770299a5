import Foundation
import RepogenCore
import XCTest

/// "Accepted means it compiles" for `hashable`, `identifiable`, an enum's `unknown` case and optional form fields,
/// at their edges (keyword names, nested and domain types, optional chains, double optionals): one spec, type-checked
/// in every style that needs only the runtime, with warnings as errors. The random specs of `GenerativeTests` use the
/// keys too.
final class ConformanceCompileTests: XCTestCase {
    static let spec = """
        models:
          Status:
            enum: [OPEN, rawValue, hashValue, in, class]
            unknown: default
          Mode: { enum: [A, B], unknown: rawValue }
          Row:
            hashable: true
            identifiable: default
            fields:
              default: Int
              status: { type: Status, default: OPEN }
              modes: { type: "[Mode]", default: [A, B] }
              at: Date?
              url: URL
              blob: "[String: [Data?]]"
              amount: Decimal
              uuid: Foundation.UUID
              cell: Cell
              cells: "[Cell]?"
            models:
              Cell: { hashable: true, identifiable: true, fields: { id: "UUID?", mode: Mode? } }
          Box:
            fields: { count: Int, note: String?, extra: Int?, status: Status, deep: "Bool??" }
          Setter:
            identifiable: set             # not an accessor: { self.set }
            fields: { set: Int, get: String }
          Page:
            typeParameters: [T]
            identifiable: id
            fields: { id: String, items: "[T]" }
          RowDTO:
            fields: { key: String, cell: Row.Cell, status: Status, cells: "[CellDTO]" }
            domain:
              name: RowItem
              hashable: true
              identifiable: key
              fields:
                key: key
                cell: cell
                status: status
                cells: cells
                made: { type: UUID, value: UUID() }
          CellDTO:
            fields: { name: String }
            domain: { name: CellItem, hashable: true, identifiable: name, fields: { name: name } }
        endpoints:
          - name: fetchRows
            method: GET
            path: "/rows/{status.rawValue}/{mode.rawValue}"
            inputs:
              - { name: status, type: Status }
              - { name: mode, type: Mode }
              - { name: statuses, type: "[Status]?" }
            param: { statuses: "{statuses}", modes: "{statuses[].rawValue}" }
            header: { custom: { X-Status: "{status.rawValue}" } }
            response: "[RowDTO]"
            cache: true
          - name: upload
            method: POST
            path: /upload
            inputs:
              - { name: file, type: UploadFile }
              - { name: caption, type: String? }
              - { name: count, type: Int? }
              - { name: flag, type: Bool?? }
              - { name: text, type: String?? }
              - { name: box, type: Box? }
              - { name: plain, type: Box }
              - { name: form, type: Status? }
            upload:
              files: { file: "{file}" }
              fields:
                caption: "{caption}"
                count: "{count}"
                flag: "{flag}"
                text: "{text}"
                boxCount: "{box.count}"
                boxNote: "{box.note}"
                boxExtra: "{box.extra}"
                boxStatus: "{box.status.rawValue}"
                boxDeep: "{box.deep}"
                plainNote: "{plain.note}"
                plainExtra: "{plain.extra}"
                plainCount: "{plain.count}"
                formStatus: "{form.rawValue}"
            response: Row
          - name: fetchPage
            method: GET
            path: /page
            response: Page<Row>
        """

    func testConformancesAndOptionalFormFieldsCompileInEveryStyle() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-conformances-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }

        var files: [String] = []
        for style in GenerativeTests.styles {
            let library = try TemplateSet.builtin(for: style).library(templatesPath: nil)
            let generation = try Pipeline.generate(
                file: SpecFile(path: "Specs/edges.yaml", text: Self.spec), library: library,
                options: GenerateOptions(style: style))
            for file in generation.files + generation.sharedFiles {
                // One module per style: the same type names in each.
                let url = work.appendingPathComponent(style.name).appendingPathComponent(file.relativePath)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url)
                files.append(url.path)
            }
            let styleFiles = files.filter { $0.contains("/\(style.name)/") }
            let checked = try Self.run(
                compiler.swiftc, GenerativeTests.realBuild + ["-module-name", "Edges", "-D", "DEBUG"] + compiler.runtimeArguments + styleFiles)
            XCTAssertEqual(checked.status, 0, "\(style.name):\n" + checked.text.split(separator: "\n")
                .filter { $0.contains("error:") }.prefix(20).joined(separator: "\n"))
        }
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
