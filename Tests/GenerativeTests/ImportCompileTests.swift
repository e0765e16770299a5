import Foundation
import RepogenCore
import XCTest

/// "Imported means it builds": the specs `repogen import` writes for the test documents and for many random
/// OpenAPI documents (hostile names, every schema form, every parameter place) generate in every style, and the code
/// builds with warnings as errors (`GeneratedCodeCompiler`: through SIL, debug and release; the tca style against
/// Examples/LedgerApp's build when `REPOGEN_TCA_BUILD` names it).
extension GenerativeTests {
    /// The import of `document` as spec files, and its generation in `style`.
    func importedGeneration(_ document: SpecFile, options: ImportOptions, style: OutputStyle) throws -> (specs: String, generation: Generation) {
        let result: ImportResult
        do {
            result = try OpenAPIImporter.run(document, options: options)
        } catch {
            XCTFail("import failed: \(error.report)\n\(String(decoding: document.bytes, as: UTF8.self))")
            throw error
        }
        var files: [String: SpecFile] = [:]
        for file in result.files { files["Specs/" + file.relativePath] = SpecFile(path: "Specs/" + file.relativePath, text: file.contents) }
        let generation: Generation
        do {
            generation = try Pipeline.generate(specPaths: files.keys.sorted(), options: GenerateOptions(style: style), specFiles: files)
        } catch {
            XCTFail("the import does not generate in the \(style.name) style: \(error.report)")
            throw error
        }
        return (result.files.map { "# \($0.relativePath)\n" + $0.contents }.joined(separator: "\n"), generation)
    }

    /// Builds `generation` in `style` as the module `module`; on failure keeps the document and its specs under
    /// .build/generative-failures/ and fails the test.
    func build(_ generation: Generation, style: OutputStyle, module: String, compiler: GeneratedCodeCompiler, keeping text: String) throws {
        guard let errors = try compiler.compile(generation.files, module: module, style: style) else { return }
        let keep = Self.root.appendingPathComponent(".build/generative-failures")
        try? FileManager.default.createDirectory(at: keep, withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: keep.appendingPathComponent(module + ".txt"))
        XCTFail("imported specs did not build (kept in \(keep.path)/\(module).txt): \(errors)")
    }

    func testImportedTestDocumentsCompileInEveryStyle() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-import-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        let folder = Self.root.appendingPathComponent("Tests/OpenAPIDocuments")
        // The test documents, and swift-openapi-generator's reference document (Tests/ReferencePetstore).
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() + ["../ReferencePetstore/openapi.yaml"]
        XCTAssertGreaterThanOrEqual(names.count, 5)
        for (index, name) in names.enumerated() {
            let document = SpecFile(path: name, bytes: try Array(Data(contentsOf: folder.appendingPathComponent(name))))
            for grouping in DomainGrouping.allCases {
                for style in OutputStyle.all {
                    let (specs, generation) = try importedGeneration(document, options: ImportOptions(domains: grouping), style: style)
                    guard compiler.styles.contains(style) else { continue }
                    // A document with no operations (webhooks-only.yaml) imports to no spec and nothing to build;
                    // ImportWarningTests checks that it says so.
                    if specs.isEmpty {
                        XCTAssertTrue(generation.files.isEmpty, "\(name) imported no spec but generated files")
                        continue
                    }
                    let module = "Document\(index)\(grouping == .byTag ? "Tags" : "Paths")\(style.name.filter(\.isLetter))"
                    try build(generation, style: style, module: module, compiler: compiler, keeping: specs)
                }
            }
        }
    }

    /// Random documents (`REPOGEN_IMPORT_COUNT`, from `REPOGEN_GENERATIVE_SEED`): each imports, generates in every
    /// style, and builds in one, document i in style i % count (tca among them with `REPOGEN_TCA_BUILD`).
    func testRandomOpenAPIDocumentsImportAndCompile() throws {
        let count = Int(ProcessInfo.processInfo.environment["REPOGEN_IMPORT_COUNT"] ?? "") ?? 25
        let seed = UInt64(ProcessInfo.processInfo.environment["REPOGEN_GENERATIVE_SEED"] ?? "") ?? 16
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-import-random-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        var random = OpenAPIDocumentGenerator(seed: seed)
        var renamed = 0
        for index in 0..<count {
            let text = random.document()
            let document = SpecFile(path: "random\(index).json", text: text)
            let buildStyle = compiler.styles[index % compiler.styles.count]
            for style in OutputStyle.all {
                let (specs, generation) = try importedGeneration(document, options: ImportOptions(), style: style)
                if style == .result {
                    renamed += specs.components(separatedBy: "Model:\n").count - 1
                }
                if style == buildStyle {
                    // One module per document: their domains may share names.
                    try build(generation, style: style, module: "Random\(index)", compiler: compiler, keeping: text + "\n" + specs)
                }
            }
        }
        // The documents must keep using names import has to rename around, or this proves little.
        XCTAssertGreaterThan(renamed, count / 4, "few random schemas were named like what the generated code keeps")
    }
}

/// Random OpenAPI 3 documents in JSON, with a fixed seed: names that are keywords, clash or hold symbols; schemas,
/// tags and operationIds named like what the generated code of some style keeps or derives (issue 28); every schema
/// form import knows and some it does not, string enums holding numbers and booleans; operations with every
/// parameter place and body kind.
struct OpenAPIDocumentGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed &* 6364136223846793005 &+ 1442695040888963407 }

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }

    static let names = ["id", "name", "class", "default", "self", "Type", "user-name", "user_name", "userName", "2fa", "$ref", "é", "data", "Error", "Result", "init", "x", "X", "codingKeys", "value", "type", "enum", "protocol", "a.b", "ünïcode", "items", "list", "case", "hashValue", "ID", "rawValue", "allCases", "encode", "hash", "名前"]

    /// Schema names the generated code of some style uses or declares: Swift's, Combine's, the runtime's,
    /// swift-dependencies' (free now: the tca style qualifies them), the tca client's members, and types derived from
    /// the domains and operations below (`PetsApi`, `ListPetsUseCase`).
    static let typeNames = [
        "CacheKey", "CodingKey", "Future", "Deferred", "Hashable", "LockIsolated", "DependencyValues", "DependencyKey",
        "Value", "MockStorage", "APIError", "IssueReporting", "Dependencies", "PetsApi", "MockPetsRepository",
        "PetsClient", "ARemoteDataSource", "MockARepository", "ListPetsUseCase", "ListPetsRequestValues", "repogenPublisher",
    ]

    /// Tags whose domains declare one another's types (`mock-a`, `a-remote`, `a-data` beside `a`), differ only in
    /// case, or are too long for a file name (two that differ only at the end).
    static let tags = [
        "pets", "Pet Store", "2fa", "store", "ユーザー", "default", "a", "mock-a", "a-remote", "a-data", "A", "ARemote", "self", "any",
        String(repeating: "long-tag-", count: 30) + "1", String(repeating: "long-tag-", count: 30) + "2",
    ]

    /// operationIds whose members or use case types clash in some style (`createOrderMock`, `σa`/`ςa`, `_fetch`).
    static let operationIds = ["listPets", "list pets", "list_pets", "createOrder", "createOrderMock", "σa", "ςa", "repogenPublisher", "fetch", "_fetch", "liveValue", "Value"]

    func json(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }

    mutating func schema(depth: Int, components: [String]) -> String {
        let choice = next(depth > 2 ? 9 : 17)
        switch choice {
        case 0: return #"{"type": "string"}"#
        case 1: return pick([#"{"type": "string", "format": "date-time"}"#, #"{"type": "string", "format": "uuid"}"#, #"{"type": "string", "format": "byte"}"#, #"{"type": "string", "format": "binary"}"#, #"{"type": "string", "format": "uri"}"#, #"{"type": "string", "format": "date"}"#])
        case 2: return pick([#"{"type": "integer"}"#, #"{"type": "integer", "format": "int64"}"#, #"{"type": "integer", "format": "int32"}"#, #"{"type": "number"}"#, #"{"type": "number", "format": "float"}"#, #"{"type": "boolean"}"#])
        case 3: return pick([#"{"type": ["string", "null"]}"#, #"{"type": "integer", "nullable": true}"#, #"{"anyOf": [{"type": "boolean"}, {"type": "null"}]}"#, #"{"type": ["string", "integer"]}"#])
        case 4:
            // Values a string enum holds as numbers or booleans (YAML reads `720` and `True` so; JSON writes them so).
            let values = (0..<(1 + next(4))).map { _ in
                next(3) == 0 ? pick(["720", "1.50", "-2e3", "true", "false", "null"]) : json(pick(Self.names + ["", "1", "A B", "a-b", "A_B", "1080p", "480"]))
            }
            return "{\"type\": \"string\", \"enum\": [" + values.joined(separator: ", ") + "]}"
        case 5:
            // Integer enums: Int enums named from their values (`_n1`) or `x-enum-varnames` (keywords, a clash
            // that falls back to the values); one out of Int's range stays an unchecked Int.
            return pick([
                #"{"type": "integer", "enum": [1, 2]}"#, #"{"type": "integer", "enum": [-1, 0, 9223372036854775807]}"#,
                #"{"type": "integer", "enum": [0, 1], "x-enum-varnames": ["public", "self"]}"#,
                #"{"type": "integer", "enum": [0, 1], "x-enumNames": ["Same", "same"]}"#,
                #"{"type": "integer", "enum": [9223372036854775808]}"#, #"{}"#, #"{"type": "object"}"#, #"{"const": 3}"#, "true",
            ])
        case 6, 7, 8: return components.isEmpty ? #"{"type": "string"}"# : "{\"$ref\": \"#/components/schemas/\(pick(components))\"}"
        case 9, 10: return "{\"type\": \"array\", \"items\": \(schema(depth: depth + 1, components: components))}"
        case 11: return "{\"type\": \"object\", \"additionalProperties\": \(schema(depth: depth + 1, components: components))}"
        case 12, 13: return object(depth: depth + 1, components: components)
        case 14: return "{\"allOf\": [\(schema(depth: depth + 1, components: components)), \(object(depth: depth + 1, components: components))]}"
        case 15: return "{\"oneOf\": [\(schema(depth: depth + 1, components: components)), \(schema(depth: depth + 1, components: components))]}"
        default: return "{\"anyOf\": [\(object(depth: depth + 1, components: components)), \(object(depth: depth + 1, components: components))], \"discriminator\": {\"propertyName\": \"type\"}}"
        }
    }

    mutating func object(depth: Int, components: [String]) -> String {
        var properties: [String] = []
        var required: [String] = []
        var names: Set<String> = []
        for _ in 0..<(1 + next(4)) {
            let name = pick(Self.names)
            guard names.insert(name).inserted else { continue }
            properties.append(json(name) + ": " + schema(depth: depth + 1, components: components))
            if next(2) == 0 { required.append(json(name)) }
        }
        return "{\"type\": \"object\", \"properties\": {" + properties.joined(separator: ", ") + "}, \"required\": [" + required.joined(separator: ", ") + "]}"
    }

    mutating func parameter(components: [String]) -> String {
        let place = pick(["query", "query", "header", "cookie", "path"])
        let name = pick(Self.names)
        let required = place == "path" || next(2) == 0
        let style = next(6) == 0 ? ", \"style\": \"deepObject\"" : ""
        return "{\"name\": \(json(name)), \"in\": \"\(place)\", \"required\": \(required)\(style), \"schema\": \(schema(depth: 1, components: components))}"
    }

    mutating func operation(components: [String], path: String, params: [String]) -> String {
        var parts: [String] = []
        if next(4) != 0 { parts.append("\"operationId\": \(json(pick(Self.names + Self.operationIds)))") }
        if next(3) != 0 { parts.append("\"tags\": [\(json(pick(Self.tags)))]") }
        var parameters = params.map { "{\"name\": \(json($0)), \"in\": \"path\", \"required\": true, \"schema\": \(schema(depth: 2, components: components))}" }
        var names = Set(params)
        for _ in 0..<next(3) {
            let parameter = parameter(components: components)
            // One parameter per name and place (a document's own rule): the generator's picks may repeat.
            let key = String(parameter.prefix(while: { $0 != "," })) + (parameter.contains("\"in\": \"path\"") ? "path" : parameter.contains("\"in\": \"query\"") ? "query" : "other")
            guard names.insert(key).inserted else { continue }
            parameters.append(parameter)
        }
        parts.append("\"parameters\": [" + parameters.joined(separator: ", ") + "]")
        switch next(4) {
        case 0: parts.append("\"requestBody\": {\"required\": \(next(2) == 0), \"content\": {\"application/json\": {\"schema\": \(schema(depth: 1, components: components))}}}")
        case 1: parts.append("\"requestBody\": {\"content\": {\"multipart/form-data\": {\"schema\": {\"type\": \"object\", \"properties\": {\"file\": {\"type\": \"string\", \"format\": \"binary\"}, \(json(pick(Self.names))): \(schema(depth: 2, components: components))}}}}}")
        // A text body beside a urlencoded form, which is what is sent (a fixed form with hostile names: no draw, so a
        // seed's documents are what they were).
        case 2: parts.append("\"requestBody\": {\"content\": {\"text/plain\": {\"schema\": {\"type\": \"string\"}}, "
            + "\"application/x-www-form-urlencoded\": {\"schema\": {\"type\": \"object\", \"required\": [\"grant_type\"], "
            + "\"properties\": {\"grant_type\": {\"type\": \"string\", \"enum\": [\"password\", \"class\"]}, \"class\": "
            + "{\"type\": \"integer\"}, \"user-name\": {\"type\": \"array\", \"items\": {\"type\": \"string\"}}, \"2fa\": "
            + "{\"type\": \"boolean\"}, \"self\": {\"type\": \"array\", \"items\": {\"type\": \"number\"}}}}, "
            + "\"encoding\": {\"self\": {\"style\": \"pipeDelimited\"}}}}}")
        default: break
        }
        let status = pick(["200", "201", "204", "default", "2XX"])
        let content = status == "204" ? "" : ", \"content\": {\"application/json\": {\"schema\": \(schema(depth: 1, components: components))}}"
        parts.append("\"responses\": {\"\(status)\": {\"description\": \"x\"\(content)}, \"400\": {\"description\": \"e\", \"content\": {\"application/json\": {\"schema\": {}}}}}")
        return "{" + parts.joined(separator: ", ") + "}"
    }

    mutating func document() -> String {
        let components = (0..<next(7)).map { _ in pick(Self.names + ["Pet", "pet", "Pet_Owner", "Node"] + Self.typeNames + Self.typeNames) }
        var seen: Set<String> = []
        let unique = components.filter { seen.insert($0).inserted }
        let schemas = unique.map { json($0) + ": " + (next(2) == 0 ? object(depth: 1, components: unique) : schema(depth: 1, components: unique)) }
        var paths: [String] = []
        var usedPaths: Set<String> = []
        for _ in 0..<(1 + next(5)) {
            let param = next(2) == 0 ? [pick(["id", "user-id", "class", "2fa"])] : []
            let path = "/" + pick(["pets", "store", "users", "a-b", "v1"]) + (param.isEmpty ? "" : "/{\(param[0])}") + pick(["", "/photos", "/x"])
            guard usedPaths.insert(path).inserted else { continue }
            var operations: [String] = []
            for method in ["get", "post", "put", "patch", "delete", "head"] where next(3) == 0 || method == "get" {
                operations.append("\"\(method)\": " + operation(components: unique, path: path, params: param))
            }
            paths.append(json(path) + ": {" + operations.joined(separator: ", ") + "}")
        }
        return "{\"openapi\": \"\(pick(["3.0.3", "3.1.0"]))\", \"info\": {\"title\": \"Random\", \"version\": \"1\"}, \"paths\": {"
            + paths.joined(separator: ", ") + "}, \"components\": {\"schemas\": {" + schemas.joined(separator: ", ") + "}}}"
    }
}
