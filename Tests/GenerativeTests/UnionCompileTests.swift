import Foundation
import RepogenCore
import XCTest

/// "Accepted means it builds" for unions (`oneOf`): with and without a discriminator (a key that is no identifier,
/// tags with quotes and backslashes), cases named like keywords, scalar, list and generic payloads, a union that holds
/// itself through a struct (`indirect`), a hashable one, nested models, a union as a response, an input sent as the
/// body, a field, an example and the tca preview's default. Built in every style with warnings as errors (`tca` with
/// `REPOGEN_TCA_BUILD`).
final class UnionCompileTests: XCTestCase {
    static let spec = #"""
        models:
          Phone: { hashable: true, fields: { kind: { type: String, json: "@type" }, number: String } }
          Email: { hashable: true, fields: { kind: { type: String, json: "@type" }, address: String } }
          Contact:
            hashable: true
            oneOf:
              - { case: default, type: Phone, tag: "say \"hi\" \\(x)" }
              - { case: protocol, type: Email, tag: email }
            discriminator: "@type"
          Page: { typeParameters: [T], fields: { items: "[T]" } }
          Anything:
            oneOf: [Contact, "Page<Int>", { case: list, type: "[String]" }, { case: map, type: "[String: Int]" }, Int, Date, URL]
            models:
              Inner: { fields: { id: Int } }
          Tree:
            oneOf: [Node, { case: leaf, type: Anything.Inner }]
          Node: { fields: { first: Tree, rest: "[Tree]", note: String? } }
          Holder: { fields: { contact: Contact, maybe: Anything?, trees: "[Tree]" } }
        endpoints:
          - name: fetchContacts
            method: GET
            path: /contacts
            response: "[Contact]"
            example: [{ "@type": email, address: a }, { "@type": "say \"hi\" \\(x)", number: "1" }]
          - name: fetchAnything
            method: GET
            path: /anything
            response: Anything
          - name: fetchTree
            method: GET
            path: /tree
            response: Tree
          - name: saveHolder
            method: PUT
            path: /holder
            inputs: [{ name: holder, type: Holder }]
            param: "{holder}"
            response: Holder
          - name: sendContact
            method: POST
            path: /contact
            inputs: [{ name: contact, type: Contact }]
            param: "{contact}"
        """#

    func testUnionsBuildInEveryStyle() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-unions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        try compiler.buildInEveryStyle(spec: Self.spec, path: "Specs/unions.yaml", module: "Unions", test: "UnionCompileTests")
    }
}
