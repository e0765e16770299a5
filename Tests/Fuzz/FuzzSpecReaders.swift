// libFuzzer entry point: every input goes through both spec readers, the decoder and the validator, which
// must report problems as diagnostics and never crash, hang or overflow the stack; and through the YAML reader's
// document dialect (what `repogen import` reads OpenAPI documents with), and through the importer itself, whose
// specs must generate (an importer that writes a spec the generator refuses is a crash here). Built and run by
// Tests/Fuzz/run.sh (not part of the package's targets).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecReaders(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for path in ["fuzz.json", "fuzz.yaml"] {
        let file = SpecFile(path: path, bytes: bytes)
        guard let root = try? SpecReader.read(file) else { continue }
        let (spec, _) = decodeSpec(root, file: file)
        guard let spec else { continue }
        var warnings: [Diagnostic] = []
        _ = try? validateSpec(spec, domain: "Fuzz", warnings: &warnings)
    }
    // The document dialect: its tree (aliases expanded) must also be one whose JSON text can be made.
    if let document = try? YAMLSpecReader.read(SpecFile(path: "fuzz.yaml", bytes: bytes), dialect: .document) {
        _ = document.jsonText
        let (spec, _) = decodeSpec(document, file: SpecFile(path: "fuzz.yaml", bytes: bytes))
        if let spec {
            var warnings: [Diagnostic] = []
            _ = try? validateSpec(spec, domain: "Fuzz", warnings: &warnings)
        }
    }
    for path in ["openapi.json", "openapi.yaml"] {
        do {
            _ = try OpenAPIImporter.run(SpecFile(path: path, bytes: bytes), options: ImportOptions())
        } catch {
            // A document import refuses is fine; specs it wrote that do not generate are its bug.
            if error.diagnostics.first?.message.contains("this is a bug in repogen import") == true {
                fatalError(error.report)
            }
        }
    }
    return 0
}
