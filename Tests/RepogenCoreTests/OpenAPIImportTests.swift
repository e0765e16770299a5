import Foundation
import RepogenTestSupport
import XCTest

@testable import RepogenCore

/// `repogen import`: each OpenAPI construct becomes the spec a person would write, or a warning at its place in the
/// document; the specs made always generate.
final class OpenAPIImportTests: XCTestCase {
    static let documents = PackagePaths.openAPIDocuments

    func importDocument(_ name: String, options: ImportOptions = ImportOptions()) throws -> ImportResult {
        let path = "Tests/OpenAPIDocuments/" + name
        let bytes = try Array(Data(contentsOf: Self.documents.appendingPathComponent(name)))
        do {
            return try OpenAPIImporter.run(SpecFile(path: path, bytes: bytes), options: options)
        } catch {
            XCTFail(error.report)
            throw error
        }
    }

    func importText(_ text: String, path: String = "api.yaml", options: ImportOptions = ImportOptions()) throws(DiagnosticsError) -> ImportResult {
        try OpenAPIImporter.run(SpecFile(path: path, text: text), options: options)
    }

    func spec(_ result: ImportResult, _ name: String) -> String {
        result.files.first { $0.relativePath == name }?.contents ?? "<no \(name) among \(result.files.map(\.relativePath))>"
    }

    func testPetstore() throws {
        let result = try importDocument("petstore.yaml")
        XCTAssertEqual(result.files.map(\.relativePath), ["pets.yaml", "store.yaml"])
        let pets = spec(result, "pets.yaml")
        for snippet in [
            "  PetStatus:\n    enum: [available, pending, sold, NOT_FOR_SALE]\n",
            // allOf: NewPet's properties, then the part's own; required from both.
            "  Pet:\n    fields:\n      name: String\n      tag: String?\n      default: Bool?\n      id: Int64\n      status: PetStatus?\n      owner: PetOwner?\n",
            // Recursion through an array or an optional field stays typed (generation boxes the field).
            "      children: \"[Pet]?\"\n", "      parent: Pet?\n",
            "  ErrorModel:\n",
            "    path: /pets/{petId}\n    inputs:\n      - { name: petId, type: Int64 }\n      - { name: xRequestID, type: UUID }\n    header: { custom: { X-Request-ID: \"{xRequestID}\" } }\n",
            // OpenAPI's default for a query array repeats the key; `explode: false` joins with commas.
            "    param: { limit: \"{limit}\", status: \"{status}\", tags: \"{tags}\" }\n"
                + "    queryArrays: { status: repeated, tags: comma }\n    response: \"[Pet]\"\n",
            "  - name: deletePet\n    method: DELETE\n",
            "    upload: { files: { file: \"{file}\" }, fields: { caption: \"{caption}\" } }\n",
            "#   configuration.baseURL = URL(string: \"https://petstore.example.com/v1\")\n",
            // oneOf with a discriminator and a mapping: a union whose cases are named and tagged as the server says.
            "  ContactMethod:\n    oneOf:\n      - { case: phone, type: PhoneContact, tag: phone }\n"
                + "      - { case: email, type: EmailContact, tag: email }\n    discriminator: type\n",
            // Inline variants with titles: models of their own, named after the union, cases after their titles.
            "  ListToysResponseItem:\n    oneOf:\n      - { case: ball, type: ListToysResponseItemBall }\n"
                + "      - { case: rope, type: ListToysResponseItemRope }\n",
            "  ListToysResponseItemRope:\n    fields:\n      length: Double\n      knots: Int\n",
            // A urlencoded form: the param with `body: form`, arrays in their encoding's styles.
            "      - { name: body, type: UpdatePetWithFormRequest }\n    param: \"{body}\"\n    body: form\n"
                + "    queryArrays: { tags: repeated, nicknames: comma }\n",
        ] {
            XCTAssertTrue(pets.contains(snippet), "missing:\n\(snippet)\nin:\n\(pets)")
        }
        let store = spec(result, "store.yaml")
        XCTAssertTrue(store.contains("      shipDate: { type: Date?, json: ship_date }\n"), store)
        XCTAssertTrue(store.contains("  - name: postStoreOrders\n"), "a missing operationId is made from the method and path: \(store)")
        XCTAssertTrue(store.contains("      - { name: body, type: PostStoreOrdersRequest }\n    param: \"{body}\"\n"), store)
        XCTAssertTrue(store.contains("    response: \"[String: Int32]\"\n"), store)
        XCTAssertTrue(
            store.contains("    param: \"{tokenRequest}\"\n    body: form\n    queryArrays: { scope: space }\n    response: Token\n"),
            store)
        // A Pet or a string: a union of the referenced model and the scalar (no longer JSONValue).
        XCTAssertTrue(store.contains("      pet: OrderPet?\n"), store)
        XCTAssertTrue(store.contains("  OrderPet:\n    oneOf:\n      - Pet\n      - String\n"), store)
        XCTAssertEqual(result.warnings.map(\.description), [
            "Tests/OpenAPIDocuments/petstore.yaml:437:5: warning: schema 'Error' is the model 'ErrorModel': 'Error' is a name the generated code of some style uses or declares",
        ])
        XCTAssertEqual(result.settings.first, "configuration.baseURL = URL(string: \"https://petstore.example.com/v1\")")
    }

    func testQueryArraysKeepTheirStyleAndAScalarWithADelimitedStyleIsLeftOut() throws {
        let result = try importText(
            """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            paths:
              /items:
                get:
                  operationId: listItems
                  parameters:
                    - { name: id, in: query, schema: { type: array, items: { type: integer } } }
                    - { name: tags, in: query, style: form, explode: false, schema: { type: array, items: { type: string } } }
                    - { name: all, in: query, explode: true, schema: { type: array, items: { type: string } } }
                    - { name: page, in: query, explode: false, schema: { type: integer } }
                    - { name: piped, in: query, style: pipeDelimited, schema: { type: array, items: { type: string } } }
                    - { name: spaced, in: query, style: spaceDelimited, schema: { type: array, items: { type: string } } }
                    - { name: pipedScalar, in: query, style: pipeDelimited, schema: { type: string } }
                  responses: { '204': { description: none } }
            """)
        let items = spec(result, "default.yaml")
        XCTAssertTrue(
            items.contains("    queryArrays: { id: repeated, tags: comma, all: repeated, piped: pipe, spaced: space }\n"), items)
        XCTAssertTrue(
            result.warnings.contains { $0.message.contains("'pipedScalar'") && $0.message.contains("only for an array") },
            "\(result.warnings)")
    }

    /// A spec lists as external types only what its own endpoints and models name: a chain of references (each
    /// resource's `next` is the following one) does not make every model of the document an external type of
    /// every spec, which made each spec as long as the document and its validation as slow.
    func testASpecListsOnlyTheExternalTypesItNames() throws {
        let result = try importText(
            """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            paths:
              /a:
                get:
                  operationId: getA
                  tags: [first]
                  responses: { '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/A' } } } } }
              /c:
                get:
                  operationId: getC
                  tags: [second]
                  responses: { '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/C' } } } } }
            components:
              schemas:
                A: { type: object, properties: { next: { $ref: '#/components/schemas/B' } } }
                B: { type: object, properties: { next: { $ref: '#/components/schemas/C' } } }
                C: { type: object, properties: { next: { $ref: '#/components/schemas/D' } } }
                D: { type: object, properties: { name: { type: string } } }
            """)
        XCTAssertEqual(result.files.map(\.relativePath), ["first.yaml", "second.yaml"])
        // The first spec, the first to use them, defines every model; the second names only C.
        XCTAssertTrue(spec(result, "first.yaml").contains("  D:\n"), spec(result, "first.yaml"))
        XCTAssertTrue(spec(result, "second.yaml").contains("externalTypes: [C]\n"), spec(result, "second.yaml"))
    }

    func testEveryConstructThatCannotBeSaidIsAWarningAtItsPlace() throws {
        let result = try importDocument("features-3.1.json")
        let warnings = result.warnings.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }
        for expected in [
            "17:11 query parameter 'deep' of GET /users has style 'deepObject'",
            "18:11 cookie parameter 'session' of GET /users is left out",
            "27:24 POST /users is named 'listUsersPost': 'listUsers' is already an endpoint",
            "38:24 GET /users/{user-id} has no 2xx response; its 'default' response is the success type",
            "40:7 HEAD /users/{user-id} is left out",
            "70:21 GET /shapes/{kind} needs no credentials",
            "97:11 property '$id' of 'User' is the field 'id2'",
            "104:99 the values of an enum of neither strings nor integers are not checked",
            "132:16 schema 'Alias' is defined by itself",
            "134:27 'other.yaml#/Thing' is in another file",
        ] {
            XCTAssertTrue(warnings.contains { $0.hasPrefix(expected) }, "no warning '\(expected)' among:\n" + warnings.joined(separator: "\n"))
        }
        XCTAssertFalse(warnings.contains { $0.contains("'dryRun'") }, warnings.joined(separator: "\n"))
        // A recursive schema (Node.next, Node.link → Link.target) is a recursive model: nothing to warn about.
        XCTAssertFalse(warnings.contains { $0.contains("Node") }, warnings.joined(separator: "\n"))
        XCTAssertFalse(warnings.contains { $0.hasPrefix("44:") }, "the form body is imported:\n" + warnings.joined(separator: "\n"))
        XCTAssertFalse(warnings.contains { $0.hasPrefix("62:") }, "the object part is a JSON part:\n" + warnings.joined(separator: "\n"))
        XCTAssertEqual(result.files.map(\.relativePath), ["api-2fa.yaml", "default.yaml", "user-accounts.yaml"])
        let users = spec(result, "user-accounts.yaml")
        for snippet in [
            "externalTypes: [Kind]\n",
            "    description: |-\n      A user.\n      Second line of the description.\n",
            "      userName: { type: String, json: user-name, description: Login name }\n",
            "      class: String?\n", "      _2fa: { type: Bool?, json: \"2fa\" }\n", "      email: String?\n",
            "      createdAt: Date?\n", "      avatar: Data?\n", "      score: Float?\n", "      role: UserRole?\n",
            "      tags: \"[String: String]?\"\n", "      extra: JSONValue?\n", "      homepage: URL?\n",
            "      - { name: value4, value: 1st }\n",
            "    param: [\"{filter}\", { \"page[size]\": \"{pageSize}\" }]\n",
            // A query parameter beside a JSON body is the endpoint's `query`: sent, not left out.
            "      - { name: dryRun, type: Bool? }\n    param: \"{user}\"\n    query: { dryRun: \"{dryRun}\" }\n",
            "    path: /users/{userId}\n    inputs:\n      - { name: userId, type: UUID }\n",
            "    response: User?\n",
            // An image is its bytes.
            "    path: /users/{userId}/avatar\n    inputs:\n      - { name: userId, type: String }\n"
                + "    header: { custom: { Accept: image/png } }\n    response: Data\n",
            // A free-form urlencoded form: its keys are known at run time, its values are text.
            "      - { name: body, type: \"[String: String]?\" }\n    param: \"{body}\"\n    body: form\n",
            "      - { name: images, type: \"[UploadFile]\" }\n",
            // An object part is sent as its JSON.
            "      - { name: meta, type: \"[String: JSONValue]?\" }\n",
            "    upload:\n      files: { images: \"{images}\" }\n      fields: { kind: \"{kind.rawValue}\", count: \"{count}\" }\n"
                + "      json: { meta: \"{meta}\" }\n",
        ] {
            XCTAssertTrue(users.contains(snippet), "missing:\n\(snippet)\nin:\n\(users)")
        }
        let shapes = spec(result, "default.yaml")
        XCTAssertTrue(shapes.contains("    path: /shapes/{kind.rawValue}\n"), shapes)
        // A oneOf of two schemas with a discriminator is a union; the tags are the schemas' names (no mapping).
        XCTAssertTrue(shapes.contains("  Shape:\n    oneOf:\n      - Circle\n      - Square\n    discriminator: kind\n"), shapes)
        XCTAssertFalse(warnings.contains { $0.contains("'Shape'") }, warnings.joined(separator: "\n"))
        XCTAssertTrue(spec(result, "api-2fa.yaml").contains("  - name: classOperation\n"), "a keyword operationId")
        XCTAssertEqual(result.settings.prefix(3), [
            "configuration.baseURL = URL(string: \"https://eu.api.example.com/v2\")",
            "// other servers: https://staging.example.com/v2",
            "configuration.authScheme = .header(\"X-API-Key\")  // security scheme 'apiKey' (apiKey)",
        ])
    }

    /// unions.yaml: every form of oneOf and anyOf, and what each imports to.
    func testUnionsAreEnumsAndMergeOnlyWhenTheVariantsAgree() throws {
        let result = try importDocument("unions.yaml")
        let text = spec(result, "default.yaml")
        for snippet in [
            "  ContactMethod:\n    description: How to reach someone; 'type' says which.\n    oneOf:\n"
                + "      - { case: phone, type: PhoneContact, tag: phone }\n      - { case: email, type: EmailContact, tag: email }\n"
                + "    discriminator: type\n",
            // No discriminator: the referenced models, tried in order.
            "  Shape:\n    oneOf:\n      - Circle\n      - Square\n",
            // Scalars: a case per type.
            "  Identifier:\n    oneOf:\n      - String\n      - Int\n",
            // A mapping by reference and by name; the tag written where it is not the type's name.
            "  Payment:\n    oneOf:\n      - { type: Card, tag: card }\n      - { case: bank, type: BankTransfer, tag: bank }\n"
                + "    discriminator: method\n",
            // Inline variants with a discriminator: tagged by the one value their property allows.
            "  ListNotificationsResponseItem:\n    oneOf:\n"
                + "      - { case: message, type: ListNotificationsResponseItemMessage, tag: message }\n"
                + "      - { case: reminder, type: ListNotificationsResponseItemReminder, tag: reminder }\n    discriminator: kind\n",
            // Untitled inline objects that agree on what they share: one struct.
            "  Label:\n    fields:\n      text: String?\n      color: String?\n",
            "    inputs:\n      - { name: contactMethod, type: ContactMethod }\n    param: \"{contactMethod}\"\n    response: ContactMethod\n",
        ] {
            XCTAssertTrue(text.contains(snippet), "missing:\n\(snippet)\nin:\n\(text)")
        }
        // The only degraded form says why, at its place; a union is not merged, so nothing else is said.
        XCTAssertEqual(result.warnings.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }, [
            "189:9 the variants of 'anyOf' agree on every property they share: 'Label' is one struct with the properties of every "
                + "variant, each optional unless every variant requires it",
        ])
    }

    /// A discriminator a union cannot use (a variant without the property, or not a string) is dropped with a warning,
    /// and two variants of one scalar type are that type: what import writes always validates.
    func testADiscriminatorTheVariantsCannotCarryIsDroppedAndSaysWhy() throws {
        let result = try importText(
            """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            paths:
              /a:
                get:
                  operationId: getA
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema:
                            oneOf:
                              - { type: object, required: [kind], properties: { kind: { type: string, enum: [a] }, a: { type: string } } }
                              - { type: object, properties: { b: { type: integer } } }
                            discriminator: { propertyName: kind }
              /b:
                get:
                  operationId: getB
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: { oneOf: [{ type: string }, { type: string, format: email }] }
            """)
        let text = spec(result, "default.yaml")
        XCTAssertTrue(text.contains("  GetAResponse:\n    oneOf:\n      - { case: variant1, type: GetAResponse1 }\n"), text)
        XCTAssertFalse(text.contains("discriminator"), text)
        XCTAssertTrue(text.contains("  - name: getB\n    method: GET\n    path: /b\n    response: String\n"), text)
        XCTAssertEqual(result.warnings.map(\.message), [
            "the discriminator 'kind' of 'GetAResponse' is not used: variant 2 has no property 'kind'; 'GetAResponse' "
                + "decodes the first variant that fits, in the order written",
        ])
    }

    /// A query parameter that is a string or an integer (or a list of those) is sent, as the value it holds; it was
    /// JSONValue, left out of the query.
    func testAQueryParameterThatIsAUnionOfScalarsIsSent() throws {
        let result = try importText(
            """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            paths:
              /items:
                get:
                  operationId: listItems
                  parameters:
                    - { name: id, in: query, schema: { oneOf: [{ type: string }, { type: integer }] } }
                    - { name: ids, in: query, schema: { type: array, items: { oneOf: [{ type: string }, { type: integer }] } } }
                  responses: { '204': { description: none } }
            """)
        let text = spec(result, "default.yaml")
        XCTAssertTrue(text.contains("  ListItemsId:\n    oneOf:\n      - String\n      - Int\n"), text)
        XCTAssertTrue(
            text.contains("      - { name: id, type: ListItemsId? }\n      - { name: ids, type: \"[ListItemsIds]?\" }\n"
                + "    param: { id: \"{id}\", ids: \"{ids}\" }\n    queryArrays: { ids: repeated }\n"), text)
        XCTAssertEqual(result.warnings, [])
    }

    /// Real YAML: anchors and aliases (a shared parameter, response and properties), a merge key, multi-line plain,
    /// quoted and folded scalars, flow collections over lines, comments, a tag, and FastAPI's `anyOf: [T, null]`.
    func testRealWorldYAML() throws {
        let result = try importDocument("fastapi-style.yaml")
        XCTAssertEqual(result.files.map(\.relativePath), ["todos.yaml", "users.yaml"])
        let todos = spec(result, "todos.yaml")
        for snippet in [
            "# Todo Service 0.9: the 'Todos' domain.\n",
            "  TodoCreate:\n    fields:\n      title: String\n      note: { type: String?, description: \"A longer note, folded into one line.\" }\n",
            "  Todo:\n    fields:\n      title: String\n      note: { type: String?, description: \"A longer note, folded into one line.\" }\n      id: Int\n      done: Bool?\n      createdAt: { type: Date, json: created_at }\n      priority: Priority?\n",
            "  - name: listTodosTodosGet\n    description: List the todos, newest first\n",
            "      - { name: limit, type: Int? }\n      - { name: done, type: Bool? }\n",
            "    param: \"{todoCreate}\"\n    response: Todo\n",
            "    path: /todos/{todoId}\n",
        ] {
            XCTAssertTrue(todos.contains(snippet), "missing:\n\(snippet)\nin:\n\(todos)")
        }
        // The aliased parameter and response.
        XCTAssertTrue(spec(result, "users.yaml").contains("    param: { limit: \"{limit}\" }\n    response: \"[Todo]\"\n"), spec(result, "users.yaml"))
        // FastAPI's validation error: `loc` is a list of strings and integers, a union (no longer JSONValue with a warning).
        XCTAssertTrue(todos.contains("      loc: \"[ValidationErrorLoc]\"\n"), todos)
        XCTAssertTrue(todos.contains("  ValidationErrorLoc:\n    oneOf:\n      - String\n      - Int\n"), todos)
        // FastAPI's 422 (HTTPValidationError) is the endpoints' error body: no warning is left.
        XCTAssertTrue(todos.contains("errors: { \"422\": HTTPValidationError }"), todos)
        XCTAssertEqual(result.warnings.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" }, [], "\(result.warnings)")
    }

    func testTheSameDocumentGivesTheSameBytesAndJSONSaysWhatYAMLSays() throws {
        for name in ["petstore.yaml", "features-3.1.json", "fastapi-style.yaml", "form-bodies.yaml"] {
            let yaml = try importDocument(name)
            XCTAssertEqual(try importDocument(name).files, yaml.files)
            let json = try importDocument(name, options: ImportOptions(format: .json))
            XCTAssertEqual(json.files.map(\.relativePath), yaml.files.map { $0.relativePath.replacingOccurrences(of: ".yaml", with: ".json") })
            for (a, b) in zip(yaml.files, json.files) {
                let fromYAML = try SpecReader.read(SpecFile(path: a.relativePath, text: a.contents))
                let fromJSON = try SpecReader.read(SpecFile(path: b.relativePath, text: b.contents))
                XCTAssertEqual(fromYAML.jsonText, fromJSON.jsonText, a.relativePath)
            }
        }
    }

    func testAuthSchemes() throws {
        func settings(_ scheme: String) throws -> [String] {
            try importText("""
                openapi: 3.0.0
                paths: { /a: { get: { operationId: a, security: [{ s: [] }], responses: { '204': { description: x } } } } }
                components: { securitySchemes: { s: \(scheme) } }
                """).settings
        }
        XCTAssertEqual(try settings("{ type: http, scheme: basic }").first, "configuration.authScheme = .basic  // security scheme 's' (http)")
        XCTAssertEqual(try settings("{ type: apiKey, in: query, name: api_key }").first, "configuration.authScheme = .query(\"api_key\")  // security scheme 's' (apiKey)")
        XCTAssertEqual(try settings("{ type: apiKey, in: header, name: Authorization }").first, "configuration.authScheme = .raw  // security scheme 's' (apiKey)")
        XCTAssertEqual(try settings("{ type: oauth2, flows: {} }").first, "configuration.authScheme = .bearer  // security scheme 's' (oauth2)")
        let cookie = try importText("""
            openapi: 3.0.0
            security: [{ s: [] }]
            paths: { /a: { get: { operationId: a, responses: { '204': { description: x } } } } }
            components: { securitySchemes: { s: { type: apiKey, in: cookie, name: sid } } }
            """)
        XCTAssertEqual(cookie.settings, [])
        XCTAssertEqual(cookie.warnings.map(\.description), ["api.yaml:4:34: warning: security scheme 's' (apiKey) has no runtime setting: set the credentials in the manager's willSend"])
    }

    func testDocumentsThatAreNotOpenAPI3AreLocatedErrors() {
        func message(_ text: String, path: String = "api.yaml") -> String {
            do {
                _ = try importText(text, path: path)
                return "no error"
            } catch {
                return error.diagnostics.map(\.description).joined(separator: "\n")
            }
        }
        XCTAssertEqual(message("openapi: 4.0.0\npaths: {}\n"), "api.yaml:1:10: error: OpenAPI 4.0.0 is not supported; import reads 3.0 and 3.1")
        XCTAssertEqual(message("info: {}\n"), "api.yaml:1:1: error: not an OpenAPI document: there is no 'openapi' key")
        XCTAssertEqual(message("[1, 2]", path: "a.json"), "a.json:1:1: error: an OpenAPI document is a mapping, not an array")
        XCTAssertEqual(message("openapi: 3.1.0\n"), "api.yaml:1:1: error: the document has no operations to import (under 'paths')")
        XCTAssertTrue(message("openapi: 3.0.0\npaths:\n\t/a: {}\n").hasPrefix("api.yaml:3:1: error:"), message("openapi: 3.0.0\npaths:\n\t/a: {}\n"))
    }

    /// Found by the fuzzer: literal path text a URL path cannot hold is percent-encoded, with a warning, so the spec
    /// generates.
    func testPathCharactersAreEncoded() throws {
        let result = try importText("""
            openapi: 3.0.0
            paths:
              "/a b/?x/{id}/{open":
                get: { operationId: odd, parameters: [{ name: id, in: path, required: true, schema: { type: string } }], responses: { '204': { description: x } } }
            """)
        XCTAssertTrue(spec(result, "default.yaml").contains("    path: /a%20b/%3Fx/{id}/%7Bopen\n"), spec(result, "default.yaml"))
        XCTAssertEqual(result.warnings.map(\.description), ["api.yaml:4:5: warning: the path of GET /a b/?x/{id}/{open has characters a URL path cannot hold as written; they are percent-encoded"])
    }

    /// A `#fragment` names the same URL and is never sent: the spec's path is the path without it (not `%23`), a
    /// name made from the path has no `#`, and the generated request goes to that path.
    /// An `application/x-www-form-urlencoded` body is the param with `body: form`: an object's properties (a model, or
    /// a dictionary for a free-form object), each array in the style its `encoding` gives (OpenAPI's default for a
    /// form is repeated keys); JSON wins where both are offered, a form wins over multipart. What a form cannot hold
    /// is a warning at its place, and every spec made generates.
    func testFormBodiesImportAsBodyFormAndSayWhatTheyCannotHold() throws {
        let result = try importDocument("form-bodies.yaml")
        let warnings = result.warnings.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }
        XCTAssertEqual(warnings, [
            "35:9 PUT /pets/{petId} also takes multipart/form-data; the import sends application/x-www-form-urlencoded",
            "58:9 PATCH /pets/{petId} also takes application/x-www-form-urlencoded; the import sends JSON",
            "71:21 the form body of POST /notes is String, not an object of properties, which a form body needs; left out",
            "83:17 property 'author' of the form body of PUT /notes is PutNoteRequestAuthor?, which a form body cannot hold "
                + "(only scalars and arrays of scalars); the body is left out",
            "97:23 property 'filter' of the form body of PATCH /notes has style 'deepObject', which the runtime cannot write "
                + "for an array; the body is left out",
            "98:21 property 'meta' of the form body of PATCH /notes has contentType 'application/json', which a urlencoded "
                + "form ignores; it is sent as text",
            "116:11 query parameter 'tags' of POST /pets/{petId}/tags is an array in style 'comma', but the form body's "
                + "array 'tags' is 'repeated', and a key has one style: both are 'repeated'",
        ])
        let auth = spec(result, "auth.yaml")
        for snippet in [
            "      grantType: { type: TokenRequestGrantType, json: grant_type }\n",
            "      clientId: { type: String, json: client_id }\n",
            "      - { name: tokenRequest, type: TokenRequest }\n    param: \"{tokenRequest}\"\n    body: form\n"
                + "    queryArrays: { scope: space }\n    response: Token\n",
            "    method: DELETE\n    path: /oauth/revoke\n    inputs:\n      - { name: body, type: RevokeTokenRequest? }\n"
                + "    param: \"{body}\"\n    usingQuery: false\n    body: form\n",
        ] {
            XCTAssertTrue(auth.contains(snippet), "missing:\n\(snippet)\nin:\n\(auth)")
        }
        let pets = spec(result, "pets.yaml")
        XCTAssertTrue(
            pets.contains(
                "    param: \"{body}\"\n    query: { dryRun: \"{dryRun}\" }\n    body: form\n"
                    + "    queryArrays: { tags: repeated, ids: comma, colors: pipe }\n"), pets)
        XCTAssertTrue(pets.contains("  - name: patchPet\n    method: PATCH\n    path: /pets/{petId}\n    inputs:\n"
            + "      - { name: petId, type: Int }\n      - { name: body, type: PatchPetRequest? }\n    param: \"{body}\"\n"), pets)
        XCTAssertFalse(pets.contains("PatchPetRequest? }\n    param: \"{body}\"\n    body:"), "JSON wins")
        // A key of the form and of the query: one style, and a scalar beside an array of its name is no error.
        XCTAssertTrue(
            pets.contains(
                "    param: \"{body}\"\n    query: { tags: \"{tags}\", ids: \"{ids}\" }\n    body: form\n"
                    + "    queryArrays: { tags: repeated, ids: repeated }\n"), pets)
        let notes = spec(result, "notes.yaml")
        XCTAssertTrue(notes.contains("      - { name: body, type: \"[String: Int]?\" }\n    param: \"{body}\"\n    usingQuery: false\n    body: form\n"), notes)
        XCTAssertTrue(notes.contains("  - name: putNote\n    method: PUT\n    path: /notes\n\n"), notes)
        let library = try TemplateSet.builtin.library(templatesPath: nil)
        for file in result.files {
            let generation = try Pipeline.generate(
                file: SpecFile(path: file.relativePath, text: file.contents), library: library, options: GenerateOptions())
            let api = generation.files.map(\.contents).joined()
            XCTAssertTrue(api.contains("var bodyEncoding: RequestBodyEncoding"), file.relativePath)
        }
    }

    func testAFragmentInAPathIsNotSent() throws {
        let result = try importDocument("fragments-and-files.yaml")
        let items = spec(result, "items.yaml")
        for snippet in [
            "  - name: archiveItems\n    method: POST\n    path: /items\n",
            "  - name: postItems\n    method: POST\n    path: /items\n",
            "  - name: getProfile\n    method: GET\n    path: /users/{id}\n",
        ] {
            XCTAssertTrue(items.contains(snippet), "missing:\n\(snippet)\nin:\n\(items)")
        }
        XCTAssertFalse(items.contains("%23"), items)
        XCTAssertFalse(items.contains("#archive") || items.contains("#list") || items.contains("#profile"), items)
        let library = try TemplateSet.builtin.library(templatesPath: nil)
        let generation = try Pipeline.generate(file: SpecFile(path: "items.yaml", text: items), library: library, options: GenerateOptions())
        let code = generation.files.map(\.contents).joined()
        XCTAssertTrue(code.contains("\"/items\""), code)
        XCTAssertFalse(code.contains("%23"), code)
        XCTAssertFalse(code.contains("#archive"), code)
    }

    /// A file, an image or a binary `*/*` response is `Data`, the body's bytes, asked for with the response's media
    /// types as `Accept`; a 204 beside it makes it optional. A base64 JSON string is a `String`, with a warning.
    /// A file's bytes as the request body are a `Data` param, with the media type as `Content-Type` (the runtime
    /// sends `application/octet-stream` for a `Data` body by default).
    func testBinaryResponsesAndBodiesAreData() throws {
        let result = try importDocument("fragments-and-files.yaml")
        let files = spec(result, "files.yaml")
        for snippet in [
            "    path: /files/{id}/content\n    inputs:\n      - { name: id, type: Int }\n"
                + "    header: { custom: { Accept: application/octet-stream } }\n    response: Data\n",
            "    header: { custom: { Accept: \"image/png, image/jpeg\" } }\n    response: Data?\n",
            "    path: /files/{id}/raw\n    inputs:\n      - { name: id, type: Int }\n    response: Data\n",
            "    path: /files/{id}/checksum\n    inputs:\n      - { name: id, type: Int }\n    response: String\n",
            "  - name: uploadFile\n    method: PUT\n    path: /files/{id}/content\n    inputs:\n      - { name: id, type: Int }\n"
                + "      - { name: content, type: Data }\n    param: \"{content}\"\n\n",
            "  - name: putThumbnail\n    method: PUT\n    path: /files/{id}/thumbnail\n    inputs:\n      - { name: id, type: Int }\n"
                + "      - { name: content, type: Data }\n    param: \"{content}\"\n    header: { custom: { Content-Type: image/png } }\n\n",
        ] {
            XCTAssertTrue(files.contains(snippet), "missing:\n\(snippet)\nin:\n\(files)")
        }
        XCTAssertTrue(files.contains("  - name: putChecksum\n    method: PUT\n    path: /files/{id}/checksum\n    inputs:\n      - { name: id, type: Int }\n      - { name: body, type: String }\n"), files)
        XCTAssertEqual(result.warnings.map(\.description), [
            "Tests/OpenAPIDocuments/fragments-and-files.yaml:77:48: warning: the request body of PUT /files/{id}/checksum is base64 text in JSON; typed as String (Data.base64EncodedString() makes it)",
            "Tests/OpenAPIDocuments/fragments-and-files.yaml:86:50: warning: response 200 of GET /files/{id}/checksum is base64 text in JSON; typed as String (Data(base64Encoded:) reads it)",
        ])
    }

    /// Dot segments in a document's path are data, not structure: a spec refuses them, and URL loaders would
    /// resolve them away.
    func testDotSegmentsInAPathAreEncoded() throws {
        let result = try importText("""
            openapi: 3.0.0
            paths:
              "/a/../b/./{id}/..x":
                get: { operationId: dots, parameters: [{ name: id, in: path, required: true, schema: { type: string } }], responses: { '204': { description: x } } }
            """)
        XCTAssertTrue(spec(result, "default.yaml").contains("    path: /a/%2E%2E/b/%2E/{id}/..x\n"), spec(result, "default.yaml"))
        XCTAssertEqual(result.warnings.count, 1)
    }

    /// Found by the fuzzer: tags whose domains differ only in case get different domains.
    func testDomainsThatDifferOnlyInCaseAreNumbered() throws {
        let result = try importText("""
            openapi: 3.0.0
            paths:
              /a: { get: { operationId: a, tags: [pets], responses: { '204': { description: x } } } }
              /b: { get: { operationId: b, tags: [pet$s], responses: { '204': { description: x } } } }
            """)
        XCTAssertEqual(result.files.map(\.relativePath), ["pet-s-2.yaml", "pets.yaml"])
    }

    /// Schemas named like a type some style's code uses or declares (for the document's domains and endpoints too)
    /// get `Model` added, with a warning; names the tca style writes qualified (`LockIsolated`, `DependencyValues`)
    /// stay. Every spec generates in every style (the import checks that before it returns).
    func testSchemasNamedLikeWhatTheGeneratedCodeUsesAreRenamed() throws {
        let renamed = ["CacheKey", "CodingKey", "Future", "Deferred", "Value", "MockStorage", "APIError", "IssueReporting", "Dependencies", "PetsApi", "PetsClient", "MockPetsRepository", "PetsDataSource", "ListPetsUseCase", "ListPetsRequestValues", "JSONValue", "Hashable"]
        let kept = ["LockIsolated", "DependencyValues", "DependencyKey", "TestDependencyKey", "CancellationError", "ReportIssue", "RepogenPublisher"]
        let schemas = (renamed + kept).map { "    \($0): { type: object, properties: { id: { type: string } }, required: [id] }" }
        let properties = (renamed + kept).map { "\($0): { $ref: '#/components/schemas/\($0)' }" }.joined(separator: ", ")
        let result = try importText("""
            openapi: 3.0.0
            paths:
              /pets:
                get:
                  operationId: listPets
                  tags: [pets]
                  parameters: [{ name: limit, in: query, schema: { type: integer } }]
                  responses: { '200': { description: x, content: { application/json: { schema: { type: object, properties: { \(properties) } } } } } }
            components:
              schemas:
            \(schemas.joined(separator: "\n"))
            """)
        let pets = spec(result, "pets.yaml")
        for name in renamed {
            let model = ImportNames.typeName(name) + "Model"
            XCTAssertTrue(pets.contains("\n  \(model):\n"), "\(name) is not \(model):\n\(pets)")
        }
        for name in kept { XCTAssertTrue(pets.contains("\n  \(name):\n"), "\(name) was renamed:\n\(pets)") }
        XCTAssertEqual(result.warnings.count, renamed.count, result.warnings.map(\.description).joined(separator: "\n"))
        XCTAssertEqual(
            result.warnings.first?.description,
            "api.yaml:11:5: warning: schema 'CacheKey' is the model 'CacheKeyModel': 'CacheKey' is a name the generated code of some style uses or declares")
    }

    /// Tags whose domains would declare the same type in some style (`mock-a` → `MockARepository`, the mock of `a`;
    /// `a-remote` → `ARemoteDataSource`, the clean data source of `ARemote` and the remote data source of `A`) get
    /// numbered specs, with a warning; so do those that differ only in letter case, and those whose domain Swift cannot
    /// name a type (`self` → `Self`, `any` → `Any`: the document was refused as "a bug").
    func testDomainsWhoseGeneratedTypesClashAreNumbered() throws {
        let result = try importText("""
            openapi: 3.0.0
            paths:
              /a: { get: { operationId: a, tags: [a], responses: { '204': { description: x } } } }
              /b: { get: { operationId: b, tags: [mock-a], responses: { '204': { description: x } } } }
              /c: { get: { operationId: c, tags: [a-remote], responses: { '204': { description: x } } } }
              /d: { get: { operationId: d, tags: [a-data], responses: { '204': { description: x } } } }
              /e: { get: { operationId: e, tags: [A], responses: { '204': { description: x } } } }
              /f: { get: { operationId: f, tags: [self], responses: { '204': { description: x } } } }
              /g: { get: { operationId: g, tags: [any], responses: { '204': { description: x } } } }
            """)
        XCTAssertEqual(result.files.map(\.relativePath), ["a-data-2.yaml", "a-remote-2.yaml", "a.yaml", "any-2.yaml", "mock-a-2.yaml", "self-2.yaml"])
        XCTAssertEqual(result.warnings.map(\.description), [
            "api.yaml:4:38: warning: the domain of 'mock-a' would declare 'MockARepository', which a's spec declares; its spec is mock-a-2",
            "api.yaml:5:38: warning: the domain of 'a-remote' would declare 'ARemoteDataSource', which a's spec declares; its spec is a-remote-2",
            "api.yaml:6:38: warning: the domain of 'a-data' would declare 'ADataRepository', which a's spec declares; its spec is a-data-2",
            "api.yaml:8:38: warning: the domain of 'self' would be 'Self', which Swift cannot name a type; its spec is self-2",
            "api.yaml:9:38: warning: the domain of 'any' would be 'Any', which Swift cannot name a type; its spec is any-2",
        ])
    }

    /// Operations whose names, or the names the generated code of some style derives from them, would clash get the
    /// method as a suffix, with a warning: a mock member (`createOrderMock` of `createOrder`), the clean style's use
    /// case types (`ΣaUseCase` of both `σa` and `ςa`), and a name the generated code takes (`repogenPublisher`).
    func testOperationsWhoseGeneratedNamesClashAreRenamed() throws {
        let result = try importText("""
            openapi: 3.0.0
            paths:
              /a: { get: { operationId: createOrder, responses: { '204': { description: x } } } }
              /b: { get: { operationId: createOrderMock, responses: { '204': { description: x } } } }
              /c: { post: { operationId: "σa", parameters: [{ name: q, in: query, schema: { type: string } }], responses: { '204': { description: x } } } }
              /d: { post: { operationId: "ςa", parameters: [{ name: q, in: query, schema: { type: string } }], responses: { '204': { description: x } } } }
              /e: { get: { operationId: repogenPublisher, responses: { '204': { description: x } } } }
              /f: { get: { operationId: createOrder, responses: { '204': { description: x } } } }
            """)
        let names = spec(result, "default.yaml").split(separator: "\n").filter { $0.hasPrefix("  - name: ") }.map { String($0.dropFirst(10)) }
        XCTAssertEqual(names, ["createOrder", "createOrderMockGet", "σa", "ςaPost", "repogenPublisherValue", "createOrderGet"])
        XCTAssertEqual(result.warnings.map(\.description), [
            "api.yaml:4:29: warning: GET /b is named 'createOrderMockGet': the code generated for 'createOrder' declares 'createOrderMock'",
            "api.yaml:6:30: warning: POST /d is named 'ςaPost': the clean style would name its types 'ΣaUseCase', as for 'σa'",
            "api.yaml:8:29: warning: GET /f is named 'createOrderGet': 'createOrder' is already an endpoint",
        ])
    }

    /// A tag too long for a file name (a 330-character one failed with "the name is too long") makes a spec of at
    /// most 64 characters: its start and a hash of the whole tag, the same on every run and apart for tags that
    /// differ only at the end.
    func testALongTagMakesAShortStableFileName() throws {
        let long = String(repeating: "x", count: 329)
        let text = """
            openapi: 3.0.0
            paths:
              /a: { get: { operationId: a, tags: [\(long)a], responses: { '204': { description: x } } } }
              /b: { get: { operationId: b, tags: [\(long)b], responses: { '204': { description: x } } } }
            """
        let result = try importText(text)
        let names = result.files.map(\.relativePath)
        XCTAssertEqual(names.count, 2)
        XCTAssertNotEqual(names.first, names.last)
        for name in names {
            XCTAssertEqual(name.count, ImportNames.maximumFileNameLength + 5, name)
            XCTAssertTrue(name.hasPrefix(String(repeating: "x", count: 55) + "-"), name)
        }
        XCTAssertEqual(try importText(text).files.map(\.relativePath), names)
        for warning in result.warnings {
            XCTAssertTrue(warning.message.contains("' makes a file name of 330 characters; its spec is "), warning.message)
            XCTAssertTrue(names.contains { warning.message.hasSuffix("its spec is \($0.dropLast(5)) (at most 64)") }, warning.message)
        }
        XCTAssertEqual(result.warnings.count, 2)
    }

    /// Every value of a string enum is kept as the text the server sends: YAML reads `720` as a number and `True` as a
    /// boolean, but in a `type: string` enum they are the strings "720" and "True" (a response holding "720" decoded
    /// before, when the value was dropped silently). Values a string cannot be are left out with a warning at each.
    func testStringEnumValuesThatYAMLTypesAreKeptAsTheirText() throws {
        let result = try importText("""
            openapi: 3.0.0
            paths:
              /v: { get: { operationId: getVideo, responses: { '200': { description: x, content: { application/json: { schema: { $ref: '#/components/schemas/Video' } } } } } } }
            components:
              schemas:
                Quality: { type: string, enum: [1080p, 720, 480, auto, 1.50, -2e3] }
                Flag: { type: string, enum: [yes, True, FALSE, null] }
                Odd: { type: string, enum: [a, [1], { b: 1 }] }
                Video: { type: object, properties: { quality: { $ref: '#/components/schemas/Quality' }, flag: { $ref: '#/components/schemas/Flag' }, odd: { $ref: '#/components/schemas/Odd' } } }
            """)
        let text = spec(result, "default.yaml")
        for snippet in [
            "  Quality:\n    enum:\n      - { name: value1, value: 1080p }\n      - { name: value2, value: \"720\" }\n      - { name: value3, value: \"480\" }\n      - auto\n      - { name: value5, value: \"1.50\" }\n      - { name: value6, value: \"-2e3\" }\n",
            "  Flag:\n    enum: [\"yes\", \"True\", \"FALSE\"]\n",
            "  Odd:\n    enum: [a]\n",
        ] {
            XCTAssertTrue(text.contains(snippet), "missing:\n\(snippet)\nin:\n\(text)")
        }
        XCTAssertEqual(result.warnings.map(\.description), [
            "api.yaml:8:36: warning: an enum value of 'Odd' is an array, which a string enum cannot hold; left out",
            "api.yaml:8:41: warning: an enum value of 'Odd' is an object, which a string enum cannot hold; left out",
        ])
        // JSON spells its numbers and booleans one way; inline enums are kept the same way as component ones.
        let json = try importText(#"{"openapi": "3.1.0", "paths": {"/v": {"get": {"operationId": "v", "parameters": [{"name": "q", "in": "query", "schema": {"type": "string", "enum": ["a", 720, true]}}], "responses": {"204": {"description": "x"}}}}}}"#, path: "api.json")
        XCTAssertTrue(spec(json, "default.yaml").contains("  VQ:\n    enum:\n      - a\n      - { name: value2, value: \"720\" }\n      - \"true\"\n"), spec(json, "default.yaml"))
    }

    /// Found by the fuzzer: an object query parameter spreads its properties into the query, so one of them can be
    /// another parameter's key; the later parameter is left out with a warning (the key twice did not generate).
    func testQueryParametersThatWouldSendOneKeyTwice() throws {
        let result = try importText("""
            openapi: 3.0.0
            paths:
              /a:
                get:
                  operationId: find
                  parameters:
                    - { name: filter, in: query, schema: { type: object, properties: { ref: { type: string }, size: { type: integer } } } }
                    - { name: ref, in: query, schema: { type: string } }
                    - { name: page, in: query, schema: { type: object, properties: { size: { type: integer } } } }
                    - { name: q, in: query, schema: { type: string } }
                  responses: { '204': { description: x } }
            """)
        XCTAssertTrue(spec(result, "default.yaml").contains("    param: [\"{filter}\", { q: \"{q}\" }]\n"), spec(result, "default.yaml"))
        XCTAssertEqual(result.warnings.map(\.description), [
            "api.yaml:8:11: warning: query parameter 'ref' of GET /a would send the key 'ref', which 'filter' sends; left out",
            "api.yaml:9:11: warning: query parameter 'page' of GET /a would send the key 'size', which 'filter' sends; left out",
        ])
    }

    /// In a script without letter case a schema, a property and a parameter can have one name; validation refuses a
    /// value named like a type, so such a type name starts with `Model` (the document was refused as "a bug").
    func testNamesInAScriptWithoutCaseKeepTypesApartFromValues() throws {
        let result = try importText("""
            openapi: 3.0.0
            paths:
              /a:
                get:
                  operationId: getA
                  parameters: [{ name: 名前, in: query, schema: { type: string } }]
                  responses: { '200': { description: x, content: { application/json: { schema: { $ref: '#/components/schemas/ユーザー' } } } } }
            components:
              schemas:
                ユーザー: { type: object, properties: { ユーザー: { type: string }, 名前: { $ref: '#/components/schemas/名前' } } }
                名前: { type: object, properties: { x: { type: string } } }
            """)
        XCTAssertTrue(spec(result, "default.yaml").contains("  Modelユーザー:\n    fields:\n      ユーザー: String?\n      名前: Model名前?\n"), spec(result, "default.yaml"))
        XCTAssertEqual(result.warnings, [])
    }

    func testNames() {
        XCTAssertEqual(ImportNames.typeName("pet_owner"), "PetOwner")
        XCTAssertEqual(ImportNames.typeName("v1.PetDTO"), "V1PetDTO")
        XCTAssertEqual(ImportNames.typeName("123"), "Model123")
        XCTAssertEqual(ImportNames.typeName("ユーザー"), "Modelユーザー")
        XCTAssertEqual(ImportNames.typeName("ünïcode"), "Ünïcode")
        XCTAssertEqual(ImportNames.memberName("X-Request-ID"), "xRequestID")
        XCTAssertEqual(ImportNames.memberName("pet_id"), "petId")
        XCTAssertEqual(ImportNames.memberName("URLPath"), "urlPath")
        XCTAssertEqual(ImportNames.memberName("self"), "selfValue")
        XCTAssertEqual(ImportNames.memberName("2fa"), "_2fa")
        XCTAssertEqual(ImportNames.memberName("$"), "value")
        XCTAssertEqual(ImportNames.fileName("Pet Store"), "pet-store")
        XCTAssertEqual(ImportNames.fileName("userAccounts"), "user-accounts")
        XCTAssertNil(ImportNames.fileName("상점"))
        XCTAssertEqual(OpenAPIImporter.derivedName(method: "get", path: "/pets/{petId}/photos"), "getPetsByPetIdPhotos")
    }

    /// Every string the writer puts into YAML reads back as the same string, plain or quoted.
    func testYAMLScalarsReadBackUnchanged() throws {
        // A fixed seed, so that a failure names an input that comes again.
        struct Seeded: RandomNumberGenerator {
            var state: UInt64
            mutating func next() -> UInt64 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return state ^ (state >> 29)
            }
        }
        var generator = Seeded(state: 16)
        let pieces = ["a", "1", "-", ":", " ", "#", "{", "}", "[", "]", ",", "'", "\"", "\\", "\n", "\t", "é", "true", "null", "0x1", ".5", "~", "&", "*", "!", "|", ">", "%", "@", "`", "?", "---", "\u{7}", "\u{2028}"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let yaml = SpecText.yaml([("k", .string(text)), ("l", .sequence([.string(text)], flow: true, spaced: false))], comment: [])
            let node = try YAMLSpecReader.read(SpecFile(path: "t.yaml", text: yaml))
            XCTAssertEqual(node["k"]?.string, text, "written as:\n\(yaml)")
            XCTAssertEqual(node["l"]?.items?.first?.string, text, "written as:\n\(yaml)")
        }
    }

    /// A flow collection is written on one line exactly when the line fits the width (118 characters), counted in
    /// characters, not bytes; the writer stops building a line as soon as it is too long, and must not stop early.
    func testAFlowCollectionTakesOneLineExactlyWhenItFits() {
        for (word, unit) in [("a", 1), ("é", 1), ("日本", 2)] {
            // `k: [x, x, …]`: 3 + 2 for the brackets, and each item its length plus ", " between them.
            func line(items: Int, last: Int) -> String {
                let values = (0..<items).map { index in
                    SpecText.string(String(repeating: word, count: (index == items - 1 ? last : 10) / unit))
                }
                return SpecText.yaml([("k", .sequence(values, flow: true, spaced: false))], comment: [])
            }
            // 9 items of 10 and one of `last`: 3 + 1 + 9 * 12 + last + 1 = 113 + last characters.
            let fits = line(items: 10, last: 4)
            XCTAssertEqual(fits.split(separator: "\n").count, 1, fits)
            XCTAssertEqual(fits.split(separator: "\n").first?.count, 117, fits)
            let over = line(items: 10, last: 6)
            XCTAssertEqual(over.split(separator: "\n").count, 11, over)
            // The same for a mapping: `k: { a: x, … }`.
            let mapping = SpecText.yaml(
                [("k", .mapping([("a", .string(String(repeating: word, count: 104 / unit)))], flow: true))], comment: [])
            // 3 + 2 + 3 + 104 + 2 = 114: one line; ten more characters make it a block.
            XCTAssertEqual(mapping.split(separator: "\n").count, 1, mapping)
            let block = SpecText.yaml(
                [("k", .mapping([("a", .string(String(repeating: word, count: 114 / unit)))], flow: true))], comment: [])
            XCTAssertEqual(block.split(separator: "\n").count, 2, block)
        }
    }

    /// The byte-by-byte paths for ASCII names (import's words, an enum case's name from its raw value) give what the
    /// Unicode paths give, on random ASCII text with every kind of character, "\r\n" (one Character) included.
    func testASCIINamesSplitAsUnicodeNamesDo() {
        struct Seeded: RandomNumberGenerator {
            var state: UInt64
            mutating func next() -> UInt64 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return state ^ (state >> 29)
            }
        }
        var generator = Seeded(state: 30)
        let pieces = ["a", "B", "z", "Z", "0", "9", "_", "-", ".", " ", "/", "\r\n", "\t", "HTTP", "Server", "v2", "ID", "x1Y", "~", "{", "@"]
        // The raw value rule as it was written before the ASCII path: words by Unicode properties.
        func caseNameByCharacters(_ raw: String) -> String? {
            let words = raw.split { !($0.isLetter || $0.isNumber) }.map(String.init)
            guard !words.isEmpty else { return nil }
            var name = ""
            for (index, word) in words.enumerated() {
                let base = word == word.uppercased() ? word.lowercased() : word
                name += index == 0 ? base.prefix(1).lowercased() + base.dropFirst() : SwiftIdentifier.capitalized(base)
            }
            return SwiftIdentifier.isValid(name) ? name : nil
        }
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...7, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            XCTAssertEqual(ImportNames.asciiWords(text), ImportNames.unicodeWords(text), "words of \(text.debugDescription)")
            XCTAssertEqual(SpecValidator.caseName(fromRawValue: text), caseNameByCharacters(text), text.debugDescription)
        }
        XCTAssertEqual(ImportNames.words("petStore_v2"), ["pet", "Store", "v2"])
        XCTAssertEqual(ImportNames.words("HTTPServer"), ["HTTP", "Server"])
        XCTAssertEqual(ImportNames.words("ユーザーID"), ImportNames.unicodeWords("ユーザーID"))
    }
}

/// A spec an import writes with many models spreads them over several files (`modelFiles`), one per 40 models.
final class ImportModelFilesTests: XCTestCase {
    func document(schemas count: Int) -> String {
        var text = "openapi: 3.0.3\ninfo: { title: Big, version: '1' }\npaths:\n  /things:\n    get:\n      tags: [things]\n"
        text += "      operationId: listThings\n      responses:\n        '200':\n          description: ok\n"
        text += "          content:\n            application/json:\n              schema: { $ref: '#/components/schemas/Thing0' }\n"
        text += "components:\n  schemas:\n"
        for index in 0..<count {
            let next = index + 1 < count ? "\n        next: { $ref: '#/components/schemas/Thing\(index + 1)' }" : ""
            text += "    Thing\(index):\n      type: object\n      properties:\n        id: { type: integer }\(next)\n"
        }
        return text
    }

    func testManyModelsAreSpreadOverSeveralFiles() throws {
        for (count, expected) in [(10, nil), (79, nil), (80, 2), (200, 5), (1_000, 8)] as [(Int, Int?)] {
            let result = try OpenAPIImporter.run(SpecFile(path: "big.yaml", text: document(schemas: count)), options: ImportOptions())
            let text = try XCTUnwrap(result.files.first?.contents)
            let line = text.split(separator: "\n").first { $0.hasPrefix("modelFiles:") }
            XCTAssertEqual(line.map(String.init), expected.map { "modelFiles: \($0)" }, "\(count) schemas")
            // And the spec generates that many models files.
            let generated = try Pipeline.generate(
                file: SpecFile(path: result.files[0].relativePath, text: text),
                library: TemplateSet.builtin.library(templatesPath: nil), options: GenerateOptions())
            XCTAssertEqual(generated.files.filter { $0.relativePath.contains("Models") }.count, expected ?? 1, "\(count) schemas")
        }
    }
}
