/// An error in a Mustache template, or in a request to render one.
///
/// Syntax errors carry the 1-based line and column (counted in `Character`s) of the
/// offending tag in the template source. Errors that have no position in a template
/// (such as asking for a template the library does not contain) use line 0, column 0.
public struct MustacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name of the template the error is in (the key in the library's `templates`).
    public var templateName: String
    /// The 1-based line of the error in the template source (0 when there is no position).
    public var line: Int
    /// The 1-based column, in `Character`s, of the error in its line (0 when there is no position).
    public var column: Int
    /// What went wrong: lowercase, without a final period.
    public var message: String

    /// Creates an error at a position in a template.
    public init(templateName: String, line: Int, column: Int, message: String) {
        self.templateName = templateName
        self.line = line
        self.column = column
        self.message = message
    }

    /// `<templateName>:<line>:<column>: error: <message>`, the format compilers use.
    public var description: String {
        "\(templateName):\(line):\(column): error: \(message)"
    }
}

/// A position in a template source, resolved to a line and a column.
struct SourceLocation: Sendable, Equatable {
    var templateName: String
    var line: Int
    var column: Int

    /// Makes an error at this position.
    func error(_ message: String) -> MustacheError {
        MustacheError(templateName: templateName, line: line, column: column, message: message)
    }
}
