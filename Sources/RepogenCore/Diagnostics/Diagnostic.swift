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
        return "\(prefix): \(severity.rawValue): \(Diagnostic.oneLine(message))"
    }

    /// The longest run of non-space characters a message shows whole; a longer one keeps its start and end.
    static let longestRun = 200
    /// The longest message shown whole (a long value with spaces in it); a longer one keeps its start and end.
    static let longestMessage = 2_000

    /// `text` made fit for one line of a terminal or an IDE: control characters (and the Unicode line and paragraph
    /// separators) escaped as `\n`, `\t`, `\u{1B}`, and a long value echoed in it shortened to its first 80 and last 20
    /// characters with `…(N characters)…` (the N it leaves out) in between, so that one diagnostic is one short line.
    package static func oneLine(_ text: String) -> String {
        // Counted in Unicode scalars, so that a flood of combining marks (one `Character`) is shortened too.
        var scalars: [Unicode.Scalar] = []
        var changed = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: scalars += "\\n".unicodeScalars
            case 0x09: scalars += "\\t".unicodeScalars
            case 0x0D: scalars += "\\r".unicodeScalars
            case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029:
                scalars += ("\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}").unicodeScalars
            default:
                scalars.append(scalar)
                continue
            }
            changed = true
        }
        guard changed || scalars.count > longestRun else { return text }
        var result = String.UnicodeScalarView()
        var runStart = 0
        func endRun(at end: Int) {
            let run = scalars[runStart..<end]
            if run.count > longestRun {
                result += shortened(run, head: 80, tail: 20)
            } else {
                result += run
            }
        }
        for (index, scalar) in scalars.enumerated() where scalar == " " {
            endRun(at: index)
            result.append(" ")
            runStart = index + 1
        }
        endRun(at: scalars.count)
        if result.count > longestMessage {
            return String(String.UnicodeScalarView(shortened(Array(result), head: 1_500, tail: 300)))
        }
        return String(result)
    }

    /// `scalars` as their first `head` and last `tail` around `…(N characters)…`, N being how many are left out.
    static func shortened(_ scalars: some Collection<Unicode.Scalar>, head: Int, tail: Int) -> [Unicode.Scalar] {
        Array(scalars.prefix(head)) + "…(\(scalars.count - head - tail) characters)…".unicodeScalars + scalars.suffix(tail)
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
