import Foundation

// Cache-first reads and write-through writes for generated repositories.
//
// A repository that caches asks its local data source first, falls back to the API on a miss and stores what it
// fetched; a write goes to the API first and, only when it succeeds, updates or invalidates the cached reads.

/// Identifies one cached read: the endpoint's name and its request written canonically.
public struct CacheKey: Hashable, Sendable, CustomStringConvertible {
    /// The endpoint's name, e.g. `fetchStoreDetail`: `ResponseCache.removeAll(endpoint:)` removes its keys.
    public let endpoint: String
    /// The request, written so that equal requests give equal text, e.g. `GET /api/v1/store/3 query {"size":20}`.
    public let request: String

    /// A key of any text: an endpoint's name and a canonical form of its request.
    public init(endpoint: String, request: String) {
        self.endpoint = endpoint
        self.request = request
    }

    /// The key of `requestType`: method, path, parameters (JSON with sorted keys, whether they go to the query or
    /// the body), and the endpoint's own headers (`HTTPHeaderType`, custom headers sorted by name). nil when the
    /// request has an upload (files are no key) or its parameters cannot be encoded (the read then goes to the
    /// server, which reports that error).
    ///
    /// The request is written `<METHOD> <path>`, then `query <json>`, `body <json>` or (a form body) `form <json>`
    /// when there are parameters,
    /// then `query <json>` for the `queryParam` beside them, if any, then `location` for `.location` requests, then `headers <json>` with the headers the request adds beyond
    /// `Content-Type: application/json` (`.custom` headers, a multipart content type), if any. `.default`,
    /// `.json` and `.custom([:])` send the same headers and so give the same key. The device's position of a
    /// `.location` request is read when the request is sent and is not part of its key.
    public init?(endpoint: String, requestType: some RequestType) {
        guard requestType.upload == nil else { return nil }
        var parts = [requestType.method.rawValue, requestType.path]
        if let param = requestType.param {
            guard let json = Self.canonicalJSON(param) else { return nil }
            let inQuery = requestType.method == .get || requestType.usingQuery
            parts.append(inQuery ? "query" : requestType.bodyEncoding == .form ? "form" : "body")
            parts.append(json)
        }
        if let queryParam = requestType.queryParam {
            // The spec's `query` keys beside the param: another page, another entry.
            guard let json = Self.canonicalJSON(queryParam) else { return nil }
            parts.append("query")
            parts.append(json)
        }
        if requestType.header == .location {
            parts.append("location")
        }
        var headers = requestType.header.headers(location: nil)
        if headers["Content-Type"] == "application/json" {
            headers["Content-Type"] = nil
        }
        if !headers.isEmpty {
            guard let json = Self.canonicalJSON(headers) else { return nil }
            parts.append("headers")
            parts.append(json)
        }
        self.init(endpoint: endpoint, request: parts.joined(separator: " "))
    }

    /// The endpoint and the request, e.g. `fetchStoreDetail GET /api/v1/store/3 query {"size":20}`.
    public var description: String {
        "\(endpoint) \(request)"
    }

    /// `value` as JSON with sorted keys (at every level), unescaped slashes and ISO 8601 dates; nil when it
    /// cannot be encoded.
    static func canonicalJSON(_ value: any Encodable) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A local data source of cached responses: the in-memory `MemoryResponseCache`, or an app's own store (disk,
/// database) that conforms.
///
/// Every value a repository stores is `Codable`: a model, or a domain type (generated `Codable` too), or an array or
/// optional of them. A store on disk encodes what it is given (`JSONEncoder().encode(value)`) and decodes it on a
/// read (`JSONDecoder().decode(type, from: data)`); a value that no longer decodes (the app's types changed since
/// it was stored) is a miss (`nil`), and the read goes to the server.
public protocol ResponseCache: Sendable {
    /// The value stored for `key` if it is there, of this type, and not expired.
    func value<Value: Codable & Sendable>(for key: CacheKey, as type: Value.Type) async -> Value?
    /// Stores `value` for `key`, replacing what was there; it expires after `timeToLive` (never when nil).
    func store<Value: Codable & Sendable>(_ value: Value, for key: CacheKey, timeToLive: Duration?) async
    /// Removes the value stored for `key`, if any.
    func remove(_ key: CacheKey) async
    /// Removes every key of `endpoint`.
    func removeAll(endpoint: String) async
}

/// The default local data source: an actor holding values in memory, each with an optional time to live, at most
/// `maximumCount` of them (the least recently used goes first).
///
/// A value read (`value(for:as:)` answering it) or stored becomes the most recently used. An expired value is
/// removed when a read asks for it, or when it is the least recently used and room is needed.
public actor MemoryResponseCache: ResponseCache {
    private struct Entry {
        var value: any Sendable
        /// When it stops answering; nil for never.
        var expiry: ContinuousClock.Instant?
        /// The next more recently used key; nil for the most recent.
        var newer: CacheKey?
        /// The next less recently used key; nil for the least recent.
        var older: CacheKey?
    }

    private let maximumCount: Int
    private let now: @Sendable () -> ContinuousClock.Instant
    private var entries: [CacheKey: Entry] = [:]
    /// The ends of the recency list threaded through `entries`.
    private var newest: CacheKey?
    private var oldest: CacheKey?

    /// An empty cache.
    /// - Parameters:
    ///   - maximumCount: how many values it holds at most; storing one more removes the least recently used.
    ///     Zero or less holds nothing.
    ///   - now: the clock expiry is measured by (tests inject their own).
    public init(
        maximumCount: Int = 1_000,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.maximumCount = maximumCount
        self.now = now
    }

    /// The entries held, expired ones included until a read asks for them or they are evicted.
    public var count: Int {
        entries.count
    }

    /// The value stored for `key` if it is there, of this type, and not expired; it becomes the most recently
    /// used. An expired value is removed.
    public func value<Value: Codable & Sendable>(for key: CacheKey, as type: Value.Type) -> Value? {
        guard let entry = entries[key] else { return nil }
        if let expiry = entry.expiry, now() >= expiry {
            remove(key)
            return nil
        }
        guard let value = entry.value as? Value else { return nil }
        unlink(key)
        pushNewest(key)
        return value
    }

    /// Stores `value` for `key` as the most recently used, replacing what was there, removing the least recently
    /// used when `maximumCount` values are held; it expires after `timeToLive` (never when nil).
    public func store<Value: Codable & Sendable>(_ value: Value, for key: CacheKey, timeToLive: Duration?) {
        remove(key)
        guard maximumCount > 0 else { return }
        while entries.count >= maximumCount, let oldest {
            remove(oldest)
        }
        entries[key] = Entry(value: value, expiry: Self.expiry(after: timeToLive, from: now()))
        pushNewest(key)
    }

    /// The longest time to live a value is kept for: 100 years. A longer one (`.seconds(Int64.max)`, say) never
    /// expires, instead of overflowing the clock; a negative one has expired already.
    public static let longestTimeToLive: Duration = .seconds(3_155_760_000)

    /// When a value stored at `now` with `timeToLive` expires; nil for never.
    static func expiry(after timeToLive: Duration?, from now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        guard let timeToLive, timeToLive <= longestTimeToLive else { return nil }
        return now + max(timeToLive, .zero)
    }

    /// Removes the value stored for `key`, if any.
    public func remove(_ key: CacheKey) {
        guard entries[key] != nil else { return }
        unlink(key)
        entries[key] = nil
    }

    /// Removes every key of `endpoint`.
    public func removeAll(endpoint: String) {
        for key in entries.keys.filter({ $0.endpoint == endpoint }) {
            remove(key)
        }
    }

    /// Takes `key` (which is in `entries`) out of the recency list.
    private func unlink(_ key: CacheKey) {
        guard let entry = entries[key] else { return }
        if let newer = entry.newer {
            entries[newer]?.older = entry.older
        } else {
            newest = entry.older
        }
        if let older = entry.older {
            entries[older]?.newer = entry.newer
        } else {
            oldest = entry.newer
        }
        entries[key]?.newer = nil
        entries[key]?.older = nil
    }

    /// Puts `key` (which is in `entries`, unlinked) at the most recent end of the recency list.
    private func pushNewest(_ key: CacheKey) {
        entries[key]?.older = newest
        entries[key]?.newer = nil
        if let newest {
            entries[newest]?.newer = key
        }
        newest = key
        if oldest == nil {
            oldest = key
        }
    }
}

/// Cache-first reads and write-through writes over a local data source, for a generated repository.
/// Concurrent reads of one missing key make one fetch: the others wait for its result.
/// A write that invalidates or updates an endpoint's keys while a read of that endpoint is in flight wins: the read
/// returns what it fetched but does not store it (no stale entry after an invalidating write).
///
/// A read whose task is cancelled while it waits for a fetch returns (or throws) `NetworkError.cancelled` at once;
/// the fetch goes on for the other reads waiting for it, and is cancelled when none is left. A read that starts
/// after an invalidation or update of its endpoint does not wait for a fetch that started before it.
///
/// Copies share their state: make one per repository (or per app) and keep it.
public struct CachedReads: Sendable {
    /// Where values are stored and read first.
    public let local: any ResponseCache
    /// In-flight fetches and the endpoints' generations, shared by copies.
    let coordinator = ReadCoordinator()

    /// Reads through `local`, an in-memory cache unless given.
    public init(local: any ResponseCache = MemoryResponseCache()) {
        self.local = local
    }

    /// The reads every repository of type `owner` shares when it is created with its defaults (the API through
    /// `NetworkManager.shared`, no `local:`): one `MemoryResponseCache` and one set of reads in flight per type, made
    /// on first use and kept for the life of the process. Two screens that each make a `MovieRepositoryImpl()` read
    /// the same values, wait for the same request of a key, and see each other's writes. Each repository type has its
    /// own (a generated one passes `Self.self`), so the keys of two domains never meet in one store.
    public static func shared(by owner: Any.Type) -> CachedReads {
        SharedReads.registry.reads(for: ObjectIdentifier(owner))
    }

    /// A fresh stored value answers without calling `fetch`; otherwise `fetch` runs once per key at a time and a
    /// success is stored (a failure is not). A nil key (not cacheable) just calls fetch.
    public func read<Value: Codable & Sendable>(
        _ key: CacheKey?, timeToLive: Duration?, fetch: @escaping @Sendable () async -> Result<Value, Error>
    ) async -> Result<Value, Error> {
        await resolve(key, timeToLive: timeToLive, fetch: fetch)
    }

    /// The same for throwing fetches (the async-throws style).
    public func read<Value: Codable & Sendable>(
        _ key: CacheKey?, timeToLive: Duration?, fetch: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await resolve(key, timeToLive: timeToLive) { () async -> Result<Value, Error> in
            do {
                return .success(try await fetch())
            } catch {
                return .failure(error)
            }
        }.get()
    }

    /// After a successful write: stores `value` as the read of `key`.
    public func update<Value: Codable & Sendable>(_ key: CacheKey?, with value: Value, timeToLive: Duration?) async {
        guard let key else { return }
        let local = self.local
        await coordinator.write(endpoint: key.endpoint) {
            await local.store(value, for: key, timeToLive: timeToLive)
        }
    }

    /// After a successful write: removes one key.
    public func invalidate(_ key: CacheKey?) async {
        guard let key else { return }
        let local = self.local
        await coordinator.write(endpoint: key.endpoint) {
            await local.remove(key)
        }
    }

    /// After a successful write: removes every key of `endpoint`.
    public func invalidateAll(endpoint: String) async {
        let local = self.local
        await coordinator.write(endpoint: endpoint) {
            await local.removeAll(endpoint: endpoint)
        }
    }

    private func resolve<Value: Codable & Sendable>(
        _ key: CacheKey?, timeToLive: Duration?, fetch: @escaping @Sendable () async -> Result<Value, Error>
    ) async -> Result<Value, Error> {
        guard let key else { return await fetch() }
        if let value = await local.value(for: key, as: Value.self) {
            return .success(value)
        }
        return await coordinator.read(key, timeToLive: timeToLive, local: local, fetch: fetch)
    }
}

/// The `CachedReads` of each repository type created with its defaults (`CachedReads.shared(by:)`).
private final class SharedReads: @unchecked Sendable {
    static let registry = SharedReads()

    // `reads` is only touched with `lock` held, so the class is Sendable although it is not checked to be.
    private let lock = NSLock()
    private var reads: [ObjectIdentifier: CachedReads] = [:]

    func reads(for owner: ObjectIdentifier) -> CachedReads {
        lock.withLock {
            if let existing = reads[owner] { return existing }
            let made = CachedReads()
            reads[owner] = made
            return made
        }
    }
}

/// The shared state of a `CachedReads`: the fetches in flight, the reads waiting for them, and a generation per
/// endpoint that every invalidation or update advances, so that a fetch that started before one is not stored.
///
/// Stores of fetched values and the writes' changes to the local data source run one at a time per endpoint (an
/// asynchronous lock), so that checking the generation and storing cannot be split by a write.
actor ReadCoordinator {
    /// A fetch is shared by reads of the same key and value type.
    struct FlightKey: Hashable {
        var key: CacheKey
        var type: ObjectIdentifier
    }

    /// The flight new reads of a key join (absent once it finished, was cancelled, or was detached by a write).
    private var joinable: [FlightKey: Int] = [:]
    /// Every flight whose fetch has not finished, by id, detached ones included.
    private var flights: [Int: any ReadFlight] = [:]
    /// The flight each waiting read waits for, by the read's id.
    private var waiting: [Int: Int] = [:]
    /// Advanced by every write to an endpoint.
    private var generations: [String: UInt64] = [:]
    /// The endpoints whose lock is held, with the continuations waiting for it, first come first served.
    private var locks: [String: [CheckedContinuation<Void, Never>]] = [:]
    private var lastID = 0

    /// Waits for the flight of `key` (starting one when there is none) and returns its result, or
    /// `NetworkError.cancelled` as soon as the calling task is cancelled.
    func read<Value: Codable & Sendable>(
        _ key: CacheKey, timeToLive: Duration?, local: any ResponseCache,
        fetch: @escaping @Sendable () async -> Result<Value, Error>
    ) async -> Result<Value, Error> {
        let reader = nextID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, Error>, Never>) in
                join(reader, continuation, key: key, timeToLive: timeToLive, local: local, fetch: fetch)
            }
        } onCancel: {
            Task { await self.cancel(reader: reader) }
        }
    }

    /// Runs `change` to the local data source for a write to `endpoint`: advances its generation (so reads
    /// already in flight are not stored) and detaches its flights (so later reads fetch anew).
    func write(endpoint: String, _ change: @Sendable () async -> Void) async {
        await lock(endpoint)
        generations[endpoint, default: 0] &+= 1
        for flight in joinable.keys where flight.key.endpoint == endpoint {
            joinable[flight] = nil
        }
        await change()
        unlock(endpoint)
    }

    /// How many reads wait for the flight new reads of `key` would join (for tests).
    func waitingReads(for key: CacheKey) -> Int {
        joinable.filter { $0.key.key == key }.values.reduce(0) { $0 + (flights[$1]?.waiterCount ?? 0) }
    }

    private func nextID() -> Int {
        lastID += 1
        return lastID
    }

    private func join<Value: Codable & Sendable>(
        _ reader: Int, _ continuation: CheckedContinuation<Result<Value, Error>, Never>, key: CacheKey,
        timeToLive: Duration?, local: any ResponseCache, fetch: @escaping @Sendable () async -> Result<Value, Error>
    ) {
        if Task.isCancelled {
            continuation.resume(returning: .failure(NetworkError.cancelled))
            return
        }
        let flightKey = FlightKey(key: key, type: ObjectIdentifier(Value.self))
        let flight: Flight<Value>
        if let id = joinable[flightKey], let existing = flights[id] as? Flight<Value> {
            flight = existing
        } else {
            flight = Flight(id: nextID(), key: flightKey)
            flights[flight.id] = flight
            joinable[flightKey] = flight.id
            let id = flight.id
            let generation = generations[key.endpoint, default: 0]
            flight.task = Task {
                // A flight that finished since this read missed may have stored the value.
                if let value = await local.value(for: key, as: Value.self) {
                    self.finish(id, with: .success(value))
                    return
                }
                let result = await fetch()
                if case .success(let value) = result {
                    await self.store(value, for: key, ifStill: generation, timeToLive: timeToLive, local: local)
                }
                self.finish(id, with: result)
            }
        }
        flight.waiters[reader] = continuation
        waiting[reader] = flight.id
    }

    /// Stores a fetched value unless its endpoint was written since the fetch started.
    private func store<Value: Codable & Sendable>(
        _ value: Value, for key: CacheKey, ifStill generation: UInt64, timeToLive: Duration?, local: any ResponseCache
    ) async {
        await lock(key.endpoint)
        if generations[key.endpoint, default: 0] == generation {
            await local.store(value, for: key, timeToLive: timeToLive)
        }
        unlock(key.endpoint)
    }

    /// Answers the reads waiting for flight `id` and forgets it.
    private func finish<Value: Sendable>(_ id: Int, with result: Result<Value, Error>) {
        guard let flight = flights.removeValue(forKey: id) as? Flight<Value> else { return }
        if joinable[flight.key] == id {
            joinable[flight.key] = nil
        }
        let waiters = flight.waiters
        flight.waiters = [:]
        for (reader, continuation) in waiters {
            waiting[reader] = nil
            continuation.resume(returning: result)
        }
    }

    /// Answers a cancelled read with `NetworkError.cancelled`; cancels its flight's fetch if no read is left.
    private func cancel(reader: Int) {
        guard let id = waiting.removeValue(forKey: reader), let flight = flights[id] else { return }
        flight.cancel(reader: reader)
        if flight.waiterCount == 0 {
            flight.cancelFetch()
            if joinable[flight.key] == id {
                joinable[flight.key] = nil
            }
        }
    }

    /// Waits until this task holds `endpoint`'s lock.
    private func lock(_ endpoint: String) async {
        guard locks[endpoint] != nil else {
            locks[endpoint] = []
            return
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            locks[endpoint, default: []].append(continuation)
        }
    }

    /// Hands `endpoint`'s lock to the next waiting task, or frees it.
    private func unlock(_ endpoint: String) {
        guard var waiters = locks[endpoint] else { return }
        if waiters.isEmpty {
            locks[endpoint] = nil
        } else {
            let next = waiters.removeFirst()
            locks[endpoint] = waiters
            next.resume()
        }
    }
}

/// A fetch in flight and the reads waiting for it, whatever its value type; confined to its `ReadCoordinator`.
private protocol ReadFlight: AnyObject {
    var key: ReadCoordinator.FlightKey { get }
    var waiterCount: Int { get }
    /// Answers one waiting read with `NetworkError.cancelled`.
    func cancel(reader: Int)
    /// Cancels the fetch's task.
    func cancelFetch()
}

/// A fetch of `Value` in flight; confined to its `ReadCoordinator`.
private final class Flight<Value: Sendable>: ReadFlight {
    let id: Int
    let key: ReadCoordinator.FlightKey
    var task: Task<Void, Never>?
    var waiters: [Int: CheckedContinuation<Result<Value, Error>, Never>] = [:]

    init(id: Int, key: ReadCoordinator.FlightKey) {
        self.id = id
        self.key = key
    }

    var waiterCount: Int {
        waiters.count
    }

    func cancel(reader: Int) {
        waiters.removeValue(forKey: reader)?.resume(returning: .failure(NetworkError.cancelled))
    }

    func cancelFetch() {
        task?.cancel()
    }
}

/// A local data source for tests: it keeps values as `MemoryResponseCache` does and records every call, so a test
/// can check what a repository read, stored and removed.
public actor RecordingResponseCache: ResponseCache {
    /// One call to the cache.
    public enum Event: Sendable, Equatable {
        /// A read of `key`, and whether it found a fresh value of the asked type.
        case read(CacheKey, hit: Bool)
        case store(CacheKey)
        case remove(CacheKey)
        case removeAll(endpoint: String)
    }

    private let values: MemoryResponseCache
    /// Every call so far, in order.
    public private(set) var events: [Event] = []

    /// - Parameters:
    ///   - maximumCount: as for `MemoryResponseCache`.
    ///   - now: the clock expiry is measured by.
    public init(
        maximumCount: Int = 1_000,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        values = MemoryResponseCache(maximumCount: maximumCount, now: now)
    }

    public func value<Value: Codable & Sendable>(for key: CacheKey, as type: Value.Type) async -> Value? {
        let value = await values.value(for: key, as: type)
        events.append(.read(key, hit: value != nil))
        return value
    }

    public func store<Value: Codable & Sendable>(_ value: Value, for key: CacheKey, timeToLive: Duration?) async {
        events.append(.store(key))
        await values.store(value, for: key, timeToLive: timeToLive)
    }

    public func remove(_ key: CacheKey) async {
        events.append(.remove(key))
        await values.remove(key)
    }

    public func removeAll(endpoint: String) async {
        events.append(.removeAll(endpoint: endpoint))
        await values.removeAll(endpoint: endpoint)
    }

    /// Forgets the recorded calls (the values stay).
    public func resetEvents() {
        events = []
    }
}
