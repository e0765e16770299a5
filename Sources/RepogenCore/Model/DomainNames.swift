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

    package init(domain: String) {
        api = domain + "Api"
        repository = domain + "Repository"
        impl = domain + "RepositoryImpl"
        mock = "Mock" + domain + "Repository"
        remote = domain + "RemoteDataSource"
        local = domain + "LocalDataSource"
    }
}
