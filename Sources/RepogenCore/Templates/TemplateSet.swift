import Foundation
import RepogenMustache

/// The templates one run renders with: the built-in set of its output style (`Templates/shared/` with
/// `Templates/<style>/` over it), with any file of a user's folder replacing the built-in template of the same
/// name (so a user can override one template or one partial).
package struct TemplateSet: Sendable {
    /// Template name (`Api.swift`, `_header`) -> text.
    package var templates: [String: String]

    /// The built-in templates of the default style.
    package static let builtin = builtin(for: .result)

    /// The built-in templates of a style: the shared ones, and the style's own over them.
    package static func builtin(for style: OutputStyle) -> TemplateSet {
        var templates: [String: String] = [:]
        for folder in [sharedFolder, style.name] {
            let prefix = folder + "/"
            for (name, text) in BuiltinTemplates.all where name.hasPrefix(prefix) {
                templates[String(name.dropFirst(prefix.count))] = text
            }
        }
        return TemplateSet(templates: templates)
    }

    /// A template is read only when it is at most this large (the bound of a spec; the built-in ones are a few KB).
    package static let maximumTemplateSize = Pipeline.maximumSpecSize

    /// The folder of `Templates/` whose templates every style shares.
    package static let sharedFolder = "shared"

    package init(templates: [String: String]) {
        self.templates = templates
    }

    /// Reads `*.mustache` files from `directory` over the built-in set of `style`.
    /// - Throws: `Diagnostic` when the folder cannot be read.
    package static func loading(overridesFrom directory: String, style: OutputStyle = .result) throws(Diagnostic) -> TemplateSet {
        var set = builtin(for: style)
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw Diagnostic(.error, "templates folder not found", path: directory)
        }
        guard isDirectory.boolValue else {
            throw Diagnostic(.error, "the templates folder is a file, not a folder", path: directory)
        }
        let names: [String]
        do {
            names = try POSIXFile.names(in: directory)
        } catch {
            throw Diagnostic(.error, "cannot read the templates folder: \(POSIXFile.reason(errno: error.code))", path: directory)
        }
        for file in names.sorted() where file.hasSuffix(BuiltinTemplatesSource.fileExtension) {
            let path = (directory as NSString).appendingPathComponent(file)
            let data: [UInt8]
            do {
                data = try POSIXFile.readRegularFile(path, limit: maximumTemplateSize, followingLinks: true)
            } catch {
                throw Diagnostic(.error, error.message(file: "template"), path: path)
            }
            let text = String(decoding: data, as: UTF8.self)
            guard text.utf8.elementsEqual(data) else {
                throw Diagnostic(.error, "the template is not valid UTF-8", path: path)
            }
            set.templates[String(file.dropLast(BuiltinTemplatesSource.fileExtension.count))] = text
        }
        return set
    }

    /// Reads every `*.mustache` file of the subfolders of a folder (`Templates/shared/Api.swift.mustache` is
    /// `shared/Api.swift`), without the built-in set: for the generator tool and tests.
    package static func readFolder(_ directory: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for folder in try FileManager.default.contentsOfDirectory(atPath: directory) {
            let folderPath = (directory as NSString).appendingPathComponent(folder)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folderPath, isDirectory: &isDirectory), isDirectory.boolValue else {
                continue
            }
            for file in try FileManager.default.contentsOfDirectory(atPath: folderPath)
            where file.hasSuffix(BuiltinTemplatesSource.fileExtension) {
                let path = (folderPath as NSString).appendingPathComponent(file)
                let bytes: [UInt8]
                do {
                    bytes = try POSIXFile.readRegularFile(path, limit: maximumTemplateSize, followingLinks: true)
                } catch {
                    throw Diagnostic(.error, error.message(file: "template"), path: path)
                }
                let text = String(decoding: bytes, as: UTF8.self)
                guard text.utf8.elementsEqual(bytes) else {
                    throw Diagnostic(.error, "the template is not valid UTF-8", path: path)
                }
                result[folder + "/" + String(file.dropLast(BuiltinTemplatesSource.fileExtension.count))] = text
            }
        }
        return result
    }

    /// Parses every template once.
    /// - Throws: `Diagnostic` naming the template file, line and column of a syntax error.
    package func library(templatesPath: String?) throws(Diagnostic) -> MustacheLibrary {
        do {
            return try MustacheLibrary(templates: templates, escaping: .none)
        } catch {
            let file = (templatesPath.map { $0 + "/" } ?? "<built-in>/") + error.templateName + BuiltinTemplatesSource.fileExtension
            throw Diagnostic(.error, error.message, at: SourceLocation(path: file, line: error.line, column: error.column))
        }
    }

    /// The diagnostic for an error raised while rendering `template` (such as a template that fans out past the
    /// render budget): at the template file and tag it names, in the user's folder or the built-in set.
    package func renderDiagnostic(_ error: MustacheError, rendering template: String, templatesPath: String?) -> Diagnostic {
        let message = "cannot render template '\(template)': \(error.message)"
        guard error.line > 0 else {
            return Diagnostic(.error, message, path: templatesPath)
        }
        let fileName = error.templateName + BuiltinTemplatesSource.fileExtension
        var folder = "<built-in>"
        if let templatesPath,
            FileManager.default.fileExists(atPath: (templatesPath as NSString).appendingPathComponent(fileName))
        {
            folder = templatesPath
        }
        let location = SourceLocation(path: folder + "/" + fileName, line: error.line, column: error.column)
        return Diagnostic(.error, message, at: location)
    }
}
