import Foundation

/// Why a request through `NetworkManager` failed.
public enum NetworkError: Error, Sendable, Equatable, LocalizedError {
    /// The base URL and path do not form a valid URL.
    case invalidURL(String)
    /// The request could not be sent or its response not received (no connection, timeout…).
    case transport(String)
    /// The server answered with a status code the configuration does not count as success.
    case httpStatus(Int, body: Data)
    /// The response body is not the expected type; the message names the coding path.
    case decoding(String)
    /// The body was empty where a value was expected.
    case noData
    /// The calling task was cancelled.
    case cancelled

    public var errorDescription: String? {
        switch self {
        case .invalidURL(let url):
            return "invalid URL: \(url)"
        case .transport(let message):
            return "the request failed: \(message)"
        case .httpStatus(let status, _):
            return "the server answered with HTTP status \(status)"
        case .decoding(let message):
            return "the response could not be decoded: \(message)"
        case .noData:
            return "the response has no data"
        case .cancelled:
            return "the request was cancelled"
        }
    }

    /// Describes a `DecodingError` with its coding path, e.g. `contents[0].id: expected Int, found a string`.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let text = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? "." + key.stringValue }
                .joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : (text.isEmpty ? "(root)" : text)
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context)): expected \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "\(path(context)): missing \(type) value: \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(path(context)): missing key '\(key.stringValue)'"
        case .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
