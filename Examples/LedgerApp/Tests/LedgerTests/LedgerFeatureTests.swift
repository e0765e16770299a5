import Dependencies
import Foundation
import Ledger
import RepogenRuntime
import TestServer
import XCTest

/// The feature model over each of the generated client's values, chosen with `withDependencies`.
@MainActor
final class LedgerFeatureTests: XCTestCase {
    let kim = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!

    // MARK: live, against the loopback server

    func testTheLiveValueCallsTheServerAndDecodes() async throws {
        let server = try startServer()
        defer { server.stop() }
        try await server.route([
            .init("GET", "/persons", body: #"[{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","name":"Kim"}]"#),
            .init("DELETE", "/persons/6F9619FF-8B86-D011-B42D-00C04FC964FF", status: 204),
        ])
        let feature = withDependencies {
            $0.ledgerClient = live(server)
        } operation: {
            LedgerFeature()
        }
        await feature.onAppear()
        XCTAssertNil(feature.errorMessage)
        XCTAssertEqual(feature.persons.map(\.name), ["Kim"])
        await feature.delete(feature.persons[0])
        XCTAssertEqual(feature.persons, [])
        let requests = try await server.requests()
        XCTAssertEqual(requests.map { "\($0.method) \($0.path)" }, [
            "GET /persons", "DELETE /persons/6F9619FF-8B86-D011-B42D-00C04FC964FF",
        ])
    }

    func testTheLiveValueSendsInputsWhereTheSpecSays() async throws {
        let server = try startServer()
        defer { server.stop() }
        try await server.route([.init("GET", "/transactions", body: "[]")])
        let client = live(server)
        let transactions = try await client.fetchTransactions(month: "2026-11", type: .lend)
        XCTAssertEqual(transactions, [])
        let request = try await server.requests().first
        XCTAssertEqual(request?.query.split(separator: "&").sorted(), ["month=2026-11", "type=LEND"])
    }

    func testTheLiveValueThrowsAPIErrorsWithMessagesForTheUser() async throws {
        let server = try startServer()
        defer { server.stop() }
        try await server.route([
            .init("GET", "/persons", status: 500, body: "{}", times: 1),
            .init("GET", "/persons", status: 401, body: "{}", times: 1),
            .init("GET", "/persons", body: #"{"not":"a list"}"#),
        ])
        let client = live(server)
        for expected in [APIError.serverError(500), .unauthorized, .decodingError] {
            do {
                _ = try await client.fetchPersons()
                XCTFail("expected \(expected)")
            } catch {
                XCTAssertEqual(error as? APIError, expected)
            }
        }
        let feature = withDependencies { $0.ledgerClient = client } operation: { LedgerFeature() }
        await feature.onAppear()
        XCTAssertEqual(feature.errorMessage, "The data could not be read.")
    }

    func testAServerThatIsNotThereIsANetworkError() async throws {
        // A port nothing listens on: the first free one, released at once.
        let server = try startServer()
        let url = server.baseURL
        server.stop()
        let client = LedgerClient.live(
            LedgerRepositoryImpl(
                remote: LedgerRemoteDataSource(manager: NetworkManager(configuration: NetworkConfiguration(baseURL: url))),
                local: MemoryResponseCache()))
        do {
            _ = try await client.fetchPersons()
            XCTFail("expected a network error")
        } catch APIError.networkError(let message) {
            XCTAssertFalse(message.isEmpty)
        }
    }

    // MARK: test value

    // (That an unimplemented call fails the test is checked with Swift Testing's `withKnownIssue`, in
    // TestValueTests.swift: XCTest on Linux has no `XCTExpectFailure`.)

    func testATestOverridesOnlyWhatItExpects() async throws {
        let feature = withDependencies {
            $0.ledgerClient = .testValue
            $0.ledgerClient.fetchPersons = { [Person(id: UUID(), name: "Park")] }
        } operation: {
            LedgerFeature()
        }
        await feature.onAppear()
        XCTAssertEqual(feature.persons.map(\.name), ["Park"])
    }

    func testOptionalInputsCanBeLeftOutOfAClientCall() async throws {
        var client = LedgerClient.testValue
        let received = LockIsolated<[String]>([])
        client.fetchTransactions = { month, type in
            received.withValue { $0.append("\(month) \(type.map { "\($0)" } ?? "nil")") }
            return []
        }
        // A closure cannot have default arguments: the client's extension leaves `type` out and passes nil.
        let transactions = try await client.fetchTransactions(month: "2026-11")
        XCTAssertEqual(transactions, [])
        XCTAssertEqual(received.value, ["2026-11 nil"])
    }

    // MARK: preview value

    func testThePreviewValueAnswersWithTheSpecsExamples() async throws {
        let client = LedgerClient.previewValue
        let persons = try await client.fetchPersons()
        XCTAssertEqual(persons.map(\.name), ["Kim", "Lee"])
        let person = try await client.fetchPerson(id: kim)
        XCTAssertEqual(person.phoneNumber, "010-1234-5678")
        let transactions = try await client.fetchTransactions(month: "2026-11", type: nil)
        XCTAssertEqual(transactions.map(\.amount), [30000])
        XCTAssertEqual(transactions.first?.date, Date(timeIntervalSince1970: 1_793_620_800))
        let echoed = Person(id: UUID(), name: "Choi")
        let created = try await client.createPerson(person: echoed)
        XCTAssertEqual(created, echoed)
        // Previews keep nothing: the list is the example still.
        let again = try await client.fetchPersons()
        XCTAssertEqual(again.count, 2)
    }

    // MARK: mock value

    func testTheMockValuesWritesAreVisibleToLaterReads() async throws {
        let feature = withDependencies {
            $0.ledgerClient = .mockValue
        } operation: {
            LedgerFeature()
        }
        await feature.onAppear()
        XCTAssertEqual(feature.persons.map(\.name), ["Kim", "Lee"])
        await feature.add(name: "Choi")
        await feature.rename(feature.persons[0], to: "Kim Minji")
        await feature.delete(feature.persons[1])
        XCTAssertNil(feature.errorMessage)

        // A second feature on the same client reads what the first wrote.
        let client = feature.client
        let reloaded = withDependencies { $0.ledgerClient = client } operation: { LedgerFeature() }
        await reloaded.onAppear()
        XCTAssertEqual(reloaded.persons.map(\.name), ["Kim Minji", "Choi"])
    }

    func testTheMockAnswersLikeAServerForMissingAndDuplicateIds() async throws {
        let storage = LockIsolated(LedgerClient.MockStorage(persons: [], transactions: [], receipts: []))
        let client = LedgerClient.mock(storage)
        let person = Person(id: kim, name: "Kim")
        _ = try await client.createPerson(person: person)
        await assertThrows(APIError.serverError(409)) { _ = try await client.createPerson(person: person) }
        await assertThrows(APIError.serverError(404)) { _ = try await client.fetchPerson(id: UUID()) }
        await assertThrows(APIError.serverError(404)) { _ = try await client.updatePerson(person: Person(id: UUID(), name: "?")) }
        await assertThrows(APIError.serverError(404)) { try await client.deletePerson(id: UUID()) }
        XCTAssertEqual(storage.value.persons, [person])

        let loan = Transaction(id: UUID(), personId: kim, amount: 5000, type: .borrow, date: Date(), memo: nil)
        _ = try await client.createTransaction(personId: kim, transaction: loan)
        XCTAssertEqual(storage.value.transactions, [loan])
        try await client.deleteTransaction(id: loan.id)
        XCTAssertEqual(storage.value.transactions, [])
        // Not kept by the mock: answers with the spec's example.
        let month = try await client.fetchTransactions(month: "2026-11", type: .lend)
        XCTAssertEqual(month.count, 1)
    }

    func testEachMockValueIsAFreshStore() async throws {
        let first = LedgerClient.mockValue
        try await first.deletePerson(id: kim)
        let second = LedgerClient.mockValue
        let persons = try await second.fetchPersons()
        XCTAssertEqual(persons.count, 2)
    }

    func testAPIErrorMessagesAreForTheUser() {
        XCTAssertEqual(APIError.serverError(503).localizedDescription, "A server error occurred. (code: 503)")
        XCTAssertEqual(APIError.networkError("Offline").localizedDescription, "Offline")
        XCTAssertEqual(APIError.converting(NetworkError.cancelled) is CancellationError, true)
        XCTAssertEqual(APIError.converting(CocoaError(.fileNoSuchFile)) as? APIError, .unknown)
    }

    // MARK: helpers

    func startServer() throws -> TestServer {
        do {
            return try TestServer()
        } catch TestServer.Failure.noPython {
            throw XCTSkip("python3 is needed for the loopback server tests")
        }
    }

    func live(_ server: TestServer) -> LedgerClient {
        ledgerLive(server)
    }
}

extension LedgerFeature {
    /// The client the feature was built with (what `@Dependency` resolved when it was made).
    var client: LedgerClient {
        withDependencies(from: self) {
            @Dependency(\.ledgerClient) var client
            return client
        }
    }
}

@MainActor
func assertThrows(
    _ expected: APIError, file: StaticString = #filePath, line: UInt = #line, _ body: () async throws -> Void
) async {
    do {
        try await body()
        XCTFail("expected \(expected)", file: file, line: line)
    } catch {
        XCTAssertEqual(error as? APIError, expected, file: file, line: line)
    }
}

/// The live client over the loopback server: `fetchPersons` is cached, in a cache of this client's own (a fresh
/// `MemoryResponseCache`, so no test sees another's cached values).
func ledgerLive(_ server: TestServer) -> LedgerClient {
    .live(
        LedgerRepositoryImpl(
            remote: LedgerRemoteDataSource(
                manager: NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL))),
            local: MemoryResponseCache()))
}

/// A second spec of the module gets its own client beside the first, over the one `APIError`.
final class SecondClientTests: XCTestCase {
    func testASecondClientAnswersWithItsExamplesAndSharesTheAPIError() async throws {
        let reminders = try await ReminderClient.previewValue.fetchReminders()
        XCTAssertEqual(reminders.map(\.note), ["Pay back on Friday"])
        // Without collections, its mock answers as its previews do.
        let mocked = try await ReminderClient.mockValue.fetchReminders()
        XCTAssertEqual(mocked, reminders)
        let converted = APIError.converting(NetworkError.unauthorized(resultCode: nil, message: nil))
        XCTAssertEqual(converted as? APIError, .unauthorized)
    }
}
