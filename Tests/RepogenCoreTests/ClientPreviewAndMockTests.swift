import RepogenCore
import XCTest

/// The `tca` client's preview value (a default value of every response type) and the in-memory mock's pages, field
/// toggles and DTO collections, as generated text. (That they compile is the LedgerApp build's and the tca
/// generative check's part.)
final class ClientPreviewAndMockTests: XCTestCase {
    /// The generated files of a tca spec, by file name.
    func files(_ yaml: String) throws -> [String: String] {
        let library = try TemplateSet.builtin(for: .tca).library(templatesPath: nil)
        let files = try Pipeline.generate(
            file: SpecFile(path: "Specs/box.yaml", text: yaml), library: library, options: GenerateOptions(style: .tca)
        ).files
        var byName: [String: String] = [:]
        for file in files { byName[String(file.relativePath.split(separator: "/").last ?? "")] = file.contents }
        return byName
    }

    func testThePreviewAnswersADefaultValueOfEveryResponseType() throws {
        let client = try files("""
            externalTypes: [Token]
            models:
              Kind: { enum: [NEW, OLD] }
              Node:
                fields: { id: Int, kind: Kind, children: "[Node]", note: String?, at: Date, link: URL, tag: { type: String, default: "x" } }
              Page:
                typeParameters: [T]
                fields: { items: "[T]", first: T, count: Int }
              Holder:
                fields: { token: Token }
              Outer:
                fields: { inner: Inner }
                models:
                  Inner: { fields: { flag: Bool } }
            endpoints:
              - { name: fetchNode, method: GET, path: /n, response: Node }
              - { name: fetchPage, method: GET, path: /p, response: Page<Kind> }
              - { name: fetchCount, method: GET, path: /c, response: Int }
              - { name: fetchMaybe, method: GET, path: /m, response: String? }
              - { name: fetchMap, method: GET, path: /d, response: "[String: Int]" }
              - { name: fetchHolder, method: GET, path: /h, response: Holder }
              - { name: fetchOuter, method: GET, path: /o, response: Outer }
            """)["BoxClient.swift"]
        assertContains(
            client,
            // The generated line is over 120 columns, so the file has it wrapped, as the pipeline writes it.
            wrapped(#"        client.fetchNode = { Node(id: 0, kind: .new, children: [], at: Date(timeIntervalSince1970: 0), link: URL(string: "about:blank")!) }"# + "\n"))
        assertContains(client, "client.fetchPage = { Page<Kind>(items: [], first: .new, count: 0) }")
        assertContains(client, "client.fetchCount = { 0 }")
        assertContains(client, "client.fetchMaybe = { nil }")
        assertContains(client, "client.fetchMap = { [:] }")
        assertContains(client, "client.fetchOuter = { Outer(inner: .init(flag: false)) }")
        // No default: the calls report themselves, and a comment says why.
        assertContains(client, "// fetchHolder: no default value, 'Token' is not a type of the spec (an external type)")
        XCTAssertFalse(client?.contains("client.fetchHolder =") ?? true)
    }

    func testTheMockServesPagesTogglesAndDTOs() throws {
        let mock = try files("""
            models:
              Item:
                fields: { id: Int, starred: Bool?, name: String }
              ItemDTO:
                fields: { id: Int, label: String }
                domain: { name: Thing, fields: { id: id, label: label } }
              Page:
                fields: { items: "[Item]", next: Int?, more: Bool, total: Int, label: String }
            collections:
              items: Item
              things: ItemDTO
            endpoints:
              - name: fetchPage
                method: GET
                path: /p
                inputs: [{ name: cursor, type: Int? }, { name: size, type: Int? }]
                param: { cursor: "{cursor}", size: "{size}" }
                response: Page
                mock: { list: items, page: { items: items, cursor: "{cursor}", size: "{size}", next: next, total: total } }
              - name: starItem
                method: PUT
                path: /i/{id}
                inputs: [{ name: id, type: Int }]
                response: Item
                mock: { set: items, id: "{id}", field: starred, to: true }
              - { name: fetchThings, method: GET, path: /t, response: "[ItemDTO]", mock: { list: things } }
              - name: fetchThing
                method: GET
                path: /t/{id}
                inputs: [{ name: id, type: Int }]
                response: ItemDTO?
                mock: { get: things, id: "{id}" }
            """)["BoxClient+Mock.swift"]
        assertContains(
            mock,
            wrapped(
            """
                    client.fetchPage = { cursor, size in
                        let all = storage.value.items
                        let start = Swift.min(Swift.max(cursor ?? 0, 0), all.count)
                        let end = start + (size.map { Swift.min(Swift.max($0, 0), all.count - start) } ?? (all.count - start))
                        return Page(items: [Item](all[start..<end]), next: end < all.count ? end : nil, more: false, total: all.count, label: "")
                    }
            """
            ))
        assertContains(mock, "            contents.items[index].starred = true\n")
        assertContains(mock, "            storage.value.things.map { $0.toDomain() }\n")
        assertContains(mock, "            storage.value.things.first(where: { element in element.id == id })?.toDomain()\n")
    }
}
