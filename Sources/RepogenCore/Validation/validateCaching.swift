/// Validation of `cache`, `invalidates` and `updates`: which reads the repository keeps in its local data source,
/// and what each write does to them once it succeeds.
extension SpecValidator {
    /// Whether any endpoint of `spec` says something about caching (most specs do not: nothing to check).
    static func usesCaching(_ spec: Spec) -> Bool {
        spec.endpoints.contains { $0.cache != nil || !$0.invalidates.isEmpty || !$0.updates.isEmpty }
    }

    /// Checks the caching keys of every endpoint against the validated `endpoints` and records them there.
    /// An endpoint that failed validation is skipped (its problems are reported already).
    mutating func validateCaching(_ spec: Spec, endpoints: inout [Endpoint]) {
        var indexByName: [String: Int] = [:]
        for (index, endpoint) in endpoints.enumerated() { indexByName[endpoint.caseName] = index }
        let specByName = Dictionary(spec.endpoints.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        let names = spec.endpoints.map(\.name.value)

        // The reads first: an effect needs to know whether its target is cached.
        for endpointSpec in spec.endpoints {
            guard let cache = endpointSpec.cache, let index = indexByName[endpointSpec.name.value] else { continue }
            endpoints[index].cache = validateCache(cache, spec: endpointSpec, endpoint: endpoints[index])
        }
        for endpointSpec in spec.endpoints {
            let targets =
                endpointSpec.invalidates.map { ($0, false) } + endpointSpec.updates.map { ($0, true) }
            guard !targets.isEmpty, let index = indexByName[endpointSpec.name.value] else { continue }
            if endpointSpec.cache != nil {
                error(
                    "'\(endpointSpec.name.value)' is cached, so it is a read; a read cannot also change cached reads "
                        + "(remove 'cache', or '\(endpointSpec.invalidates.isEmpty ? "updates" : "invalidates")')",
                    at: targets[0].0.location)
                continue
            }
            var effects: [CacheEffect] = []
            for (target, isUpdate) in targets {
                if let effect = validateEffect(
                    target, isUpdate: isUpdate, write: endpoints[index], writeSpec: endpointSpec,
                    read: indexByName[target.endpoint.value].map { endpoints[$0] },
                    readSpec: specByName[target.endpoint.value], names: names, spec: spec)
                {
                    effects.append(effect)
                }
            }
            endpoints[index].cacheEffects = effects
        }
    }

    private mutating func validateCache(_ cache: CacheSpec, spec: EndpointSpec, endpoint: Endpoint) -> CachePolicy? {
        let name = endpoint.caseName
        if endpoint.upload != nil {
            error(
                "'\(name)' cannot be cached: its upload's files are not part of a cache key (cache reads, not uploads)",
                at: cache.location)
            return nil
        }
        if endpoint.response == nil {
            error("'\(name)' cannot be cached: it has no 'response', so there is nothing to keep", at: cache.location)
            return nil
        }
        if let metadata = spec.responseMetadata, metadata.value {
            error(
                "'\(name)' cannot be cached and return its response's status and headers: a value read from the "
                    + "cache has none (remove 'responseMetadata', or 'cache')", at: metadata.location)
            return nil
        }
        guard let ttl = cache.timeToLive else { return CachePolicy(timeToLive: nil) }
        guard let seconds = Double(ttl.value), seconds.isFinite, seconds > 0 else {
            error(
                "'ttl' of the cache of '\(name)' must be a positive number of seconds, not \(ttl.value)",
                at: ttl.location)
            return nil
        }
        // The generated code makes a `Duration` of it, and the cache adds that to the clock's now: far beyond a
        // year, either traps at run time (`1e30`).
        guard seconds <= Self.maximumTimeToLive else {
            error(
                "'ttl' of the cache of '\(name)' must be at most \(Int(Self.maximumTimeToLive)) seconds (365 days), "
                    + "not \(ttl.value)", at: ttl.location)
            return nil
        }
        // Far below, a value is gone as soon as it is stored, and a literal like `1e-310` does not compile
        // without a warning (it underflows).
        guard seconds >= Self.minimumTimeToLive else {
            error(
                "'ttl' of the cache of '\(name)' must be at least \(Self.minimumTimeToLive) seconds (a millisecond), "
                    + "not \(ttl.value)", at: ttl.location)
            return nil
        }
        // Written as `.seconds(<ttl>)`: an integer literal makes an `Int` count, any other a `Double` one.
        let written = Self.swiftLiteral(ttl.value, seconds: seconds)
        let type = NumberLiteral.isIntegerLiteral(written) ? "Int" : "Double"
        switch NumberLiteral.literal(written, forTypeNamed: type) {
        case .success(let literal)?:
            return CachePolicy(timeToLive: literal)
        case .failure(let failure)?:
            error("'ttl' of the cache of '\(name)' is \(ttl.value), which \(failure.reason)", at: ttl.location)
            return nil
        case nil:
            error("'ttl' of the cache of '\(name)' must be a number of seconds, not \(ttl.value)", at: ttl.location)
            return nil
        }
    }

    /// The longest `ttl` a cache may have, in seconds: a year (365 days).
    static let maximumTimeToLive: Double = 31_536_000
    /// The shortest `ttl` a cache may have, in seconds: a millisecond.
    static let minimumTimeToLive: Double = 0.001

    /// `ttl` as a Swift number literal: as written when it is plain digits with at most one `.` between digits
    /// (`300`, `0.5`); anything else (an exponent) as Swift prints the Double (`100000.0`), which is a literal too.
    static func swiftLiteral(_ text: String, seconds: Double) -> String {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let plain = (1...2).contains(parts.count)
            && parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
        return plain ? text : "\(seconds)"
    }

    private mutating func validateEffect(
        _ target: CacheTargetSpec, isUpdate: Bool, write: Endpoint, writeSpec: EndpointSpec, read: Endpoint?,
        readSpec: EndpointSpec?, names: [String], spec: Spec
    ) -> CacheEffect? {
        let key = isUpdate ? "updates" : "invalidates"
        guard
            let read = effectTarget(
                target, key: key, write: write, read: read, readSpec: readSpec, names: names, spec: spec)
        else { return nil }

        // The read's key: every one of its inputs, each from a single reference to the write's inputs.
        var arguments: [ValueReference]?
        let scope = InputScope(
            endpoint: write.caseName, inputs: write.inputs,
            broken: Set(writeSpec.inputs.map(\.name.value)).subtracting(write.inputs.map(\.name)))
        if let pairs = target.inputs {
            guard
                let given = effectKeyArguments(
                    pairs, target: target, key: key, write: write, read: read, scope: scope)
            else { return nil }
            arguments = given
        } else if read.inputs.isEmpty {
            arguments = []
        }

        guard isUpdate else { return CacheEffect(endpoint: read, arguments: arguments, action: .invalidate) }
        return updateEffect(target, write: write, read: read, arguments: arguments, scope: scope)
    }

    /// The cached read an entry of `updates` or `invalidates` names: another endpoint of the spec, with a `cache`.
    /// Nil when it is not one (reported, unless it was reported where it is declared).
    private mutating func effectTarget(
        _ target: CacheTargetSpec, key: String, write: Endpoint, read: Endpoint?, readSpec: EndpointSpec?,
        names: [String], spec: Spec
    ) -> Endpoint? {
        let writeName = write.caseName
        let targetName = target.endpoint.value
        guard let readSpec else {
            // An endpoint that is written but could not be decoded was reported there.
            if spec.brokenEndpoints.contains(targetName) { return nil }
            error(
                "'\(key)' of '\(writeName)' names '\(targetName)', which is not an endpoint of this spec"
                    + NameSuggester.hint(for: targetName, among: names), at: target.endpoint.location)
            return nil
        }
        guard let read else { return nil }  // reported where it is declared
        if targetName == writeName {
            error("'\(writeName)' cannot \(key == "updates" ? "update" : "invalidate") its own cached reads", at: target.endpoint.location)
            return nil
        }
        guard readSpec.cache != nil else {
            // A 'cache' with a bad value (`cache: yes`) was reported there: neither cached nor "not cached".
            if readSpec.brokenCache { return nil }
            error(
                "'\(key)' of '\(writeName)' names '\(targetName)', which is not cached; add 'cache: true' to it, "
                    + "or remove it from '\(key)'", at: target.endpoint.location)
            return nil
        }
        guard read.cache != nil else { return nil }  // its cache was reported as wrong
        return read
    }

    /// The key of the cached read, from the entry's `inputs`: each input of the read from one placeholder naming an
    /// input of the write (or a field of one) of the same type. Nil after reporting what is wrong or missing.
    private mutating func effectKeyArguments(
        _ pairs: [CacheTargetSpec.Pair], target: CacheTargetSpec, key: String, write: Endpoint, read: Endpoint,
        scope: InputScope
    ) -> [ValueReference]? {
        let writeName = write.caseName
        let targetName = target.endpoint.value
        var given: [String: ValueReference] = [:]
        var ok = true
        for (inputName, value) in pairs {
            guard let readInput = read.inputs.first(where: { $0.name == inputName.value }) else {
                error(
                    "'\(targetName)' has no input '\(inputName.value)'"
                        + NameSuggester.hint(for: inputName.value, among: read.inputs.map(\.name)),
                    at: inputName.location)
                ok = false
                continue
            }
            guard case .success(let parts) = TemplateString.parse(value.value), parts.count == 1,
                case .reference(let raw) = parts[0]
            else {
                error(
                    "the value of '\(inputName.value)' for '\(targetName)' must be one placeholder naming an "
                        + "input of '\(writeName)', like \"{\(write.inputs.first?.name ?? "id")}\", not '\(value.value)'",
                    at: value.location)
                ok = false
                continue
            }
            guard
                let reference = resolve(
                    raw, scope: scope, at: value.location, allowOptional: true,
                    place: "the key of '\(targetName)' in '\(key)' of '\(writeName)'")
            else {
                ok = false
                continue
            }
            let type = Self.valueType(reference)
            guard type == readInput.type.description else {
                error(
                    "'\(raw.text)' is of type '\(type ?? "unknown (a field of an external type)")', but input "
                        + "'\(inputName.value)' of '\(targetName)' is of type '\(readInput.type)'", at: value.location)
                ok = false
                continue
            }
            given[inputName.value] = reference
        }
        let missing = read.inputs.map(\.name).filter { given[$0] == nil }
        if ok && !missing.isEmpty {
            error(
                "the key of '\(targetName)' needs every one of its inputs; '\(key)' of '\(writeName)' does not give "
                    + missing.map { "'\($0)'" }.joined(separator: ", "), at: target.location)
            ok = false
        }
        guard ok else { return nil }
        return read.inputs.map { given[$0.name]! }
    }

    /// An entry of `updates`: the key it updates, and the value it stores there, the write's response (`with:
    /// response`, the default) or an input of the write, of the type the read keeps.
    private mutating func updateEffect(
        _ target: CacheTargetSpec, write: Endpoint, read: Endpoint, arguments: [ValueReference]?, scope: InputScope
    ) -> CacheEffect? {
        let writeName = write.caseName
        let targetName = target.endpoint.value
        guard let arguments else {
            error(
                "'updates' of '\(writeName)' must say which key of '\(targetName)' gets the value: add 'inputs' "
                    + "(each input of '\(targetName)' from an input of '\(writeName)'), or use 'invalidates'",
                at: target.location)
            return nil
        }
        let readType = read.domainResponse?.type ?? read.response ?? "Void"
        let with = target.with?.value ?? "response"
        if with == "response" {
            let writeType = write.domainResponse?.type ?? write.response ?? "Void"
            guard writeType == readType else {
                error(
                    "'\(writeName)' returns '\(writeType)', but '\(targetName)' keeps '\(readType)'; name the value "
                        + "to store with 'with: \"{input}\"', or use 'invalidates'",
                    at: target.with?.location ?? target.location)
                return nil
            }
            return CacheEffect(endpoint: read, arguments: arguments, action: .update(value: nil))
        }
        let withLocation = target.with?.location ?? target.location
        guard case .success(let parts) = TemplateString.parse(with), parts.count == 1,
            case .reference(let raw) = parts[0]
        else {
            error(
                "'with' of an entry of 'updates' of '\(writeName)' must be 'response' or one placeholder naming an "
                    + "input, like \"{input}\", not '\(with)'", at: withLocation)
            return nil
        }
        guard
            let reference = resolve(
                raw, scope: scope, at: withLocation, allowOptional: true,
                place: "'with' of an entry of 'updates' of '\(writeName)'")
        else { return nil }
        let type = Self.valueType(reference)
        guard type == readType else {
            error(
                "'\(raw.text)' is of type '\(type ?? "unknown (a field of an external type)")', but '\(targetName)' "
                    + "keeps '\(readType)'", at: withLocation)
            return nil
        }
        return CacheEffect(endpoint: read, arguments: arguments, action: .update(value: reference))
    }

    /// The type of the value a reference reads, as Swift writes it (optional when read through an optional input);
    /// nil when repogen cannot know it (a field of an external type).
    static func valueType(_ reference: ValueReference) -> String? {
        guard let type = reference.type else { return nil }
        return reference.isOptional && !type.isOptional ? type.description + "?" : type.description
    }
}
