/// Unions (`oneOf`): a Swift enum with a case per variant, its payload the variant's type.
extension SpecValidator {
    /// The name of the coding key a union with a discriminator declares inside itself.
    static let discriminatorKeyName = "DiscriminatorKey"

    /// Checks the cases of a union: each a valid, non-optional, Codable type with a case name of its own, and with a
    /// discriminator a tag of its own. Whether each case can carry the discriminator is checked once every model's
    /// fields are known (`checkDiscriminators`).
    mutating func validateUnion(_ spec: UnionSpec, model: ModelSpec, scope: [String]) -> Union? {
        let name = model.name.value
        guard !spec.cases.isEmpty else {
            error("union '\(name)' has no cases; list the types a value may be under 'oneOf'", at: spec.location)
            return nil
        }
        var ok = true
        var cases: [UnionCase] = []
        var names: Set<String> = []
        var tags: Set<String> = []
        for item in spec.cases {
            guard let type = unionCaseType(item, union: name, scope: scope),
                let caseName = unionCaseName(item, type: type, union: name, names: &names)
            else {
                ok = false
                continue
            }
            if let tag = item.tag, spec.discriminator == nil {
                error(
                    "'tag' of case '\(caseName)' of union '\(name)' is the value of the union's discriminator, but "
                        + "'\(name)' has no 'discriminator'; add discriminator: <property>, or drop 'tag'", at: tag.location)
                ok = false
                continue
            }
            let tag = item.tag?.value ?? Self.defaultTag(of: type)
            if spec.discriminator != nil, !tags.insert(tag).inserted {
                error(
                    "duplicate tag '\(tag)' in union '\(name)': the discriminator's value must pick one case",
                    at: (item.tag ?? item.type).location)
                ok = false
                continue
            }
            var isSelf = false
            if case .named(let caseType, _) = type.shape, types.model(named: caseType, in: scope) == scope.joined(separator: ".") {
                // The union itself (`anyOf: [itself, string]`): a value of one of the other cases, wrapped. Decoding
                // it would read the same value as the same union again without end, so only the others decode.
                if spec.discriminator != nil {
                    error(
                        "a case of union '\(name)' is '\(name)' itself, which its tag would pick again without end; "
                            + "drop the case", at: item.type.location)
                    ok = false
                    continue
                }
                isSelf = true
            }
            cases.append(UnionCase(name: caseName, type: type, tag: tag, documentation: item.description?.value, isSelf: isSelf))
        }
        if ok, !cases.isEmpty, cases.allSatisfy(\.isSelf) {
            error(
                "every case of union '\(name)' is '\(name)' itself, so no value could be decoded; add the types a value "
                    + "may be", at: spec.location)
            ok = false
        }
        if let discriminator = spec.discriminator, !checkUnionDiscriminator(discriminator, model: model) {
            ok = false
        }
        guard ok else { return nil }
        if let discriminator = spec.discriminator {
            pendingDiscriminators.append((name, discriminator, Array(zip(spec.cases, cases)), scope))
        }
        return Union(cases: cases, discriminator: spec.discriminator?.value)
    }

    /// The type of a union's case: valid, known, Codable, not optional, and not the union itself.
    private mutating func unionCaseType(_ item: UnionCaseSpec, union name: String, scope: [String]) -> SwiftType? {
        let what = "a case of union '\(name)'"
        let type: SwiftType
        switch SwiftType.parse(item.type.value) {
        case .success(let parsed): type = parsed
        case .failure(let failure):
            error("invalid type for \(what): \(failure.message)", at: item.type.location)
            return nil
        }
        guard checkReferences(type, at: item.type.location, what: what, scope: scope),
            checkNoVoid(type, at: item.type.location, what: what),
            checkCodable(type, at: item.type.location, what: what)
        else {
            return nil
        }
        if case .named(let caseType, _) = type.shape, let other = types.model(named: caseType, in: scope) {
            unionCaseLocations[scope.joined(separator: ".") + " " + other] = item.type.location
        }
        if type.isOptional {
            error(
                "\(what) cannot be optional ('\(item.type.value)'): null would be that case whatever the others "
                    + "are; make the union optional where it is used ('\(name)?')", at: item.type.location)
            return nil
        }
        return type
    }

    /// The name of a union's case: the one written, or one made from its type; unique in the union.
    private mutating func unionCaseName(
        _ item: UnionCaseSpec, type: SwiftType, union name: String, names: inout Set<String>
    ) -> String? {
        let caseName: String
        if let given = item.name {
            guard checkIdentifier(given, what: "case name") else { return nil }
            caseName = given.value
        } else if let derived = Self.caseName(fromType: type) {
            caseName = derived
        } else {
            error(
                "cannot make a case name from the type '\(item.type.value)' of union '\(name)'; write "
                    + "{ case: <name>, type: \"\(item.type.value)\" }", at: item.type.location)
            return nil
        }
        if !names.insert(caseName).inserted {
            let made = item.name == nil ? " (the name made from its type; give another with 'case')" : ""
            error("duplicate case '\(caseName)' in union '\(name)'\(made)", at: (item.name ?? item.type).location)
            return nil
        }
        return caseName
    }

    /// Whether a union's discriminator names a property, and no nested model takes the name of its coding key.
    private mutating func checkUnionDiscriminator(_ discriminator: Located<String>, model: ModelSpec) -> Bool {
        let name = model.name.value
        var ok = true
        if discriminator.value.isEmpty {
            error("'discriminator' of union '\(name)' is empty; name the JSON property that picks the case", at: discriminator.location)
            ok = false
        }
        if let nested = model.nested.first(where: { $0.name.value == Self.discriminatorKeyName }) {
            error(
                "nested model '\(Self.discriminatorKeyName)' of union '\(name)' clashes with the coding key "
                    + "repogen declares for its discriminator; rename the nested model", at: nested.name.location)
            ok = false
        }
        return ok
    }

    /// The case name a union makes from a case's type: `PhoneContact` -> `phoneContact`, `URL` -> `url`,
    /// `Page<Item>` -> `page`; nil for a list, a dictionary or an optional, which need a name written.
    static func caseName(fromType type: SwiftType) -> String? {
        guard case .named(let qualified, _) = type.shape else { return nil }
        let name = String(qualified.split(separator: ".").last ?? Substring(qualified))
        let scalars = Array(name)
        var upper = 0
        while upper < scalars.count, scalars[upper].isUppercase { upper += 1 }
        // `URLValue`: the capitals before the last, which starts the next word, are lowercased.
        let lowered = upper > 1 && upper < scalars.count ? upper - 1 : upper
        let result = String(scalars[..<lowered]).lowercased() + String(scalars[lowered...])
        return SwiftIdentifier.isValid(result) ? result : nil
    }

    /// The tag of a case that gives none, as OpenAPI's default mapping: the type's name (`PhoneContact`).
    static func defaultTag(of type: SwiftType) -> String {
        guard case .named(let qualified, _) = type.shape else { return type.description }
        return String(qualified.split(separator: ".").last ?? Substring(qualified))
    }

    /// With a discriminator, each case's payload is a model with fields that has the property, a string (or a string
    /// enum): the value that picks the case is read from the same JSON object the payload decodes from.
    mutating func checkDiscriminators() {
        for (union, discriminator, cases, scope) in pendingDiscriminators {
            for (spec, item) in cases {
                let place = "case '\(item.name)' of union '\(union)'"
                guard case .named(let name, _) = item.type.shape, let model = types.model(named: name, in: scope),
                    types.unions[model] == nil, types.enumCases[model] == nil
                else {
                    error(
                        "\(place) is '\(item.type)', which cannot carry the discriminator '\(discriminator.value)': with "
                            + "a discriminator every case must be a model with fields that has it", at: spec.type.location)
                    continue
                }
                guard let fields = types.fields[model] else { continue }  // its own errors were reported
                guard let field = fields.first(where: { $0.jsonKey == discriminator.value }) else {
                    error(
                        "\(place) is '\(model)', which has no field with the JSON key '\(discriminator.value)', the "
                            + "union's discriminator" + NameSuggester.hint(for: discriminator.value, among: fields.map(\.jsonKey)),
                        at: spec.type.location)
                    continue
                }
                let modelScope = model.split(separator: ".").map(String.init)
                var isText = false
                if case .named(let fieldType, let arguments) = field.type.unwrapped.shape, arguments.isEmpty {
                    if TypeScope.unqualified(fieldType) == "String" {
                        isText = true
                    } else if let inner = types.model(named: fieldType, in: modelScope), types.enumCases[inner] != nil,
                        !types.integerEnums.contains(inner)
                    {
                        isText = true  // a string enum; an Int enum's values are numbers, not a tag's text
                    }
                }
                if !isText {
                    error(
                        "\(place) is '\(model)', whose field '\(field.name)' (the discriminator '\(discriminator.value)') "
                            + "is '\(field.type)'; a discriminator is a String or a string enum", at: spec.type.location)
                }
            }
        }
        pendingDiscriminators = []
    }

    /// A union whose case is a union whose case is … the first one again: decoding tries each in turn without reading
    /// anything, so it would never end. (A struct or a list on the way reads a value first, so it ends.)
    mutating func checkUnionCycles() {
        var reported: Set<String> = []
        for start in types.unions.keys.sorted() {
            var path = [start]
            func visit(_ union: String) -> Bool {
                let scope = union.split(separator: ".").map(String.init)
                for item in types.unions[union]?.cases ?? [] {
                    guard case .named(let name, _) = item.type.shape, let next = types.model(named: name, in: scope),
                        types.unions[next] != nil
                    else { continue }
                    if next == start {
                        path.append(next)
                        return true
                    }
                    guard !path.contains(next), path.count < 64 else { continue }
                    path.append(next)
                    if visit(next) { return true }
                    path.removeLast()
                }
                return false
            }
            guard visit(start), path.count > 2 else { continue }
            let cycle = Set(path)
            guard reported.isDisjoint(with: cycle) else { continue }
            reported.formUnion(cycle)
            if let location = unionCaseLocations[path[0] + " " + path[1]] {
                error(
                    "union '\(start)' holds itself through \(path.dropFirst().dropLast().map { "'\($0)'" }.joined(separator: ", ")) "
                        + "with no value read on the way (\(path.joined(separator: " → "))), so decoding would try again "
                        + "without end; hold one of them in a struct's field or a list", at: location)
            }
        }
    }

    /// Marks the unions whose cases hold the union itself by value (through a struct's fields or another union's
    /// cases), which Swift only allows in an `indirect` enum.
    func markIndirectUnions(_ models: inout [Model], prefix: String) {
        for index in models.indices {
            let qualified = prefix + models[index].name
            if case .union(var union) = models[index].kind {
                let scope = qualified.split(separator: ".").map(String.init)
                var visited: Set<String> = []
                union.isIndirect = union.cases.contains {
                    holdsByValue(qualified, from: $0.type, scope: scope, visited: &visited)
                }
                models[index].kind = .union(union)
            }
            markIndirectUnions(&models[index].nested, prefix: qualified + ".")
        }
    }

    /// Whether a value of `type` (written in `scope`) holds the model `target` by value.
    private func holdsByValue(_ target: String, from type: SwiftType, scope: [String], visited: inout Set<String>) -> Bool {
        for model in directModels(type, scope: scope, depth: 0) {
            if model == target { return true }
            guard visited.insert(model).inserted else { continue }
            let inner = model.split(separator: ".").map(String.init)
            let types = (self.types.fields[model] ?? []).map(\.type) + (self.types.unions[model]?.cases ?? []).map(\.type)
            for next in types where holdsByValue(target, from: next, scope: inner, visited: &visited) { return true }
        }
        return false
    }
}
