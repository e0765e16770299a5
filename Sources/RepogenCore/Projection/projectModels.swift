/// The view model of the models file: every declaration precomputed.
func projectModels(_ models: [Model], access: String) -> [ModelViewModel] {
    models.enumerated().map { index, model in projectModel(model, isFirst: index == 0, access: access) }
}

/// `/// line` comments for a description; control characters other than tabs are dropped so that the comment
/// cannot end early or carry characters Swift warns about.
func docLines(_ text: String?) -> [String] {
    guard let text, !text.isEmpty else { return [] }
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

private let modelConformances = "Codable, Sendable, Equatable"

private func projectModel(_ model: Model, isFirst: Bool, access: String) -> ModelViewModel {
    var value = ModelViewModel(
        name: model.name, doc: docLines(model.documentation), isFirst: isFirst, access: access, declaration: "",
        isStruct: false, fields: [], initParameters: "", assignments: [], hasCodingKeys: false, codingKeys: [],
        hasEncode: false, encodeLines: [], cases: [],
        nested: model.nested.map { projectModel($0, isFirst: false, access: access) })
    switch model.kind {
    case .fields(let fields):
        let generics = model.typeParameters.isEmpty
            ? "" : "<" + model.typeParameters.map { "\($0): \(modelConformances.replacingOccurrences(of: ",", with: " &"))" }
                .joined(separator: ", ") + ">"
        value.declaration = "\(access)struct \(model.name)\(generics): \(modelConformances)"
        value.isStruct = true
        value.fields = fields.map { field in
            DeclarationViewModel(
                doc: docLines(field.documentation),
                declaration: "\(access)var \(SwiftIdentifier.escaped(field.name)): \(field.type.description)")
        }
        value.initParameters = fields.map { field in
            let defaultValue = field.defaultValue ?? (field.type.isOptional ? "nil" : nil)
            return "\(SwiftIdentifier.escaped(field.name)): \(field.type.description)" + (defaultValue.map { " = " + $0 } ?? "")
        }.joined(separator: ", ")
        value.assignments = fields.map { field in
            let name = SwiftIdentifier.escaped(field.name)
            return "self.\(name) = \(name)"
        }
        // Fields left out of the encoding need an explicit `encode(to:)`, which names the coding keys.
        let leavesOut = fields.contains { !$0.isEncoded }
        value.hasCodingKeys = leavesOut || fields.contains { $0.jsonKey != $0.name }
        value.codingKeys = fields.map { field in
            let name = SwiftIdentifier.escaped(field.name)
            return field.jsonKey == field.name ? "case \(name)" : "case \(name) = \(SwiftCode.stringLiteral(field.jsonKey))"
        }
        value.hasEncode = leavesOut
        if leavesOut {
            // With nothing to encode the container is still made, so the model encodes as `{}`.
            let opening = fields.contains { $0.isEncoded }
                ? "var container = encoder.container(keyedBy: CodingKeys.self)"
                : "_ = encoder.container(keyedBy: CodingKeys.self)"
            value.encodeLines = [opening] + fields.map { field in
                let name = SwiftIdentifier.escaped(field.name)
                guard field.isEncoded else { return "// '\(field.name)' is not encoded (encode: false)." }
                let call = field.type.isOptional ? "encodeIfPresent" : "encode"
                return "try container.\(call)(self.\(name), forKey: .\(name))"
            }
        }
    case .enumeration(let cases):
        value.declaration = "\(access)enum \(model.name): String, \(modelConformances), CaseIterable"
        value.cases = cases.map { item in
            DeclarationViewModel(
                doc: docLines(item.documentation),
                declaration: "case \(SwiftIdentifier.escaped(item.name)) = \(SwiftCode.stringLiteral(item.rawValue))")
        }
    }
    return value
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
            declaration: "\(access)struct \(model.name): Sendable, Equatable",
            fields: model.fields.map { field in
                DeclarationViewModel(
                    doc: docLines(field.documentation),
                    declaration: "\(access)let \(SwiftIdentifier.escaped(field.name)): \(field.type)")
            },
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
