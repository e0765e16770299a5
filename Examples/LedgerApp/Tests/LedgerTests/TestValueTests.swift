import Dependencies
import Ledger
import Foundation
import Testing

/// `testValue` fails loudly: a call the test did not override is an issue naming the endpoint, and it throws.
@MainActor
@Suite struct TestValueTests {
    @Test func anUnimplementedCallFailsTheTestNamingTheEndpoint() async {
        let feature = withDependencies {
            $0.ledgerClient = .testValue
        } operation: {
            LedgerFeature()
        }
        await withKnownIssue {
            await feature.onAppear()
        } matching: { issue in
            String(describing: issue).contains("LedgerClient.fetchPersons")
        }
        #expect(feature.errorMessage != nil)
        #expect(feature.persons.isEmpty)
    }

    @Test func everyEndpointOfTheTestValueIsUnimplemented() async {
        let client = LedgerClient.testValue
        await withKnownIssue {
            await #expect(throws: (any Error).self) { try await client.deletePerson(id: UUID()) }
        } matching: { issue in
            String(describing: issue).contains("LedgerClient.deletePerson")
        }
    }
}
