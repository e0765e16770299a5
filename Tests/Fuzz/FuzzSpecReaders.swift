// libFuzzer entry point: every input goes through both spec readers, the decoder and the validator, which
// must report problems as diagnostics and never crash, hang or overflow the stack. Built and run by
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
    return 0
}
