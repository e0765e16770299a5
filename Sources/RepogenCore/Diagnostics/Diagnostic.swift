/// One problem found in the user's input, printed as `path:line:column: error: message`.
package struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Severity: String, Sendable, Equatable {
        case error
        case warning
    }

    package var severity: Severity
    package var message: String
    /// Where the problem is; a file without a line (unreadable, missing) has only a path.
    package var location: SourceLocation?
    /// The file the problem is in when there is no line and column.
    package var path: String?

    package init(_ severity: Severity = .error, _ message: String, at location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.location = location
        self.path = location.path
    }

    package init(_ severity: Severity = .error, _ message: String, path: String?) {
        self.severity = severity
        self.message = message
        self.location = nil
        self.path = path
    }

    /// The one-line form: `Specs/store.json:12:7: error: …`, or `Specs/store.json: error: …` without a line.
    package var description: String {
        let prefix: String
        if let location {
            prefix = location.description
        } else {
            prefix = path ?? "<unknown>"
        }
        return "\(prefix): \(severity.rawValue): \(message)"
    }
}

/// Collects diagnostics during a stage so that every problem is reported, not only the first.
package struct DiagnosticCollector: Sendable {
    package private(set) var diagnostics: [Diagnostic] = []

    package init() {}

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    package mutating func emit(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    package mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.error, message, at: location))
    }
}

/// Thrown when a stage found errors; carries all of them, in the order they were found.
package struct DiagnosticsError: Error, Sendable, Equatable, CustomStringConvertible {
    package var diagnostics: [Diagnostic]

    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    package var description: String { diagnostics.map(\.description).joined(separator: "\n") }

    /// What the command line prints: every diagnostic, then `N errors; nothing was written`.
    package var report: String {
        let count = diagnostics.filter { $0.severity == .error }.count
        return (diagnostics.map(\.description) + ["\(count) error\(count == 1 ? "" : "s"); nothing was written"])
            .joined(separator: "\n") + "\n"
    }
}
