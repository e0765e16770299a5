import RepogenCore
import XCTest

/// `hashable`, `identifiable` and an enum's `unknown` case (models and domain types), and optional form fields of
/// an upload: what they generate, in both spec formats. Their errors are in `BadSpecs/` (model-hashable-identifiable,
/// domain-hashable-identifiable, enum-unknown-case, upload-optional-fields); the generated code is compiled by
/// `GeneratedSample` (Specs/community.yaml, photo.yaml, store.json) and `ConformanceCompileTests`.
final class ModelConformanceTests: XCTestCase {
    static let yaml = """
        models:
          Status:
            enum: [OPEN, { name: closed, value: CLOSED, description: No more votes. }]
            unknown: unknown
          Poll:
            hashable: true
            identifiable: pollId
            fields: { pollId: String, status: Status, tags: "[Tag]?", scores: "[String: Int]" }
            models:
              Tag: { hashable: true, fields: { name: String } }
          Receipt:
            identifiable: true
            fields: { id: UUID }
          PollDTO:
            fields: { pollId: String, title: String }
            domain: { name: PollItem, hashable: true, identifiable: pollId, fields: { pollId: pollId, title: title } }
        endpoints:
          - name: fetchPolls
            method: GET
            path: "/polls/{status.rawValue}"
            inputs: [{ name: status, type: Status }, { name: excluding, type: "[Status]" }]
            param: { excluding: "{excluding}" }
            response: "[Poll]"
          - name: upload
            method: POST
            path: /upload
            inputs:
              - { name: file, type: UploadFile }
              - { name: caption, type: String? }
              - { name: count, type: Int? }
              - { name: poll, type: Poll? }
            upload:
              files: { file: "{file}" }
              fields: { caption: "{caption}", count: "{count}", poll: "{poll.pollId}", status: "{poll.status.rawValue}" }
            response: PollDTO
        """

    static let json = """
        {
          "models": {
            "Status": {
              "enum": ["OPEN", { "name": "closed", "value": "CLOSED", "description": "No more votes." }],
              "unknown": "unknown"
            },
            "Poll": {
              "hashable": true,
              "identifiable": "pollId",
              "fields": { "pollId": "String", "status": "Status", "tags": "[Tag]?", "scores": "[String: Int]" },
              "models": { "Tag": { "hashable": true, "fields": { "name": "String" } } }
            },
            "Receipt": { "identifiable": true, "fields": { "id": "UUID" } },
            "PollDTO": {
              "fields": { "pollId": "String", "title": "String" },
              "domain": {
                "name": "PollItem", "hashable": true, "identifiable": "pollId",
                "fields": { "pollId": "pollId", "title": "title" }
              }
            }
          },
          "endpoints": [
            {
              "name": "fetchPolls", "method": "GET", "path": "/polls/{status.rawValue}",
              "inputs": [{ "name": "status", "type": "Status" }, { "name": "excluding", "type": "[Status]" }],
              "param": { "excluding": "{excluding}" }, "response": "[Poll]"
            },
            {
              "name": "upload", "method": "POST", "path": "/upload",
              "inputs": [
                { "name": "file", "type": "UploadFile" }, { "name": "caption", "type": "String?" },
                { "name": "count", "type": "Int?" }, { "name": "poll", "type": "Poll?" }
              ],
              "upload": {
                "files": { "file": "{file}" },
                "fields": {
                  "caption": "{caption}", "count": "{count}", "poll": "{poll.pollId}", "status": "{poll.status.rawValue}"
                }
              },
              "response": "PollDTO"
            }
          ]
        }
        """

    func testBothFormatsGiveTheSameFiles() throws {
        let fromYAML = try generate(Self.yaml, path: "Specs/polls.yaml")
        let fromJSON = try generate(Self.json, path: "Specs/polls.json")
        XCTAssertEqual(fromYAML.keys.sorted(), fromJSON.keys.sorted())
        for (name, text) in fromYAML {
            XCTAssertEqual(
                text.replacingOccurrences(of: "polls.yaml", with: "polls.json"), fromJSON[name], "\(name) differs")
        }
    }

    func testAHashableIdentifiableModelDeclaresBothAndComputesItsID() throws {
        let models = try XCTUnwrap(generate(Self.yaml, path: "Specs/polls.yaml")["Models.swift"])
        assertContains(models, """
            public struct Poll: Codable, Sendable, Hashable, Identifiable {
                public var pollId: String
                public var status: Status
                public var tags: [Tag]?
                public var scores: [String: Int]
                /// The identity `Identifiable` uses: `pollId`.
                public var id: String { self.pollId }

                public init(pollId: String, status: Status, tags: [Tag]? = nil, scores: [String: Int]) {
            """)
        assertContains(models, "    public struct Tag: Codable, Sendable, Hashable {\n")
        assertContains(models, "public struct Receipt: Codable, Sendable, Equatable, Identifiable {\n    public var id: UUID\n\n")
        assertContains(models, "public struct PollDTO: Codable, Sendable, Equatable {\n")
        assertContains(models, """
            public struct PollItem: Codable, Sendable, Hashable, Identifiable {
                public let pollId: String
                public let title: String
                /// The identity `Identifiable` uses: `pollId`.
                public var id: String { self.pollId }

                public init(pollId: String, title: String) {
            """)
    }

    func testAnEnumWithAnUnknownCaseWritesItsRawValuesAndCodingOut() throws {
        let models = try XCTUnwrap(generate(Self.yaml, path: "Specs/polls.yaml")["Models.swift"])
        assertContains(models, """
            public enum Status: RawRepresentable, Codable, Sendable, Hashable, CaseIterable {
                case `open`
                /// No more votes.
                case closed
                /// A value this version does not list, as the server sent it.
                case unknown(String)

                /// The values the spec lists (not `unknown`).
                public static let allCases: [Status] = [.`open`, .closed]

                public init(rawValue: String) {
                    switch rawValue {
                    case "OPEN": self = .`open`
                    case "CLOSED": self = .closed
                    default: self = .unknown(rawValue)
                    }
                }

                public var rawValue: String {
                    switch self {
                    case .`open`: "OPEN"
                    case .closed: "CLOSED"
                    case .unknown(let value): value
                    }
                }

                public init(from decoder: Decoder) throws {
                    self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
                }

                public func encode(to encoder: Encoder) throws {
                    var container = encoder.singleValueContainer()
                    try container.encode(rawValue)
                }

                /// Equal when the raw values are: `.unknown("…")` holding a listed value is that case.
                public static func == (lhs: Status, rhs: Status) -> Bool {
                    lhs.rawValue == rhs.rawValue
                }

                public func hash(into hasher: inout Hasher) {
                    hasher.combine(rawValue)
                }
            }
            """)
        let api = try XCTUnwrap(generate(Self.yaml, path: "Specs/polls.yaml")["Api.swift"])
        assertContains(api, #"return "/polls/\(PathComponent(status.rawValue))""#)
        assertContains(api, #"return RequestParameters(["excluding": excluding])"#)
    }

    func testALongListOfKnownCasesIsOneALine() throws {
        let raws = (1...12).map { "\"VALUE_NUMBER_\($0)\"" }.joined(separator: ", ")
        let text = """
            { "models": { "Long": { "enum": [\(raws)], "unknown": "other" } },
              "endpoints": [{ "name": "a", "method": "GET", "path": "/a", "response": "Long" }] }
            """
        let models = try XCTUnwrap(generate(text)["Models.swift"])
        assertContains(models, """
                public static let allCases: [Long] = [
                    .valueNumber1,
                    .valueNumber2,
            """)
        assertContains(models, "        .valueNumber12\n    ]\n")
    }

    func testAnOptionalFormFieldIsLeftOutWhenNil() throws {
        let api = try XCTUnwrap(generate(Self.yaml, path: "Specs/polls.yaml")["Api.swift"])
        assertContains(api, """
                    case .upload(let file, let caption, let count, let poll):
                        var form = UploadForm()
                        form.add("caption", ifPresent: caption)
                        form.add("count", ifPresent: count?.description)
                        form.add("poll", ifPresent: poll?.pollId)
                        form.add("status", ifPresent: poll?.status.rawValue)
                        form.add("file", file: file)
                        return form
            """)
    }

    func testEnumsAndHashableModelsAreHashableFieldsAndExternalTypesAreTrusted() {
        let text = """
            { "externalTypes": ["Money"],
              "models": {
                "Kind": { "enum": ["A"] },
                "Row": {
                  "hashable": true,
                  "fields": {
                    "kind": "Kind", "at": "Date", "url": "URL?", "blob": "Data", "amount": "Decimal",
                    "uuid": "Foundation.UUID", "price": "Money", "grid": "[[String: [Int?]]]"
                  }
                }
              },
              "endpoints": [{ "name": "a", "method": "GET", "path": "/a", "response": "Row" }] }
            """
        XCTAssertEqual(diagnostics(text), [])
    }

    func testHashableFalseAndIdentifiableFalseChangeNothing() throws {
        let text = """
            { "models": { "Row": { "hashable": false, "identifiable": false, "fields": { "id": "Int" } } },
              "endpoints": [{ "name": "a", "method": "GET", "path": "/a", "response": "Row" }] }
            """
        let models = try XCTUnwrap(generate(text)["Models.swift"])
        assertContains(models, "public struct Row: Codable, Sendable, Equatable {\n")
    }

    func testAnIdentityReadByAKeywordFieldIsEscaped() throws {
        let text = """
            { "models": { "Row": { "identifiable": "default", "fields": { "default": "Int" } } },
              "endpoints": [{ "name": "a", "method": "GET", "path": "/a", "response": "Row" }] }
            """
        let models = try XCTUnwrap(generate(text)["Models.swift"])
        assertContains(models, "    public var id: Int { self.`default` }\n")
    }

    func testTheUnknownCaseMayBeAKeyword() throws {
        let text = """
            { "models": { "Kind": { "enum": ["A"], "unknown": "default" } },
              "endpoints": [{ "name": "a", "method": "GET", "path": "/a", "response": "Kind" }] }
            """
        let models = try XCTUnwrap(generate(text)["Models.swift"])
        assertContains(models, "    case `default`(String)\n")
        assertContains(models, "        default: self = .`default`(rawValue)\n")
        assertContains(models, "        case .`default`(let value): value\n")
    }

    /// `members` (README: "The view model") reaches templates as `{ lines }` per member: an enum with `unknown` has
    /// seven, a struct its `init(from:)` and `encode(to:)`, a plain enum none.
    func testTheMembersOfAnEnumWithAnUnknownCaseAreTemplateData() throws {
        let file = SpecFile(path: "Specs/polls.yaml", text: Self.yaml)
        let spec = try XCTUnwrap(decodeSpec(try SpecReader.read(file), file: file).0)
        var warnings: [Diagnostic] = []
        let model = try validateSpec(spec, domain: "Polls", warnings: &warnings)
        let viewModel = OutputStyle.result.viewModel(model, runtimeModule: "RepogenRuntime", accessLevel: .internal)
        let status = try XCTUnwrap(viewModel.models.first { $0.name == "Status" })
        XCTAssertEqual(status.members.count, 7)
        XCTAssertEqual(status.members[1].lines.first, "init(rawValue: String) {")
        guard case .dictionary(let entries) = status.members[0].mustache else { return XCTFail("a member is not a hash") }
        XCTAssertEqual(Set(entries.names), ["lines"])
        XCTAssertEqual(entries["lines"], status.members[0].lines.mustache)
        for other in viewModel.models where other.name != "Status" {
            XCTAssertEqual(
                other.members.map { $0.lines.first ?? "" },
                other.isStruct ? ["init(from decoder: Decoder) throws {", "func encode(to encoder: Encoder) throws {"] : [],
                other.name)
        }
    }

    func testANewKeyMisspeltGetsADidYouMean() {
        let text = """
            { "models": { "Row": { "hashabel": true, "fields": { "id": "Int" } }, "Kind": { "enum": ["A"], "unknwon": "x" } },
              "endpoints": [{ "name": "a", "method": "GET", "path": "/a", "response": "Row" }] }
            """
        XCTAssertEqual(diagnostics(text), [
            "Specs/store.json:1:24: error: unknown key 'hashabel' in model 'Row'; did you mean 'hashable'? (valid keys: description, typeParameters, fields, enum, oneOf, discriminator, models, domain, hashable, identifiable, unknown, additionalProperties)",
            "Specs/store.json:1:96: error: unknown key 'unknwon' in model 'Kind'; did you mean 'unknown'? (valid keys: description, typeParameters, fields, enum, oneOf, discriminator, models, domain, hashable, identifiable, unknown, additionalProperties)",
        ])
    }
}
