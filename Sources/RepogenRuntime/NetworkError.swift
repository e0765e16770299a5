import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a request through `NetworkManager` failed.
public enum NetworkError: Error, Sendable, LocalizedError {
    /// The base URL and path do not form a valid URL.
    case invalidURL(String)
    /// 401: the session is missing or expired, and refreshing it (if configured) did not help. An envelope body
    /// gives its `resultCode` and `message`.
    case unauthorized(resultCode: String?, message: String?)
    /// A status the configuration does not count as success. An envelope body gives its `resultCode` and
    /// `message`; `body` is the raw body (an HTML error page, say).
    case server(status: Int, resultCode: String?, message: String?, body: Data)
    /// A failure status the endpoint declares a body for (the spec's `errors`), that body decoded: read it with
    /// `response.body(as:)`, e.g. `response.body(as: CodeError.self)`.
    case errorResponse(ErrorResponse)
    /// A failure status the endpoint declares a body for, whose body does not decode as declared: the decoding
    /// failure and the raw body.
    case undecodableErrorResponse(status: Int, failure: DecodingFailure, body: Data)
    /// The body is not the expected type; keeps the `DecodingError` and the coding path it failed at.
    case decoding(DecodingFailure)
    /// The body (or an envelope's `data`) was empty or `null` where a value was expected.
    case noData
    /// The request did not complete: no connection, refused, DNS, TLS… (the `URLError` says which).
    case transport(URLError)
    /// No response within the configured timeout.
    case timedOut
    /// The calling task was cancelled; the HTTP request was cancelled with it.
    case cancelled
    /// An input cannot be sent as given, so nothing was sent: a query string cannot hold it (a nested object, an
    /// array holding objects, arrays or nulls, a param that is not an object), a key is given twice in
    /// `RequestParameters`, encoding failed, or the value would change the request's shape (a control character
    /// in a header, a comma in a comma-joined array element, a bad multipart boundary, an empty path segment).
    /// `key` is the param's, header's or part's name (nil when no one name is at fault); `reason` says why.
    case invalidParameter(key: String?, reason: String)
    /// A generated mock's method (named, e.g. `MockPhotosRepository.fetchPhotos(page:)`) was called with nothing
    /// stubbed and no example response to answer with: a test forgot to stub it. Nothing was sent. (The completion
    /// style's mocks fail this way; the other styles' fail with `MockRepositoryError.notStubbed`.)
    case notStubbed(String)

    /// A message that can be shown to the user (or logged).
    public var errorDescription: String? {
        switch self {
        case .invalidURL(let url):
            return "Invalid URL: \(url)"
        case .unauthorized(_, let message):
            return message ?? "You are not signed in, or your session has expired."
        case .server(let status, let code, let message, _):
            return message.map { "\($0) (\(code ?? "HTTP \(status)"))" } ?? "The server answered with HTTP status \(status)."
        case .errorResponse(let response):
            return "The server answered with HTTP status \(response.status): \(response.body)"
        case .undecodableErrorResponse(let status, let failure, _):
            return "The server answered with HTTP status \(status), and its error body could not be read: "
                + failure.description
        case .decoding(let failure):
            return "The response could not be read: \(failure.description)"
        case .noData:
            return "The response has no data."
        case .transport(let error):
            return "The request failed: \(error.localizedDescription)"
        case .timedOut:
            return "The server did not answer in time."
        case .cancelled:
            return "The request was cancelled."
        case .invalidParameter(let key, let reason):
            return key.map { "cannot send param '\($0)': \(reason)" } ?? "cannot send the params: \(reason)"
        case .notStubbed(let name):
            return MockRepositoryError.notStubbed(name).description
        }
    }

    /// The `invalidParameter` of an error thrown while encoding `param`: the innermost named key of its coding
    /// path (nil at the top level) and its description.
    static func parameterError(_ error: EncodingError) -> NetworkError {
        switch error {
        case .invalidValue(_, let context):
            return .invalidParameter(
                key: context.codingPath.last(where: { $0.intValue == nil })?.stringValue, reason: context.debugDescription)
        @unknown default:
            return .invalidParameter(key: nil, reason: "\(error)")
        }
    }
}

/// A `DecodingError` with the coding path it failed at, spelled out (`contents[0].storeId`).
public struct DecodingFailure: Error, @unchecked Sendable, CustomStringConvertible {
    /// The error as the decoder threw it (its context may hold non-`Sendable` keys; it is never mutated).
    public let error: DecodingError
    /// Where in the JSON decoding failed, e.g. `contents[0].storeId`; empty at the top level.
    public let codingPath: String

    /// Reads the coding path out of a decoder's error.
    public init(_ error: DecodingError) {
        self.error = error
        let context: DecodingError.Context?
        switch error {
        case .typeMismatch(_, let value), .valueNotFound(_, let value), .dataCorrupted(let value): context = value
        case .keyNotFound(let key, let value):
            context = DecodingError.Context(codingPath: value.codingPath + [key], debugDescription: value.debugDescription)
        @unknown default: context = nil
        }
        codingPath = (context?.codingPath ?? []).map { key in key.intValue.map { "[\($0)]" } ?? "." + key.stringValue }
            .joined().trimmingPrefix(".")
    }

    /// The path and the reason, e.g. `[1].id: expected Int`.
    public var description: String {
        let reason: String
        switch error {
        case .typeMismatch(let type, _): reason = "expected \(type)"
        case .valueNotFound(let type, _): reason = "missing \(type) value"
        case .keyNotFound(let key, _): reason = "missing key '\(key.stringValue)'"
        case .dataCorrupted(let context): reason = context.debugDescription
        @unknown default: reason = "\(error)"
        }
        return codingPath.isEmpty ? reason : "\(codingPath): \(reason)"
    }
}

extension String {
    fileprivate func trimmingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
