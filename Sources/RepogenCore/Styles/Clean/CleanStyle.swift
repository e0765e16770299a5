/// Clean Architecture's layers: the domain's `…Repository` protocol (`async throws`), a use case per endpoint
/// (`FetchMovieUseCase.execute(_:)`), and the data layer's `…DataRepository` over a remote data source (and a local
/// one, for cached reads). Its use cases offer Combine publishers (OpenCombine on Linux).
struct CleanStyle: StyleBehaviour {
    let name = "clean"
    let summary = "use cases over a domain repository and data sources"

    /// The remote data source (always), the local data source protocol (with cached reads), the data source protocol
    /// and the data repository, the in-memory local data source (with cached reads); then every style's types.
    func declaredTypes(_ names: DomainNames, usesCaching: Bool) -> [(name: String, what: String)] {
        var types: [(name: String, what: String)] = [(names.remote, "the remote data source")]
        if usesCaching { types.append((names.local, "the local data source protocol")) }
        types += [(names.dataSource, "the data source protocol"), (names.dataRepository, "the data repository")]
        if usesCaching { types.append((names.inMemoryLocal, "the in-memory local data source")) }
        return types + names.layerTypes + [mockType(names)]
    }

    /// The local data sources, which a domain declares once it has a cached read.
    func reservedTypes(_ names: DomainNames) -> [String] { [names.local, names.inMemoryLocal] }

    /// The use case protocol, the default use case and (when the method has arguments) its request values.
    func endpointTypes(forMethod method: String, hasArguments: Bool) -> [(name: String, what: String)] {
        let useCases = [(Self.useCase(forMethod: method), "the use case"), (Self.defaultUseCase(forMethod: method), "the default use case")]
        return hasArguments ? useCases + [(Self.requestValues(forMethod: method), "the request values")] : useCases
    }

    let moduleNames: [String: String] =
        [
            "repogenPublisher": "the clean style's publisher helper repogenPublisher",
            "RepogenTaskPublisher": "the clean style's publisher RepogenTaskPublisher",
            "RepogenTaskSubscription": "the clean style's subscription RepogenTaskSubscription",
            "RepogenCombinePublisher":
                "the clean style's alias RepogenCombinePublisher (Combine's or OpenCombine's Publisher)",
            "RepogenCombineSubscriber":
                "the clean style's alias RepogenCombineSubscriber (Combine's or OpenCombine's Subscriber)",
            "RepogenCombineAnySubscriber":
                "the clean style's alias RepogenCombineAnySubscriber (Combine's or OpenCombine's AnySubscriber)",
            "RepogenCombineSubscription":
                "the clean style's alias RepogenCombineSubscription (Combine's or OpenCombine's Subscription)",
            "RepogenCombineDemand":
                "the clean style's alias RepogenCombineDemand (Combine's or OpenCombine's Subscribers.Demand)",
            "MainActor": "the main actor, which the clean style's publishers deliver on",
        ]

    let rules =
        [StyleRule(name: "use case names") { validator, endpoints in validator.checkUseCaseNames(endpoints) }]

    func projection(_ model: APIModel, names: DomainNames, accessLevel: AccessLevel) -> (any StyleProjection)? {
        CleanProjection(access: accessLevel.modifier)
    }

    /// A use case's protocol: `fetchMovie` -> `FetchMovieUseCase`.
    static func useCase(forMethod method: String) -> String {
        method.prefix(1).uppercased() + method.dropFirst() + "UseCase"
    }

    /// The use case over the domain's repository: `fetchMovie` -> `DefaultFetchMovieUseCase`.
    static func defaultUseCase(forMethod method: String) -> String {
        "Default" + useCase(forMethod: method)
    }

    /// What a use case's `execute(_:)` takes: `fetchMovie` -> `FetchMovieRequestValues`.
    static func requestValues(forMethod method: String) -> String {
        method.prefix(1).uppercased() + method.dropFirst() + "RequestValues"
    }
}

extension SpecValidator {
    /// The `clean` style declares a use case and its request values per endpoint (`FetchMovieUseCase`,
    /// `FetchMovieRequestValues`): each name once, and none a type the spec or the generated code already has.
    mutating func checkUseCaseNames(_ endpoints: [EndpointSpec]) {
        var seen: [String: String] = [:]
        for endpoint in endpoints {
            let method = endpoint.repositoryMethod ?? endpoint.name
            for (name, _) in CleanStyle().endpointTypes(forMethod: method.value, hasArguments: true) {
                if let other = seen[name] {
                    error(
                        "the clean style names a type '\(name)' for '\(method.value)', and for '\(other)' too; "
                            + "rename one of the repository methods", at: method.location)
                } else if isTypeName(name) {
                    error(
                        "the clean style names the use case types of '\(method.value)' '\(name)', which is already "
                            + "a type of the spec or of the generated code; rename one of them", at: method.location)
                }
                seen[name] = method.value
            }
        }
    }
}
