import Foundation

/// The checks that keep an input value from reshaping a request: what may stand in a header field, a multipart
/// boundary, a multipart part's header. Each failure is a `NetworkError.invalidParameter` raised while the request
/// is built, before anything is sent.
///
/// What is encoded instead of refused: path inputs (`PathComponent`), query names and values (`QueryEncoder`) and
/// JSON bodies carry any text; a `"`, CR or LF in a multipart name or file name goes out as `%22`, `%0D`, `%0A`, as
/// browsers send them.
enum WireSafety {
    /// Checks a header field: the name an RFC 9110 token, the value free of control characters (CR, LF and NUL
    /// would end the field or the head, and URL loaders drop such a field without a word; a tab is allowed inside).
    /// Spaces and tabs at either end are not part of a field's value in HTTP: the server reads it without them.
    static func checkHeader(name: String, value: String) throws(NetworkError) {
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(isTokenCharacter) else {
            throw .invalidParameter(
                key: name,
                reason: "the header name \(name.debugDescription) is not an HTTP token (letters, digits and !#$%&'*+-.^_`|~); nothing was sent")
        }
        if let problem = problem(inFieldValue: value) {
            throw .invalidParameter(key: name, reason: "the value of the header '\(name)' \(problem); nothing was sent")
        }
    }

    /// What `JSONParameter.headerValue(_:)` gives for a value `JSONEncoder` cannot encode, before the reason: it
    /// starts with a NUL, so it can never be sent, and names why.
    static let unencodableJSONMarker = "\u{0}unencodable JSON: "

    /// Why a header field value cannot be sent as it is; nil when it can.
    static func problem(inFieldValue value: String) -> String? {
        if value.hasPrefix(unencodableJSONMarker) {
            return "is a value that could not be encoded as JSON (\(value.dropFirst(unencodableJSONMarker.count)))"
        }
        if let control = value.unicodeScalars.first(where: isForbiddenInFieldValue) {
            return "contains the control character \(describe(control)), which HTTP cannot carry in a header"
        }
        return nil
    }

    /// `value` without the spaces and tabs at its ends (RFC 9110 5.5: they are not part of a field's value).
    static func trimmed(_ value: String) -> String {
        var scalars = Substring(value).unicodeScalars
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }

    /// C0 controls but the tab, and DEL.
    static func isForbiddenInFieldValue(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }

    /// RFC 9110 `tchar`: ASCII letters and digits and `!#$%&'*+-.^_`|~`.
    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
        }
    }

    /// `U+000D (CR)`, as an error message names a character.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let names: [UInt32: String] = [0x00: "NUL", 0x09: "tab", 0x0A: "LF", 0x0D: "CR", 0x7F: "DEL"]
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return names[scalar.value].map { "\(code) (\($0))" } ?? code
    }

    // MARK: - Multipart

    /// RFC 2046 `bchars`: what a boundary may hold (a space, but not at the end).
    static let boundaryCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'()+_,-./:=? ".unicodeScalars)

    /// Checks a boundary a request gives: 1 to 70 of RFC 2046's characters, not ending with a space.
    static func checkBoundary(_ boundary: String) throws(NetworkError) {
        let count = boundary.unicodeScalars.count
        let problem: String?
        if count > 70 {
            problem = "is \(count) characters long; RFC 2046 allows 1 to 70"
        } else if let bad = boundary.unicodeScalars.first(where: { !boundaryCharacters.contains($0) }) {
            problem = "contains \(bad.isASCII && bad.value >= 0x20 && bad.value != 0x7F ? "'\(bad)'" : describe(bad)); RFC 2046 allows letters, digits, spaces and '()+_,-./:=?"
        } else if boundary.hasSuffix(" ") {
            problem = "ends with a space, which RFC 2046 does not allow"
        } else {
            problem = nil
        }
        if let problem {
            throw .invalidParameter(key: nil, reason: "the multipart boundary \(boundary.debugDescription) \(problem); nothing was sent")
        }
    }

    /// The `Content-Type` of a multipart body: the boundary quoted when it is not a token (RFC 2046's `:`, `/`,
    /// `=`, `?`, `(`, `)`, `,` and spaces are not).
    static func multipartContentType(boundary: String) -> String {
        let quoted = boundary.unicodeScalars.allSatisfy(isTokenCharacter) && !boundary.isEmpty ? boundary : "\"\(boundary)\""
        return "multipart/form-data; boundary=\(quoted)"
    }

    /// Whether `needle` occurs in `haystack`.
    static func contains(_ haystack: Data, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            needle.withUnsafeBytes { (wanted: UnsafeRawBufferPointer) -> Bool in
                guard let base = bytes.baseAddress, let first = wanted.first, let needleBase = wanted.baseAddress else { return false }
                var offset = 0
                let last = bytes.count - wanted.count
                while offset <= last {
                    guard let found = memchr(base + offset, Int32(first), last - offset + 1) else { return false }
                    let index = base.distance(to: UnsafeRawPointer(found))
                    if memcmp(base + index, needleBase, wanted.count) == 0 { return true }
                    offset = index + 1
                }
                return false
            }
        }
    }
}
