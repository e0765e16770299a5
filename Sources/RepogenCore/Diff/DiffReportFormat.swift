/// How `repogen diff` prints a report.
package enum DiffFormat: String, Sendable, CaseIterable {
    /// For people at a terminal: grouped by domain, breaking changes first, each with where it is written.
    case text
    /// For a pull-request comment: a summary line and a table.
    case markdown
    /// For tools: every change with its kind, classification and locations.
    case json
}

/// Which changes make `repogen diff --fail-on` exit with 1.
package enum DiffFailure: String, Sendable, CaseIterable {
    /// Breaking for source or on the wire.
    case breaking
    /// Breaking for source.
    case source
    /// Breaking on the wire.
    case wire

    package func matches(_ change: APIChange) -> Bool {
        switch self {
        case .breaking: change.isBreaking
        case .source: change.source == .breaking
        case .wire: change.wire == .breaking
        }
    }
}

extension APIDiffReport {
    /// One line: "3 changes: 1 source-breaking, 2 wire-breaking, 1 additive", or "no API changes".
    package var summary: String {
        guard !changes.isEmpty else { return "no API changes" }
        var parts: [String] = []
        let source = changes.filter { $0.source == .breaking }.count
        let wire = changes.filter { $0.wire == .breaking }.count
        let additive = changes.filter { $0.source == .additive }.count
        if source > 0 { parts.append("\(source) source-breaking") }
        if wire > 0 { parts.append("\(wire) wire-breaking") }
        if additive > 0 { parts.append("\(additive) additive") }
        let others = changes.filter { !$0.isBreaking && $0.source != .additive }.count
        if others > 0 { parts.append("\(others) neither breaking nor additive") }
        return "\(changes.count) change\(changes.count == 1 ? "" : "s"): " + parts.joined(separator: ", ")
    }

    package func rendered(_ format: DiffFormat) -> String {
        switch format {
        case .text: return text
        case .markdown: return markdown
        case .json: return json
        }
    }

    /// Changes grouped by domain, in the report's order (breaking first).
    var byDomain: [(domain: String, changes: [APIChange])] {
        var groups: [(domain: String, changes: [APIChange])] = []
        for domain in changes.map(\.domain).sorted() where !groups.contains(where: { $0.domain == domain }) {
            groups.append((domain, changes.filter { $0.domain == domain }))
        }
        return groups
    }

    var text: String {
        var lines: [String] = []
        for group in byDomain {
            lines.append(group.domain)
            for change in group.changes {
                let label = change.isBreaking ? "BREAKING" : change.source == .additive ? "additive" : "change"
                lines.append("  \(label): \(Diagnostic.oneLine(change.message))")
                lines.append("    \(change.kind); source: \(change.source.rawValue), wire: \(change.wire.rawValue)")
                if let old = change.old { lines.append("    old: \(old)") }
                if let new = change.new { lines.append("    new: \(new)") }
            }
            lines.append("")
        }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    var markdown: String {
        var lines = ["**API changes**: " + summary]
        guard !changes.isEmpty else { return lines[0] + "\n" }
        lines += ["", "| | Domain | Change | Source | Wire | Spec |", "|---|---|---|---|---|---|"]
        func cell(_ text: String) -> String {
            Diagnostic.oneLine(text).replacingOccurrences(of: "|", with: "\\|")
        }
        for change in changes {
            let mark = change.isBreaking ? "breaking" : change.source == .additive ? "additive" : ""
            let source = change.source == .breaking ? "**breaking**" : change.source.rawValue
            let wire = change.wire == .breaking ? "**breaking**" : change.wire.rawValue
            let place = (change.new ?? change.old).map { "`\(cell($0.description))`" } ?? ""
            lines.append(
                "| \(mark) | \(cell(change.domain)) | \(cell(change.message)) (`\(change.kind)`) | \(source) | \(wire) | \(place) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    var json: String {
        func string(_ text: String) -> String { SpecText.jsonQuoted(text) }
        func location(_ location: SourceLocation?) -> String {
            guard let location else { return "null" }
            return "{\"path\": \(string(location.path)), \"line\": \(location.line), \"column\": \(location.column)}"
        }
        var lines = ["{"]
        lines.append("  \"summary\": {\"changes\": \(changes.count), \"source\": \"\(source.rawValue)\", \"wire\": \"\(wire.rawValue)\"},")
        lines.append("  \"changes\": [")
        for (index, change) in changes.enumerated() {
            var fields = [
                "\"domain\": \(string(change.domain))", "\"kind\": \(string(change.kind))",
                "\"subject\": \(string(change.subject))", "\"source\": \"\(change.source.rawValue)\"",
                "\"wire\": \"\(change.wire.rawValue)\"", "\"message\": \(string(change.message))",
                "\"old\": \(location(change.old))", "\"new\": \(location(change.new))",
            ]
            if let old = change.renamedFrom { fields.append("\"renamedFrom\": \(string(old))") }
            lines.append("    {" + fields.joined(separator: ", ") + "}" + (index == changes.count - 1 ? "" : ","))
        }
        lines.append("  ]")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
