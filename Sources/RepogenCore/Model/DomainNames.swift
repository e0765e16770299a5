/// The type names generated for a domain.
package struct DomainNames: Sendable, Equatable {
    package var api: String
    /// `StoreServers`: the base URLs of a spec's `servers`.
    package var servers: String
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
    /// The `clean` style's generated local data source of a domain with cached reads, in memory:
    /// `InMemoryStoreLocalDataSource`.
    package var inMemoryLocal: String
    /// The `tca` style's `@DependencyClient` (`StoreClient`) and its `DependencyValues` accessor (`storeClient`).
    package var client: String
    package var clientAccessor: String

    /// The longest domain name, in UTF-8 bytes, whose files can be written: the longest file name it gives,
    /// `Mock<Domain>Repository.swift`, is 20 bytes longer, and a write goes through a temporary file whose name is
    /// 30 bytes longer still (`.<name>.repogen-<pid>-<8 hex digits>.tmp`); file systems allow 255.
    package static let maximumLength = 200

    package init(domain: String) {
        api = domain + "Api"
        servers = domain + "Servers"
        repository = domain + "Repository"
        impl = domain + "RepositoryImpl"
        mock = "Mock" + domain + "Repository"
        remote = domain + "RemoteDataSource"
        local = domain + "LocalDataSource"
        dataSource = domain + "DataSource"
        dataRepository = domain + "DataRepository"
        inMemoryLocal = "InMemory" + domain + "LocalDataSource"
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

    /// The types every style declares for a domain: the API enum, the repository protocol and its `Impl`.
    var layerTypes: [(name: String, what: String)] {
        [(api, "the API enum"), (repository, "the repository protocol"), (impl, "the repository")]
    }

    /// The module-level types the domain's code declares in `style`, with what each is (for messages): the style's
    /// `StyleBehaviour.declaredTypes`.
    package func declaredTypes(style: OutputStyle, usesCaching: Bool) -> [(name: String, what: String)] {
        style.behaviour.declaredTypes(self, usesCaching: usesCaching)
    }

    /// The names a model of the domain's spec may not take in `style`: the types its code declares, and the mock
    /// repository's and the style's reserved ones (`StyleBehaviour.reservedTypes`) even where it does not declare
    /// them, so that a model does not have to be renamed when the spec gains a cached read.
    package func reservedTypes(style: OutputStyle, usesCaching: Bool) -> Set<String> {
        var names = Set(declaredTypes(style: style, usesCaching: usesCaching).map(\.name))
        names.insert(mock)
        names.formUnion(style.behaviour.reservedTypes(self))
        return names
    }

    /// Every module-level type the domain's code declares in some style, with cached reads or without: what
    /// `repogen import` keeps domains, and its models, apart by.
    /// In a fixed order (the first clash is the one `repogen import` reports): every style's API enum, repository
    /// protocol, `Impl` and mock repository, then each style's declared types (with cached reads) and reserved ones, in
    /// the order of `OutputStyle.all` and of their declaration.
    package var typesOfEveryStyle: [String] {
        var seen: Set<String> = []
        let common = layerTypes.map(\.name) + [mock]
        let ofStyles = OutputStyle.all.flatMap {
            $0.behaviour.declaredTypes(self, usesCaching: true).map(\.name) + $0.behaviour.reservedTypes(self)
        }
        return (common + ofStyles).filter { seen.insert($0).inserted }
    }

    /// The module-level types the code of `style` declares for a repository method, with what each is
    /// (`StyleBehaviour.endpointTypes`: clean's use cases, none in most styles).
    package static func endpointTypes(
        forMethod method: String, style: OutputStyle, hasArguments: Bool
    ) -> [(name: String, what: String)] {
        style.behaviour.endpointTypes(forMethod: method, hasArguments: hasArguments)
    }

    /// Every module-level type some style declares for a repository method, with arguments or without.
    package static func endpointTypesOfEveryStyle(forMethod method: String) -> [String] {
        var seen: Set<String> = []
        return endpointTypesWithStyles(forMethod: method).map(\.name).filter { seen.insert($0).inserted }
    }

    /// Every module-level type some style declares for a repository method, with the style that declares it, in
    /// the order of `OutputStyle.all`.
    package static func endpointTypesWithStyles(forMethod method: String) -> [(name: String, style: String)] {
        OutputStyle.all.flatMap { style in
            endpointTypes(forMethod: method, style: style, hasArguments: true).map { ($0.name, style.name) }
        }
    }
}
