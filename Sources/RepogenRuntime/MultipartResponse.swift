import Foundation

/// A `multipart/form-data` response read as the JSON object a model decodes from: one key per part name, a JSON
/// part (`Content-Type: application/json` or `+json`) as its JSON, a text part as a string, any other part (a file,
/// bytes) as base64 (which `Data` decodes). A name given more than once is an array.
///
/// The parts do not say what the model expects where the document does: a name sent once where the model has an
/// array is made an array of one, and a text part where it has a number or a Boolean is read as that literal, when
/// decoding says so (a type mismatch at that key). Anything else that does not fit is the decoding error.
///
/// The parts' header fields (other than `Content-Type` and `Content-Disposition`) are not in the object: the decoder
/// carries them in its `userInfo`, where a model's field declared with `partHeader` reads them
/// (`MultipartPartHeader`).
enum MultipartResponse {
    /// A part's content as it is read.
    enum Value {
        case json(Data)
        case text(String)
        case bytes(Data)
    }

    /// Whether `contentType` is `multipart/form-data`; its boundary, or nil.
    static func boundary(ofContentType contentType: String) -> String? {
        let pieces = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let essence = pieces.first, essence.lowercased() == "multipart/form-data" else { return nil }
        for piece in pieces.dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// The parts of `body`, in order: name and value. A body that is not a multipart body of `boundary` (no closing
    /// delimiter, a part without a blank line after its headers or without a name) is a decoding error.
    static func parts(of body: Data, boundary: String) throws -> [(name: String, value: Value)] {
        try headedParts(of: body, boundary: boundary).map { ($0.name, $0.value) }
    }

    /// The parts of `body` with their header fields (lower-cased names; a field given twice is joined with ", ").
    /// A header line without a colon, or with a name that is not an HTTP token, is a decoding error.
    static func headedParts(
        of body: Data, boundary: String
    ) throws -> [(name: String, value: Value, headers: [String: String])] {
        let bytes = [UInt8]([13, 10]) + [UInt8](body)
        let delimiter = [UInt8]("\r\n--\(boundary)".utf8)
        var starts: [Int] = []
        var index = 0
        while let found = find(delimiter, in: bytes, from: index) {
            starts.append(found)
            index = found + delimiter.count
        }
        guard let last = starts.last, bytes[(last + delimiter.count)...].starts(with: [45, 45]) else {
            throw malformed("the multipart body has no closing delimiter '--\(boundary)--'")
        }
        var parts: [(name: String, value: Value, headers: [String: String])] = []
        for (start, end) in zip(starts, starts.dropFirst()) {
            var from = start + delimiter.count
            // Transport padding (spaces, tabs) may follow a delimiter, then CRLF.
            while from < end, bytes[from] == 32 || bytes[from] == 9 { from += 1 }
            guard bytes[from..<min(from + 2, end)].elementsEqual([13, 10]) else {
                throw malformed("text after a multipart delimiter")
            }
            let part = Array(bytes[(from + 2)..<end])
            let headEnd: Int
            let contentStart: Int
            if part.starts(with: [13, 10]) {
                (headEnd, contentStart) = (0, 2)
            } else if let found = find([13, 10, 13, 10], in: part, from: 0) {
                (headEnd, contentStart) = (found, found + 4)
            } else {
                throw malformed("a multipart part without a blank line after its headers")
            }
            var headers: [String: String] = [:]
            for line in String(decoding: part[0..<headEnd], as: UTF8.self).components(separatedBy: "\r\n") where !line.isEmpty {
                guard let colon = line.firstIndex(of: ":") else { throw malformed("a multipart part header without a colon") }
                let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                guard !name.isEmpty, name.unicodeScalars.allSatisfy(WireSafety.isTokenCharacter) else {
                    throw malformed("a multipart part header whose name \(name.debugDescription) is not an HTTP token")
                }
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                headers[name] = headers[name].map { $0 + ", " + value } ?? value
            }
            guard let name = headers["content-disposition"].flatMap({ parameter("name", in: $0) }) else {
                throw malformed("a multipart part without a name (Content-Disposition: form-data; name=\"…\")")
            }
            let content = Data(part[contentStart...])
            let type = (headers["content-type"] ?? "text/plain").split(separator: ";").first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            } ?? ""
            let isFile = headers["content-disposition"].flatMap { parameter("filename", in: $0) } != nil
            if type == "application/json" || type.hasSuffix("+json") {
                parts.append((name, .json(content), headers))
            } else if !isFile, type.hasPrefix("text/"), let text = String(data: content, encoding: .utf8) {
                parts.append((name, .text(text), headers))
            } else {
                parts.append((name, .bytes(content), headers))
            }
        }
        return parts
    }

    /// `body` decoded as `T`: its parts as a JSON object, shaped as decoding asks (see the type's description).
    /// The header fields of each part go into `decoder.userInfo` (`MultipartPartHeader.userInfoKey`), a name given
    /// more than once by its first part.
    static func decode<T: Decodable>(_ type: T.Type, body: Data, boundary: String, decoder: JSONDecoder) throws -> T {
        let parts = try headedParts(of: body, boundary: boundary)
        var order: [String] = []
        var byName: [String: [Value]] = [:]
        var headers: [String: [String: String]] = [:]
        for (name, value, partHeaders) in parts {
            if byName[name] == nil {
                order.append(name)
                headers[name] = partHeaders
            }
            byName[name, default: []].append(value)
        }
        decoder.userInfo[MultipartPartHeader.userInfoKey] = MultipartPartHeader.Headers(byPart: headers)
        var arrays = Set(byName.filter { $0.value.count > 1 }.keys)
        var literals: Set<String> = []
        // Each retry adds a key to `arrays` or `literals`: at most twice as many as there are names.
        for _ in 0...(2 * order.count) {
            let json = try object(order: order, byName: byName, arrays: arrays, literals: literals)
            do {
                return try decoder.decode(T.self, from: json)
            } catch DecodingError.typeMismatch(let expected, let context) {
                guard let key = context.codingPath.first?.stringValue, let values = byName[key] else { throw DecodingError.typeMismatch(expected, context) }
                let expectedName = String(describing: expected)
                if context.codingPath.count == 1, expectedName.hasPrefix("Array"), !arrays.contains(key) {
                    arrays.insert(key)
                } else if !literals.contains(key), values.allSatisfy({ if case .text(let text) = $0 { isLiteral(text) } else { false } }),
                    ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double",
                     "Float", "Decimal", "Bool"].contains(where: { expectedName.hasPrefix($0) })
                {
                    literals.insert(key)
                } else {
                    throw DecodingError.typeMismatch(expected, context)
                }
            }
        }
        throw malformed("the multipart body does not fit the response type")
    }

    /// The JSON object of the parts.
    private static func object(
        order: [String], byName: [String: [Value]], arrays: Set<String>, literals: Set<String>
    ) throws -> Data {
        let encoder = JSONEncoder()
        func json(_ value: Value, literal: Bool) throws -> Data {
            switch value {
            case .json(let data): return data
            case .text(let text): return literal ? Data(text.utf8) : try encoder.encode(text)
            case .bytes(let data): return try encoder.encode(data.base64EncodedString())
            }
        }
        var out = Data("{".utf8)
        for (position, name) in order.enumerated() {
            if position > 0 { out.append(Data(",".utf8)) }
            out.append(try encoder.encode(name))
            out.append(Data(":".utf8))
            let values = byName[name] ?? []
            let literal = literals.contains(name)
            if arrays.contains(name) {
                out.append(Data("[".utf8))
                for (index, value) in values.enumerated() {
                    if index > 0 { out.append(Data(",".utf8)) }
                    out.append(try json(value, literal: literal))
                }
                out.append(Data("]".utf8))
            } else if let value = values.first {
                out.append(try json(value, literal: literal))
            }
        }
        out.append(Data("}".utf8))
        return out
    }

    /// A text that is a JSON number or Boolean.
    private static func isLiteral(_ text: String) -> Bool {
        if text == "true" || text == "false" { return true }
        return text.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil
    }

    /// The value of a `name="…"` parameter of a header value (`form-data; name="log"`), unquoted.
    private static func parameter(_ wanted: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == wanted else { continue }
            var value = pair[1]
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return value
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func malformed(_ reason: String) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: reason))
    }
}
