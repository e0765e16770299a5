import Foundation

/// A request as `RawServer` recorded it, read the way a strict server reads HTTP/1.1 (RFC 9112), with nothing of
/// the runtime's code: the request line, the header fields exactly as sent (names as sent, values with the
/// surrounding spaces HTTP strips), and the body bytes. Helpers decode a path's segments, a query string and a
/// `multipart/form-data` body, each refusing what a server would not read as the sender meant it.
public struct WireRequest: Sendable, Equatable {
    public var method: String
    /// The request target as sent, e.g. `/lists/%2E%2E/items?x=1`.
    public var target: String
    /// Each header field as sent, in order.
    public var fields: [(name: String, value: [UInt8])]
    public var body: [UInt8]

    public static func == (lhs: WireRequest, rhs: WireRequest) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.body == rhs.body
            && lhs.fields.map(\.name) == rhs.fields.map(\.name) && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }

    /// Why recorded bytes are not one well-formed request, or a part of it cannot be read back.
    public struct Malformed: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// Reads the bytes of one request.
    public init(_ bytes: [UInt8]) throws {
        let crlf: [UInt8] = [13, 10]
        guard let headEnd = RawServer.find(crlf + crlf, in: bytes) else { throw Malformed("no end of the head") }
        var lines: [[UInt8]] = []
        var start = 0
        while start < headEnd {
            let end = RawServer.find(crlf, in: bytes, from: start).map { min($0, headEnd) } ?? headEnd
            lines.append(Array(bytes[start..<end]))
            start = end + 2
        }
        for line in lines where line.contains(13) || line.contains(10) || line.contains(0) {
            throw Malformed("a bare CR, LF or NUL in the head: \(String(decoding: line, as: UTF8.self).debugDescription)")
        }
        guard let requestLine = lines.first else { throw Malformed("no request line") }
        let words = requestLine.split(separator: 32, omittingEmptySubsequences: false)
        guard words.count == 3, String(decoding: words[2], as: UTF8.self) == "HTTP/1.1" else {
            throw Malformed("request line \(String(decoding: requestLine, as: UTF8.self).debugDescription)")
        }
        method = String(decoding: words[0], as: UTF8.self)
        target = String(decoding: words[1], as: UTF8.self)
        fields = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                throw Malformed("a header line without a colon: \(String(decoding: line, as: UTF8.self).debugDescription)")
            }
            let name = String(decoding: line[..<colon], as: UTF8.self)
            guard !name.isEmpty, name.unicodeScalars.allSatisfy(WireRequest.isTokenCharacter) else {
                throw Malformed("header name \(name.debugDescription) is not a token")
            }
            var value = Array(line[(colon + 1)...])
            while let first = value.first, first == 32 || first == 9 { value.removeFirst() }
            while let last = value.last, last == 32 || last == 9 { value.removeLast() }
            fields.append((name, value))
        }
        let rest = Array(bytes[(headEnd + 4)...])
        if let length = Self.value(of: "content-length", in: fields) {
            guard let count = Int(String(decoding: length, as: UTF8.self)), count == rest.count else {
                throw Malformed("Content-Length \(String(decoding: length, as: UTF8.self)) but \(rest.count) body bytes")
            }
            body = rest
        } else if Self.value(of: "transfer-encoding", in: fields).map({ String(decoding: $0, as: UTF8.self) }) == "chunked" {
            body = try Self.unchunked(rest)
        } else {
            guard rest.isEmpty else { throw Malformed("\(rest.count) body bytes without a length") }
            body = []
        }
    }

    /// `text` without the spaces and tabs at its ends, which HTTP strips from a field value (RFC 9110 5.5).
    public static func trimmed(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }

    /// RFC 9110 `tchar`.
    public static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
    }

    private static func value(of name: String, in fields: [(name: String, value: [UInt8])]) -> [UInt8]? {
        fields.first { $0.name.lowercased() == name }?.value
    }

    private static func unchunked(_ bytes: [UInt8]) throws -> [UInt8] {
        var body: [UInt8] = []
        var index = 0
        while true {
            guard let end = RawServer.find([13, 10], in: bytes, from: index),
                let size = Int(String(decoding: bytes[index..<end], as: UTF8.self), radix: 16)
            else { throw Malformed("a bad chunk size") }
            if size == 0 { return body }
            guard end + 2 + size <= bytes.count else { throw Malformed("a short chunk") }
            body += bytes[(end + 2)..<(end + 2 + size)]
            index = end + 4 + size
        }
    }

    // MARK: - Reading it back

    /// Every value of the header `name` (any letter case), as text (UTF-8).
    public func headers(_ name: String) -> [String] {
        fields.filter { $0.name.lowercased() == name.lowercased() }.map { String(decoding: $0.value, as: UTF8.self) }
    }

    /// The path part of the target, before `?`.
    public var path: String {
        String(target.prefix { $0 != "?" })
    }

    /// The query part of the target, after the first `?`; nil without one.
    public var query: String? {
        target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) }
    }

    /// The path's segments, each percent-decoded; throws for a segment a server would take as structure (`.` or
    /// `..` as sent) or for bad percent-encoding. `"/a/b%2Fc"` is `["a", "b/c"]`.
    public func pathSegments() throws -> [String] {
        guard path.hasPrefix("/"), !path.contains("#") else { throw Malformed("path \(path.debugDescription)") }
        return try path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { raw in
            if raw == "." || raw == ".." { throw Malformed("a dot segment \(raw.debugDescription) in \(path)") }
            return try Self.percentDecoded(String(raw))
        }
    }

    /// The query's items in order, names and values percent-decoded (`+` is a plus, as RFC 3986 reads it: the
    /// runtime encodes a space as `%20`).
    public func queryItems() throws -> [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return try query.split(separator: "&", omittingEmptySubsequences: false).map { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { throw Malformed("query item \(item.debugDescription) has no '='") }
            return (try Self.percentDecoded(String(pair[0])), try Self.percentDecoded(String(pair[1])))
        }
    }

    /// `%XX` sequences decoded to bytes, read as UTF-8; throws for a `%` without two hex digits, bytes that are not
    /// UTF-8, or a raw character outside what a URL carries (RFC 3986: unreserved, sub-delims, `:`, `@`, `/`, `?`).
    public static func percentDecoded(_ text: String) throws -> String {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let first = utf8.index(after: index)
                guard first != utf8.endIndex, utf8.index(after: first) != utf8.endIndex,
                    let value = UInt8(String(decoding: utf8[first...utf8.index(after: first)], as: UTF8.self), radix: 16)
                else { throw Malformed("bad percent-encoding in \(text.debugDescription)") }
                bytes.append(value)
                index = utf8.index(first, offsetBy: 2)
                continue
            }
            let allowed = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?"
            guard allowed.utf8.contains(byte) else {
                throw Malformed("a raw \(Unicode.Scalar(byte).escaped(asASCII: true)) in \(text.debugDescription)")
            }
            bytes.append(byte)
            index = utf8.index(after: index)
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else { throw Malformed("not UTF-8: \(text)") }
        return decoded
    }

    /// A `multipart/form-data` body's parts, read with the boundary of the `Content-Type` header.
    public struct Part: Sendable, Equatable {
        /// The part's header fields, names lowercased, values as sent.
        public var headers: [String: String]
        /// The `name` parameter of `Content-Disposition`, as sent between the quotes.
        public var name: String?
        /// The `filename` parameter of `Content-Disposition`, as sent between the quotes.
        public var filename: String?
        public var content: [UInt8]
    }

    /// The boundary of a `multipart/form-data` `Content-Type` (quoted or not).
    public func boundary() throws -> String {
        guard let type = headers("Content-Type").first, type.hasPrefix("multipart/form-data; boundary=") else {
            throw Malformed("not multipart/form-data: \(headers("Content-Type"))")
        }
        var boundary = String(type.dropFirst("multipart/form-data; boundary=".count))
        if boundary.hasPrefix("\"") {
            guard boundary.count >= 2, boundary.hasSuffix("\""), !boundary.dropFirst().dropLast().contains("\"") else {
                throw Malformed("bad quoted boundary \(boundary)")
            }
            boundary = String(boundary.dropFirst().dropLast())
        } else {
            guard !boundary.isEmpty, boundary.unicodeScalars.allSatisfy(Self.isTokenCharacter) else {
                throw Malformed("an unquoted boundary that is not a token: \(boundary.debugDescription)")
            }
        }
        let bchars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'()+_,-./:=? "
        guard (1...70).contains(boundary.utf8.count), boundary.utf8.allSatisfy({ bchars.utf8.contains($0) }),
            !boundary.hasSuffix(" ")
        else { throw Malformed("the boundary \(boundary.debugDescription) is not RFC 2046-valid") }
        return boundary
    }

    /// The parts of a `multipart/form-data` body (RFC 2046 / RFC 7578): split at each line that starts with the
    /// delimiter, as a parser reads it, so content that held the delimiter would show as extra parts.
    public func parts() throws -> [Part] {
        let delimiter = Array("--\(try boundary())".utf8)
        // The body, with a CRLF before it so that the first delimiter is found like the others.
        let bytes: [UInt8] = [13, 10] + body
        var starts: [Int] = []
        var index = 0
        while let found = RawServer.find([13, 10] + delimiter, in: bytes, from: index) {
            starts.append(found)
            index = found + 2 + delimiter.count
        }
        guard let last = starts.last, bytes[(last + 2 + delimiter.count)...].starts(with: Array("--\r\n".utf8)),
            last + 2 + delimiter.count + 4 == bytes.count
        else { throw Malformed("no close delimiter at the end of the body") }
        var parts: [Part] = []
        for (start, end) in zip(starts, starts.dropFirst()) {
            let afterDelimiter = start + 2 + delimiter.count
            guard bytes[afterDelimiter..<min(afterDelimiter + 2, bytes.count)].elementsEqual([13, 10]) else {
                throw Malformed("text after a delimiter")
            }
            let part = Array(bytes[(afterDelimiter + 2)..<end])
            guard let headEnd = RawServer.find([13, 10, 13, 10], in: part) ?? (part.starts(with: [13, 10]) ? -2 : nil)
            else { throw Malformed("a part without a blank line") }
            var headers: [String: String] = [:]
            if headEnd > 0 {
                for line in String(decoding: part[0..<headEnd], as: UTF8.self).components(separatedBy: "\r\n") {
                    guard let colon = line.firstIndex(of: ":"), !line.unicodeScalars.contains(where: { $0.value < 32 }) else {
                        throw Malformed("part header line \(line.debugDescription)")
                    }
                    let name = line[..<colon].lowercased()
                    guard headers[name] == nil else { throw Malformed("part header \(name) twice") }
                    headers[name] = Self.trimmed(String(line[line.index(after: colon)...]))
                }
            }
            let disposition = headers["content-disposition"] ?? ""
            parts.append(Part(
                headers: headers, name: try Self.parameter("name", in: disposition),
                filename: try Self.parameter("filename", in: disposition), content: Array(part[(headEnd + 4)...])))
        }
        return parts
    }

    /// A quoted parameter of a `Content-Disposition` value (`form-data; name="a"; filename="b"`), read from the
    /// left as a parser does; throws when the value is not a sequence of such parameters.
    static func parameter(_ wanted: String, in disposition: String) throws -> String? {
        guard disposition.hasPrefix("form-data") else { throw Malformed("disposition \(disposition.debugDescription)") }
        var rest = Substring(disposition.dropFirst("form-data".count))
        var found: String?
        while !rest.isEmpty {
            guard rest.hasPrefix("; ") else { throw Malformed("disposition \(disposition.debugDescription)") }
            rest = rest.dropFirst(2)
            guard let equals = rest.firstIndex(of: "=") else { throw Malformed("disposition \(disposition.debugDescription)") }
            let name = String(rest[..<equals])
            rest = rest[rest.index(after: equals)...]
            guard rest.hasPrefix("\""), let close = rest.dropFirst().firstIndex(of: "\"") else {
                throw Malformed("unquoted parameter in \(disposition.debugDescription)")
            }
            let value = String(rest[rest.index(after: rest.startIndex)..<close])
            if name == wanted {
                guard found == nil else { throw Malformed("parameter \(name) twice in \(disposition.debugDescription)") }
                found = value
            }
            rest = rest[rest.index(after: close)...]
        }
        return found
    }
}
