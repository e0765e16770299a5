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

/// The body of a `multipart/form-data` request: text fields and file parts, in order.
public struct UploadForm: Sendable, Equatable {
    /// One part of the form.
    public enum Part: Sendable, Equatable {
        /// A text field.
        case field(name: String, value: String)
        /// A file.
        case file(name: String, file: UploadFile)
    }

    /// The parts, in the order they are sent.
    public var parts: [Part]

    /// A form of these parts.
    public init(parts: [Part] = []) {
        self.parts = parts
    }

    /// A text field.
    public mutating func add(_ name: String, _ value: some CustomStringConvertible) {
        parts.append(.field(name: name, value: value.description))
    }

    /// A text field when `value` is not nil, nothing otherwise: an optional input the server can go without.
    public mutating func add(_ name: String, ifPresent value: String?) {
        if let value { parts.append(.field(name: name, value: value)) }
    }

    /// One file part.
    public mutating func add(_ name: String, file: UploadFile) {
        parts.append(.file(name: name, file: file))
    }

    /// One file part per file, all named `name`.
    public mutating func add(_ name: String, files: [UploadFile]) {
        for file in files { add(name, file: file) }
    }

    /// The encoded body, with `boundary` between parts.
    public func body(boundary: String) -> Data {
        var body = Data()
        func append(_ text: String) { body.append(Data(text.utf8)) }
        for part in parts {
            append("--\(boundary)\r\n")
            switch part {
            case .field(let name, let value):
                append("Content-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\n\r\n\(value)\r\n")
            case .file(let name, let file):
                append("Content-Disposition: form-data; name=\"\(Self.quoted(name))\"; filename=\"\(Self.quoted(file.fileName))\"\r\n")
                append("Content-Type: \(file.contentType)\r\n\r\n")
                body.append(file.data)
                append("\r\n")
            }
        }
        append("--\(boundary)--\r\n")
        return body
    }

    /// Escapes a name for a quoted header parameter as browsers do: `"` as `%22`, CR and LF as `%0D` and `%0A`.
    static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A boundary that cannot occur in the parts' text by chance.
    public static func makeBoundary() -> String {
        "repogen-" + UUID().uuidString
    }
}

/// An input interpolated into a path, percent-encoded so that `/`, `?`, `#` or spaces in a value cannot change
/// the route: `"/stores/\(PathComponent(storeId))"`.
public struct PathComponent: CustomStringConvertible, Sendable {
    /// The percent-encoded text.
    public let description: String

    /// The value's description, percent-encoded.
    public init(_ value: some CustomStringConvertible) {
        description = value.description.addingPercentEncoding(withAllowedCharacters: Self.allowed) ?? ""
    }

    /// RFC 3986 unreserved characters.
    static let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
