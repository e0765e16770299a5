/// What a successful `generate` run into an output folder leaves in repogen's cache folder (`RecordLocation`), so
/// that a rerun with the same inputs can tell that the output is already what it would produce without parsing or
/// rendering anything:
///
/// ```
/// # repogen cache: machine-local, safe to delete, do not commit
/// repogen-cache 2
/// output /home/me/App/Generated
/// key 4be1c3d0a8f79e2b1f0e6a5d4c3b2a19
/// file 6451881 9c1d2e3f4a5b6c7d Store/StoreApi.swift
/// warning Specs/store.json:14:22: warning: input 'unused' is not used by the path, param, header or method
/// ```
///
/// `output` is the real path of the output folder the record belongs to; `key` is the fingerprint of everything the
/// output depends on (`GenerateRun.fingerprint`); each `file` line is a generated file's size in bytes and XXH64
/// hash, in the order the run produced them; each `warning` line is a
/// warning the run printed (replayed when the run is skipped). The record is only a memo of "these inputs give
/// these bytes": it is written after a successful run from the bytes that run rendered, and it is only trusted
/// when every file on disk still hashes to what it says.
package struct GenerationRecord: Sendable, Equatable {
    package struct File: Sendable, Equatable {
        package var relativePath: String
        package var size: Int
        package var hash: UInt64

        package init(relativePath: String, size: Int, hash: UInt64) {
            self.relativePath = relativePath
            self.size = size
            self.hash = hash
        }

        package init(_ file: OutputFile) {
            let (size, hash) = file.withUTF8 { ($0.count, XXH64.hash($0)) }
            self.init(relativePath: file.relativePath, size: size, hash: hash)
        }
    }

    /// The name of the record repogen 0.3.0 and earlier wrote into the output folder itself (version 1, without
    /// `output`); a run removes it (`GenerateRun.removeLegacyRecord`).
    package static let legacyFileName = ".repogen-cache"
    static let legacyVersion = "repogen-cache 1"
    static let version = "repogen-cache 2"
    static let comment = "# repogen cache: machine-local, safe to delete, do not commit"
    /// A record is small (one line per file); anything much larger is not one.
    static let maximumSize = 16 * 1024 * 1024

    /// The real path of the output folder.
    package var output: String
    package var key: String
    package var files: [File]
    package var warnings: [String]

    package init(output: String, key: String, files: [File], warnings: [String]) {
        self.output = output
        self.key = key
        self.files = files
        self.warnings = warnings
    }

    package var encoded: [UInt8] {
        var text = Self.comment + "\n" + Self.version + "\n" + "output " + Self.escape(output) + "\n"
        text += "key " + Self.escape(key) + "\n"
        for file in files {
            text += "file \(file.size) \(XXH64.hex(file.hash)) \(Self.escape(file.relativePath))\n"
        }
        for warning in warnings {
            text += "warning \(Self.escape(warning))\n"
        }
        return Array(text.utf8)
    }

    /// Reads a record; nil for anything that is not exactly what `encoded` writes.
    package init?(decoding bytes: [UInt8]) {
        guard bytes.count <= Self.maximumSize, bytes.last == UInt8(ascii: "\n") else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()[...]
        guard lines.popFirst() == Substring(Self.comment), lines.popFirst() == Substring(Self.version),
            let outputLine = lines.popFirst(), outputLine.hasPrefix("output "),
            let output = Self.unescape(outputLine.dropFirst(7)), !output.isEmpty,
            let keyLine = lines.popFirst(), keyLine.hasPrefix("key "),
            let key = Self.unescape(keyLine.dropFirst(4)), !key.isEmpty
        else { return nil }
        var files: [File] = []
        var warnings: [String] = []
        for line in lines {
            if line.hasPrefix("file "), warnings.isEmpty {
                let parts = line.dropFirst(5).split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
                guard parts.count == 3, parts[0].allSatisfy(\.isASCII), let size = Int(parts[0]), size >= 0,
                    parts[1].count == 16, parts[1].allSatisfy(\.isASCII), let hash = UInt64(parts[1], radix: 16),
                    let path = Self.unescape(parts[2]), !path.isEmpty
                else { return nil }
                files.append(File(relativePath: path, size: size, hash: hash))
            } else if line.hasPrefix("warning ") {
                guard let warning = Self.unescape(line.dropFirst(8)) else { return nil }
                warnings.append(warning)
            } else {
                return nil
            }
        }
        self.init(output: output, key: key, files: files, warnings: warnings)
    }

    /// The output folder a record names, read from the first bytes of one (its head); nil when they do not start
    /// a record of this version.
    package static func outputFolder(inHead head: [UInt8]) -> String? {
        let prefix = Array((comment + "\n" + version + "\noutput ").utf8)
        guard head.starts(with: prefix), let end = head[prefix.count...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: head[prefix.count..<end], as: UTF8.self)
        guard let output = unescape(Substring(line)), output.hasPrefix("/") else { return nil }
        return output
    }

    /// Whether the first bytes of a file are those of a record repogen 0.3.0 and earlier wrote into the output
    /// folder.
    package static func isLegacyRecord(head: [UInt8]) -> Bool {
        head.starts(with: Array((comment + "\n" + legacyVersion + "\nkey ").utf8))
    }

    /// One line whatever the text holds: `\` and the line breaks are escaped.
    static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0.isNewline }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default:
                if Character(scalar).isNewline {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    static func unescape(_ text: Substring) -> String? {
        guard text.contains("\\") else { return String(text) }
        var result = ""
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalars.popFirst() {
            case "\\": result += "\\"
            case "n": result += "\n"
            case "r": result += "\r"
            case "u":
                guard scalars.popFirst() == "{", let end = scalars.firstIndex(of: "}"),
                    let value = UInt32(String(String.UnicodeScalarView(scalars[..<end])), radix: 16),
                    let decoded = Unicode.Scalar(value)
                else { return nil }
                result.unicodeScalars.append(decoded)
                scalars = scalars[scalars.index(after: end)...]
            default:
                return nil
            }
        }
        return result
    }
}

/// The fingerprint of a run's inputs: every field goes in with its name and length, so no two different sets of
/// inputs serialise to the same bytes; the key is a 128-bit hash of those bytes.
package struct Fingerprint {
    private var buffer: [UInt8] = []

    package init() {}

    package mutating func add(_ field: String, _ value: String) {
        add(field, bytes: Array(value.utf8))
    }

    package mutating func add(_ field: String, bytes: [UInt8]) {
        buffer += Array(field.utf8)
        buffer += Array(" \(bytes.count)\n".utf8)
        buffer += bytes
        buffer.append(UInt8(ascii: "\n"))
    }

    /// Large contents (a spec) go in as their length and hashes.
    package mutating func add(_ field: String, digest: FileDigest) {
        add(field, "\(digest.size) " + digest.hashes.map(XXH64.hex).joined(separator: " "))
    }

    /// The seeds of the two hashes that make a 128-bit one.
    package static let seeds: [UInt64] = [0, secondSeed]
    static let secondSeed: UInt64 = 0x5265_706F_6765_6E21  // "Repogen!"

    /// 32 hex digits.
    package var key: String {
        buffer.withUnsafeBytes { XXH64.hex(XXH64.hash($0)) + XXH64.hex(XXH64.hash($0, seed: Self.secondSeed)) }
    }
}
