/// The changes between two versions of one domain's validated API (either side nil: the domain was added or
/// removed). Endpoints are paired by case name, models by qualified name, fields by Swift name, enum cases by raw
/// value; what is left unpaired on both sides is checked for renames (the same shape under another name) before it
/// counts as removed and added. The classification of each kind is in Documentation/ReviewingChanges.md.
struct DomainDiff {
    var domain: String
    var old: APIDiff.Side?
    var new: APIDiff.Side?

    func changes() -> [APIChange] {
        switch (old, new) {
        case (nil, let new?):
            return [APIChange(
                kind: "domain-added", domain: domain, subject: domain,
                message: "the domain '\(domain)' was added (\(new.model.endpoints.count) endpoints)",
                source: .additive, wire: .compatible, old: nil, new: Self.start(of: new))]
        case (let old?, nil):
            return [APIChange(
                kind: "domain-removed", domain: domain, subject: domain,
                message: "the domain '\(domain)' was removed (\(old.model.endpoints.count) endpoints)",
                source: .breaking, wire: .breaking, old: Self.start(of: old), new: nil)]
        case (let old?, let new?):
            var comparison = Comparison(domain: domain, old: old, new: new)
            comparison.compareModels()
            comparison.compareEndpoints()
            comparison.compareDomainTypes()
            return comparison.changes
        case (nil, nil):
            return []
        }
    }

    static func start(of side: APIDiff.Side) -> SourceLocation {
        SourceLocation(path: side.path, line: 1, column: 1)
    }
}

/// One comparison of a domain's two sides, collecting changes.
struct Comparison {
    let domain: String
    let old: APIDiff.Side
    let new: APIDiff.Side
    let oldIndex: SpecIndex
    let newIndex: SpecIndex
    /// Where each side's models are used: in requests (reachable from inputs) and in responses.
    let oldUsage: ModelUsage
    let newUsage: ModelUsage
    /// Each side's models by qualified name, and whether a new type's JSON decodes as an old one.
    let oldModels: QualifiedModels
    let newModels: QualifiedModels
    let wireShape: WireShape
    /// Models renamed, old qualified name to new: applied to old type names before they are compared.
    var modelRenames: [String: String] = [:]
    /// Endpoints renamed, new case name to old: what a write's cache effects are compared under.
    var endpointRenameBack: [String: String] = [:]
    var changes: [APIChange] = []

    init(domain: String, old: APIDiff.Side, new: APIDiff.Side) {
        self.domain = domain
        self.old = old
        self.new = new
        oldIndex = SpecIndex(old.spec)
        newIndex = SpecIndex(new.spec)
        oldModels = QualifiedModels(old.model.models)
        newModels = QualifiedModels(new.model.models)
        oldUsage = ModelUsage(old.model, models: oldModels)
        newUsage = ModelUsage(new.model, models: newModels)
        wireShape = WireShape(old: oldModels, new: newModels)
    }

    mutating func add(
        _ kind: String, _ subject: String, _ message: String, source: SourceImpact, wire: WireImpact,
        old: SourceLocation?, new: SourceLocation?, renamedFrom: String? = nil
    ) {
        changes.append(APIChange(
            kind: kind, domain: domain, subject: subject, message: message, source: source, wire: wire, old: old,
            new: new, renamedFrom: renamedFrom))
    }

    /// An old type's spelling with renamed models under their new names, to compare with a new type.
    func renamed(_ type: String) -> String {
        guard !modelRenames.isEmpty else { return type }
        var result = ""
        var word = ""
        func flush() {
            result += modelRenames[word] ?? word
            word = ""
        }
        for character in type {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }

    // MARK: - Endpoints

    mutating func compareEndpoints() {
        let newByName = Dictionary(new.model.endpoints.map { ($0.caseName, $0) }, uniquingKeysWith: { a, _ in a })
        let oldNames = Set(old.model.endpoints.map(\.caseName))
        var removed = old.model.endpoints.filter { newByName[$0.caseName] == nil }
        var added = new.model.endpoints.filter { !oldNames.contains($0.caseName) }
        // Possible renames: the same shape under another name, paired one to one.
        // Each shape computed once: a spec of thousands of endpoints may remove and add many.
        var renames: [(Endpoint, Endpoint)] = []
        var addedByShape: [String: [Endpoint]] = [:]
        for endpoint in added { addedByShape[endpointShape(endpoint, renaming: false), default: []].append(endpoint) }
        var removedShapes: [String: Int] = [:]
        let shapes = removed.map { endpointShape($0, renaming: true) }
        for shape in shapes { removedShapes[shape, default: 0] += 1 }
        var renamedNames = Set<String>()
        for (endpoint, shape) in zip(removed, shapes) where removedShapes[shape] == 1 {
            if let candidates = addedByShape[shape], candidates.count == 1, let match = candidates.first {
                renames.append((endpoint, match))
                renamedNames.insert(match.caseName)
            }
        }
        added.removeAll { renamedNames.contains($0.caseName) }
        removed.removeAll { endpoint in renames.contains { $0.0.caseName == endpoint.caseName } }
        let removedNames = Set(removed.map(\.caseName))
        let renameOf = Dictionary(renames.map { ($0.0.caseName, $0.1) }, uniquingKeysWith: { a, _ in a })
        // Known before any endpoint is compared: a write's effects may name a read renamed further down.
        endpointRenameBack = Dictionary(renames.map { ($0.1.caseName, $0.0.caseName) }, uniquingKeysWith: { a, _ in a })
        for endpoint in old.model.endpoints {
            if removedNames.contains(endpoint.caseName) {
                add(
                    "endpoint-removed", endpoint.caseName,
                    "the endpoint '\(endpoint.caseName)' (\(Self.summary(endpoint))) was removed",
                    source: .breaking, wire: .breaking, old: oldIndex.endpoint(endpoint.caseName), new: nil)
            } else if let renamed = renameOf[endpoint.caseName] {
                add(
                    "endpoint-renamed", renamed.caseName,
                    "possible rename: the endpoint '\(endpoint.caseName)' was removed and '\(renamed.caseName)' added "
                        + "with the same request and response (\(Self.summary(renamed)))",
                    source: .breaking, wire: .none, old: oldIndex.endpoint(endpoint.caseName),
                    new: newIndex.endpoint(renamed.caseName), renamedFrom: endpoint.caseName)
                compare(endpoint, renamed, renamed: true)
            } else if let match = newByName[endpoint.caseName] {
                compare(endpoint, match, renamed: false)
            }
        }
        for endpoint in added {
            add(
                "endpoint-added", endpoint.caseName,
                "the endpoint '\(endpoint.caseName)' (\(Self.summary(endpoint))) was added",
                source: .additive, wire: .compatible, old: nil, new: newIndex.endpoint(endpoint.caseName))
        }
    }

    /// `GET /items/{id}`, for messages.
    static func summary(_ endpoint: Endpoint) -> String {
        let names = endpoint.inputs.map(\.name)
        return RequestText.method(endpoint.method, names: names) + " "
            + RequestText.path(endpoint, names: names, unmatched: [])
    }

    /// What an endpoint is without its name: its request (inputs by place) and response, for finding renames.
    func endpointShape(_ endpoint: Endpoint, renaming: Bool) -> String {
        let names = endpoint.inputs.indices.map { "$\($0)" }
        let types = endpoint.inputs.map { renaming ? renamed($0.type.description) : $0.type.description }
        let labels = endpoint.inputs.map { $0.unlabeled ? "_" : $0.argumentLabel }
        let response = endpoint.response.map { renaming ? renamed($0) : $0 } ?? "Void"
        return [
            RequestText.method(endpoint.method, names: names),
            RequestText.path(endpoint, names: names, unmatched: []),
            zip(labels, types).map { "\($0): \($1)" }.joined(separator: ", "),
            RequestText.request(of: endpoint, names: names, unmatched: []).joined(separator: "\n"), response,
        ].joined(separator: "\n")
    }

    /// One endpoint's two versions (its old name and new name may differ when it was renamed).
    mutating func compare(_ a: Endpoint, _ b: Endpoint, renamed wasRenamed: Bool) {
        let subject = b.caseName
        let oldAt = oldIndex.endpointSpec(a.caseName)
        let newAt = newIndex.endpointSpec(b.caseName)
        let oldLocation = oldAt?.location
        let newLocation = newAt?.location
        if a.methodName != b.methodName && !(wasRenamed && a.methodName == a.caseName && b.methodName == b.caseName) {
            add(
                "repository-method-renamed", subject,
                "the repository method '\(a.methodName)' of '\(subject)' is now '\(b.methodName)'",
                source: .breaking, wire: .none, old: oldAt?.repositoryMethod?.location ?? oldLocation,
                new: newAt?.repositoryMethod?.location ?? newLocation)
        }

        // Inputs: by name, then what is left by place and type (a rename).
        var pairs: [(Int, Int)] = []
        var unmatchedOld = Set(a.inputs.indices)
        var unmatchedNew = Set(b.inputs.indices)
        for (i, input) in a.inputs.enumerated() {
            if let j = b.inputs.firstIndex(where: { $0.name == input.name }) {
                pairs.append((i, j))
                unmatchedOld.remove(i)
                unmatchedNew.remove(j)
            }
        }
        var inputRenames: [(Int, Int)] = []
        for i in unmatchedOld.sorted() where unmatchedNew.contains(i)
            && renamed(a.inputs[i].type.description) == b.inputs[i].type.description {
            inputRenames.append((i, i))
        }
        for (i, j) in inputRenames {
            unmatchedOld.remove(i)
            unmatchedNew.remove(j)
        }
        // The names references are compared by: an old input's name, and a new input under its old input's name.
        let oldNames = a.inputs.map(\.name)
        var newNames = b.inputs.map { "+" + $0.name }
        for (i, j) in pairs + inputRenames { newNames[j] = oldNames[i] }
        let stillCalled = oldCallsStillCompile(a, b)

        for (i, j) in inputRenames {
            add(
                "input-renamed", subject + "." + b.inputs[j].name,
                "the input '\(a.inputs[i].name)' of '\(subject)' is now '\(b.inputs[j].name)'",
                source: .breaking, wire: .none, old: oldAt?.inputs[safe: i]?.location ?? oldLocation,
                new: newAt?.inputs[safe: j]?.location ?? newLocation)
        }
        for (i, j) in pairs.sorted(by: { $0.1 < $1.1 }) {
            let (x, y) = (a.inputs[i], b.inputs[j])
            let inputSubject = subject + "." + y.name
            let at = (oldAt?.inputs[safe: i], newAt?.inputs[safe: j])
            let (oldType, newType) = (renamed(x.type.description), y.type.description)
            if oldType != newType {
                if !x.type.isOptional && newType == oldType + "?" {
                    add(
                        "input-made-optional", inputSubject, "the input '\(y.name)' of '\(subject)' is now optional (\(newType))",
                        source: stillCalled ? .additive : .breaking, wire: .compatible,
                        old: at.0?.type.location ?? oldLocation, new: at.1?.type.location ?? newLocation)
                } else if x.type.isOptional && oldType == newType + "?" {
                    add(
                        "input-made-required", inputSubject, "the input '\(y.name)' of '\(subject)' is now required (\(newType))",
                        source: .breaking, wire: .breaking,
                        old: at.0?.type.location ?? oldLocation, new: at.1?.type.location ?? newLocation)
                } else {
                    add(
                        "input-type-changed", inputSubject,
                        "the input '\(y.name)' of '\(subject)' is now \(newType), not \(x.type.description)",
                        source: .breaking, wire: .breaking,
                        old: at.0?.type.location ?? oldLocation, new: at.1?.type.location ?? newLocation)
                }
            }
            let (oldLabel, newLabel) = (x.unlabeled ? "_" : x.argumentLabel, y.unlabeled ? "_" : y.argumentLabel)
            if oldLabel != newLabel {
                add(
                    "input-label-changed", inputSubject,
                    "the argument label of '\(y.name)' in '\(b.methodName)' is now '\(newLabel)', not '\(oldLabel)'",
                    source: .breaking, wire: .none,
                    old: at.0?.argument?.location ?? at.0?.location ?? oldLocation,
                    new: at.1?.argument?.location ?? at.1?.location ?? newLocation)
            }
            // What a call that leaves the argument out passes: an optional input's is nil without a `default`.
            if x.type.isOptional == y.type.isOptional {
                let (oldDefault, newDefault) = (x.type.isOptional ? x.omittedValue : x.defaultValue, y.type.isOptional ? y.omittedValue : y.defaultValue)
                let oldDefaultAt = at.0?.defaultValue?.location ?? at.0?.location ?? oldLocation
                let newDefaultAt = at.1?.defaultValue?.location ?? at.1?.location ?? newLocation
                switch (oldDefault, newDefault) {
                case (nil, let value?):
                    add(
                        "input-default-added", inputSubject, "the input '\(y.name)' of '\(subject)' now defaults to \(value)",
                        source: .additive, wire: .none, old: oldDefaultAt, new: newDefaultAt)
                case (let value?, nil):
                    add(
                        "input-default-removed", inputSubject,
                        "the input '\(y.name)' of '\(subject)' no longer defaults to \(value)",
                        source: .breaking, wire: .none, old: oldDefaultAt, new: newDefaultAt)
                case (let old?, let new?) where old != new:
                    add(
                        "input-default-changed", inputSubject,
                        "the input '\(y.name)' of '\(subject)' now defaults to \(new), not \(old)",
                        source: .none, wire: .breaking, old: oldDefaultAt, new: newDefaultAt)
                default:
                    break
                }
            }
        }
        for i in unmatchedOld.sorted() {
            add(
                "input-removed", subject + "." + a.inputs[i].name,
                "the input '\(a.inputs[i].name)' (\(a.inputs[i].type)) of '\(subject)' was removed",
                source: .breaking, wire: .breaking, old: oldAt?.inputs[safe: i]?.location ?? oldLocation, new: nil)
        }
        for j in unmatchedNew.sorted() {
            let input = b.inputs[j]
            if let value = input.defaultValue, !input.type.isOptional {
                add(
                    "defaulted-input-added", subject + "." + input.name,
                    "the input '\(input.name)' (\(input.type), default \(value)) was added to '\(subject)'",
                    source: stillCalled ? .additive : .breaking, wire: .breaking, old: nil,
                    new: newAt?.inputs[safe: j]?.location ?? newLocation)
            } else if input.type.isOptional {
                add(
                    "optional-input-added", subject + "." + input.name,
                    "the optional input '\(input.name)' (\(input.type)) was added to '\(subject)'",
                    source: stillCalled ? .additive : .breaking, wire: .compatible, old: nil,
                    new: newAt?.inputs[safe: j]?.location ?? newLocation)
            } else {
                add(
                    "input-added", subject + "." + input.name,
                    "the required input '\(input.name)' (\(input.type)) was added to '\(subject)'",
                    source: .breaking, wire: .breaking, old: nil, new: newAt?.inputs[safe: j]?.location ?? newLocation)
            }
        }

        compareRequest(a, b, oldNames: oldNames, newNames: newNames, unmatchedOld: unmatchedOld,
                       unmatchedNew: unmatchedNew, oldAt: oldAt, newAt: newAt)
        compareResponse(a, b, oldAt: oldAt, newAt: newAt)
        compareCaching(a, b, oldNames: oldNames, newNames: newNames, oldAt: oldAt, newAt: newAt)
    }

    /// Whether every call the old code can make still compiles against the new method: the call with every input
    /// and, with optional inputs or inputs with a `default`, the generated overload without them.
    func oldCallsStillCompile(_ a: Endpoint, _ b: Endpoint) -> Bool {
        typealias Signature = [(label: String, type: String, optional: Bool, omittable: Bool)]
        func signatures(_ endpoint: Endpoint, renaming: Bool) -> [Signature] {
            let all: Signature = endpoint.inputs.map {
                ($0.unlabeled ? "_" : $0.argumentLabel, renaming ? renamed($0.type.description) : $0.type.description,
                 $0.type.isOptional, $0.isOmittable)
            }
            let required = all.filter { !$0.omittable }
            return required.count == all.count ? [all] : [all, required]
        }
        let available = signatures(b, renaming: false)
        return signatures(a, renaming: true).allSatisfy { call in
            available.contains { method in
                method.count == call.count && zip(call, method).allSatisfy { argument, parameter in
                    argument.label == parameter.label
                        && (argument.type == parameter.type || (!argument.optional && parameter.type == argument.type + "?"))
                }
            }
        }
    }

    /// Method, path, param, query, how the param is sent, headers and upload, with references by input (new inputs
    /// under their old names); what only an added or a removed input makes different is that input's change.
    mutating func compareRequest(
        _ a: Endpoint, _ b: Endpoint, oldNames: [String], newNames: [String], unmatchedOld: Set<Int>,
        unmatchedNew: Set<Int>, oldAt: EndpointSpec?, newAt: EndpointSpec?
    ) {
        let subject = b.caseName
        let (oldLocation, newLocation) = (oldAt?.location, newAt?.location)
        let oldMethod = RequestText.method(a.method, names: oldNames)
        let newMethod = RequestText.method(b.method, names: newNames)
        if oldMethod != newMethod {
            add(
                "method-changed", subject, "the method of '\(subject)' is now \(newMethod), not \(oldMethod)",
                source: .none, wire: .breaking, old: oldAt?.method.location ?? oldLocation,
                new: newAt?.method.location ?? newLocation)
        }
        let oldPath = RequestText.path(a, names: oldNames, unmatched: unmatchedOld)
        let newPath = RequestText.path(b, names: newNames, unmatched: unmatchedNew)
        if oldPath != newPath {
            add(
                "path-changed", subject,
                "the path of '\(subject)' is now \(RequestText.path(b, names: b.inputs.map(\.name), unmatched: [])), "
                    + "not \(RequestText.path(a, names: a.inputs.map(\.name), unmatched: []))",
                source: .none, wire: .breaking, old: oldAt?.path.location ?? oldLocation,
                new: newAt?.path.location ?? newLocation)
        }
        let parts: [(kind: String, what: String, old: [String], new: [String], oldAt: SourceLocation?, newAt: SourceLocation?)] = [
            ("param-changed", "param",
             RequestText.param(a.param, names: oldNames, unmatched: unmatchedOld),
             RequestText.param(b.param, names: newNames, unmatched: unmatchedNew),
             oldAt?.param?.location, newAt?.param?.location),
            ("query-changed", "query",
             RequestText.param(a.query, names: oldNames, unmatched: unmatchedOld),
             RequestText.param(b.query, names: newNames, unmatched: unmatchedNew),
             oldAt?.queryLocation, newAt?.queryLocation),
            ("query-style-changed", "how the param is sent (usingQuery, queryArrays, body)",
             RequestText.placement(a), RequestText.placement(b),
             oldAt?.usingQuery?.location ?? oldAt?.queryArrays.first?.key.location ?? oldAt?.body?.location,
             newAt?.usingQuery?.location ?? newAt?.queryArrays.first?.key.location ?? newAt?.body?.location),
            ("header-changed", "header",
             RequestText.header(a.header, names: oldNames, unmatched: unmatchedOld),
             RequestText.header(b.header, names: newNames, unmatched: unmatchedNew),
             oldAt?.header?.location, newAt?.header?.location),
            ("upload-changed", "upload",
             RequestText.upload(a.upload, names: oldNames, unmatched: unmatchedOld),
             RequestText.upload(b.upload, names: newNames, unmatched: unmatchedNew),
             oldAt?.upload?.location, newAt?.upload?.location),
        ]
        for part in parts where part.old != part.new {
            let before = part.old.isEmpty ? "nothing" : part.old.joined(separator: ", ")
            let after = part.new.isEmpty ? "nothing" : part.new.joined(separator: ", ")
            add(
                part.kind, subject, "the \(part.what) of '\(subject)' is now \(after), not \(before)",
                source: .none, wire: .breaking, old: part.oldAt ?? oldLocation, new: part.newAt ?? newLocation)
        }
    }

    mutating func compareResponse(_ a: Endpoint, _ b: Endpoint, oldAt: EndpointSpec?, newAt: EndpointSpec?) {
        let subject = b.caseName
        let oldLocation = oldAt?.response?.location ?? oldAt?.location
        let newLocation = newAt?.response?.location ?? newAt?.location
        let oldResponse = a.response.map(renamed)
        switch (oldResponse, b.response) {
        case (nil, nil):
            break
        case (nil, let type?):
            add(
                "response-added", subject, "'\(subject)' now answers \(type), not nothing",
                source: .breaking, wire: .compatible, old: oldLocation, new: newLocation)
        case (let type?, nil):
            add(
                "response-removed", subject, "'\(subject)' now answers nothing, not \(a.response ?? type)",
                source: .breaking, wire: .breaking, old: oldLocation, new: newLocation)
        case (let x?, let y?) where x != y:
            if y == x + "?" {
                add(
                    "response-made-optional", subject, "the response of '\(subject)' is now optional (\(y))",
                    source: .breaking, wire: .breaking, old: oldLocation, new: newLocation)
            } else if x == y + "?" {
                add(
                    "response-made-required", subject, "the response of '\(subject)' is no longer optional (\(y))",
                    source: .breaking, wire: .compatible, old: oldLocation, new: newLocation)
            } else {
                // What the new server answers may still decode in the old code (a type with more fields).
                let decodes = responseDecodes(b.response, as: a.response)
                add(
                    "response-changed", subject,
                    "'\(subject)' now answers \(y), not \(a.response ?? x)"
                        + (decodes ? " (which the old code still decodes)" : ""),
                    source: .breaking, wire: decodes ? .compatible : .breaking, old: oldLocation, new: newLocation)
            }
        default:
            // The same wire type: what the repository returns for it may still differ.
            if a.domainResponse.map({ renamed($0.type) }) != b.domainResponse?.type {
                let before = a.domainResponse?.type ?? a.response ?? "Void"
                let after = b.domainResponse?.type ?? b.response ?? "Void"
                add(
                    "domain-response-changed", subject, "'\(b.methodName)' now returns \(after), not \(before)",
                    source: .breaking, wire: .none, old: oldLocation, new: newLocation)
            }
        }
        if a.responseMetadata != b.responseMetadata {
            add(
                "response-metadata-changed", subject,
                b.responseMetadata ? "'\(b.methodName)' now returns APIResponse<…> (the status and headers too)"
                    : "'\(b.methodName)' no longer returns APIResponse<…>, only the value",
                source: .breaking, wire: .none, old: oldAt?.responseMetadata?.location ?? oldAt?.location,
                new: newAt?.responseMetadata?.location ?? newAt?.location)
        }
        // The error bodies (`errors`): which failure statuses the app gets decoded, and as what. Their order does not
        // matter (the closest status wins).
        let oldErrors = a.errors.map { "\($0.status): \(renamed($0.type))" }.sorted()
        let newErrors = b.errors.map { "\($0.status): \($0.type)" }.sorted()
        if oldErrors != newErrors {
            let before = oldErrors.isEmpty ? "none" : oldErrors.joined(separator: ", ")
            let after = newErrors.isEmpty ? "none" : newErrors.joined(separator: ", ")
            add(
                "response-changed", subject, "the error bodies of '\(subject)' are now \(after), not \(before)",
                source: .none, wire: .breaking, old: oldAt?.errors.first?.status.location ?? oldLocation,
                new: newAt?.errors.first?.status.location ?? newLocation)
        }
        if a.example != b.example {
            add(
                "example-changed", subject, "the example the mock answers '\(subject)' with changed",
                source: .none, wire: .none, old: oldAt?.example?.location ?? oldAt?.location,
                new: newAt?.example?.location ?? newAt?.location)
        }
    }

    /// Whether the new response type's JSON decodes as the old one (`WireShape`).
    func responseDecodes(_ new: String?, as old: String?) -> Bool {
        guard let new, let old, case .success(let newType) = SwiftType.parse(new),
              case .success(let oldType) = SwiftType.parse(old) else { return false }
        return wireShape.decodes(newType, nil, as: oldType, nil)
    }

    /// `cache`, and what a write does to cached reads.
    mutating func compareCaching(
        _ a: Endpoint, _ b: Endpoint, oldNames: [String], newNames: [String], oldAt: EndpointSpec?, newAt: EndpointSpec?
    ) {
        let subject = b.caseName
        let oldCached = old.model.endpoints.contains { $0.cache != nil }
        let newCached = new.model.endpoints.contains { $0.cache != nil }
        switch (a.cache, b.cache) {
        case (nil, _?):
            add(
                "cache-added", subject,
                "'\(subject)' is now a cached read" + (oldCached ? "" : "; the domain's first, so the repository is "
                    + "now made with init(remote:local:), not init(manager:)"),
                source: oldCached ? .none : .breaking, wire: .none, old: oldAt?.location,
                new: newAt?.cache?.location ?? newAt?.location)
        case (_?, nil):
            add(
                "cache-removed", subject,
                "'\(subject)' is no longer a cached read" + (newCached ? "" : "; it was the domain's last, so its "
                    + "local data source and init(remote:local:) are gone"),
                source: newCached ? .none : .breaking, wire: .none, old: oldAt?.cache?.location ?? oldAt?.location,
                new: newAt?.location)
        case (let x?, let y?) where x != y:
            add(
                "cache-changed", subject,
                "the time to live of '\(subject)' is now \(y.timeToLive.map { $0 + " s" } ?? "unlimited"), "
                    + "not \(x.timeToLive.map { $0 + " s" } ?? "unlimited")",
                source: .none, wire: .none, old: oldAt?.cache?.location ?? oldAt?.location,
                new: newAt?.cache?.location ?? newAt?.location)
        default:
            break
        }
        let before = a.cacheEffects.map { RequestText.effect($0, names: oldNames, renames: [:]) }
        let after = b.cacheEffects.map { RequestText.effect($0, names: newNames, renames: endpointRenameBack) }
        if before != after {
            add(
                "invalidation-changed", subject,
                "what '\(subject)' does to cached reads is now \(after.isEmpty ? "nothing" : after.joined(separator: ", ")), "
                    + "not \(before.isEmpty ? "nothing" : before.joined(separator: ", "))",
                source: .none, wire: .none,
                old: (oldAt?.invalidates.first ?? oldAt?.updates.first)?.location ?? oldAt?.location,
                new: (newAt?.invalidates.first ?? newAt?.updates.first)?.location ?? newAt?.location)
        }
    }

}

extension Array {
    /// The element at `index`, or nil past either end.
    package subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
