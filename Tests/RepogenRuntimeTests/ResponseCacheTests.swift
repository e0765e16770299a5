import Foundation
import XCTest

@testable import RepogenRuntime

/// `CacheKey`, `MemoryResponseCache` and `CachedReads`: keys of requests, the in-memory local data source, and
/// cache-first reads with write-through writes. No test sleeps or reads the wall clock: expiry uses an injected
/// clock and ordering uses gates.
final class ResponseCacheTests: XCTestCase {
    // MARK: - CacheKey

    func testEqualRequestsHaveEqualKeys() {
        let request = TestRequest(param: ["storeId": 3, "size": 20] as RequestParameters, path: "/api/v1/store/3")
        let first = CacheKey(endpoint: "fetchStore", requestType: request)
        let second = CacheKey(endpoint: "fetchStore", requestType: request)
        XCTAssertNotNil(first)
        XCTAssertEqual(first, second)
        XCTAssertEqual(first?.hashValue, second?.hashValue)
        XCTAssertEqual(first?.description, #"fetchStore GET /api/v1/store/3 query {"size":20,"storeId":3}"#)
    }

    func testAQueryParamBesideTheBodyIsPartOfTheKey() throws {
        var first = TestRequest(param: ["name": "a"] as RequestParameters, method: .post, path: "/search")
        first.alwaysInQuery = ["page": 1] as RequestParameters
        var second = first
        second.alwaysInQuery = ["page": 2] as RequestParameters
        let key = try XCTUnwrap(CacheKey(endpoint: "search", requestType: first))
        XCTAssertEqual(key.description, #"search POST /search body {"name":"a"} query {"page":1}"#)
        XCTAssertNotEqual(key, CacheKey(endpoint: "search", requestType: second))
    }

    func testKeysDifferByMethodPathParameterValueAndCustomHeader() throws {
        let base = TestRequest(
            param: ["storeId": 3] as RequestParameters, method: .post, header: .custom(["X-Token": "a"]), path: "/store")
        let key = try XCTUnwrap(CacheKey(endpoint: "e", requestType: base))

        var method = base
        method.method = .put
        var path = base
        path.path = "/store/2"
        var value = base
        value.body = ["storeId": 4] as RequestParameters
        var header = base
        header.header = .custom(["X-Token": "b"])
        var headerName = base
        headerName.header = .custom(["X-Other": "a"])
        let endpoint = CacheKey(endpoint: "other", requestType: base)

        for (what, other) in [
            ("method", method), ("path", path), ("parameter value", value), ("custom header value", header),
            ("custom header name", headerName),
        ] {
            let otherKey = try XCTUnwrap(CacheKey(endpoint: "e", requestType: other), what)
            XCTAssertNotEqual(key, otherKey, what)
        }
        XCTAssertNotEqual(key, endpoint)
    }

    func testParameterKeyOrderDoesNotMatter() throws {
        let literal = try XCTUnwrap(
            CacheKey(endpoint: "e", requestType: TestRequest(param: ["a": 1, "b": "x", "c": [3, 2]] as RequestParameters)))
        let reordered = try XCTUnwrap(
            CacheKey(endpoint: "e", requestType: TestRequest(param: ["c": [3, 2], "b": "x", "a": 1] as RequestParameters)))
        XCTAssertEqual(literal, reordered)

        var spread = RequestParameters()
        spread["b"] = "x"
        spread["a"] = 1
        spread.spread(["c": [3, 2]])
        XCTAssertEqual(literal, CacheKey(endpoint: "e", requestType: TestRequest(param: spread)))

        // A plain dictionary (nested too): JSONEncoder's `.sortedKeys` orders every level.
        var first: [String: [String: Int]] = [:]
        first["x"] = ["q": 1, "p": 2]
        first["y"] = ["z": 3]
        var second: [String: [String: Int]] = [:]
        second["y"] = ["z": 3]
        second["x"] = ["p": 2, "q": 1]
        let firstKey = try XCTUnwrap(CacheKey(endpoint: "e", requestType: TestRequest(param: first)))
        XCTAssertEqual(firstKey, CacheKey(endpoint: "e", requestType: TestRequest(param: second)))
        XCTAssertEqual(firstKey.request, #"GET /echo query {"x":{"p":2,"q":1},"y":{"z":3}}"#)

        // Custom headers are sorted by name too.
        let headers = try XCTUnwrap(
            CacheKey(endpoint: "e", requestType: TestRequest(header: .custom(["B": "2", "A": "1", "C": "3"]))))
        XCTAssertEqual(headers.request, #"GET /echo headers {"A":"1","B":"2","C":"3"}"#)
    }

    func testKeySaysWhetherParametersGoToTheQueryOrTheBody() throws {
        let params: RequestParameters = ["id": 1]
        let body = try XCTUnwrap(CacheKey(endpoint: "e", requestType: TestRequest(param: params, method: .post)))
        let query = try XCTUnwrap(
            CacheKey(endpoint: "e", requestType: TestRequest(param: params, method: .post, queryOverride: true)))
        XCTAssertNotEqual(body, query)
        XCTAssertEqual(body.request, #"POST /echo body {"id":1}"#)
        XCTAssertEqual(query.request, #"POST /echo query {"id":1}"#)
        // GET always uses the query, whatever `usingQuery` says.
        let get = try XCTUnwrap(
            CacheKey(endpoint: "e", requestType: TestRequest(param: params, method: .get, queryOverride: false)))
        XCTAssertEqual(get.request, #"GET /echo query {"id":1}"#)
        // No param is not an empty one.
        XCTAssertNotEqual(
            CacheKey(endpoint: "e", requestType: TestRequest(method: .post)),
            CacheKey(endpoint: "e", requestType: TestRequest(param: RequestParameters(), method: .post)))
    }

    func testHeaderKindsThatSendTheSameHeadersGiveTheSameKey() throws {
        let json = try XCTUnwrap(CacheKey(endpoint: "e", requestType: TestRequest(header: .json)))
        XCTAssertEqual(json, CacheKey(endpoint: "e", requestType: TestRequest(header: .default)))
        XCTAssertEqual(json, CacheKey(endpoint: "e", requestType: TestRequest(header: .custom([:]))))
        XCTAssertNotEqual(json, CacheKey(endpoint: "e", requestType: TestRequest(header: .location)))
        XCTAssertNotEqual(json, CacheKey(endpoint: "e", requestType: TestRequest(header: .multipart(boundary: "b"))))
        XCTAssertEqual(json.request, "GET /echo")
    }

    func testNoKeyForAnUploadOrParametersThatCannotBeEncoded() {
        var form = UploadForm()
        form.add("image", file: UploadFile(data: Data([1, 2, 3]), fileName: "a.jpg"))
        XCTAssertNil(CacheKey(endpoint: "e", requestType: TestRequest(method: .post, upload: form)))
        XCTAssertNil(CacheKey(endpoint: "e", requestType: TestRequest(method: .post, upload: UploadForm())))

        var twice: RequestParameters = ["a": 1]
        twice.spread(["a": 2])
        XCTAssertNil(CacheKey(endpoint: "e", requestType: TestRequest(param: twice)))
        XCTAssertNotNil(CacheKey(endpoint: "e", requestType: TestRequest(param: ["a": 1] as RequestParameters)))
    }

    // MARK: - MemoryResponseCache

    func testMemoryCacheHitsAndMissesAValueOfAnotherType() async {
        let cache = MemoryResponseCache()
        let key = CacheKey(endpoint: "e", request: "GET /a")
        let hit: String? = await cache.value(for: key, as: String.self)
        XCTAssertNil(hit)
        await cache.store("value", for: key, timeToLive: nil)
        let stored: String? = await cache.value(for: key, as: String.self)
        XCTAssertEqual(stored, "value")
        let wrongType: Int? = await cache.value(for: key, as: Int.self)
        XCTAssertNil(wrongType)
        let otherKey: String? = await cache.value(for: CacheKey(endpoint: "e", request: "GET /b"), as: String.self)
        XCTAssertNil(otherKey)
        // A miss of the wrong type does not remove the value.
        let again: String? = await cache.value(for: key, as: String.self)
        XCTAssertEqual(again, "value")

        await cache.store("replaced", for: key, timeToLive: nil)
        let replaced: String? = await cache.value(for: key, as: String.self)
        XCTAssertEqual(replaced, "replaced")
        let count = await cache.count
        XCTAssertEqual(count, 1)

        await cache.remove(key)
        let removed: String? = await cache.value(for: key, as: String.self)
        XCTAssertNil(removed)
    }

    func testMemoryCacheValuesExpireByTheInjectedClock() async {
        let clock = CacheTestClock()
        let cache = MemoryResponseCache(now: clock.now)
        let key = CacheKey(endpoint: "e", request: "GET /a")
        let forever = CacheKey(endpoint: "e", request: "GET /forever")
        await cache.store(1, for: key, timeToLive: .seconds(10))
        await cache.store(2, for: forever, timeToLive: nil)

        clock.advance(by: .seconds(9))
        let fresh: Int? = await cache.value(for: key, as: Int.self)
        XCTAssertEqual(fresh, 1)

        clock.advance(by: .seconds(1))
        let expired: Int? = await cache.value(for: key, as: Int.self)
        XCTAssertNil(expired)
        let count = await cache.count
        XCTAssertEqual(count, 1, "the expired entry is removed when read")

        clock.advance(by: .seconds(1_000_000))
        let kept: Int? = await cache.value(for: forever, as: Int.self)
        XCTAssertEqual(kept, 2)
    }

    func testMemoryCacheEvictsTheLeastRecentlyUsed() async {
        let cache = MemoryResponseCache(maximumCount: 2)
        let a = CacheKey(endpoint: "e", request: "a")
        let b = CacheKey(endpoint: "e", request: "b")
        let c = CacheKey(endpoint: "e", request: "c")
        let d = CacheKey(endpoint: "e", request: "d")
        await cache.store("a", for: a, timeToLive: nil)
        await cache.store("b", for: b, timeToLive: nil)
        _ = await cache.value(for: a, as: String.self)  // a is now more recent than b
        await cache.store("c", for: c, timeToLive: nil)

        var count = await cache.count
        XCTAssertEqual(count, 2)
        var values = await [a, b, c].asyncMap { await cache.value(for: $0, as: String.self) }
        XCTAssertEqual(values, ["a", nil, "c"])

        // Reading a then c made a the least recently used; storing again over a key refreshes it.
        await cache.store("c2", for: c, timeToLive: nil)
        await cache.store("d", for: d, timeToLive: nil)
        count = await cache.count
        XCTAssertEqual(count, 2)
        values = await [a, c, d].asyncMap { await cache.value(for: $0, as: String.self) }
        XCTAssertEqual(values, [nil, "c2", "d"])

        let none = MemoryResponseCache(maximumCount: 0)
        await none.store("a", for: a, timeToLive: nil)
        let noneCount = await none.count
        XCTAssertEqual(noneCount, 0)
    }

    func testRemoveAllOfAnEndpointLeavesOtherEndpoints() async {
        let cache = MemoryResponseCache()
        let stores = [CacheKey(endpoint: "stores", request: "1"), CacheKey(endpoint: "stores", request: "2")]
        let reviews = CacheKey(endpoint: "reviews", request: "1")
        for key in stores { await cache.store(key.request, for: key, timeToLive: nil) }
        await cache.store("review", for: reviews, timeToLive: nil)

        await cache.removeAll(endpoint: "stores")
        let left = await stores.asyncMap { await cache.value(for: $0, as: String.self) }
        XCTAssertEqual(left, [nil, nil])
        let review: String? = await cache.value(for: reviews, as: String.self)
        XCTAssertEqual(review, "review")
        let count = await cache.count
        XCTAssertEqual(count, 1)
    }

    // MARK: - CachedReads

    func testASecondReadIsAnsweredByTheCache() async throws {
        let reads = CachedReads()
        let fetches = CacheFetchCounter()
        let key = CacheKey(endpoint: "fetchStore", request: "GET /store/1")
        let first: Result<String, Error> = await reads.read(key, timeToLive: nil) { await fetches.succeed("store") }
        let second: Result<String, Error> = await reads.read(key, timeToLive: nil) { await fetches.succeed("other") }
        XCTAssertEqual(try first.get(), "store")
        XCTAssertEqual(try second.get(), "store")
        let count = await fetches.count
        XCTAssertEqual(count, 1)
        let stored = await reads.local.value(for: key, as: String.self)
        XCTAssertEqual(stored, "store")
    }

    func testAFailedFetchIsNotStored() async throws {
        let reads = CachedReads()
        let fetches = CacheFetchCounter()
        let key = CacheKey(endpoint: "fetchStore", request: "GET /store/1")
        let failed: Result<String, Error> = await reads.read(key, timeToLive: nil) {
            await fetches.fail(NetworkError.timedOut)
        }
        guard case .failure(NetworkError.timedOut) = failed else { return XCTFail("\(failed)") }
        let stored = await reads.local.value(for: key, as: String.self)
        XCTAssertNil(stored)

        let next: Result<String, Error> = await reads.read(key, timeToLive: nil) { await fetches.succeed("store") }
        XCTAssertEqual(try next.get(), "store")
        let count = await fetches.count
        XCTAssertEqual(count, 2)
    }

    func testAnExpiredEntryIsFetchedOnceAgain() async throws {
        let clock = CacheTestClock()
        let reads = CachedReads(local: MemoryResponseCache(now: clock.now))
        let fetches = CacheFetchCounter()
        let key = CacheKey(endpoint: "fetchStore", request: "GET /store/1")
        func read() async throws -> Int {
            try await reads.read(key, timeToLive: .seconds(60)) { () async -> Result<Int, Error> in
                .success(await fetches.increment())
            }.get()
        }

        let first = try await read()
        clock.advance(by: .seconds(59))
        let cached = try await read()
        XCTAssertEqual([first, cached], [1, 1])

        clock.advance(by: .seconds(1))
        let refetched = try await read()
        let again = try await read()
        XCTAssertEqual([refetched, again], [2, 2])
        let count = await fetches.count
        XCTAssertEqual(count, 2)
    }

    func testConcurrentReadsOfAColdKeyMakeOneFetch() async throws {
        let reads = CachedReads()
        let fetches = CacheFetchCounter()
        let release = CacheGate()
        let key = CacheKey(endpoint: "fetchStore", request: "GET /store/1")

        let values = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await reads.read(key, timeToLive: nil) { () async -> Result<String, Error> in
                        await fetches.increment()
                        await release.wait()
                        return .success("store")
                    }.get()
                }
            }
            // The fetch is held until every read waits for it.
            let allWaiting = await eventually { await reads.coordinator.waitingReads(for: key) == 20 }
            XCTAssertTrue(allWaiting, "20 reads should wait for one fetch")
            await release.open()
            var values: [String] = []
            for try await value in group { values.append(value) }
            return values
        }
        XCTAssertEqual(values, Array(repeating: "store", count: 20))
        let count = await fetches.count
        XCTAssertEqual(count, 1)
        let waiting = await reads.coordinator.waitingReads(for: key)
        XCTAssertEqual(waiting, 0)
    }

    func testAnInvalidationDuringAReadKeepsItsValueOutOfTheCache() async throws {
        let reads = CachedReads()
        let fetches = CacheFetchCounter()
        let started = CacheGate()
        let release = CacheGate()
        let key = CacheKey(endpoint: "fetchStore", request: "GET /store/1")
        let reader = Task {
            await reads.read(key, timeToLive: nil) { () async -> Result<String, Error> in
                await fetches.increment()
                await started.open()
                await release.wait()
                return .success("before the write")
            }
        }
        await started.wait()
        await reads.invalidateAll(endpoint: "fetchStore")
        await release.open()

        let fetched = try await reader.value.get()
        XCTAssertEqual(fetched, "before the write", "the read returns what it fetched")
        let stored = await reads.local.value(for: key, as: String.self)
        XCTAssertNil(stored, "but does not store it")

        let next: Result<String, Error> = await reads.read(key, timeToLive: nil) { await fetches.succeed("after") }
        XCTAssertEqual(try next.get(), "after")
        let count = await fetches.count
        XCTAssertEqual(count, 2)
    }

    func testAReadStartedAfterAnInvalidationDoesNotShareAnOlderFetch() async throws {
        let reads = CachedReads()
        let started = CacheGate()
        let release = CacheGate()
        let key = CacheKey(endpoint: "fetchStore", request: "GET /store/1")
        let older = Task {
            await reads.read(key, timeToLive: nil) { () async -> Result<String, Error> in
                await started.open()
                await release.wait()
                return .success("old")
            }
        }
        await started.wait()
        await reads.invalidate(key)
        let newerFetched = CacheGate()
        let newer = Task {
            await reads.read(key, timeToLive: nil) { () async -> Result<String, Error> in
                await newerFetched.open()
                return .success("new")
            }
        }
        // Either the newer read fetches, or (wrongly) it waits for the older fetch, which is still held.
        let decided = await eventually {
            let fetched = await newerFetched.isOpen
            let waiting = await reads.coordinator.waitingReads(for: key)
            return fetched || waiting == 2
        }
        XCTAssertTrue(decided)
        let fetchedAnew = await newerFetched.isOpen
        XCTAssertTrue(fetchedAnew, "a read after the invalidation must not wait for the older fetch")
        await release.open()
        let new = try await newer.value.get()
        XCTAssertEqual(new, "new")
        let old = try await older.value.get()
        XCTAssertEqual(old, "old")
        let stored = await reads.local.value(for: key, as: String.self)
        XCTAssertEqual(stored, "new")
    }

    func testAnUpdateStoresTheWrittenValueAndWinsOverAReadInFlight() async throws {
        let reads = CachedReads()
        let fetches = CacheFetchCounter()
        let started = CacheGate()
        let release = CacheGate()
        let key = CacheKey(endpoint: "fetchStore", request: "GET /store/1")
        let reader = Task {
            await reads.read(key, timeToLive: nil) { () async -> Result<String, Error> in
                await fetches.increment()
                await started.open()
                await release.wait()
                return .success("before the write")
            }
        }
        await started.wait()
        await reads.update(key, with: "written", timeToLive: nil)
        await release.open()
        let fetched = try await reader.value.get()
        XCTAssertEqual(fetched, "before the write")

        let next: Result<String, Error> = await reads.read(key, timeToLive: nil) { await fetches.succeed("fetched") }
        XCTAssertEqual(try next.get(), "written")
        let count = await fetches.count
        XCTAssertEqual(count, 1, "the read after the update makes no fetch")

        // Without a read in flight too.
        let other = CacheKey(endpoint: "fetchStore", request: "GET /store/2")
        await reads.update(other, with: "written 2", timeToLive: nil)
        let read: Result<String, Error> = await reads.read(other, timeToLive: nil) { await fetches.succeed("fetched") }
        XCTAssertEqual(try read.get(), "written 2")
        let finalCount = await fetches.count
        XCTAssertEqual(finalCount, 1)
    }

    func testANilKeyAlwaysFetches() async throws {
        let reads = CachedReads()
        let fetches = CacheFetchCounter()
        for _ in 0..<3 {
            let result: Result<String, Error> = await reads.read(nil, timeToLive: nil) { await fetches.succeed("x") }
            XCTAssertEqual(try result.get(), "x")
        }
        let value = try await reads.read(nil, timeToLive: nil) { () async throws -> String in
            _ = await fetches.increment()
            return "y"
        }
        XCTAssertEqual(value, "y")
        let count = await fetches.count
        XCTAssertEqual(count, 4)
        await reads.update(nil, with: "ignored", timeToLive: nil)
        await reads.invalidate(nil)
        let stored = await (reads.local as? MemoryResponseCache)?.count
        XCTAssertEqual(stored, 0)
    }

    func testTheThrowingReadRethrowsAndStoresNothingOnError() async throws {
        let reads = CachedReads()
        let fetches = CacheFetchCounter()
        let key = CacheKey(endpoint: "fetchStore", request: "GET /store/1")
        do {
            _ = try await reads.read(key, timeToLive: nil) { () async throws -> String in
                _ = await fetches.increment()
                throw NetworkError.noData
            }
            XCTFail("the read should throw")
        } catch NetworkError.noData {
        }
        let stored = await reads.local.value(for: key, as: String.self)
        XCTAssertNil(stored)

        let value = try await reads.read(key, timeToLive: nil) { () async throws -> String in
            _ = await fetches.increment()
            return "store"
        }
        let cached = try await reads.read(key, timeToLive: nil) { () async throws -> String in
            _ = await fetches.increment()
            throw NetworkError.noData
        }
        XCTAssertEqual([value, cached], ["store", "store"])
        let count = await fetches.count
        XCTAssertEqual(count, 2)
    }

    func testCancellingOneReadDoesNotCancelTheFetchOthersWaitFor() async throws {
        let reads = CachedReads()
        let fetches = CacheFetchCounter()
        let release = CacheGate()
        let key = CacheKey(endpoint: "fetchStore", request: "GET /store/1")
        let fetch: @Sendable () async -> Result<String, Error> = {
            await fetches.increment()
            await release.wait()
            return Task.isCancelled ? .failure(NetworkError.cancelled) : .success("store")
        }
        let returned = CacheGate()
        let cancelled = Task {
            let result = await reads.read(key, timeToLive: nil, fetch: fetch)
            await returned.open()
            return result
        }
        let kept = Task { await reads.read(key, timeToLive: nil, fetch: fetch) }
        let bothWaiting = await eventually { await reads.coordinator.waitingReads(for: key) == 2 }
        XCTAssertTrue(bothWaiting)

        cancelled.cancel()
        let returnedAtOnce = await eventually { await returned.isOpen }
        XCTAssertTrue(returnedAtOnce, "the cancelled read should end before the fetch does")
        await release.open()
        guard case .failure(NetworkError.cancelled) = await cancelled.value else {
            return XCTFail("the cancelled read should end with .cancelled")
        }
        let value = try await kept.value.get()
        XCTAssertEqual(value, "store")
        let count = await fetches.count
        XCTAssertEqual(count, 1)
        let stored = await reads.local.value(for: key, as: String.self)
        XCTAssertEqual(stored, "store")
    }

    func testCancellingTheOnlyReadCancelsItsFetch() async throws {
        let reads = CachedReads()
        let release = CacheGate()
        let finished = CacheGate()
        let sawCancellation = CacheFetchCounter()
        let key = CacheKey(endpoint: "fetchStore", request: "GET /store/1")
        let returned = CacheGate()
        let reader = Task {
            let result = await reads.read(key, timeToLive: nil) { () async -> Result<String, Error> in
                await release.wait()
                if Task.isCancelled { await sawCancellation.increment() }
                await finished.open()
                return .success("store")
            }
            await returned.open()
            return result
        }
        let waiting = await eventually { await reads.coordinator.waitingReads(for: key) == 1 }
        XCTAssertTrue(waiting)
        reader.cancel()
        let returnedAtOnce = await eventually { await returned.isOpen }
        XCTAssertTrue(returnedAtOnce, "the cancelled read should end before the fetch does")
        await release.open()
        guard case .failure(NetworkError.cancelled) = await reader.value else { return XCTFail("expected .cancelled") }
        await finished.wait()
        let cancelledFetches = await sawCancellation.count
        XCTAssertEqual(cancelledFetches, 1, "the fetch is cancelled when no read waits for it")
    }

    func testReadsTypeCheckAsGeneratedRepositoriesCallThem() async throws {
        // As a repository of the result style and one of the async-throws style would call them, the fetch's
        // type inferred from the method's return type.
        struct Repository: Sendable {
            let reads = CachedReads()
            let manager = CacheJSONManager(json: #"{"id": 3, "name": "store"}"#)

            func fetchStore(id: Int) async -> Result<CachedStore, Error> {
                let key = CacheKey(endpoint: "fetchStore", requestType: TestRequest(path: "/store/\(id)"))
                return await reads.read(key, timeToLive: .seconds(60)) { await manager.request() }
            }

            func fetchStoreThrowing(id: Int) async throws -> CachedStore {
                let key = CacheKey(endpoint: "fetchStore", requestType: TestRequest(path: "/store/\(id)"))
                return try await reads.read(key, timeToLive: .seconds(60)) { try await manager.requestThrowing() }
            }
        }
        let repository = Repository()
        let store = CachedStore(id: 3, name: "store")
        let fetched = try await repository.fetchStore(id: 3).get()
        XCTAssertEqual(fetched, store)
        let thrown = try await repository.fetchStoreThrowing(id: 3)
        XCTAssertEqual(thrown, store)
        let unannotated = await repository.reads.read(nil, timeToLive: nil) {
            await repository.manager.request() as Result<CachedStore, Error>
        }
        XCTAssertEqual(try unannotated.get(), store)
        let calls = await repository.manager.calls
        XCTAssertEqual(calls, 2, "the second read of the same request is answered by the cache")
    }

    func testCopiesShareTheirFetches() async throws {
        let reads = CachedReads()
        let copy = reads
        let fetches = CacheFetchCounter()
        let release = CacheGate()
        let key = CacheKey(endpoint: "fetchStore", request: "GET /store/1")
        let fetch: @Sendable () async -> Result<String, Error> = {
            await fetches.increment()
            await release.wait()
            return .success("store")
        }
        let first = Task { await reads.read(key, timeToLive: nil, fetch: fetch) }
        let second = Task { await copy.read(key, timeToLive: nil, fetch: fetch) }
        let bothWaiting = await eventually { await reads.coordinator.waitingReads(for: key) == 2 }
        XCTAssertTrue(bothWaiting)
        await release.open()
        let values = [try await first.value.get(), try await second.value.get()]
        XCTAssertEqual(values, ["store", "store"])
        let count = await fetches.count
        XCTAssertEqual(count, 1)
    }
}

// MARK: - Helpers

/// A store as the cache tests decode it.
private struct CachedStore: Codable, Sendable, Equatable {
    var id: Int
    var name: String
}

/// Answers every request with the same JSON, as `NetworkManager` answers in the result and async-throws styles.
private actor CacheJSONManager {
    let json: String
    private(set) var calls = 0

    init(json: String) {
        self.json = json
    }

    func request<T: Decodable & Sendable>() -> Result<T, Error> {
        calls += 1
        return Result { try JSONDecoder().decode(T.self, from: Data(json.utf8)) }
    }

    func requestThrowing<T: Decodable & Sendable>() throws -> T {
        try request().get()
    }
}

/// Counts fetches.
private actor CacheFetchCounter {
    private(set) var count = 0

    @discardableResult
    func increment() -> Int {
        count += 1
        return count
    }

    func succeed<Value: Sendable>(_ value: Value) -> Result<Value, Error> {
        count += 1
        return .success(value)
    }

    func fail<Value: Sendable>(_ error: Error) -> Result<Value, Error> {
        count += 1
        return .failure(error)
    }
}

/// Holds tasks in `wait()` until `open()`; open once, it lets every later `wait()` through.
private actor CacheGate {
    private(set) var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}

/// A clock that moves only when told to.
private final class CacheTestClock: @unchecked Sendable {
    private let lock = NSLock()
    private let start = ContinuousClock.now
    private var offset: Duration = .zero

    var now: @Sendable () -> ContinuousClock.Instant {
        { [self] in lock.withLock { start + offset } }
    }

    func advance(by duration: Duration) {
        lock.withLock { offset += duration }
    }
}

/// Whether `condition` becomes true while the other tasks get to run (yielding in between, never sleeping).
private func eventually(_ condition: () async -> Bool) async -> Bool {
    for _ in 0..<1_000_000 {
        if await condition() { return true }
        await Task.yield()
    }
    return false
}

extension Array where Element: Sendable {
    fileprivate func asyncMap<T>(_ transform: (Element) async -> T) async -> [T] {
        var results: [T] = []
        for element in self { results.append(await transform(element)) }
        return results
    }
}
