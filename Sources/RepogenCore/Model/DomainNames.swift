/// The type names generated for a domain.
package struct DomainNames: Sendable, Equatable {
    package var api: String
    package var repository: String
    package var impl: String
    package var mock: String

    package init(domain: String) {
        api = domain + "Api"
        repository = domain + "Repository"
        impl = domain + "RepositoryImpl"
        mock = "Mock" + domain + "Repository"
    }
}
