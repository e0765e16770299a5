import Dependencies
import Foundation
import Observation
import RepogenRuntime

/// The person list as a reducer-free feature model: the state a screen shows and the actions it sends, over
/// `LedgerClient` read with `@Dependency`. A SwiftUI view holds it in `@State`; a TCA reducer would read the client
/// the same way. Tests build it inside `withDependencies` to choose the live, test, preview or mock client.
@MainActor
@Observable
public final class LedgerFeature {
    public private(set) var persons: [Person] = []
    /// The cursor of the next page of `persons` when they are read a page at a time; nil on the last page.
    public private(set) var nextCursor: String?
    /// The receipts of the loans, as the app's own `Receipt` (the server sends `ReceiptDTO`).
    public private(set) var receipts: [Receipt] = []
    /// What the screen shows when a call fails: the `APIError`'s message for the user.
    public private(set) var errorMessage: String?

    @ObservationIgnored
    @Dependency(\.ledgerClient) private var ledgerClient
    /// The load `startLoading()` started, which `cancelLoading()` (the screen going away) cancels.
    @ObservationIgnored
    private var loading: Task<Void, Never>?

    public init() {}

    /// The person list (a cached read: a second call answers from the repository's cache until a write of a person
    /// invalidates it).
    public func onAppear() async {
        await run { self.persons = try await self.ledgerClient.fetchPersons() }
    }

    /// Starts `onAppear()` in a task of the feature's, as a view's `.task` would; returns it to await.
    @discardableResult
    public func startLoading() -> Task<Void, Never> {
        loading?.cancel()
        let task = Task { await self.onAppear() }
        loading = task
        return task
    }

    /// The screen went away: the load stops, and so does its request.
    public func cancelLoading() {
        loading?.cancel()
        loading = nil
    }

    /// The first page of persons, then each next one appended, `size` at a time.
    public func loadPage(size: Int) async {
        await run {
            let page = try await self.ledgerClient.fetchPersonPage(cursor: self.nextCursor, size: size)
            if self.nextCursor == nil { self.persons = [] }
            self.persons += page.items
            self.nextCursor = page.nextCursor
        }
    }

    public func toggleFavorite(_ person: Person) async {
        await run {
            let saved = person.favorite == true
                ? try await self.ledgerClient.unfavoritePerson(id: person.id)
                : try await self.ledgerClient.favoritePerson(id: person.id)
            if let index = self.persons.firstIndex(where: { $0.id == saved.id }) { self.persons[index] = saved }
        }
    }

    public func loadReceipts() async {
        await run { self.receipts = try await self.ledgerClient.fetchReceipts() }
    }

    /// Uploads a photo of a loan's receipt (a multipart request) and shows the receipt the server made of it.
    public func attachReceipt(to transactionId: UUID, photo: Data, fileName: String, note: String?) async {
        await run {
            let receipt = try await self.ledgerClient.uploadReceipt(
                transactionId: transactionId, image: UploadFile(data: photo, fileName: fileName, contentType: "image/jpeg"),
                note: note)
            self.receipts.append(receipt)
        }
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
