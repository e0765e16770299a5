/// The `clean` style's use case of each endpoint, with its data repository's body and its local data source's
/// operations.
struct CleanProjection: StyleProjection {
    /// The access modifier of the use cases' request values' fields.
    let access: String

    func extend(_ viewModel: inout EndpointViewModel, pieces: EndpointPieces, index: Int) {
        viewModel.clean = [projectUseCase(pieces, access: access)]
    }
}

/// The use case of `pieces`' endpoint: `FetchMovieUseCase`, the default one over the repository, its request values.
private func projectUseCase(_ pieces: EndpointPieces, access: String) -> UseCaseViewModel {
    let endpoint = pieces.endpoint
    let inputs = endpoint.inputs
    let values = "requestValues"  // execute(_:)'s only parameter: no argument can clash with it
    let calls = inputs.indices.map {
        String.concatenating(SwiftCode.callLabel(pieces.labels[$0]), ": ", values, ".", pieces.escapedLabels[$0])
    }
    let requestValuesName = CleanStyle.requestValues(forMethod: endpoint.methodName)
    return UseCaseViewModel(
        typeName: CleanStyle.useCase(forMethod: endpoint.methodName),
        defaultTypeName: CleanStyle.defaultUseCase(forMethod: endpoint.methodName),
        hasRequestValues: !inputs.isEmpty,
        requestValuesName: inputs.isEmpty ? "" : requestValuesName,
        fields: inputs.indices.map { .concatenating(access, "let ", pieces.escapedLabels[$0], ": ", pieces.types[$0]) },
        // A struct's initializer can default its optional values and those with a `default`:
        // `FetchItemsRequestValues(storeId: 1)`.
        initParameters: .concatenating(
            inputs.indices.map {
                inputs[$0].isOmittable
                    ? .concatenating(pieces.parameters[$0], " = ", inputs[$0].omittedValue) : pieces.parameters[$0]
            },
            separator: ", "),
        assignments: inputs.indices.map {
            .concatenating("self.", pieces.escapedLabels[$0], " = ", pieces.escapedLabels[$0])
        },
        executeSignature: inputs.isEmpty
            ? "execute()" : .concatenating("execute(_ ", values, ": ", requestValuesName, ")"),
        call: .concatenating(pieces.methodName, "(", .concatenating(calls, separator: ", "), ")"),
        repositoryBody: cleanRepositoryBody(endpoint, labels: pieces.labels, returnsValue: pieces.returnsValue),
        localRead: endpoint.cache == nil
            ? [] : [projectLocalRead(endpoint, names: pieces.names, parameters: pieces.parameters, labels: pieces.labels)])
}

// MARK: - The data layer

/// `fetchMovie` -> `FetchMovie`: the part of the local data source's method names that names the cached read.
private func localMethodSuffix(_ method: String) -> String {
    .concatenating(method.prefix(1).uppercased(), String(method.dropFirst()))
}

/// The call arguments of a method whose parameters are the endpoint's inputs, by their argument labels:
/// `id: id`, or the given values.
private func localCallArguments(_ labels: [String], values: [String]? = nil) -> [String] {
    labels.indices.map {
        .concatenating(SwiftCode.callLabel(labels[$0]), ": ", values?[$0] ?? SwiftIdentifier.escaped(labels[$0]))
    }
}

/// The `clean` style's local data source operations of a cached read (`getFetchMovie(id:)`, `saveFetchMovie(_:id:timeToLive:)`,
/// `removeFetchMovie(id:)`, `clearFetchMovie()`), and what the generated in-memory one keys them by.
private func projectLocalRead(
    _ endpoint: Endpoint, names: DomainNames, parameters: [String], labels: [String]
) -> LocalReadViewModel {
    let suffix = localMethodSuffix(endpoint.methodName)
    let valueName = SwiftCode.freshName("value", avoiding: labels)
    let timeToLiveName = SwiftCode.freshName("timeToLive", avoiding: labels)
    let keyName = SwiftCode.freshName("key", avoiding: labels)
    let success = endpoint.domainResponse?.type ?? endpoint.response ?? "Void"
    let parameterList = String.concatenating(parameters, separator: ", ")
    let timeToLive = timeToLiveName == "timeToLive"
        ? "timeToLive: Swift.Duration?" : String.concatenating("timeToLive ", timeToLiveName, ": Swift.Duration?")
    // The key the in-memory local data source keeps the value under: the request's, as the other styles' cache.
    let caseName = SwiftIdentifier.escaped(endpoint.caseName)
    let values = endpoint.inputs.indices.map { index in
        endpoint.inputs[index].unlabeled
            ? SwiftIdentifier.escaped(labels[index])
            : String.concatenating(SwiftCode.callLabel(endpoint.inputs[index].name), ": ", SwiftIdentifier.escaped(labels[index]))
    }
    let construction =
        endpoint.inputs.isEmpty
        ? String.concatenating(names.api, ".", caseName)
        : String.concatenating(names.api, ".", caseName, "(", .concatenating(values, separator: ", "), ")")
    return LocalReadViewModel(
        getSignature: .concatenating("get", suffix, "(", parameterList, ")"),
        saveSignature: .concatenating(
            "save", suffix, "(", .concatenating(["_ " + valueName + ": " + success] + parameters + [timeToLive], separator: ", "),
            ")"),
        removeSignature: .concatenating("remove", suffix, "(", parameterList, ")"),
        clearSignature: endpoint.inputs.isEmpty ? "" : .concatenating("clear", suffix, "()"),
        key: .concatenating(
            "CacheKey(endpoint: ", SwiftCode.stringLiteral(endpoint.caseName), ", requestType: ", construction, ")"),
        keyName: keyName,
        valueName: valueName,
        timeToLiveName: timeToLiveName,
        endpointName: SwiftCode.stringLiteral(endpoint.caseName))
}

/// The body of the `clean` style's data repository method for `endpoint`: a cached read answers from the local data
/// source, or from the remote one and stores what it fetched; a write calls the remote data source and, once it
/// succeeds, removes or replaces the cached reads it names; anything else calls the remote data source.
private func cleanRepositoryBody(_ endpoint: Endpoint, labels: [String], returnsValue: Bool) -> [String] {
    let methodName = SwiftIdentifier.escaped(endpoint.methodName)
    let remoteCall = String.concatenating(
        "self.remote.", methodName, "(", .concatenating(localCallArguments(labels), separator: ", "), ")")
    func timeToLive(_ read: Endpoint) -> String {
        read.cache?.timeToLive.map { .concatenating(".seconds(", $0, ")") } ?? "nil"
    }
    if let cache = endpoint.cache {
        let suffix = localMethodSuffix(endpoint.methodName)
        let stored = SwiftCode.freshName("stored", avoiding: labels)
        let value = SwiftCode.freshName("value", avoiding: labels)
        let arguments = localCallArguments(labels)
        let ttl = cache.timeToLive.map { String.concatenating(".seconds(", $0, ")") } ?? "nil"
        return [
            // A local data source that fails to read or store is a miss, not a failure: the remote one answers.
            .concatenating(
                "if let ", stored, " = try? await self.local.get", suffix, "(",
                .concatenating(arguments, separator: ", "), ") {"),
            .concatenating("    return ", stored),
            "}",
            .concatenating("let ", value, " = try await ", remoteCall),
            .concatenating(
                "try? await self.local.save", suffix, "(",
                .concatenating([value] + arguments + ["timeToLive: " + ttl], separator: ", "), ")"),
            .concatenating("return ", value),
        ]
    }
    guard !endpoint.cacheEffects.isEmpty else {
        return [.concatenating("return try await ", remoteCall)]
    }
    // The write's inputs, by their argument labels (what the method's parameters are named).
    let inputs = endpoint.inputs.map { input in
        var argument = input
        argument.name = input.argumentLabel
        return argument
    }
    let responseName = SwiftCode.freshName("response", avoiding: labels)
    var lines: [String] = [
        returnsValue
            ? .concatenating("let ", responseName, " = try await ", remoteCall)
            : .concatenating("try await ", remoteCall)
    ]
    for effect in endpoint.cacheEffects {
        let read = effect.endpoint
        let suffix = localMethodSuffix(read.methodName)
        let readLabels = read.inputs.map(\.argumentLabel)
        guard let values = effect.arguments else {
            // Every key of the read.
            lines.append(.concatenating("try await self.local.clear", suffix, "()"))
            continue
        }
        let arguments = localCallArguments(
            readLabels, values: read.inputs.indices.map { SwiftCode.expression(values[$0], inputs: inputs) })
        switch effect.action {
        case .invalidate:
            lines.append(.concatenating(
                "try await self.local.remove", suffix, "(", .concatenating(arguments, separator: ", "), ")"))
        case .update(let value):
            let stored =
                value.map { SwiftCode.expression($0, inputs: inputs) }
                ?? (endpoint.responseMetadata ? .concatenating(responseName, ".value") : responseName)
            lines.append(.concatenating(
                "try await self.local.save", suffix, "(",
                .concatenating([stored] + arguments + ["timeToLive: " + timeToLive(read)], separator: ", "), ")"))
        }
    }
    if returnsValue { lines.append(.concatenating("return ", responseName)) }
    return lines
}
