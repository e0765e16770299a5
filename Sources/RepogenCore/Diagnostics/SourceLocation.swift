/// A place in a spec file, as a person reads it: 1-based line and column (columns count characters).
package struct SourceLocation: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The file's path as the user typed it.
    package var path: String
    package var line: Int
    package var column: Int

    package init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`, the prefix compilers and IDEs understand.
    package var description: String { "\(path):\(line):\(column)" }
}
