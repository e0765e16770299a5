import RepogenCore
import RepogenMustache
import XCTest

/// Runs the in-memory pipeline on spec text and returns the generated files by template name.
func generate(_ json: String, path: String = "Specs/store.json") throws -> [String: String] {
    let library = try TemplateSet.builtin.library(templatesPath: nil)
    let files = try Pipeline.generate(file: SpecFile(path: path, text: json), library: library, options: GenerateOptions()).files
    var byName: [String: String] = [:]
    for (entry, file) in zip(OutputLayout.entries(forSpecPath: path), files) {
        byName[entry.template] = file.contents
    }
    return byName
}

/// The diagnostics the pipeline reports for spec text, as printed (`path:line:column: error: message`).
func diagnostics(_ json: String, path: String = "Specs/store.json") -> [String] {
    do {
        _ = try generate(json, path: path)
        return []
    } catch let error as DiagnosticsError {
        return error.diagnostics.map(\.description)
    } catch {
        return ["unexpected error: \(error)"]
    }
}

/// A one-endpoint spec around the given endpoint members (JSON text without braces).
///
/// The type names tests use are listed as external types, so that only the endpoint is under test.
func spec(_ endpoint: String, imports: String = "") -> String {
    """
    {
      \(imports.isEmpty ? "" : "\"imports\": [\(imports)],") "externalTypes": [\(testTypes)],
      "endpoints": [
        { \(endpoint) }
      ]
    }
    """
}

/// Asserts that `text` contains `snippet`, showing both on failure.
/// Whole lines of generated code as the pipeline writes them: wrapped at 120 columns (`SwiftLineWrapper`).
func wrapped(_ lines: String) -> String {
    String(SwiftLineWrapper.wrap("// header\n" + lines).dropFirst("// header\n".count))
}

func assertContains(_ text: String?, _ snippet: String, file: StaticString = #filePath, line: UInt = #line) {
    guard let text else {
        XCTFail("no text", file: file, line: line)
        return
    }
    if !text.contains(snippet) {
        XCTFail("expected to find:\n\(snippet)\n--- in ---\n\(text)", file: file, line: line)
    }
}

let testTypes = ["DetailInput", "ItemType", "FetchDataInput", "StickerInput", "PlaceType", "ContentsWithCursorResponse",
    "Post", "Page", "Item"].map { "\"\($0)\"" }.joined(separator: ", ")
