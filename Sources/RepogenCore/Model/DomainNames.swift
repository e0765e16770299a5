/// The type names generated for a domain.
package struct DomainNames: Sendable, Equatable {
    package var api: String
    package var repository: String
    package var impl: String
    package var mock: String
    /// The API calls of a domain with cached reads, under the cached `impl`: `StoreRemoteDataSource`.
    package var remote: String
    /// The local data source protocol of a domain with cached reads: `StoreLocalDataSource`.
    package var local: String
    /// The `clean` style's data layer: the data source protocol (`StoreDataSource`) and the repository over the data
    /// sources (`StoreDataRepository`).
    package var dataSource: String
    package var dataRepository: String
    /// The `tca` style's `@DependencyClient` (`StoreClient`) and its `DependencyValues` accessor (`storeClient`).
    package var client: String
    package var clientAccessor: String

    package init(domain: String) {
        api = domain + "Api"
        repository = domain + "Repository"
        impl = domain + "RepositoryImpl"
        mock = "Mock" + domain + "Repository"
        remote = domain + "RemoteDataSource"
        local = domain + "LocalDataSource"
        dataSource = domain + "DataSource"
        dataRepository = domain + "DataRepository"
        client = domain + "Client"
        clientAccessor = Self.lowerCamel(domain) + "Client"
    }

    /// `Store` -> `store`, `URLShortener` -> `urlShortener`, `API` -> `api`: the leading capitals (but the one that
    /// starts the next word) lowercased, as Swift's API guidelines write acronyms.
    package static func lowerCamel(_ name: String) -> String {
        let characters = Array(name)
        let capitals = characters.prefix { $0.isUppercase }.count
        guard capitals > 0 else { return name }
        let lowered = capitals == characters.count || capitals == 1 ? capitals : capitals - 1
        return characters[..<lowered].map { $0.lowercased() }.joined() + String(characters[lowered...])
    }

    /// A use case's type: `fetchMovie` -> `FetchMovieUseCase`.
    package static func useCase(forMethod method: String) -> String {
        method.prefix(1).uppercased() + method.dropFirst() + "UseCase"
    }

    /// What a use case's `execute(_:)` takes: `fetchMovie` -> `FetchMovieRequestValues`.
    package static func requestValues(forMethod method: String) -> String {
        method.prefix(1).uppercased() + method.dropFirst() + "RequestValues"
    }
}
