/// The view model of the models file: every declaration precomputed (a large spec's in two halves at once, as its
/// endpoints: models are independent).
func projectModels(_ models: [Model], access: String) -> [ModelViewModel] {
    arrayInHalves(models.count) { range, store in
        for index in range { store(projectModel(models[index], isFirst: index == 0, access: access)) }
        return true
    }!
}

/// `/// line` comments for a description; control characters other than tabs are dropped so that the comment
/// cannot end early or carry characters Swift warns about.
func docLines(_ text: String?) -> [String] {
    guard let text, !text.isEmpty else { return [] }
    if let lines = plainDocLines(text) { return lines }
    var lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(
        omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" })
    while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
    return lines.map { line in
        let clean = String(String.UnicodeScalarView(line.unicodeScalars.filter { scalar in
            scalar == "\t" || (scalar.value >= 0x20 && scalar.value != 0x7F && scalar.value != 0x85
                && !(0x202A...0x202E).contains(scalar.value) && !(0x2066...0x2069).contains(scalar.value))
        }))
        let trimmed = clean.trimmingTrailingWhitespace()
        return trimmed.isEmpty ? "///" : "/// " + trimmed
    }
}

/// `docLines` of a text of printable ASCII, tabs and line feeds (nearly every description), on its bytes: the same
/// lines the Unicode path gives (nothing to drop, no `\r\n` or other separators), without its per-character work.
/// Nil for any other text.
private func plainDocLines(_ text: String) -> [String]? {
    let bytes = text.utf8
    guard bytes.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x09 }) else { return nil }
    func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    while let last = lines.last, last.allSatisfy(isBlank) { lines.removeLast() }
    return lines.map { line in
        let end = line.lastIndex { !isBlank($0) }.map { line.index(after: $0) } ?? line.startIndex
        return end == line.startIndex ? "///" : "/// " + String(Substring(line[line.startIndex..<end]))
    }
}

private let modelConformances = "Codable, Sendable, Equatable"

/// A struct's conformances: `Codable, Sendable`, then `Hashable` (which implies `Equatable`) or `Equatable`, then
/// `Identifiable` when it has an identity.
private func structConformances(_ prefix: String, hashable: Bool, identity: Identity?) -> String {
    prefix + (hashable ? "Hashable" : "Equatable") + (identity == nil ? "" : ", Identifiable")
}

/// The computed `id` of a type identified by another field (`public var id: String { pollId }`), with its doc comment.
private func computedID(_ identity: Identity?, access: String) -> [DeclarationViewModel] {
    guard case .field(let name, let type) = identity else { return [] }
    // `self.`: alone, a field named `get`, `set`, `willSet` or `didSet` would read as an accessor.
    return [DeclarationViewModel(
        doc: ["/// The identity `Identifiable` uses: `\(name)`."],
        declaration: "\(access)var id: \(type.description) { self.\(SwiftIdentifier.escaped(name)) }")]
}

private func projectModel(_ model: Model, isFirst: Bool, access: String) -> ModelViewModel {
    var value = ModelViewModel(
        name: model.name, doc: docLines(model.documentation), isFirst: isFirst, access: access, declaration: "",
        isStruct: false, fields: [], initParameters: "", assignments: [], cases: [],
        nested: model.nested.map { projectModel($0, isFirst: false, access: access) }, members: [])
    switch model.kind {
    case .fields(let fields):
        let generics = model.typeParameters.isEmpty
            ? "" : "<" + model.typeParameters.map { "\($0): \(modelConformances.replacingOccurrences(of: ",", with: " &"))" }
                .joined(separator: ", ") + ">"
        value.declaration = "\(access)struct \(model.name)\(generics): "
            + structConformances("Codable, Sendable, ", hashable: model.isHashable, identity: model.identity)
        value.isStruct = true
        value.fields = fields.flatMap { field -> [DeclarationViewModel] in
            let name = SwiftIdentifier.escaped(field.name)
            guard field.isIndirect else {
                return [DeclarationViewModel(
                    doc: docLines(field.documentation), declaration: "\(access)var \(name): \(field.type.description)")]
            }
            // Holds the struct itself (through other structs, maybe): kept in a box, read and set as a plain field.
            let storage = indirectStorageName(field.name)
            return [
                DeclarationViewModel(
                    doc: docLines(field.documentation),
                    declaration: "\(access)var \(name): \(field.type.description) { get { \(storage).value } set { \(storage) = Indirect(newValue) } }"),
                DeclarationViewModel(
                    doc: [], declaration: "private var \(storage): Indirect<\(field.type.description)>"),
            ]
        }
        var parameters = fields.map { field in
            let defaultValue = field.defaultValue ?? (field.type.isOptional ? "nil" : nil)
            return "\(SwiftIdentifier.escaped(field.name)): \(field.type.description)" + (defaultValue.map { " = " + $0 } ?? "")
        }
        value.assignments = fields.map { field in
            let name = SwiftIdentifier.escaped(field.name)
            return field.isIndirect ? "self.\(indirectStorageName(field.name)) = Indirect(\(name))" : "self.\(name) = \(name)"
        }
        if let additional = model.additionalProperties {
            let name = SpecValidator.additionalPropertiesName
            value.fields.append(DeclarationViewModel(
                doc: ["/// The JSON keys besides the fields, with their values (`additionalProperties`)."],
                declaration: "\(access)var \(name): [String: \(additional.description)]"))
            parameters.append("\(name): [String: \(additional.description)] = [:]")
            value.assignments.append("self.\(name) = \(name)")
        }
        value.fields += computedID(model.identity, access: access)
        value.initParameters = parameters.joined(separator: ", ")
        value.members = codingMembers(fields, additional: model.additionalProperties, access: access)
    case .union(let union):
        projectUnion(&value, model: model, union: union, access: access)
    case .enumeration(let cases):
        if let unknown = model.unknownCase {
            projectEnumWithUnknownCase(&value, model: model, cases: cases, unknown: unknown, access: access)
            break
        }
        value.declaration = "\(access)enum \(model.name): \(model.isIntegerEnum ? "Int" : "String"), \(modelConformances), CaseIterable"
        value.cases = cases.map { item in
            DeclarationViewModel(
                doc: docLines(item.documentation),
                declaration: "case \(SwiftIdentifier.escaped(item.name)) = \(rawValueLiteral(item))")
        }
    }
    return value
}

/// A case's raw value as a literal: `"OPEN"` for a string enum, `0` or `-1` for an `Int` enum.
private func rawValueLiteral(_ item: EnumCase) -> String {
    item.isInteger ? item.rawValue : SwiftCode.stringLiteral(item.rawValue)
}

/// The private stored property that boxes an indirect field (`isIndirect`): `_parent` for `parent`.
func indirectStorageName(_ field: String) -> String {
    "_" + field
}

/// The expression that decodes `field` from `container`: `container.decode(T.self, forKey: "key")`,
/// `decodeIfPresent` for an optional; a `partHeader` field through the runtime's `MultipartPartHeader`, which reads
/// the part's header in a multipart response and the JSON key elsewhere.
private func decodeCall(_ field: Field) -> String {
    let jsonKey = SwiftCode.stringLiteral(field.jsonKey)
    let (method, type): (String, SwiftType)
    if case .optional(let wrapped) = field.type.shape {
        (method, type) = ("decodeIfPresent", wrapped)
    } else {
        (method, type) = ("decode", field.type)
    }
    guard let partHeader = field.partHeader else {
        return "container.\(method)(\(type.description).self, forKey: \(jsonKey))"
    }
    return "MultipartPartHeader.\(method)(\(type.description).self, header: \(SwiftCode.stringLiteral(partHeader.header)), "
        + "ofPart: \(SwiftCode.stringLiteral(partHeader.part)), forKey: \(jsonKey), in: container, decoder: decoder)"
}

/// A struct's `init(from:)` and `encode(to:)`, written out on the runtime's one `RepogenCodingKey` with each JSON key as
/// a string literal: what Swift would synthesize (a required key for a non-optional field, `decodeIfPresent` and
/// `encodeIfPresent` for an optional one, nothing encoded for `encode: false`), at about half the compile time,
/// because no `CodingKeys` enum with its conformances is made per struct (Documentation/Development/Performance.md).
/// The decoder calls the memberwise initializer, in one expression.
///
/// With `additionalProperties` every other key of the object decodes as a value of its type into the stored
/// dictionary, and encodes back after the fields (a key of a field is never written twice).
private func codingMembers(_ fields: [Field], additional: SwiftType?, access: String) -> [ModelMemberViewModel] {
    let key = "RepogenCodingKey"
    var decode = ["\(access)init(from decoder: Decoder) throws {"]
    let name = SpecValidator.additionalPropertiesName
    let declared = "[" + fields.map { SwiftCode.stringLiteral($0.jsonKey) }.joined(separator: ", ") + "]"
    if let additional {
        decode += [
            "    let container = try decoder.container(keyedBy: \(key).self)",
            "    let declared: Set<String> = \(declared)",
            "    var \(name): [String: \(additional.description)] = [:]",
            "    for key in container.allKeys where !declared.contains(key.stringValue) {",
            "        \(name)[key.stringValue] = try container.decode(\(additional.description).self, forKey: key)",
            "    }",
            // Without fields nothing else throws.
            fields.isEmpty ? "    self.init(" : "    try self.init(",
        ]
        decode += fields.map { field in "        \(SwiftCode.callLabel(field.name)): \(decodeCall(field))," }
        decode += ["        \(name): \(name)", "    )", "}"]
    } else if fields.isEmpty {
        // An empty struct is still a JSON object.
        decode += ["    _ = try decoder.container(keyedBy: \(key).self)", "    self.init()", "}"]
    } else {
        decode += ["    let container = try decoder.container(keyedBy: \(key).self)", "    try self.init("]
        decode += fields.enumerated().map { index, field in
            "        \(SwiftCode.callLabel(field.name)): \(decodeCall(field))" + (index == fields.count - 1 ? "" : ",")
        }
        decode += ["    )", "}"]
    }
    // With nothing to encode the container is still made, so the model encodes as `{}`.
    var encode = ["\(access)func encode(to encoder: Encoder) throws {"]
    encode.append(fields.contains { $0.isEncoded } || additional != nil
        ? "    var container = encoder.container(keyedBy: \(key).self)" : "    _ = encoder.container(keyedBy: \(key).self)")
    encode += fields.map { field in
        guard field.isEncoded else { return "    // '\(SwiftCode.commentText(field.name))' is not encoded (encode: false)." }
        let call = field.type.isOptional ? "encodeIfPresent" : "encode"
        return "    try container.\(call)(self.\(SwiftIdentifier.escaped(field.name)), forKey: \(SwiftCode.stringLiteral(field.jsonKey)))"
    }
    if additional != nil {
        encode += [
            "    let declared: Set<String> = \(declared)",
            "    for (key, value) in self.\(name) where !declared.contains(key) {",
            "        try container.encode(value, forKey: \(key)(stringValue: key))",
            "    }",
        ]
    }
    encode.append("}")
    return [ModelMemberViewModel(lines: decode), ModelMemberViewModel(lines: encode)]
}

/// A union (`oneOf`): an enum with a case per variant holding its payload. With a discriminator it decodes the case
/// the property's value (its tag) names, from the same JSON; without one, the first case (in the spec's order) whose
/// type decodes. It encodes as its payload alone, so it is sent as the server wrote it.
private func projectUnion(_ value: inout ModelViewModel, model: Model, union: Union, access: String) {
    let name = model.name
    value.declaration = "\(access)\(union.isIndirect ? "indirect " : "")enum \(name): Codable, Sendable, "
        + (model.isHashable ? "Hashable" : "Equatable")
    value.cases = union.cases.map { item in
        DeclarationViewModel(
            doc: docLines(item.documentation)
                + (item.isSelf ? ["/// '\(name)' itself: encoded as its payload; decoding gives one of the other cases."] : []),
            declaration: "case \(SwiftIdentifier.escaped(item.name))(\(item.type.description))")
    }
    if let discriminator = union.discriminator {
        value.members.append(ModelMemberViewModel(
            lines: discriminatedUnionDecoder(union, discriminator: discriminator, name: name, access: access)))
    } else {
        value.members.append(ModelMemberViewModel(lines: firstDecodingUnionDecoder(union, name: name, access: access)))
    }
    var encode = [
        "/// Encodes the payload as it is.",
        "\(access)func encode(to encoder: Encoder) throws {",
        "    var container = encoder.singleValueContainer()",
        "    switch self {",
    ]
    encode += union.cases.map { "    case .\(SwiftIdentifier.escaped($0.name))(let value): try container.encode(value)" }
    encode += ["    }", "}"]
    value.members.append(ModelMemberViewModel(lines: encode))
    if let discriminator = union.discriminator {
        value.members.append(ModelMemberViewModel(lines: [
            "private enum \(SpecValidator.discriminatorKeyName): String, CodingKey {",
            "    case discriminator = \(SwiftCode.stringLiteral(discriminator))",
            "}",
        ]))
    }
}

/// The `init(from:)` of a union with a discriminator: the case its tag names, decoded from the same JSON.
private func discriminatedUnionDecoder(_ union: Union, discriminator: String, name: String, access: String) -> [String] {
    let key = SpecValidator.discriminatorKeyName
    let tags = union.cases.map(\.tag).joined(separator: ", ")
    var decode = [
        "/// Decodes the case that '\(SwiftCode.commentText(discriminator))' names: "
            + union.cases.map { "`\(SwiftCode.commentText($0.tag))` is `.\($0.name)`" }.joined(separator: ", ") + ".",
        "\(access)init(from decoder: Decoder) throws {",
        "    let keyed = try decoder.container(keyedBy: \(key).self)",
        "    let tag = try keyed.decode(String.self, forKey: .discriminator)",
        "    let container = try decoder.singleValueContainer()",
        "    switch tag {",
    ]
    for item in union.cases {
        let label = "    case \(SwiftCode.stringLiteral(item.tag)):"
        let body = "self = .\(SwiftIdentifier.escaped(item.name))(try container.decode(\(item.type.description).self))"
        // The members are indented by 4 in the type: one line when it fits in 120 columns, else the label alone.
        if 4 + label.count + 1 + body.count <= 120 {
            decode.append(label + " " + body)
        } else {
            decode += [label, "        " + body]
        }
    }
    decode += [
        "    default:",
        "        throw DecodingError.dataCorruptedError(",
        "            forKey: .discriminator, in: keyed,",
        "            debugDescription: "
            + "\"Unknown \(SwiftCode.escapedLiteralContents(discriminator)) '\\(tag)' for \(name); expected one of: "
            + "\(SwiftCode.escapedLiteralContents(tags))\")",
        "    }",
        "}",
    ]
    return decode
}

/// The `init(from:)` of a union without a discriminator: the first case (in the spec's order) whose type decodes.
private func firstDecodingUnionDecoder(_ union: Union, name: String, access: String) -> [String] {
    let caseList = union.cases.filter { !$0.isSelf }.map(\.name).joined(separator: ", ")
    var decode = [
        "/// Decodes the first case whose type decodes the value, in this order: \(caseList).",
        "\(access)init(from decoder: Decoder) throws {",
        "    let container = try decoder.singleValueContainer()",
    ]
    // A case that is the union itself would decode the same value as the same union again without end.
    for (index, item) in union.cases.filter({ !$0.isSelf }).enumerated() {
        let keyword = index == 0 ? "    if" : "    } else if"
        decode.append("\(keyword) let value = try? container.decode(\(item.type.description).self) {")
        decode.append("        self = .\(SwiftIdentifier.escaped(item.name))(value)")
    }
    decode += [
        "    } else {",
        "        throw DecodingError.dataCorruptedError(",
        "            in: container, debugDescription: \"The value is none of the cases of \(name) (\(caseList))\")",
        "    }",
        "}",
    ]
    return decode
}

/// A string or `Int` enum with a case that keeps raw values it does not list (`unknown`): Swift synthesizes neither its raw
/// values nor its coding, so both are written out. It decodes any string, encodes the raw value it holds, and two
/// values are equal when their raw values are.
private func projectEnumWithUnknownCase(
    _ value: inout ModelViewModel, model: Model, cases: [EnumCase], unknown: String, access: String
) {
    let name = model.name
    let fallback = SwiftIdentifier.escaped(unknown)
    let rawType = model.isIntegerEnum ? "Int" : "String"
    value.declaration = "\(access)enum \(name): RawRepresentable, Codable, Sendable, Hashable, CaseIterable"
    value.cases = cases.map { item in
        DeclarationViewModel(doc: docLines(item.documentation), declaration: "case \(SwiftIdentifier.escaped(item.name))")
    } + [DeclarationViewModel(
        doc: ["/// A value this version does not list, as the server sent it."], declaration: "case \(fallback)(\(rawType))")]
    let members = cases.map { (member: "." + SwiftIdentifier.escaped($0.name), rawValue: rawValueLiteral($0)) }
    var allCases = ["/// The values the spec lists (not `\(unknown)`)."]
    let declaration = "\(access)static let allCases: [\(name)] = ["
    let oneLine = declaration + members.map(\.member).joined(separator: ", ") + "]"
    if oneLine.count <= 100 {
        allCases.append(oneLine)
    } else {
        allCases.append(declaration)
        allCases += members.indices.map { "    " + members[$0].member + ($0 == members.count - 1 ? "" : ",") }
        allCases.append("]")
    }
    var initializer = ["\(access)init(rawValue: \(rawType)) {", "    switch rawValue {"]
    initializer += members.map { "    case \($0.rawValue): self = \($0.member)" }
    initializer += ["    default: self = .\(fallback)(rawValue)", "    }", "}"]
    var rawValue = ["\(access)var rawValue: \(rawType) {", "    switch self {"]
    rawValue += members.map { "    case \($0.member): \($0.rawValue)" }
    rawValue += ["    case .\(fallback)(let value): value", "    }", "}"]
    value.members = [
        allCases, initializer, rawValue,
        [
            "\(access)init(from decoder: Decoder) throws {",
            "    self.init(rawValue: try decoder.singleValueContainer().decode(\(rawType).self))",
            "}",
        ],
        [
            "\(access)func encode(to encoder: Encoder) throws {",
            "    var container = encoder.singleValueContainer()",
            "    try container.encode(rawValue)",
            "}",
        ],
        [
            "/// Equal when the raw values are: `.\(unknown)(\(model.isIntegerEnum ? "…" : "\"…\""))` holding a listed value is that case.",
            "\(access)static func == (lhs: \(name), rhs: \(name)) -> Bool {",
            "    lhs.rawValue == rhs.rawValue",
            "}",
        ],
        [
            "\(access)func hash(into hasher: inout Hasher) {",
            "    hasher.combine(rawValue)",
            "}",
        ],
    ].map { ModelMemberViewModel(lines: $0) }
}

/// The view model of the domain types (`domain`) and their DTOs' `toDomain()`.
func projectDomainModels(_ models: [DomainModel], access: String) -> [DomainModelViewModel] {
    models.map { model in
        let parameters = model.fields.map { "\(SwiftIdentifier.escaped($0.name)): \($0.type)" }
        var mapping = ["\(model.name)("]
        for (index, field) in model.fields.enumerated() {
            let label = SwiftCode.callLabel(field.name)
            mapping.append("    \(label): \(field.value)" + (index == model.fields.count - 1 ? "" : ","))
        }
        mapping = model.fields.isEmpty ? ["\(model.name)()"] : mapping + [")"]
        return DomainModelViewModel(
            doc: docLines(model.documentation),
            declaration: "\(access)struct \(model.name): "
                + structConformances("Codable, Sendable, ", hashable: model.isHashable, identity: model.identity),
            fields: model.fields.map { field in
                DeclarationViewModel(
                    doc: docLines(field.documentation),
                    declaration: "\(access)let \(SwiftIdentifier.escaped(field.name)): \(field.type)")
            } + computedID(model.identity, access: access),
            initParameters: parameters.joined(separator: ", "),
            assignments: model.fields.map { field in
                let name = SwiftIdentifier.escaped(field.name)
                return "self.\(name) = \(name)"
            },
            access: access, dtoName: model.dto, name: model.name,
            toDomainDeclaration: "\(access)func toDomain() -> \(model.name)",
            mappingLines: mapping)
    }
}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var result = self
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
