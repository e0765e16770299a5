import Dependencies
import Foundation
import Observation

/// Seed 003's person list as a reducer-free feature model: the state a screen shows and the actions it sends, over
/// `LedgerClient` read with `@Dependency`. A SwiftUI view holds it in `@State`; a TCA reducer would read the client
/// the same way. Tests build it inside `withDependencies` to choose the live, test, preview or mock client.
@MainActor
@Observable
public final class LedgerFeature {
    public private(set) var persons: [Person] = []
    /// What the screen shows when a call fails: the `APIError`'s message for the user.
    public private(set) var errorMessage: String?

    @ObservationIgnored
    @Dependency(\.ledgerClient) private var ledgerClient

    public init() {}

    public func onAppear() async {
        await run { self.persons = try await self.ledgerClient.fetchPersons() }
    }

    public func add(name: String, phoneNumber: String? = nil) async {
        await run {
            let person = try await self.ledgerClient.createPerson(
                person: Person(id: UUID(), name: name, phoneNumber: phoneNumber))
            self.persons.append(person)
        }
    }

    public func rename(_ person: Person, to name: String) async {
        var renamed = person
        renamed.name = name
        await run {
            let saved = try await self.ledgerClient.updatePerson(person: renamed)
            if let index = self.persons.firstIndex(where: { $0.id == saved.id }) { self.persons[index] = saved }
        }
    }

    public func delete(_ person: Person) async {
        await run {
            try await self.ledgerClient.deletePerson(id: person.id)
            self.persons.removeAll { $0.id == person.id }
        }
    }

    private func run(_ operation: () async throws -> Void) async {
        do {
            try await operation()
            errorMessage = nil
        } catch is CancellationError {
            // The screen went away: nothing to show.
        } catch {
            errorMessage = error.localizedDescription
        }
    }
}
