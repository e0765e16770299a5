/// Reads a spec file in its format: the YAML-like reader or the JSON reader, into the same tree.
package enum SpecReader {
    package static func read(_ file: SpecFile) throws(Diagnostic) -> SpecNode {
        switch file.format {
        case .json: return try JSONSpecReader.read(file)
        case .yaml: return try YAMLSpecReader.read(file)
        }
    }
}
