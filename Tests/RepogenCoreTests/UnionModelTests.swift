import RepogenCore
import XCTest

/// Union models (`oneOf`): both spec formats, the enum they generate (with and without a discriminator), the cases'
/// names, `indirect` and `Hashable`, the tca preview's default, and what validation refuses. (That the code builds
/// and decodes is ImportedPetstoreServerTests' part, over a loopback server, and the generative compile checks'.)
final class UnionModelTests: XCTestCase {
    static let yaml = """
        models:
          PhoneContact: { fields: { type: String, number: String } }
          EmailContact: { fields: { type: String, address: String } }
          ContactMethod:
            description: How to reach a person.
            oneOf:
              - { case: phone, type: PhoneContact, tag: phone }
              - { case: email, type: EmailContact, tag: email, description: An address. }
            discriminator: type
          Shape: { oneOf: [PhoneContact, { case: default, type: "[Int]" }] }
        endpoints:
          - { name: fetchContacts, method: GET, path: /contacts, response: "[ContactMethod]" }
        """

    static let json = """
        {
          "models": {
            "PhoneContact": { "fields": { "type": "String", "number": "String" } },
            "EmailContact": { "fields": { "type": "String", "address": "String" } },
            "ContactMethod": {
              "description": "How to reach a person.",
              "oneOf": [
                { "case": "phone", "type": "PhoneContact", "tag": "phone" },
                { "case": "email", "type": "EmailContact", "tag": "email", "description": "An address." }
              ],
              "discriminator": "type"
            },
            "Shape": { "oneOf": ["PhoneContact", { "case": "default", "type": "[Int]" }] }
          },
          "endpoints": [{ "name": "fetchContacts", "method": "GET", "path": "/contacts", "response": "[ContactMethod]" }]
        }
        """

    func testBothFormatsGenerateAnEnumDecodedByItsDiscriminator() throws {
        let fromYAML = try XCTUnwrap(generate(Self.yaml, path: "Specs/contacts.yaml")["Models.swift"])
        let fromJSON = try XCTUnwrap(generate(Self.json, path: "Specs/contacts.json")["Models.swift"])
        XCTAssertEqual(
            fromYAML.replacingOccurrences(of: "contacts.yaml", with: "contacts.json"), fromJSON, "the formats say the same")
        assertContains(fromYAML, """
            /// How to reach a person.
            public enum ContactMethod: Codable, Sendable, Equatable {
                case phone(PhoneContact)
                /// An address.
                case email(EmailContact)

                /// Decodes the case that 'type' names: `phone` is `.phone`, `email` is `.email`.
                public init(from decoder: Decoder) throws {
                    let keyed = try decoder.container(keyedBy: DiscriminatorKey.self)
                    let tag = try keyed.decode(String.self, forKey: .discriminator)
                    let container = try decoder.singleValueContainer()
                    switch tag {
                    case "phone": self = .phone(try container.decode(PhoneContact.self))
                    case "email": self = .email(try container.decode(EmailContact.self))
                    default:
                        throw DecodingError.dataCorruptedError(
                            forKey: .discriminator, in: keyed,
                            debugDescription: "Unknown type '\\(tag)' for ContactMethod; expected one of: phone, email")
                    }
                }

                /// Encodes the payload as it is.
                public func encode(to encoder: Encoder) throws {
                    var container = encoder.singleValueContainer()
                    switch self {
                    case .phone(let value): try container.encode(value)
                    case .email(let value): try container.encode(value)
                    }
                }

                private enum DiscriminatorKey: String, CodingKey {
                    case discriminator = "type"
                }
            }
            """)
    }

    func testWithoutADiscriminatorTheFirstCaseThatDecodesWinsAndKeywordsAreEscaped() throws {
        let models = try XCTUnwrap(generate(Self.yaml, path: "Specs/contacts.yaml")["Models.swift"])
        assertContains(models, """
            public enum Shape: Codable, Sendable, Equatable {
                case phoneContact(PhoneContact)
                case `default`([Int])

                /// Decodes the first case whose type decodes the value, in this order: phoneContact, default.
                public init(from decoder: Decoder) throws {
                    let container = try decoder.singleValueContainer()
                    if let value = try? container.decode(PhoneContact.self) {
                        self = .phoneContact(value)
                    } else if let value = try? container.decode([Int].self) {
                        self = .`default`(value)
                    } else {
                        throw DecodingError.dataCorruptedError(
                            in: container, debugDescription: "The value is none of the cases of Shape (phoneContact, default)")
                    }
                }
            """)
    }

    func testAUnionHeldByItsOwnCaseIsIndirectAndAHashableOneIsHashable() throws {
        let models = try XCTUnwrap(generate("""
            models:
              Node: { hashable: true, fields: { children: "[Tree]", first: Tree? } }
              Tree: { hashable: true, oneOf: [Node, { case: leaf, type: Int }] }
              Flat: { oneOf: [String, Int] }
            endpoints:
              - { name: fetchTree, method: GET, path: /tree, response: Tree }
            """, path: "Specs/tree.yaml")["Models.swift"])
        assertContains(models, "public indirect enum Tree: Codable, Sendable, Hashable {\n    case node(Node)\n    case leaf(Int)\n")
        assertContains(models, "public enum Flat: Codable, Sendable, Equatable {\n    case string(String)\n    case int(Int)\n")
    }

    func testTheTCAPreviewAnswersTheFirstCaseWithItsPayloadsDefault() throws {
        let library = try TemplateSet.builtin(for: .tca).library(templatesPath: nil)
        let files = try Pipeline.generate(
            file: SpecFile(path: "Specs/contacts.yaml", text: Self.yaml), library: library,
            options: GenerateOptions(style: .tca)
        ).files
        let client = try XCTUnwrap(files.first { $0.relativePath.hasSuffix("ContactsClient.swift") }?.contents)
        assertContains(client, "client.fetchContacts = { [] }")
        let single = try Pipeline.generate(
            file: SpecFile(path: "Specs/contacts.yaml", text: Self.yaml.replacingOccurrences(of: "\"[ContactMethod]\"", with: "ContactMethod")),
            library: library, options: GenerateOptions(style: .tca)
        ).files
        let singleClient = try XCTUnwrap(single.first { $0.relativePath.hasSuffix("ContactsClient.swift") }?.contents)
        assertContains(singleClient, #"client.fetchContacts = { ContactMethod.phone(.init(type: "", number: "")) }"#)
    }

    func testAnExampleMustBeTheCaseItsTagNamesOrOneThatFits() {
        let problems = diagnostics(Self.yaml.replacingOccurrences(
            of: "response: \"[ContactMethod]\" }",
            with: #"response: "[ContactMethod]", example: [{ type: phone, number: "1" }, { type: email, address: "a" }, { type: fax }] }"#),
            path: "Specs/contacts.yaml")
        XCTAssertEqual(problems, [
            "Specs/contacts.yaml:12:166: error: '[2].type' in the example of 'fetchContacts' is 'fax', which names no case of union "
                + "'ContactMethod'; expected one of phone, email",
        ])
    }
}
