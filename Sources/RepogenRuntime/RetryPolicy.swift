import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// When and how `NetworkManager` sends a request again after a failure it may recover from: a transport error
/// (a timeout, a lost connection) or a status such as 503. Off unless `NetworkConfiguration.retryPolicy` is set.
///
/// Only idempotent methods are retried by default (GET, PUT, DELETE): a POST or PATCH that timed out may have
/// reached the server, and sending it again could apply it twice. A 401 is not retried here: the configured token
/// refresh handles it (once, beside this policy). Cancelling the calling task stops retrying at once, during a
/// wait too.
///
/// ```swift
/// configuration.retryPolicy = RetryPolicy()                                   // 3 attempts, 0.5 s, 1 s, …
/// configuration.retryPolicy = RetryPolicy(maxAttempts: 5, backoff: .exponential(initialDelay: .seconds(1)))
/// configuration.retryPolicy?.retryableMethods.insert(.post)                   // the server deduplicates POSTs
/// ```
public struct RetryPolicy: Sendable {
    /// How long to wait before each retry.
    public struct Backoff: Sendable, Equatable {
        /// The wait before the first retry.
        public var initialDelay: Duration
        /// What each further wait is multiplied by: 1 for a constant delay, 2 to double it each time.
        public var multiplier: Double
        /// Whether each wait is a random duration between half of it and all of it, so that clients that failed
        /// together do not all retry at the same moment.
        public var jitter: Bool

        /// A backoff of any shape.
        public init(initialDelay: Duration, multiplier: Double, jitter: Bool) {
            self.initialDelay = initialDelay
            self.multiplier = multiplier
            self.jitter = jitter
        }

        /// No wait: retries go out at once (tests, or a server behind a load balancer that switches instances).
        public static let none = Backoff(initialDelay: .zero, multiplier: 1, jitter: false)

        /// The same wait before every retry.
        public static func constant(_ delay: Duration) -> Backoff {
            Backoff(initialDelay: delay, multiplier: 1, jitter: false)
        }

        /// A wait that grows by `multiplier` each retry (0.5 s, 1 s, 2 s, … by default), with jitter unless told
        /// otherwise; `RetryPolicy.maximumDelay` caps it.
        public static func exponential(
            initialDelay: Duration = .milliseconds(500), multiplier: Double = 2, jitter: Bool = true
        ) -> Backoff {
            Backoff(initialDelay: initialDelay, multiplier: multiplier, jitter: jitter)
        }

        /// The wait before retry number `retry` (1 for the first), at most `maximum`, before jitter.
        func delay(beforeRetry retry: Int, maximum: Duration) -> Duration {
            let seconds = initialDelay.seconds * pow(max(multiplier, 0), Double(max(retry - 1, 0)))
            guard seconds.isFinite else { return seconds.isNaN ? .zero : maximum }
            return .seconds(max(0, min(seconds, maximum.seconds)))
        }
    }

    /// The statuses retried by default: 408 Request Timeout, 429 Too Many Requests, 500 Internal Server Error,
    /// 502 Bad Gateway, 503 Service Unavailable, 504 Gateway Timeout.
    public static let defaultStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// The transport errors retried by default: a timeout (the configured `timeout` too), a lost or refused
    /// connection, no network, a host that could not be found.
    public static let defaultErrorCodes: Set<URLError.Code> = [
        .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet, .cannotFindHost,
        .dnsLookupFailed,
    ]

    /// How many times a request is sent at most, the first time included (3: the request and two retries). 1 or
    /// less never retries.
    public var maxAttempts: Int
    /// How long to wait before each retry.
    public var backoff: Backoff
    /// The longest wait before a retry, whatever the backoff or a `Retry-After` header says; never more than
    /// `RetryPolicy.delayLimit` (one day), whatever this says.
    public var maximumDelay: Duration

    /// The longest wait before a retry that any policy makes: one day. A longer `maximumDelay`, backoff or
    /// `Retry-After` is this.
    public static let delayLimit: Duration = .seconds(86_400)

    /// `maximumDelay` within `0...delayLimit`.
    private var delayCap: Duration {
        max(.zero, min(maximumDelay, Self.delayLimit))
    }
    /// The response statuses that are retried (a status the configuration counts as success never is).
    public var retryableStatusCodes: Set<Int>
    /// The transport errors that are retried (`URLError.Code`; `NetworkError.timedOut` is `.timedOut`).
    public var retryableErrorCodes: Set<URLError.Code>
    /// The HTTP methods that are retried: GET, PUT and DELETE by default, which the server may receive twice
    /// with the same effect. Add `.post` or `.patch` only for a server that deduplicates them.
    public var retryableMethods: Set<RequestMethod>
    /// Whether a retried response's `Retry-After` header (seconds, or an HTTP date), as 429 and 503 answers
    /// carry, sets the wait instead of the backoff; `maximumDelay` still caps it.
    public var honorsRetryAfter: Bool
    /// Waits before a retry; `Task.sleep(for:)` unless replaced (tests record the delays instead of waiting).
    /// It must throw when the task is cancelled, as `Task.sleep` does; the manager also checks for cancellation
    /// after it returns.
    public var sleep: @Sendable (Duration) async throws -> Void

    /// A retry policy; the defaults send a failed idempotent request up to 3 times in all, waiting about 0.5 s,
    /// then 1 s, at most 30 s, honouring `Retry-After`.
    public init(
        maxAttempts: Int = 3,
        backoff: Backoff = .exponential(),
        maximumDelay: Duration = .seconds(30),
        retryableStatusCodes: Set<Int> = RetryPolicy.defaultStatusCodes,
        retryableErrorCodes: Set<URLError.Code> = RetryPolicy.defaultErrorCodes,
        retryableMethods: Set<RequestMethod> = [.get, .put, .delete],
        honorsRetryAfter: Bool = true,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.maxAttempts = maxAttempts
        self.backoff = backoff
        self.maximumDelay = maximumDelay
        self.retryableStatusCodes = retryableStatusCodes
        self.retryableErrorCodes = retryableErrorCodes
        self.retryableMethods = retryableMethods
        self.honorsRetryAfter = honorsRetryAfter
        self.sleep = sleep
    }

    /// The wait before sending a request of `method` again after attempt number `attempt` (1 for the first)
    /// failed with `error`; nil when it is not retried.
    func delay(afterAttempt attempt: Int, method: RequestMethod, error: NetworkError) -> Duration? {
        guard attempt < maxAttempts, retryableMethods.contains(method) else { return nil }
        let code: URLError.Code
        switch error {
        case .timedOut: code = .timedOut
        case .transport(let error): code = error.code
        default: return nil
        }
        guard retryableErrorCodes.contains(code) else { return nil }
        return backoffDelay(beforeRetry: attempt)
    }

    /// The wait before sending a request of `method` again after attempt number `attempt` (1 for the first) was
    /// answered with `response`, a failure; nil when it is not retried.
    func delay(afterAttempt attempt: Int, method: RequestMethod, response: HTTPURLResponse) -> Duration? {
        guard attempt < maxAttempts, retryableMethods.contains(method),
            retryableStatusCodes.contains(response.statusCode)
        else { return nil }
        if honorsRetryAfter, let text = response.value(forHTTPHeaderField: "Retry-After"),
            let seconds = Self.retryAfterSeconds(text)
        {
            return .seconds(min(seconds, delayCap.seconds))
        }
        return backoffDelay(beforeRetry: attempt)
    }

    private func backoffDelay(beforeRetry retry: Int) -> Duration {
        let delay = backoff.delay(beforeRetry: retry, maximum: delayCap)
        guard backoff.jitter, delay > .zero else { return delay }
        return .seconds(delay.seconds * Double.random(in: 0.5...1))
    }

    /// The seconds a `Retry-After` value asks to wait: a number of seconds (`120`), or an HTTP date
    /// (`Wed, 21 Oct 2015 07:28:00 GMT`) from now; nil when it is neither. Never negative.
    static func retryAfterSeconds(_ text: String, now: Date = Date()) -> Double? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(text), seconds.isFinite {
            return max(seconds, 0)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(date.timeIntervalSince(now), 0)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
