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

    package init(domain: String) {
        api = domain + "Api"
        repository = domain + "Repository"
        impl = domain + "RepositoryImpl"
        mock = "Mock" + domain + "Repository"
        remote = domain + "RemoteDataSource"
        local = domain + "LocalDataSource"
        dataSource = domain + "DataSource"
        dataRepository = domain + "DataRepository"
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
