import Foundation
import RepogenCore

/// A JSON value: a sample argument, an expected body, a body as sent. Numbers keep their text and compare as numbers.
enum JSON: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSON])
    case object([(key: String, value: JSON)])

    static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)):
            // Integers exactly (2^53 + 1 is not a Double), others as the same Double.
            if let x = Int64(a), let y = Int64(b) { return x == y }
            return a == b || (Int64(a) == nil && Int64(b) == nil && Double(a) != nil && Double(a) == Double(b))
        case (.string(let a), .string(let b)): return sameText(a, b)
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            // Members compare as a set of keys: JSON objects are unordered.
            let left = Dictionary(a.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            let right = Dictionary(b.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            return a.count == b.count && left == right
        default: return false
        }
    }

    /// Text that means the same: equal, or one UUID in two letter cases (RFC 9562 4: UUIDs are case-insensitive on
    /// input; Foundation writes them in uppercase, the RFC asks for lowercase output, a server must read both).
    static func sameText(_ a: String, _ b: String) -> Bool {
        guard a != b else { return true }
        let uuid = #"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"#
        return a.lowercased() == b.lowercased() && a.range(of: uuid, options: .regularExpression) != nil
    }

    /// Compact JSON text, members in order.
    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return Self.quoted(text)
        case .array(let items): return "[" + items.map(\.description).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { Self.quoted($0.key) + ":" + $0.value.description }.joined(separator: ",") + "}"
        }
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// A parsed document or body node as a JSON value.
    init(_ node: SpecNode) {
        switch node.kind {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let text): self = .number(text)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(JSON.init))
        case .object(let members): self = .object(members.map { ($0.key, JSON($0.value)) })
        }
    }

    /// The text a parameter style writes for a scalar (RFC 6570 expands a value as its string form).
    var scalarText: String? {
        switch self {
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return text
        default: return nil
        }
    }
}

/// An independent reading of an OpenAPI 3.0/3.1 document, small on purpose: the operations, their parameters and
/// bodies, sample values chosen from the schemas, and the request the document says those values make, following
/// the specification's serialization rules (the `style`/`explode` table of "Style Values" and "Style Examples",
/// RFC 6570 expansion, RFC 3986 percent-encoding), not repogen's importer. It shares only the YAML/JSON reader with
/// repogen (a parser of text, not of OpenAPI).
struct RequestOracle {
    let file: SpecFile
    let root: SpecNode

    init(path: String, bytes: [UInt8]) throws {
        file = SpecFile(path: path, bytes: bytes)
        root = file.format == .yaml ? try YAMLSpecReader.read(file, dialect: .document) : try JSONSpecReader.read(file)
    }

    struct Parameter {
        var name: String
        /// `path`, `query`, `header`, `cookie`.
        var place: String
        var required: Bool
        var style: String
        var explode: Bool
        var schema: SpecNode?
        /// A parameter with `content` instead of `schema` is its value serialized in that media type (JSON text).
        var contentType: String? = nil
        var location: String
    }

    /// How a body is written. A new one is a case here, a line in `body(_:)`, and a case of `ExpectedBody`.
    enum BodyEncoding: Equatable {
        case json
        case binary
        case multipart
        /// `application/x-www-form-urlencoded`: each property `name=value` pairs by its `encoding` object's style
        /// and explode (as a query parameter's: `form`, exploded, by default), compared as pairs.
        case form
        case unsupported(String)
    }

    struct Body {
        var mediaType: String
        var encoding: BodyEncoding
        var schema: SpecNode?
        var required: Bool
        var location: String
        /// The media type object's `encoding`: by property, its `style` and `explode` as written (nil: not given).
        var propertyEncodings: [String: (style: String?, explode: Bool?)] = [:]
    }

    struct Operation {
        var method: String
        /// The path as the document writes it, `#fragment` included.
        var path: String
        var operationId: String?
        var parameters: [Parameter]
        var body: Body?
        /// The media types of the success (2xx) responses, as written.
        var successMediaTypes: [String]
        var location: String

        var name: String { operationId ?? "\(method) \(path)" }
        /// The path that is sent: a fragment is not part of a request (RFC 3986 3.5).
        var requestPath: String { path.firstIndex(of: "#").map { String(path[..<$0]) } ?? path }
    }

    // MARK: Reading the document

    func location(_ node: SpecNode) -> String { file.location(at: node.offset).description }

    static func member(_ node: SpecNode?, _ key: String) -> SpecNode? {
        guard case .object(let members)? = node?.kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    static func members(_ node: SpecNode?) -> [SpecMember] {
        guard case .object(let members)? = node?.kind else { return [] }
        return members
    }

    static func string(_ node: SpecNode?) -> String? {
        guard case .string(let text)? = node?.kind else { return nil }
        return text
    }

    static func bool(_ node: SpecNode?) -> Bool? {
        guard case .bool(let flag)? = node?.kind else { return nil }
        return flag
    }

    /// Follows local `$ref`s (`#/components/...`, JSON pointer escapes).
    func resolved(_ node: SpecNode?) -> SpecNode? {
        var current = node
        for _ in 0..<32 {
            guard let reference = Self.string(Self.member(current, "$ref")) else { return current }
            guard reference.hasPrefix("#/") else { return nil }
            var target: SpecNode? = root
            for token in reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
                let key = String(token).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
                target = Self.member(target, key.removingPercentEncoding ?? key)
            }
            current = target
        }
        return current
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    func operations() -> [Operation] {
        var operations: [Operation] = []
        for pathMember in Self.members(Self.member(root, "paths")) {
            let pathItem = resolved(pathMember.value)
            let shared = (Self.member(pathItem, "parameters")).map(parameterNodes) ?? []
            for member in Self.members(pathItem) where Self.methods.contains(member.key) {
                let operation = member.value
                var parameters = ((Self.member(operation, "parameters")).map(parameterNodes) ?? []).compactMap(parameter)
                // Path-level parameters apply unless the operation overrides one of the same name and place.
                for inherited in shared.compactMap(parameter)
                where !parameters.contains(where: { $0.name == inherited.name && $0.place == inherited.place }) {
                    parameters.append(inherited)
                }
                var successTypes: [String] = []
                for response in Self.members(Self.member(operation, "responses"))
                where response.key.hasPrefix("2") {
                    successTypes += Self.members(Self.member(resolved(response.value), "content")).map(\.key)
                }
                // A path parameter that is not in the path makes no request (the document is wrong there).
                parameters.removeAll { $0.place == "path" && !pathMember.key.contains("{\($0.name)}") }
                // "requestBody is only supported in HTTP methods where RFC 7231 has explicitly defined semantics
                // for request bodies" (3.0; 3.1 discourages it): GET and HEAD send none.
                let requestBody = ["get", "head"].contains(member.key) ? nil : Self.member(operation, "requestBody")
                operations.append(Operation(
                    method: member.key.uppercased(), path: pathMember.key,
                    operationId: Self.string(Self.member(operation, "operationId")), parameters: parameters,
                    body: body(requestBody), successMediaTypes: successTypes, location: location(member.value)))
            }
        }
        return operations
    }

    private func parameterNodes(_ node: SpecNode) -> [SpecNode] {
        guard case .array(let items) = node.kind else { return [] }
        return items
    }

    private func parameter(_ raw: SpecNode) -> Parameter? {
        guard let node = resolved(raw), let name = Self.string(Self.member(node, "name")),
              let place = Self.string(Self.member(node, "in"))
        else { return nil }
        // Defaults: form for query and cookie, simple for path and header; explode is true for form only.
        let style = Self.string(Self.member(node, "style")) ?? (place == "query" || place == "cookie" ? "form" : "simple")
        let explode = Self.bool(Self.member(node, "explode")) ?? (style == "form")
        // A header parameter named Accept, Content-Type or Authorization "SHALL be ignored" (the Parameter Object).
        if place == "header", ["accept", "content-type", "authorization"].contains(name.lowercased()) { return nil }
        var schema = Self.member(node, "schema")
        let content = Self.members(Self.member(node, "content")).first
        if schema == nil, let content { schema = Self.member(content.value, "schema") }
        return Parameter(
            name: name, place: place, required: place == "path" || Self.bool(Self.member(node, "required")) == true,
            style: style, explode: explode, schema: schema, contentType: schema == Self.member(node, "schema") ? nil : content?.key,
            location: location(raw))
    }

    private func body(_ raw: SpecNode?) -> Body? {
        guard let raw, let node = resolved(raw), let first = Self.members(Self.member(node, "content")).first else { return nil }
        let essence = Self.essence(first.key)
        let schema = Self.member(first.value, "schema")
        let resolvedSchema = resolved(schema)
        let encoding: BodyEncoding
        if essence == "application/json" || essence.hasSuffix("+json") {
            encoding = .json
        } else if essence == "multipart/form-data" {
            encoding = .multipart
        } else if essence == "application/x-www-form-urlencoded" {
            encoding = .form
        } else if essence == "application/octet-stream" || essence.hasPrefix("image/") || essence.hasPrefix("audio/")
            || essence.hasPrefix("video/") || essence == "application/pdf" || essence == "application/zip"
            || Self.string(Self.member(resolvedSchema, "format")) == "binary"
            || Self.member(resolvedSchema, "contentMediaType") != nil {
            // OpenAPI 3.0: a binary string schema (or none) for raw bytes; 3.1: `contentMediaType`, or no schema.
            encoding = .binary
        } else {
            encoding = .unsupported(essence)
        }
        var propertyEncodings: [String: (style: String?, explode: Bool?)] = [:]
        for entry in Self.members(Self.member(first.value, "encoding")) {
            propertyEncodings[entry.key] = (Self.string(Self.member(entry.value, "style")), Self.bool(Self.member(entry.value, "explode")))
        }
        return Body(
            mediaType: first.key, encoding: encoding, schema: schema,
            required: Self.bool(Self.member(node, "required")) == true, location: location(raw),
            propertyEncodings: propertyEncodings)
    }

    /// A media type without its parameters, lowercased: `application/json; charset=utf-8` -> `application/json`.
    static func essence(_ mediaType: String) -> String {
        String(mediaType.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased()
    }

    // MARK: Samples

    /// Which call: 0 sets only what is required (optional parameters and properties absent), 1 sets everything.
    typealias Variant = Int

    /// A value the schema allows, the same on every run. Strings hold what must be percent-encoded (spaces, `/`, `?`,
    /// `#`, `%`, `&`, `=`, `+`, non-ASCII) unless `plain`: an array element never holds the delimiter its style
    /// joins with (`,` ` ` `|`). A header's (`header`) is visible ASCII and spaces.
    func sample(_ raw: SpecNode?, variant: Variant, plain: Bool = false, header: Bool = false, depth: Int = 0) -> JSON {
        // Deep down (a recursive schema) only what is required, and empty lists, so that samples end.
        guard depth < 12, let schema = resolved(raw) else { return .null }
        let variant = depth < 4 ? variant : 0
        if case .bool = schema.kind { return .string("x") }
        if case .array(let all)? = Self.member(schema, "enum")?.kind, case let values = all.filter({ $0.kind != .null }), !values.isEmpty {
            // Not `null`: a Swift optional that is nil leaves the property out, which JSON Schema reads as absent.
            let chosen = values[variant == 0 ? 0 : values.count - 1]
            // A string enum's value that YAML reads as a number or a boolean (`720`, `True`) is its text as written.
            switch (Self.string(Self.member(schema, "type")), chosen.kind) {
            case ("string"?, .number(let text)): return .string(text)
            case ("string"?, .bool):
                let stops: [UInt8] = Array(",]} \t\r\n#".utf8)
                return .string(String(decoding: file.bytes[chosen.offset...].prefix { !stops.contains($0) }, as: UTF8.self))
            default: return JSON(chosen)
            }
        }
        if let constant = Self.member(schema, "const") { return JSON(constant) }
        if let all = Self.member(schema, "allOf"), case .array(let parts) = all.kind {
            return merged(parts.map { sample($0, variant: variant, plain: plain, header: header, depth: depth + 1) })
        }
        for key in ["oneOf", "anyOf"] {
            if let union = Self.member(schema, key), case .array(let variants) = union.kind {
                return unionSample(schema, variants, variant: variant, plain: plain, header: header, depth: depth)
            }
        }
        var type = Self.string(Self.member(schema, "type"))
        if case .array(let types)? = Self.member(schema, "type")?.kind {
            type = types.compactMap { Self.string($0) }.first { $0 != "null" }
        }
        let format = Self.string(Self.member(schema, "format"))
        if format == "binary" || Self.member(schema, "contentMediaType") != nil {
            // Bytes (a file), as base64 text: 3.0's binary string, 3.1's `contentMediaType`.
            return .string(Data(variant == 0 ? [0, 1, 2, 255] : Array("bytes\r\n\u{0}é".utf8)).base64EncodedString())
        }
        switch type {
        case "integer": return .number(variant == 0 ? "42" : format == "int64" ? "9007199254740993" : "-7")
        case "number": return .number(variant == 0 ? "1.5" : "-0.25")
        case "boolean": return .bool(variant == 0)
        case "array":
            let item = Self.member(schema, "items")
            if depth >= 6 { return .array([]) }
            let first = sample(item, variant: 0, plain: true, header: header, depth: depth + 1)
            return .array(depth >= 2 ? [first] : [first, sample(item, variant: 1, plain: true, header: header, depth: depth + 1)])
        case "string":
            switch format {
            case "date-time": return .string("2024-05-06T07:08:09Z")
            case "date": return .string("2024-05-06")
            case "uuid": return .string(variant == 0 ? "3f0c6a5e-1b2d-4c3e-8f90-a1b2c3d4e5f6" : "00000000-0000-4000-8000-0000000000ff")
            case "uri": return .string("https://example.com/a%20b?c=d")
            case "byte": return .string(Data(variant == 0 ? [0, 1, 2, 255] : Array("bytes\r\n\u{0}é".utf8)).base64EncodedString())
            default:
                if plain { return .string(variant == 0 ? "plain-1" : header ? "x_2.y~" : "Ünï_2.x~") }
                if header { return .string(variant == 0 ? "a b" : "v1; x=\"y\" z/ok") }
                return .string(variant == 0 ? "a b" : "é/ü?#%&=+;,x")
            }
        default:
            let properties = Self.members(Self.member(schema, "properties"))
            if properties.isEmpty {
                // A map, or a free-form object.
                let values = Self.member(schema, "additionalProperties")
                if let values, case .object = values.kind { return .object([("key", sample(values, variant: variant, plain: plain, header: header, depth: depth + 1))]) }
                return .object([("key", .string("value"))])
            }
            let required = Set((Self.member(schema, "required").map(parameterNodes) ?? []).compactMap { Self.string($0) })
            return .object(properties.filter { variant == 1 || required.contains($0.key) }.map {
                ($0.key, sample($0.value, variant: variant, plain: plain, header: header, depth: depth + 1))
            })
        }
    }

    /// A `oneOf`/`anyOf` sample: the first variant for the call with required inputs only, the second (when there is
    /// one) for the call with every input, so that both sides of a union reach the wire. With a `discriminator`, the
    /// variant's property holds its tag: the `mapping` key that names it, else its schema's name.
    func unionSample(
        _ union: SpecNode, _ variants: [SpecNode], variant: Variant, plain: Bool, header: Bool, depth: Int
    ) -> JSON {
        let usable = variants.filter { Self.string(Self.member(resolved($0), "type")) != "null" }
        guard !usable.isEmpty else { return .null }
        let chosen = usable[min(variant, usable.count - 1)]
        let value = sample(chosen, variant: variant, plain: plain, header: header, depth: depth + 1)
        guard let discriminator = Self.member(union, "discriminator"),
            let property = Self.string(Self.member(discriminator, "propertyName")),
            case .object(var members) = value, let reference = Self.string(Self.member(chosen, "$ref"))
        else { return value }
        let name = String(reference.split(separator: "/").last ?? "")
        let tag = Self.members(Self.member(discriminator, "mapping")).first { entry in
            let target = Self.string(entry.value) ?? ""
            return target == reference || target == name
        }?.key ?? name
        members.removeAll { $0.key == property }
        return .object([(key: property, value: JSON.string(tag))] + members)
    }

    private func merged(_ parts: [JSON]) -> JSON {
        var members: [(key: String, value: JSON)] = []
        for case .object(let more) in parts { members += more.filter { member in !members.contains { $0.key == member.key } } }
        return .object(members)
    }

    // MARK: The expected request

    struct Expected {
        var method: String
        /// Each segment of the path, decoded.
        var segments: [String]
        /// Each query item (name, value), decoded, in order.
        var query: [(name: String, value: String)]
        /// Header fields the document sets, by lowercased name; nil: must not be sent.
        var headers: [String: String?]
        /// The media types an `Accept` may name (any of them), empty when the document declares none.
        var accept: [String]
        var contentType: String?
        var body: ExpectedBody
    }

    enum ExpectedBody {
        case none
        case json(JSON)
        case bytes([UInt8])
        /// Each part's name and bytes.
        case multipart([(name: String, bytes: [UInt8])])
        /// A form's pairs, decoded, in any order.
        case form([(name: String, value: String)])
        case unchecked(String)
    }

    /// The request `values` (by parameter name and place; nil: not given) and `body` make.
    func expected(_ operation: Operation, values: [String: JSON], body: JSON?) -> Expected {
        func key(_ parameter: Parameter) -> String { parameter.place + ":" + parameter.name }
        var segments: [String] = []
        for segment in operation.requestPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            var text = String(segment)
            for parameter in operation.parameters where parameter.place == "path" {
                guard let value = values[key(parameter)] else { continue }
                text = text.replacingOccurrences(of: "{\(parameter.name)}", with: pathText(parameter, value))
            }
            segments.append(text)
        }
        var query: [(name: String, value: String)] = []
        var headers: [String: String?] = [:]
        for parameter in operation.parameters {
            let value = values[key(parameter)]
            switch parameter.place {
            case "query":
                guard let value else { continue }
                query += parameter.contentType == nil ? queryItems(parameter, value) : [(parameter.name, value.description)]
            case "header":
                headers[parameter.name.lowercased()] = value.map { parameter.contentType == nil ? simple($0, explode: parameter.explode) : $0.description }
            default: continue
            }
        }
        var contentType: String?
        var expectedBody = ExpectedBody.none
        if let declared = operation.body, let body {
            if case .unsupported = declared.encoding {} else { contentType = declared.mediaType }
            switch declared.encoding {
            case .json: expectedBody = .json(body)
            case .binary: expectedBody = .bytes(Array(Data(base64Encoded: body.scalarText ?? "") ?? Data()))
            case .multipart:
                var parts: [(name: String, bytes: [UInt8])] = []
                func isBinary(_ node: SpecNode?) -> Bool {
                    let schema = resolved(node)
                    return Self.string(Self.member(schema, "format")) == "binary" || Self.member(schema, "contentMediaType") != nil
                }
                let properties = Self.members(Self.member(resolved(declared.schema), "properties"))
                let binary = Set(properties.filter { isBinary($0.value) }.map(\.key))
                let binaryLists = Set(properties.filter { isBinary(Self.member(resolved($0.value), "items")) }.map(\.key))
                let scalarLists = Set(properties.filter { property in
                    let items = resolved(Self.member(resolved(property.value), "items"))
                    return !isBinary(items) && ["string", "integer", "number", "boolean"].contains(Self.string(Self.member(items, "type")) ?? "")
                }.map(\.key))
                if case .object(let members) = body {
                    for member in members {
                        // A part holds a binary property's bytes, a scalar's text, anything else as JSON; a list of
                        // files is a part per file, all of one name (RFC 7578 4.3).
                        if binaryLists.contains(member.key), case .array(let items) = member.value {
                            parts += items.map { (member.key, Array(Data(base64Encoded: $0.scalarText ?? "") ?? Data())) }
                            continue
                        }
                        // A list of scalars is a text part per element, of one name, as a list of files is.
                        if case .array(let items) = member.value, scalarLists.contains(member.key) {
                            parts += items.map { (member.key, Array(($0.scalarText ?? "").utf8)) }
                            continue
                        }
                        let bytes = binary.contains(member.key) ? Array(Data(base64Encoded: member.value.scalarText ?? "") ?? Data())
                            : Array((member.value.scalarText ?? member.value.description).utf8)
                        parts.append((member.key, bytes))
                    }
                }
                expectedBody = .multipart(parts)
            case .form:
                // Each property as a query parameter of its encoding's style would be: `form`, exploded, by default.
                var pairs: [(name: String, value: String)] = []
                if case .object(let members) = body {
                    for member in members {
                        let given = declared.propertyEncodings[member.key]
                        let style = given?.style ?? "form"
                        let parameter = Parameter(
                            name: member.key, place: "query", required: false, style: style,
                            explode: given?.explode ?? (style == "form"), schema: nil, location: declared.location)
                        pairs += queryItems(parameter, member.value)
                    }
                }
                expectedBody = .form(pairs)
            case .unsupported(let type): expectedBody = .unchecked("a \(type) body")
            }
        }
        let accept = operation.successMediaTypes.contains { $0.contains("*") } ? [] : operation.successMediaTypes
        return Expected(
            method: operation.method, segments: segments, query: query, headers: headers, accept: accept,
            contentType: contentType, body: expectedBody)
    }

    /// A path parameter's text by its style: `simple` (the default), `label` (`.a`, `.a,b` or `.a.b` exploded) or
    /// `matrix` (`;id=a`, `;id=a,b` or `;id=a;id=b` exploded).
    func pathText(_ parameter: Parameter, _ value: JSON) -> String {
        if parameter.contentType != nil { return value.description }
        switch (parameter.style, value) {
        case ("label", .array(let items)) where parameter.explode: return items.compactMap { "." + ($0.scalarText ?? "") }.joined()
        case ("label", .object(let members)) where parameter.explode:
            return members.map { "." + $0.key + "=" + ($0.value.scalarText ?? "") }.joined()
        case ("matrix", .object(let members)) where parameter.explode:
            return members.map { ";" + $0.key + "=" + ($0.value.scalarText ?? "") }.joined()
        case ("label", _): return "." + simple(value, explode: parameter.explode)
        case ("matrix", .array(let items)) where parameter.explode:
            return items.map { ";" + parameter.name + "=" + ($0.scalarText ?? "") }.joined()
        case ("matrix", _): return ";" + parameter.name + "=" + simple(value, explode: parameter.explode)
        default: return simple(value, explode: parameter.explode)
        }
    }

    /// `simple` style (path and header): a scalar's text, an array's items joined by commas, an object's keys and
    /// values (`k,v` unexploded, `k=v` exploded).
    func simple(_ value: JSON, explode: Bool) -> String {
        switch value {
        case .array(let items): return items.compactMap(\.scalarText).joined(separator: ",")
        case .object(let members):
            return members.map { $0.key + (explode ? "=" : ",") + ($0.value.scalarText ?? $0.value.description) }.joined(separator: ",")
        default: return value.scalarText ?? value.description
        }
    }

    /// A query parameter's items by its style: form exploded repeats the name per array item and spreads an
    /// object's properties; form unexploded joins with commas; spaceDelimited and pipeDelimited join an array with a
    /// space or a pipe; deepObject writes `name[key]=value`.
    func queryItems(_ parameter: Parameter, _ value: JSON) -> [(name: String, value: String)] {
        switch (value, parameter.style, parameter.explode) {
        case (.array(let items), "form", true): return items.map { (parameter.name, $0.scalarText ?? $0.description) }
        case (.array(let items), _, _):
            let delimiter = parameter.style == "spaceDelimited" ? " " : parameter.style == "pipeDelimited" ? "|" : ","
            return [(parameter.name, items.compactMap(\.scalarText).joined(separator: delimiter))]
        case (.object(let members), "deepObject", _):
            return members.map { (parameter.name + "[" + $0.key + "]", $0.value.scalarText ?? $0.value.description) }
        case (.object(let members), _, true): return members.map { ($0.key, $0.value.scalarText ?? $0.value.description) }
        case (.object, _, false): return [(parameter.name, simple(value, explode: false))]
        default: return [(parameter.name, value.scalarText ?? value.description)]
        }
    }
}
