import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The types of declared error bodies live in `NetworkError`, whose name every spec leaves to the runtime, so that
/// generated code names them as `NetworkError.ErrorResponse` and `NetworkError.ErrorBodyType` beside a model of the
/// spec called `ErrorResponse` (common in OpenAPI documents). The app can name them without the prefix.
extension NetworkError {
    /// A body an endpoint declares for failure statuses (the spec's `errors`): which statuses, and the type their body
    /// decodes as. `NetworkManager` decodes a failure's body with the declaration that matches its status most closely
    /// (an exact status, then a range like `4XX`, then `default`) into `NetworkError.errorResponse`.
    public struct ErrorBodyType: Sendable {
        /// The statuses a declaration covers.
        public enum Status: Sendable, Hashable, CustomStringConvertible {
            /// One status, e.g. `400`.
            case code(Int)
            /// A hundred of them by their first digit: `.range(4)` is 400–499 (`4XX`).
            case range(Int)
            /// Every failure status no other declaration of the endpoint covers.
            case `default`

            /// Whether the declaration covers `status`, and how closely: 0 for an exact status, 1 for a range, 2 for
            /// `default`; nil when it does not cover it.
            func rank(of status: Int) -> Int? {
                switch self {
                case .code(let code): return code == status ? 0 : nil
                case .range(let digit): return status / 100 == digit ? 1 : nil
                case .default: return 2
                }
            }

            /// `400`, `4XX` or `default`, as the spec writes it.
            public var description: String {
                switch self {
                case .code(let code): return String(code)
                case .range(let digit): return "\(digit)XX"
                case .default: return "default"
                }
            }
        }

        /// The statuses it covers.
        public let status: Status
        /// The type the body decodes as, e.g. `CodeError`: JSON, except that a `String` body that is not a JSON string
        /// is its UTF-8 text (a `text/plain` error page).
        public let typeName: String
        private let decodeBody: @Sendable (JSONDecoder, Data) throws -> any Sendable

        /// Bodies of `status` decode as `type`.
        public init<Body: Decodable & Sendable>(_ status: Status, _ type: Body.Type) {
            self.status = status
            self.typeName = "\(Body.self)"
            self.decodeBody = { decoder, data in
                do {
                    return try decoder.decode(Body.self, from: data)
                } catch {
                    // A `String` body may be plain text (`text/plain`) rather than a JSON string.
                    guard Body.self == String.self, !data.isEmpty, let text = String(data: data, encoding: .utf8) else {
                        throw error
                    }
                    return text
                }
            }
        }

        /// The declaration of `declarations` that covers `status` most closely; nil when none does.
        static func matching(_ status: Int, in declarations: [ErrorBodyType]) -> ErrorBodyType? {
            declarations.compactMap { declaration in declaration.status.rank(of: status).map { (declaration, $0) } }
                .min { $0.1 < $1.1 }?.0
        }

        func decode(_ data: Data, with decoder: JSONDecoder) throws -> any Sendable {
            try decodeBody(decoder, data)
        }
    }

    /// A failure response whose status the endpoint declares a body for (the spec's `errors`), with that body decoded.
    public struct ErrorResponse: Sendable, Equatable, CustomStringConvertible {
        /// The HTTP status.
        public let status: Int
        /// The decoded body, of the type the endpoint declares for the status; read it with `body(as:)`.
        public let body: any Sendable
        /// The response's headers (an `X-Reason`, say), by name as the server sent it.
        public let headers: [String: String]
        /// The body's bytes as they came.
        public let data: Data

        /// A failure response; mocks and tests make one to answer with the endpoint's typed error.
        public init(status: Int, body: any Sendable, headers: [String: String] = [:], data: Data = Data()) {
            self.status = status
            self.body = body
            self.headers = headers
            self.data = data
        }

        /// The decoded body as `type`: nil when the status's declared type is another one.
        public func body<Body>(as type: Body.Type) -> Body? {
            body as? Body
        }

        /// A header's value, its name in any case.
        public func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }

        /// Equal when the status, headers, bytes and the decoded bodies are (bodies of a type that is not `Equatable`
        /// are never equal).
        public static func == (lhs: ErrorResponse, rhs: ErrorResponse) -> Bool {
            guard lhs.status == rhs.status, lhs.headers == rhs.headers, lhs.data == rhs.data,
                let body = lhs.body as? any Equatable
            else { return false }
            return body.isEqual(to: rhs.body)
        }

        /// `HTTP 400: CodeError(code: 1)`.
        public var description: String {
            "HTTP \(status): \(body)"
        }
    }
}

/// `NetworkError.ErrorBodyType`: a body an endpoint declares for failure statuses.
public typealias ErrorBodyType = NetworkError.ErrorBodyType
/// `NetworkError.ErrorResponse`: a failure response whose status the endpoint declares a body for, that body decoded.
public typealias ErrorResponse = NetworkError.ErrorResponse

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self).map { $0 == self } ?? false
    }
}

extension NetworkManager {
    /// The error of a failure status the request declares a body for: `.errorResponse` with it decoded, or
    /// `.undecodableErrorResponse` with the bytes and why they do not decode; nil when the request declares none for
    /// `status` (401 only counts when declared by its exact status, so that an expired session stays `.unauthorized`).
    static func declaredFailure(
        status: Int, data: Data, response: HTTPURLResponse, declarations: [ErrorBodyType],
        configuration: NetworkConfiguration
    ) -> NetworkError? {
        guard let declaration = ErrorBodyType.matching(status, in: declarations),
            status != 401 || declaration.status == .code(401)
        else { return nil }
        do {
            let body = try declaration.decode(data, with: configuration.makeDecoder())
            var headers: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name] = value }
            }
            return .errorResponse(ErrorResponse(status: status, body: body, headers: headers, data: data))
        } catch let error as DecodingError {
            return .undecodableErrorResponse(status: status, failure: DecodingFailure(error), body: data)
        } catch {
            return .undecodableErrorResponse(
                status: status,
                failure: DecodingFailure(
                    .dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "\(error)"))),
                body: data)
        }
    }
}
