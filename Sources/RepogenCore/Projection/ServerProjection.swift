/// The `<Domain>Servers` enum of a spec's `servers`: a function per server returning its URL, a parameter per
/// variable (with its default), an enum per variable that lists its values.
enum ServerProjection {
    static func lines(_ servers: [Server], enumName: String, access: String) -> [String] {
        guard !servers.isEmpty else { return [] }
        var lines = [
            "",
            "/// The servers the spec lists, for `NetworkConfiguration.baseURL`: "
                + "`configuration.baseURL = try \(enumName).\(servers[0].name)()`.",
            "\(access)enum \(enumName) {",
        ]
        for (index, server) in servers.enumerated() {
            if index > 0 { lines.append("") }
            let typePrefix = SwiftIdentifier.capitalized(server.name)
            var parameters: [String] = []
            var values: [String] = []
            var enums: [[String]] = []
            var docs: [String] = []
            for variable in server.variables {
                let parameter = SwiftIdentifier.escaped(variable.name)
                if variable.values.isEmpty {
                    parameters.append("\(parameter): String = \(SwiftCode.stringLiteral(variable.defaultValue))")
                    values.append("\(SwiftCode.stringLiteral(variable.name)): \(parameter)")
                } else {
                    let typeName = typePrefix + SwiftIdentifier.capitalized(variable.name)
                    let cases = caseNames(variable.values)
                    let defaultCase = cases[variable.values.firstIndex(of: variable.defaultValue) ?? 0]
                    parameters.append("\(parameter): \(typeName) = .\(defaultCase)")
                    values.append("\(SwiftCode.stringLiteral(variable.name)): \(parameter).rawValue")
                    var declaration = [
                        "    /// The values of `\(variable.name)` of `\(server.name)`.",
                        "    \(access)enum \(typeName): String, Sendable, CaseIterable {",
                    ]
                    for (value, name) in zip(variable.values, cases) {
                        declaration.append("        case \(name) = \(SwiftCode.stringLiteral(value))")
                    }
                    declaration.append("    }")
                    enums.append(declaration)
                }
                if let description = variable.description {
                    docs.append("    ///   - \(variable.name): " + SwiftCode.commentText(description))
                }
            }
            for declaration in enums {
                lines += declaration
                lines.append("")
            }
            if let description = server.description {
                lines += description.split(separator: "\n", omittingEmptySubsequences: false).map {
                    "    /// " + SwiftCode.commentText(String($0))
                }
                lines.append("    ///")
            }
            lines.append("    /// `\(SwiftCode.commentText(server.url))`")
            if !docs.isEmpty {
                lines.append("    ///")
                lines.append("    /// - Parameters:")
                lines += docs
            }
            lines.append(
                "    \(access)static func \(SwiftIdentifier.escaped(server.name))(\(parameters.joined(separator: ", "))) throws -> URL {")
            let dictionary = values.isEmpty ? "[:]" : "[" + values.joined(separator: ", ") + "]"
            lines.append("        try ServerURL.url(\(SwiftCode.stringLiteral(server.url)), \(dictionary))")
            lines.append("    }")
        }
        lines.append("}")
        return lines
    }

    /// Case names for the values of a variable: `https`, `_8443`, `value2` for one that makes no name; unique.
    static func caseNames(_ values: [String]) -> [String] {
        var taken: Set<String> = []
        return values.enumerated().map { index, value in
            var name = ImportNames.memberName(value)
            if !SwiftIdentifier.isValid(name) || name == "_" { name = "value\(index + 1)" }
            let base = name
            var number = 2
            while !taken.insert(name).inserted {
                name = base + "\(number)"
                number += 1
            }
            return SwiftIdentifier.escaped(name)
        }
    }
}
