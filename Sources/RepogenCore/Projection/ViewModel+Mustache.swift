import RepogenMustache

// The one place where the typed view model becomes template data: each struct's properties, by their names.
// (A test checks that every property of every struct comes out as a key.)

/// A view model value that templates can render.
package protocol MustacheRepresentable {
    /// The value as template data.
    var mustache: MustacheValue { get }
}

extension Array: MustacheRepresentable where Element: MustacheRepresentable {
    package var mustache: MustacheValue { .array(map { $0.mustache }) }
}

extension ArraySlice: MustacheRepresentable where Element: MustacheRepresentable {
    package var mustache: MustacheValue { .array(map { $0.mustache }) }
}

extension String: MustacheRepresentable {
    package var mustache: MustacheValue { .string(self) }
}

extension Bool: MustacheRepresentable {
    package var mustache: MustacheValue { .bool(self) }
}

extension DomainViewModel: MustacheRepresentable {
    package var mustache: MustacheValue {
        // Each endpoint becomes template data once. A grouped domain's groups hold the same endpoints, and the
        // member lists hold the endpoints' own cases, in order: those reuse the same values (10,000 endpoints would
        // otherwise be converted three times).
        // (A large domain's in two halves at once, like the projection.)
        let endpoints = self.endpoints
        let endpointValues = arrayInHalves(endpoints.count) { range, store in
            for index in range { store(endpoints[index].mustache) }
            return true
        }!
        // The groups (of a domain of more than 256 endpoints) too: each is 256 endpoints' member cases.
        let groups = self.groups
        let groupValues = arrayInHalves(groups.count, minimumCount: 8) { range, store in
            for index in range {
                let group = groups[index]
                // A group's endpoints are a slice of the domain's: its indices are their positions.
                let range = group.endpoints.indices
                guard range.upperBound <= endpoints.count,
                    range.allSatisfy({ endpoints[$0].caseName == group.endpoints[$0].caseName })
                else {
                    store(group.mustache)
                    continue
                }
                store(group.mustache(
                    endpoints: Array(endpointValues[range]),
                    requestMembers: group.requestMembers.map {
                        $0.mustache(reusing: endpointValues[range], of: endpoints[range])
                    }))
            }
            return true
        }!
        return .dictionary([
            "fileHeader": fileHeader.mustache,
            "specPath": specPath.mustache,
            "domain": domain.mustache,
            "apiName": apiName.mustache,
            "repositoryName": repositoryName.mustache,
            "implName": implName.mustache,
            "mockName": mockName.mustache,
            "imports": imports.mustache,
            "endpoints": .array(endpointValues),
            "models": models.mustache,
            "domainModels": domainModels.mustache,
            "access": access.mustache,
            "hasUsingQueryOverrides": hasUsingQueryOverrides.mustache,
            "hasUploads": hasUploads.mustache,
            "isGrouped": isGrouped.mustache,
            "groups": .array(groupValues),
            "requestMembers": .array(requestMembers.map { $0.mustache(reusing: endpointValues[...], of: endpoints[...]) }),
        ])
    }
}

extension RequestMemberViewModel {
    /// The member as template data, with the converted cases of `endpoints` (`values`) when its cases are theirs.
    func mustache(reusing values: ArraySlice<MustacheValue>, of endpoints: ArraySlice<EndpointViewModel>) -> MustacheValue {
        guard let member = RequestMember(rawValue: name), cases.count == endpoints.count,
            cases.indices.allSatisfy({ cases[$0] == endpoints[endpoints.startIndex + $0].requestCase(member) })
        else { return mustache }
        let key = MustacheName(name)
        return mustache(cases: values.map { value in
            guard case .dictionary(let entries) = value, let found = entries[key] else { return .null }
            return found
        })
    }
}

extension ImportViewModel: MustacheRepresentable {
    package var mustache: MustacheValue { .dictionary(["module": module.mustache]) }
}

extension EndpointViewModel: MustacheRepresentable {
    /// The names of every endpoint's hash, made once (a large spec has tens of thousands of endpoints).
    private static let names = [
        "caseName", "doc", "caseDeclaration", "factory", "param", "method", "header", "path", "usingQuery", "upload",
        "methodName", "memberPrefix", "signature", "selector", "successType", "wireType", "mapsResponse",
        "responseName", "toDomain", "domainValue", "resultType", "construction", "requestName", "hasArguments",
        "returnsValue", "argumentsType", "argumentsValue", "mockArguments",
    ]
    /// With and without the completion style's names (only the styles that have them: a template of another
    /// style naming them is a missing key).
    private static let keys = MustacheKeys(names)
    private static let completionKeys = MustacheKeys(names + ["completionSignature", "completionName"])

    package var mustache: MustacheValue {
        var values: [MustacheValue] = [
            caseName.mustache, doc.mustache, caseDeclaration.mustache, factory.mustache, param.mustache,
            method.mustache, header.mustache, path.mustache, usingQuery.mustache, upload.mustache,
            methodName.mustache, memberPrefix.mustache, signature.mustache, selector.mustache, successType.mustache,
            wireType.mustache, mapsResponse.mustache, responseName.mustache, toDomain.mustache, domainValue.mustache,
            resultType.mustache, construction.mustache, requestName.mustache, hasArguments.mustache,
            returnsValue.mustache, argumentsType.mustache, argumentsValue.mustache, mockArguments.mustache,
        ]
        switch (completionSignature, completionName) {
        case (let signature?, let name?):
            values += [signature.mustache, name.mustache]
            return .dictionary(MustacheDictionary(keys: Self.completionKeys, values: values))
        default:
            var dictionary = MustacheDictionary(keys: Self.keys, values: values)
            if let completionSignature { dictionary["completionSignature"] = completionSignature.mustache }
            if let completionName { dictionary["completionName"] = completionName.mustache }
            return .dictionary(dictionary)
        }
    }
}

extension FactoryViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys(["declaration", "body", "isFirst"])

    package var mustache: MustacheValue {
        .dictionary(MustacheDictionary(keys: Self.keys, values: [declaration.mustache, body.mustache, isFirst.mustache]))
    }
}

extension SwitchCaseViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys(["pattern", "lines"])

    package var mustache: MustacheValue {
        .dictionary(MustacheDictionary(keys: Self.keys, values: [pattern.mustache, lines.mustache]))
    }
}

extension RequestMemberViewModel: MustacheRepresentable {
    package var mustache: MustacheValue { mustache(cases: cases.map { $0.mustache }) }

    /// The member with its cases already converted.
    func mustache(cases: [MustacheValue]) -> MustacheValue {
        .dictionary(["name": name.mustache, "type": type.mustache, "isFirst": isFirst.mustache, "cases": .array(cases)])
    }
}

extension GroupViewModel: MustacheRepresentable {
    package var mustache: MustacheValue {
        mustache(endpoints: endpoints.map { $0.mustache }, requestMembers: requestMembers.map { $0.mustache })
    }

    /// The group with its endpoints and members already converted.
    func mustache(endpoints: [MustacheValue], requestMembers: [MustacheValue]) -> MustacheValue {
        .dictionary([
            "typeName": typeName.mustache,
            "caseName": caseName.mustache,
            "endpoints": .array(endpoints),
            "requestMembers": .array(requestMembers),
        ])
    }
}

extension ModelViewModel: MustacheRepresentable {
    package var mustache: MustacheValue {
        .dictionary([
            "name": name.mustache,
            "doc": doc.mustache,
            "isFirst": isFirst.mustache,
            "access": access.mustache,
            "declaration": declaration.mustache,
            "isStruct": isStruct.mustache,
            "fields": fields.mustache,
            "initParameters": initParameters.mustache,
            "assignments": assignments.mustache,
            "hasCodingKeys": hasCodingKeys.mustache,
            "codingKeys": codingKeys.mustache,
            "hasEncode": hasEncode.mustache,
            "encodeLines": encodeLines.mustache,
            "cases": cases.mustache,
            "nested": nested.mustache,
        ])
    }
}

extension DeclarationViewModel: MustacheRepresentable {
    package var mustache: MustacheValue {
        .dictionary(["doc": doc.mustache, "declaration": declaration.mustache])
    }
}

extension DomainModelViewModel: MustacheRepresentable {
    package var mustache: MustacheValue {
        .dictionary([
            "doc": doc.mustache,
            "declaration": declaration.mustache,
            "fields": fields.mustache,
            "initParameters": initParameters.mustache,
            "assignments": assignments.mustache,
            "access": access.mustache,
            "dtoName": dtoName.mustache,
            "name": name.mustache,
            "toDomainDeclaration": toDomainDeclaration.mustache,
            "mappingLines": mappingLines.mustache,
        ])
    }
}
