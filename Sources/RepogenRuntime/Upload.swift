import Foundation

/// A file sent in a `multipart/form-data` upload.
public struct UploadFile: Sendable, Equatable {
    /// The file's bytes.
    public var data: Data
    /// The name the server sees (`filename=` of the part).
    public var fileName: String
    /// The part's `Content-Type`, e.g. `image/jpeg`.
    public var contentType: String

    /// A file to upload.
    public init(data: Data, fileName: String, contentType: String = "application/octet-stream") {
        self.data = data
        self.fileName = fileName
        self.contentType = contentType
    }
}

/// A value sent as a part of its own, as JSON (`Content-Type: application/json`): a model in a multipart form.
public struct JSONPart: Sendable, Equatable {
    /// The value.
    public let value: any Encodable & Sendable

    /// A JSON part of `value`.
    public init(_ value: some Encodable & Sendable) {
        self.value = value
    }

    /// The value's JSON, as `encoder` writes it; what cannot be encoded is a `NetworkError.invalidParameter`
    /// naming the part.
    func encoded(with encoder: JSONEncoder, part: String) throws(NetworkError) -> Data {
        do {
            return try encoder.encode(value)
        } catch let error as EncodingError {
            guard case .invalidParameter(_, let reason) = NetworkError.parameterError(error) else { throw .parameterError(error) }
            throw .invalidParameter(key: part, reason: "the JSON of part '\(UploadForm.quoted(part))': \(reason)")
        } catch {
            throw .invalidParameter(key: part, reason: "the JSON of part '\(UploadForm.quoted(part))': \(error)")
        }
    }

    /// Two parts are equal when their JSON (sorted keys) is.
    public static func == (lhs: JSONPart, rhs: JSONPart) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(lhs.value)) == (try? encoder.encode(rhs.value))
    }
}

/// The body of a `multipart/form-data` request: text fields, JSON parts and file parts, in order.
public struct UploadForm: Sendable, Equatable {
    /// One part of the form.
    public enum Part: Sendable, Equatable {
        /// A text field.
        case field(name: String, value: String)
        /// A file.
        case file(name: String, file: UploadFile)
        /// A value as JSON, with `Content-Type: application/json`.
        case json(name: String, value: JSONPart)

        /// The part's name.
        public var name: String {
            switch self {
            case .field(let name, _), .file(let name, _), .json(let name, _): name
            }
        }
    }

    /// The parts, in the order they are sent.
    public var parts: [Part]
    /// Header fields of parts, by part name, then header name (OpenAPI's `encoding.headers`): sent in every part of
    /// that name, sorted by header name, after `Content-Disposition`.
    public var partHeaders: [String: [String: String]] = [:]

    /// A form of these parts.
    public init(parts: [Part] = []) {
        self.parts = parts
    }

    /// A header field of the parts named `part`; nothing when `value` is nil. `Content-Disposition` and
    /// `Content-Type` are the form's own: `encoded(boundary:)` refuses them, as it refuses a name that is not a token
    /// and a value with a control character.
    public mutating func setHeader(_ name: String, _ value: String?, forPart part: String) {
        guard let value else { return }
        partHeaders[part, default: [:]][name] = value
    }

    /// A text field.
    public mutating func add(_ name: String, _ value: some CustomStringConvertible) {
        parts.append(.field(name: name, value: value.description))
    }

    /// A text field when `value` is not nil, nothing otherwise: an optional input the server can go without.
    public mutating func add(_ name: String, ifPresent value: String?) {
        if let value { parts.append(.field(name: name, value: value)) }
    }

    /// One text field per element, all named `name` (OpenAPI's array property of a multipart body); none for an
    /// empty array.
    public mutating func add<Value: CustomStringConvertible>(_ name: String, values: [Value]) {
        for value in values { add(name, value) }
    }

    /// A part holding `value`'s JSON, with `Content-Type: application/json` (encoded by the manager's encoder when
    /// the request is sent).
    public mutating func add(_ name: String, json value: some Encodable & Sendable) {
        parts.append(.json(name: name, value: JSONPart(value)))
    }

    /// One file part.
    public mutating func add(_ name: String, file: UploadFile) {
        parts.append(.file(name: name, file: file))
    }

    /// One file part per file, all named `name`.
    public mutating func add(_ name: String, files: [UploadFile]) {
        for file in files { add(name, file: file) }
    }

    /// A part's header fields and content, JSON parts encoded with `encoder`.
    private struct Encoded {
        var name: String
        var fileName: String?
        var contentType: String?
        var content: Data
        var headers: [(name: String, value: String)] = []
    }

    private func encodedParts(_ encoder: JSONEncoder) throws(NetworkError) -> [Encoded] {
        var encoded: [Encoded] = []
        for part in parts {
            switch part {
            case .field(let name, let value):
                encoded.append(Encoded(name: name, content: Data(value.utf8)))
            case .file(let name, let file):
                encoded.append(Encoded(name: name, fileName: file.fileName, contentType: file.contentType, content: file.data))
            case .json(let name, let value):
                encoded.append(
                    Encoded(name: name, contentType: "application/json", content: try value.encoded(with: encoder, part: name)))
            }
            encoded[encoded.count - 1].headers = (partHeaders[part.name] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
        return encoded
    }

    /// The encoded body, with `boundary` between parts, as it is (no checks: `NetworkManager` sends uploads
    /// through `encoded(boundary:)`, which refuses what would change the form's shape). JSON parts are written by
    /// `encoder`.
    /// - Throws: `NetworkError.invalidParameter` when a JSON part cannot be encoded.
    public func body(boundary: String, encoder: JSONEncoder = JSONEncoder()) throws(NetworkError) -> Data {
        Self.body(try encodedParts(encoder), boundary: boundary)
    }

    private static func body(_ parts: [Encoded], boundary: String) -> Data {
        var body = Data()
        func append(_ text: String) { body.append(Data(text.utf8)) }
        for part in parts {
            append("--\(boundary)\r\n")
            append("Content-Disposition: form-data; name=\"\(quoted(part.name))\"")
            if let fileName = part.fileName { append("; filename=\"\(quoted(fileName))\"") }
            append("\r\n")
            for header in part.headers { append("\(header.name): \(header.value)\r\n") }
            if let contentType = part.contentType { append("Content-Type: \(contentType)\r\n") }
            append("\r\n")
            body.append(part.content)
            append("\r\n")
        }
        append("--\(boundary)--\r\n")
        return body
    }

    /// The body and the boundary it is sent with, checked so that no value can change the form's shape:
    ///
    /// - `boundary` (a request's own, e.g. from an input) must be RFC 2046-valid: 1 to 70 letters, digits, spaces
    ///   and `'()+_,-./:=?`, not ending with a space. Nil or empty: a random one.
    /// - No part's content (a JSON part's JSON too) may hold the delimiter (`--` and the boundary): a given
    ///   boundary that does is refused, a random one is drawn again.
    /// - Names and file names: a `"`, CR or LF goes out as `%22`, `%0D`, `%0A`, as browsers send them; any other
    ///   control character is refused. A file's content type must hold no control character (a tab neither).
    ///
    /// JSON parts are written by `encoder` (the manager's: its date and key strategies).
    ///
    /// - Throws: `NetworkError.invalidParameter`, naming the part.
    public func encoded(
        boundary given: String?, encoder: JSONEncoder = JSONEncoder()
    ) throws(NetworkError) -> (boundary: String, body: Data) {
        try encoded(boundary: given, encoder: encoder, drawing: Self.makeBoundary)
    }

    /// `encoded(boundary:)`, drawing random boundaries with `draw` (tests make one collide).
    func encoded(
        boundary given: String?, encoder: JSONEncoder = JSONEncoder(), drawing draw: () -> String
    ) throws(NetworkError) -> (boundary: String, body: Data) {
        for part in parts {
            let name = part.name
            if case .file(_, let file) = part {
                try Self.checkPartText(file.fileName, what: "the file name of the part '\(Self.quoted(name))'", key: name)
                if let problem = file.contentType.contains("\t")
                    ? "contains the control character U+0009 (tab)" : WireSafety.problem(inFieldValue: file.contentType)
                {
                    throw .invalidParameter(
                        key: name, reason: "the content type of the file of part '\(Self.quoted(name))' \(problem)")
                }
            }
            try Self.checkPartText(name, what: "the part name \(name.debugDescription)", key: name)
        }
        for (part, headers) in partHeaders {
            for (name, value) in headers {
                if ["content-disposition", "content-type"].contains(name.lowercased()) {
                    throw .invalidParameter(
                        key: name, reason: "the header '\(name)' of part '\(Self.quoted(part))' is the form's own; nothing was sent")
                }
                try WireSafety.checkHeader(name: name, value: value)
            }
        }
        let encoded = try encodedParts(encoder)
        if let given, !given.isEmpty {
            try WireSafety.checkBoundary(given)
            if let part = Self.firstPart(of: encoded, holding: given) {
                throw .invalidParameter(
                    key: part,
                    reason: "the multipart boundary \(given.debugDescription) occurs in the content of part '\(part)', "
                        + "where it would end the part early; use a boundary the content cannot hold (or none: a random one)")
            }
            return (given, Self.body(encoded, boundary: given))
        }
        var boundary = draw()
        while Self.firstPart(of: encoded, holding: boundary) != nil { boundary = draw() }
        return (boundary, Self.body(encoded, boundary: boundary))
    }

    /// The name of the first part whose content holds `--boundary`.
    private static func firstPart(of parts: [Encoded], holding boundary: String) -> String? {
        let delimiter = Array("--\(boundary)".utf8)
        return parts.first { WireSafety.contains($0.content, delimiter) }?.name
    }

    /// Refuses a control character (the tab too) other than CR and LF, which `quoted(_:)` encodes, in a part name
    /// or file name.
    private static func checkPartText(_ text: String, what: String, key: String) throws(NetworkError) {
        if let control = text.unicodeScalars.first(where: { ($0.value < 0x20 || $0.value == 0x7F) && $0 != "\r" && $0 != "\n" }) {
            throw .invalidParameter(
                key: key, reason: "\(what) contains the control character \(WireSafety.describe(control)), which a part header cannot carry")
        }
    }

    /// Escapes a name for a quoted header parameter as browsers do: `"` as `%22`, CR and LF as `%0D` and `%0A`.
    static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A random boundary: `repogen-` and a UUID.
    public static func makeBoundary() -> String {
        "repogen-" + UUID().uuidString
    }
}

/// An input interpolated into a path, as one path segment whatever it holds: `"/stores/\(PathComponent(storeId))"`.
///
/// Everything but RFC 3986's unreserved characters is percent-encoded, so `/`, `?`, `#`, `%`, spaces and non-ASCII
/// text are data; `.` and `..`, which URL loaders and servers would resolve as dot segments (`/lists/..` is `/`),
/// go out as `%2E` and `%2E%2E`. An empty value would leave an empty segment (`/lists//items`), which servers
/// merge into another route: `NetworkManager` refuses a request whose path has a segment that only empty inputs
/// (and dots) make, with `NetworkError.invalidParameter`.
public struct PathComponent: CustomStringConvertible, Sendable {
    /// The percent-encoded text (for an empty value, a marker that `NetworkManager` finds).
    public let description: String

    /// The value's description, percent-encoded.
    public init(_ value: some CustomStringConvertible) {
        let text = value.description
        switch text {
        case "": description = Self.emptyMarker
        case ".": description = "%2E"
        case "..": description = "%2E%2E"
        default: description = text.addingPercentEncoding(withAllowedCharacters: Self.allowed) ?? ""
        }
    }

    /// RFC 3986 unreserved characters.
    static let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Stands for an empty value in a path: NUL, which no percent-encoded text and no valid path holds.
    static let emptyMarker = "\u{0}"

    /// The path with empty inputs' markers removed.
    /// - Throws: `NetworkError.invalidParameter` when a segment holding one is then empty, `.` or `..`: the request
    ///   would go to another route.
    static func resolvingEmptyInputs(in path: String) throws(NetworkError) -> String {
        guard path.contains(emptyMarker) else { return path }
        var segments: [String] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            guard segment.contains(emptyMarker) else {
                segments.append(String(segment))
                continue
            }
            let resolved = segment.replacingOccurrences(of: emptyMarker, with: "")
            if resolved.isEmpty || resolved == "." || resolved == ".." {
                let shown = path.split(separator: "/", omittingEmptySubsequences: false)
                    .map { $0.contains(emptyMarker) ? "{empty}" : String($0) }.joined(separator: "/")
                throw .invalidParameter(
                    key: nil,
                    reason: "a path input is empty, so the path \(shown) would have \(resolved.isEmpty ? "an empty segment" : "the dot segment '\(resolved)'") and reach another route; nothing was sent")
            }
            segments.append(resolved)
        }
        return segments.joined(separator: "/")
    }
}
