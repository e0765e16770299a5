import RepogenMustache

// The one place where the typed view model becomes template data: each struct's properties, by their names.
// (A test checks that every property of every struct comes out as a key.)

/// A view model value that templates can render.
package protocol MustacheRepresentable {
    /// Pushes the value (one value, with everything it holds) onto `builder`.
    func push(to builder: inout MustacheDataBuilder)
}

extension MustacheRepresentable {
    /// The value as template data, in flat tables (what a render reads).
    package var mustacheData: MustacheData {
        var builder = MustacheDataBuilder()
        push(to: &builder)
        return builder.finish()
    }

    /// The value as a `MustacheValue` tree (for tests and inspection: a render reads `mustacheData`).
    package var mustache: MustacheValue { mustacheData.value }
}

extension Array: MustacheRepresentable where Element: MustacheRepresentable {
    package func push(to builder: inout MustacheDataBuilder) {
        for element in self { element.push(to: &builder) }
        builder.pushArray(count: count)
    }
}

extension ArraySlice: MustacheRepresentable where Element: MustacheRepresentable {
    package func push(to builder: inout MustacheDataBuilder) {
        for element in self { element.push(to: &builder) }
        builder.pushArray(count: count)
    }
}

extension String: MustacheRepresentable {
    package func push(to builder: inout MustacheDataBuilder) { builder.push(self) }
}

extension Bool: MustacheRepresentable {
    package func push(to builder: inout MustacheDataBuilder) { builder.push(self) }
}

extension DomainViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys([
        "fileHeader", "specPath", "domain", "apiName", "repositoryName", "implName", "mockName", "imports",
        "endpoints", "models", "domainModels", "modelsFiles", "access", "hasUsingQueryOverrides", "hasUploads", "isGrouped",
        "groups", "requestMembers", "hasCache", "remoteName", "localName", "tca", "hasShortcuts", "hasShortcutDefaults",
        "servers",
    ])

    package func push(to builder: inout MustacheDataBuilder) {
        for value: any MustacheRepresentable in [
            fileHeader, specPath, domain, apiName, repositoryName, implName, mockName, imports,
        ] {
            value.push(to: &builder)
        }
        // Each endpoint becomes template data once (a large domain's in two halves at once, like the projection).
        // A grouped domain's groups hold the same endpoints, and the member lists hold the endpoints' own cases,
        // in order: those reuse the same values (10,000 endpoints would otherwise be stored three times).
        pushInHalves(endpoints, to: &builder)
        let endpointList = builder.top
        // The models too: an imported API has one or two a resource.
        pushInHalves(models, to: &builder)
        let modelList = builder.top
        domainModels.push(to: &builder)
        let domainModelList = builder.top
        pushModelsFiles(to: &builder, reusing: modelList, domainModelList)
        for value: any MustacheRepresentable in [access, hasUsingQueryOverrides, hasUploads, isGrouped] {
            value.push(to: &builder)
        }
        for group in groups {
            // A group's endpoints are a slice of the domain's: its indices are their positions.
            let range = group.endpoints.indices
            guard range.upperBound <= endpoints.count,
                range.allSatisfy({ endpoints[$0].caseName == group.endpoints[$0].caseName })
            else {
                group.push(to: &builder)
                continue
            }
            group.push(to: &builder, reusing: endpointList, of: endpoints[range])
        }
        builder.pushArray(count: groups.count)
        for member in requestMembers {
            member.push(to: &builder, reusing: endpointList, of: endpoints[...])
        }
        builder.pushArray(count: requestMembers.count)
        builder.push(hasCache)
        builder.push(remoteName)
        builder.push(localName)
        tca.push(to: &builder)
        builder.push(hasShortcuts)
        builder.push(hasShortcutDefaults)
        servers.push(to: &builder)
        builder.pushDictionary(Self.keys)
    }
}

extension DomainViewModel {
    /// `modelsFiles`, whose models and domain types are the domain's (`modelList`, `domainModelList`) again: the
    /// one file's are those lists; a file of several holds each of its models as the domain's, but for `isFirst`.
    private func pushModelsFiles(to builder: inout MustacheDataBuilder, reusing modelList: Int, _ domainModelList: Int) {
        let isFirstKey = ModelViewModel.keyNames.firstIndex(of: "isFirst") ?? -1
        // Each top-level model's position in the domain's list (its name is unique there).
        let positions = modelsFiles.count > 1
            ? Dictionary(models.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first }) : [:]
        for file in modelsFiles {
            if file.isOneOfSeveralFiles {
                for model in file.models {
                    // The domain's own value of the model (the names are unique at the top level).
                    guard let position = positions[model.name] else {
                        model.push(to: &builder)
                        continue
                    }
                    let original = builder.item(position, of: modelList)
                    for key in ModelViewModel.keyNames.indices {
                        if key == isFirstKey {
                            builder.push(model.isFirst)
                        } else {
                            builder.push(existing: builder.item(key, of: original))
                        }
                    }
                    builder.pushDictionary(ModelViewModel.keys)
                }
                builder.pushArray(count: file.models.count)
            } else {
                builder.push(existing: modelList)
            }
            if file.domainModels.isEmpty {
                builder.pushArray(count: 0)
            } else {
                builder.push(existing: domainModelList)
            }
            builder.push(file.fileNumber)
            builder.push(file.fileCount)
            builder.push(file.isOneOfSeveralFiles)
            builder.pushDictionary(ModelsFileViewModel.keys)
        }
        builder.pushArray(count: modelsFiles.count)
    }
}

extension ModelsFileViewModel: MustacheRepresentable {
    static let keys = MustacheKeys(["models", "domainModels", "fileNumber", "fileCount", "isOneOfSeveralFiles"])

    package func push(to builder: inout MustacheDataBuilder) {
        models.push(to: &builder)
        domainModels.push(to: &builder)
        builder.push(fileNumber)
        builder.push(fileCount)
        builder.push(isOneOfSeveralFiles)
        builder.pushDictionary(Self.keys)
    }
}

extension ClientViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys([
        "name", "accessor", "hasPreviews", "hasCollections", "hasMockActions", "collections", "storageName",
        "storageParameters",
    ])

    package func push(to builder: inout MustacheDataBuilder) {
        builder.push(name)
        builder.push(accessor)
        builder.push(hasPreviews)
        builder.push(hasCollections)
        builder.push(hasMockActions)
        collections.push(to: &builder)
        builder.push(storageName)
        builder.push(storageParameters)
        builder.pushDictionary(Self.keys)
    }
}

extension CollectionViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys(["name", "elementType", "initialValue"])

    package func push(to builder: inout MustacheDataBuilder) {
        builder.push(name)
        builder.push(elementType)
        builder.push(initialValue)
        builder.pushDictionary(Self.keys)
    }
}

extension ClientMemberViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys(["closureType", "liveCall", "separator", "preview", "mock"])

    package func push(to builder: inout MustacheDataBuilder) {
        builder.push(closureType)
        builder.push(liveCall)
        builder.push(separator)
        preview.push(to: &builder)
        mock.push(to: &builder)
        builder.pushDictionary(Self.keys)
    }
}

extension SharedFileViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys(["fileHeader", "access", "imports"])

    package func push(to builder: inout MustacheDataBuilder) {
        builder.push(fileHeader)
        builder.push(access)
        imports.push(to: &builder)
        builder.pushDictionary(Self.keys)
    }
}

extension UseCaseViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys([
        "typeName", "defaultTypeName", "hasRequestValues", "requestValuesName", "fields", "initParameters",
        "assignments", "executeSignature", "call", "repositoryBody", "localRead",
    ])

    package func push(to builder: inout MustacheDataBuilder) {
        builder.push(typeName)
        builder.push(defaultTypeName)
        builder.push(hasRequestValues)
        builder.push(requestValuesName)
        fields.push(to: &builder)
        builder.push(initParameters)
        assignments.push(to: &builder)
        builder.push(executeSignature)
        builder.push(call)
        repositoryBody.push(to: &builder)
        localRead.push(to: &builder)
        builder.pushDictionary(Self.keys)
    }
}

extension LocalReadViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys([
        "getSignature", "saveSignature", "removeSignature", "clearSignature", "key", "keyName", "valueName",
        "timeToLiveName", "endpointName",
    ])

    package func push(to builder: inout MustacheDataBuilder) {
        for value in [
            getSignature, saveSignature, removeSignature, clearSignature, key, keyName, valueName, timeToLiveName,
            endpointName,
        ] {
            builder.push(value)
        }
        builder.pushDictionary(Self.keys)
    }
}

extension CacheViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys([
        "call", "isRead", "key", "timeToLive", "hasEffects", "successPattern", "effects",
    ])

    package func push(to builder: inout MustacheDataBuilder) {
        builder.push(call)
        builder.push(isRead)
        builder.push(key)
        builder.push(timeToLive)
        builder.push(hasEffects)
        builder.push(successPattern)
        effects.push(to: &builder)
        builder.pushDictionary(Self.keys)
    }
}

/// Pushes `elements` as one array, a large list's two halves at once: the first half goes straight into `builder`;
/// the second, built beside it, is then moved after it.
private func pushInHalves<Element: MustacheRepresentable & Sendable>(
    _ elements: [Element], to builder: inout MustacheDataBuilder
) {
    let start = UncheckedBuilder(builder)
    builder = MustacheDataBuilder()
    var (first, second) = inHalves(elements.count) { half, range in
        var part = half == 0 ? start.builder : MustacheDataBuilder()
        for index in range { elements[index].push(to: &part) }
        return part
    }
    builder = first
    builder.absorb(&second)
    first = MustacheDataBuilder()
    builder.pushArray(count: elements.count)
}

/// A builder handed to the half that continues it.
private struct UncheckedBuilder: Sendable {
    let builder: MustacheDataBuilder

    init(_ builder: MustacheDataBuilder) {
        self.builder = builder
    }
}

extension RequestMemberViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys(["name", "type", "isFirst", "cases"])

    package func push(to builder: inout MustacheDataBuilder) {
        push(to: &builder) { builder in cases.push(to: &builder) }
    }

    /// Pushes the member; when its cases are those of `endpoints` (whose values are the items of the list
    /// `endpointList`, from the first endpoint's), their values are reused.
    func push(
        to builder: inout MustacheDataBuilder, reusing endpointList: Int, of endpoints: ArraySlice<EndpointViewModel>
    ) {
        guard let member = RequestMember(rawValue: name), cases.count == endpoints.count,
            cases.indices.allSatisfy({ cases[$0] == endpoints[endpoints.startIndex + $0].requestCase(member) })
        else { return push(to: &builder) }
        let position = EndpointViewModel.position(of: member)
        push(to: &builder) { builder in
            for index in endpoints.indices {
                builder.push(existing: builder.item(position, of: builder.item(index, of: endpointList)))
            }
            builder.pushArray(count: endpoints.count)
        }
    }

    private func push(to builder: inout MustacheDataBuilder, cases: (inout MustacheDataBuilder) -> Void) {
        builder.push(name)
        builder.push(type)
        builder.push(isFirst)
        cases(&builder)
        builder.pushDictionary(Self.keys)
    }
}

extension GroupViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys(["typeName", "caseName", "endpoints", "requestMembers"])

    package func push(to builder: inout MustacheDataBuilder) {
        builder.push(typeName)
        builder.push(caseName)
        endpoints.push(to: &builder)
        requestMembers.push(to: &builder)
        builder.pushDictionary(Self.keys)
    }

    /// Pushes the group, reusing its endpoints' values: the items of the list `endpointList`, whose first is the
    /// domain's first endpoint (`endpoints` are the group's, by their positions in the domain).
    func push(
        to builder: inout MustacheDataBuilder, reusing endpointList: Int, of endpoints: ArraySlice<EndpointViewModel>
    ) {
        builder.push(typeName)
        builder.push(caseName)
        for index in endpoints.indices { builder.push(existing: builder.item(index, of: endpointList)) }
        builder.pushArray(count: endpoints.count)
        for member in requestMembers { member.push(to: &builder, reusing: endpointList, of: endpoints) }
        builder.pushArray(count: requestMembers.count)
        builder.pushDictionary(Self.keys)
    }
}

extension ImportViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys(["module"])

    package func push(to builder: inout MustacheDataBuilder) {
        builder.push(module)
        builder.pushDictionary(Self.keys)
    }
}

extension EndpointViewModel: MustacheRepresentable {
    /// The names of every endpoint's hash, made once (a large spec has tens of thousands of endpoints).
    private static let names = [
        "caseName", "doc", "caseDeclaration", "factory", "param", "method", "header", "path", "usingQuery",
        "queryArrayStyles", "queryParam", "bodyEncoding", "errorBodies", "upload",
        "methodName", "memberPrefix", "signature", "selector", "successType", "wireType", "mapsResponse",
        "responseName", "toDomain", "domainValue", "resultType", "construction", "requestName", "hasArguments",
        "returnsValue", "argumentsType", "argumentsValue", "mockArguments", "cache", "clean", "tca",
        "shortcut",
    ]
    /// With and without the completion style's key (only that style has it: a template of another style naming it
    /// is a missing key).
    private static let keys = MustacheKeys(names)
    private static let completionKeys = MustacheKeys(names + ["completion"])

    /// Where a `RequestType` member's case is among an endpoint's values.
    static func position(of member: RequestMember) -> Int {
        names.firstIndex(of: member.rawValue)!
    }

    package func push(to builder: inout MustacheDataBuilder) {
        builder.push(caseName)
        doc.push(to: &builder)
        builder.push(caseDeclaration)
        factory.push(to: &builder)
        param.push(to: &builder)
        method.push(to: &builder)
        header.push(to: &builder)
        path.push(to: &builder)
        usingQuery.push(to: &builder)
        queryArrayStyles.push(to: &builder)
        queryParam.push(to: &builder)
        bodyEncoding.push(to: &builder)
        errorBodies.push(to: &builder)
        upload.push(to: &builder)
        builder.push(methodName)
        builder.push(memberPrefix)
        builder.push(signature)
        builder.push(selector)
        builder.push(successType)
        builder.push(wireType)
        builder.push(mapsResponse)
        builder.push(responseName)
        builder.push(toDomain)
        builder.push(domainValue)
        builder.push(resultType)
        builder.push(construction)
        builder.push(requestName)
        builder.push(hasArguments)
        builder.push(returnsValue)
        builder.push(argumentsType)
        builder.push(argumentsValue)
        builder.push(mockArguments)
        cache.push(to: &builder)
        clean.push(to: &builder)
        tca.push(to: &builder)
        shortcut.push(to: &builder)
        if let completion {
            completion.push(to: &builder)
            builder.pushDictionary(Self.completionKeys)
        } else {
            builder.pushDictionary(Self.keys)
        }
    }
}

extension CompletionViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys(["signature", "name"])

    package func push(to builder: inout MustacheDataBuilder) {
        builder.push(signature)
        builder.push(name)
        builder.pushDictionary(Self.keys)
    }
}

extension ShortcutViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys(["doc", "signature", "call", "isFirst"])

    package func push(to builder: inout MustacheDataBuilder) {
        builder.push(doc)
        builder.push(signature)
        builder.push(call)
        builder.push(isFirst)
        builder.pushDictionary(Self.keys)
    }
}

extension FactoryViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys(["declaration", "body", "isFirst"])

    package func push(to builder: inout MustacheDataBuilder) {
        builder.push(declaration)
        builder.push(body)
        builder.push(isFirst)
        builder.pushDictionary(Self.keys)
    }
}

extension SwitchCaseViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys(["pattern", "lines"])

    package func push(to builder: inout MustacheDataBuilder) {
        builder.push(pattern)
        lines.push(to: &builder)
        builder.pushDictionary(Self.keys)
    }
}

extension ModelViewModel: MustacheRepresentable {
    static let keyNames = [
        "name", "doc", "isFirst", "access", "declaration", "isStruct", "fields", "initParameters", "assignments",
        "cases", "nested", "members",
    ]
    static let keys = MustacheKeys(keyNames)

    package func push(to builder: inout MustacheDataBuilder) {
        builder.push(name)
        doc.push(to: &builder)
        builder.push(isFirst)
        builder.push(access)
        builder.push(declaration)
        builder.push(isStruct)
        fields.push(to: &builder)
        builder.push(initParameters)
        assignments.push(to: &builder)
        cases.push(to: &builder)
        nested.push(to: &builder)
        members.push(to: &builder)
        builder.pushDictionary(Self.keys)
    }
}

extension ModelMemberViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys(["lines"])

    package func push(to builder: inout MustacheDataBuilder) {
        lines.push(to: &builder)
        builder.pushDictionary(Self.keys)
    }
}

extension DeclarationViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys(["doc", "declaration"])

    package func push(to builder: inout MustacheDataBuilder) {
        doc.push(to: &builder)
        builder.push(declaration)
        builder.pushDictionary(Self.keys)
    }
}

extension DomainModelViewModel: MustacheRepresentable {
    private static let keys = MustacheKeys([
        "doc", "declaration", "fields", "initParameters", "assignments", "access", "dtoName", "name",
        "toDomainDeclaration", "mappingLines",
    ])

    package func push(to builder: inout MustacheDataBuilder) {
        doc.push(to: &builder)
        builder.push(declaration)
        fields.push(to: &builder)
        builder.push(initParameters)
        assignments.push(to: &builder)
        builder.push(access)
        builder.push(dtoName)
        builder.push(name)
        builder.push(toDomainDeclaration)
        mappingLines.push(to: &builder)
        builder.pushDictionary(Self.keys)
    }
}
