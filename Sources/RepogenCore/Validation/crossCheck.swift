import Foundation

/// The cross-check stage: specs generated together into one module, against each other.
extension Pipeline {
    /// Problems between specs generated into one module: a type declared twice (the same model in two specs, a
    /// model named like another domain's generated type, `a.json` beside `mock-a.json`), and output paths that
    /// differ only by letter case (one file on a case-insensitive file system, as macOS has by default).
    /// Each is reported at the later declaration, naming the first.
    package static func crossCheck(_ generations: [Generation]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var types: [String: TypeDeclaration] = [:]
        var files: [String: String] = [:]
        var fileNames: [String: String] = [:]
        // Each name some spec's style needs unhidden in the module (tca's `APIError`), with what needs it. A spec
        // of that style was refused a type of the name already; one of another style is checked here.
        var needed: [String: String] = [:]
        for generation in generations {
            for (name, what) in generation.moduleNames where needed[name] == nil { needed[name] = what }
        }
        for generation in generations {
            for declaration in generation.declarations {
                if let what = needed[declaration.name], generation.moduleNames[declaration.name] == nil {
                    diagnostics.append(Diagnostic(
                        .error, "\(declaration.what) would hide \(what); one module cannot have both",
                        at: declaration.location))
                }
                if let first = types[declaration.name] {
                    diagnostics.append(Diagnostic(
                        .error,
                        "\(declaration.what) and \(first.what) (\(first.location)) both declare the type "
                            + "'\(declaration.name)'; one module cannot have two", at: declaration.location))
                } else {
                    types[declaration.name] = declaration
                }
            }
            let specPath = generation.declarations.last?.location.path ?? ""
            for file in generation.files {
                let folded = file.relativePath.lowercased()
                if let other = files[folded], other != file.relativePath {
                    diagnostics.append(Diagnostic(
                        .error,
                        "the output file '\(file.relativePath)' differs from '\(other)' only by letter case; they are "
                            + "one file on a case-insensitive file system (macOS)",
                        at: SourceLocation(path: specPath, line: 1, column: 1)))
                }
                files[folded] = file.relativePath
                // A Swift target cannot hold two files of the same name, even in different folders.
                let name = (file.relativePath as NSString).lastPathComponent.lowercased()
                if let other = fileNames[name], other != file.relativePath, other.lowercased() != folded {
                    diagnostics.append(Diagnostic(
                        .error,
                        "the output file '\(file.relativePath)' has the name of '\(other)'; a Swift target cannot "
                            + "hold two files of one name", at: SourceLocation(path: specPath, line: 1, column: 1)))
                }
                fileNames[name] = file.relativePath
            }
        }
        return diagnostics + checkExternalReads(generations)
    }
}
