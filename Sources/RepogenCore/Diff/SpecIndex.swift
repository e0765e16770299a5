/// Where each part of a decoded spec is written, by the names the validated model uses: endpoints by case name,
/// models by qualified name (`Item.Price`), domain types by name.
struct SpecIndex {
    var endpoints: [String: EndpointSpec] = [:]
    var models: [String: ModelSpec] = [:]
    var domainTypes: [String: DomainSpec] = [:]

    init(_ spec: Spec) {
        for endpoint in spec.endpoints where endpoints[endpoint.name.value] == nil {
            endpoints[endpoint.name.value] = endpoint
        }
        func register(_ model: ModelSpec, scope: String?) {
            let name = scope.map { $0 + "." + model.name.value } ?? model.name.value
            if models[name] == nil { models[name] = model }
            if let domain = model.domain, domainTypes[domain.name.value] == nil { domainTypes[domain.name.value] = domain }
            for nested in model.nested { register(nested, scope: name) }
        }
        for model in spec.models { register(model, scope: nil) }
    }

    func endpointSpec(_ name: String) -> EndpointSpec? { endpoints[name] }
    func endpoint(_ name: String) -> SourceLocation? { endpoints[name]?.location }

    func model(_ name: String) -> SourceLocation? {
        models[name].map { $0.name.location }
    }

    func field(_ name: String, of model: String) -> FieldSpec? {
        guard case .fields(let fields)? = models[model]?.kind else { return nil }
        return fields.first { $0.name.value == name }
    }

    func enumCase(raw: String, of model: String) -> EnumCaseSpec? {
        guard case .enumeration(let cases)? = models[model]?.kind else { return nil }
        return cases.first { $0.rawValue.value == raw }
    }

    func unionCase(at index: Int, of model: String) -> UnionCaseSpec? {
        guard case .union(let union)? = models[model]?.kind else { return nil }
        return union.cases[safe: index]
    }

    func union(_ model: String) -> UnionSpec? {
        guard case .union(let union)? = models[model]?.kind else { return nil }
        return union
    }
}

extension MethodSpec {
    var location: SourceLocation {
        switch self {
        case .fixed(let method): return method.location
        case .conditional(let input, _, _): return input.location
        }
    }
}

extension ParamSpec {
    var location: SourceLocation? {
        switch self {
        case .value(let value): return value.location
        case .fields(let fields): return fields.first?.key.location
        case .merged(let parts):
            switch parts.first {
            case .spread(let value)?: return value.location
            case .fields(let fields)?: return fields.first?.key.location
            case nil: return nil
            }
        }
    }
}

extension HeaderSpec {
    var location: SourceLocation? {
        switch self {
        case .named(let name): return name.location
        case .multipart(let boundary): return boundary.location
        case .custom(let headers): return headers.first?.name.location
        }
    }
}

/// Which models a domain's requests and responses carry: those reachable from the endpoints' inputs, and from their
/// response types, through fields, union payloads and generic arguments.
struct ModelUsage {
    var request: Set<String> = []
    var response: Set<String> = []

    init(_ model: APIModel, models table: QualifiedModels) {
        func reach(_ names: [String], from scope: String?, into set: inout Set<String>) {
            var pending = names.compactMap { table.resolve($0, from: scope) }
            while let name = pending.popLast() {
                guard set.insert(name).inserted, let model = table.byName[name] else { continue }
                var types: [SwiftType] = []
                switch model.kind {
                case .fields(let fields): types = fields.map(\.type)
                case .enumeration: break
                case .union(let union): types = union.cases.map(\.type)
                }
                pending += types.flatMap(\.referencedNames).compactMap { table.resolve($0, from: name) }
            }
        }
        var requests: Set<String> = []
        var responses: Set<String> = []
        for endpoint in model.endpoints {
            reach(endpoint.inputs.flatMap(\.type.referencedNames), from: nil, into: &requests)
            if let text = endpoint.response, case .success(let type) = SwiftType.parse(text) {
                reach(type.referencedNames, from: nil, into: &responses)
            }
        }
        request = requests
        response = responses
    }
}
