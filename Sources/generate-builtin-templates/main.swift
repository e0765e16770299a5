import Foundation
import RepogenCore

// Rewrites Sources/RepogenCore/Templates/BuiltinTemplates+Generated.swift from Templates/*.mustache.
// Run from the package root: swift run generate-builtin-templates
let root = FileManager.default.currentDirectoryPath
let output = root + "/Sources/RepogenCore/Templates/BuiltinTemplates+Generated.swift"
do {
    let templates = try TemplateSet.readFolder(root + "/Templates")
    guard !templates.isEmpty else {
        FileHandle.standardError.write(Data("error: no *.mustache files in \(root)/Templates\n".utf8))
        exit(1)
    }
    let source = BuiltinTemplatesSource.render(templates)
    let existing = (try? POSIXFile.readRegularFile(output, limit: 64 << 20, followingLinks: true))
        .map { String(decoding: $0, as: UTF8.self) }
    if existing == source {
        print("unchanged: \(output)")
    } else {
        try source.write(toFile: output, atomically: true, encoding: .utf8)
        print("wrote: \(output) (\(templates.count) templates)")
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
