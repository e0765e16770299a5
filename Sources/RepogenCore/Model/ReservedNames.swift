/// Every name repogen keeps for itself, in one place: the types a spec may use without declaring them, the names the
/// generated code of each style writes unqualified (which a model of the same name would hide), and the names of
/// members and locals in whose scope the generated code writes a spec's types as values (`Person.self`). The names
/// repogen derives from a spec (`StoreApi`, `MockStoreRepository`, `FetchMovieUseCase`, `fetchMovieMock`…) are
/// `DomainNames`' and `MockMembers`'.
///
/// Validation checks a spec against these (a located error where a name would clash), and `repogen import` names
/// around them (a schema, tag or operation that would clash gets another name), so the two cannot drift apart.
package enum ReservedNames {
    /// Types every spec may use without declaring them: Swift's and Foundation's, and the runtime's `UploadFile` and
    /// `JSONValue`. A model of one of these names would hide the standard type.
    package static let builtinTypes: Set<String> = [
        "String", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
        "UInt64", "Double", "Float", "Decimal", "Date", "URL", "Data", "UUID", "Void",
        // From the runtime library.
        "UploadFile", "JSONValue", "BodyChoice",
    ]

    /// Type and module names the generated code of every style uses unqualified: a model (or a domain type) of one
    /// of these names would hide it (a model `Result` breaks every `Result<…, Error>`).
    package static let everyStyle: Set<String> = [
        // Swift
        "Result", "Error", "Encodable", "Decodable", "Codable", "Sendable", "Equatable", "Hashable", "CaseIterable",
        "CodingKey", "CodingKeys", "Encoder", "Decoder", "Optional", "Array", "Dictionary", "Set", "Never",
        "AnyObject", "Task", "RawRepresentable", "CustomStringConvertible", "Identifiable", "Hasher",
        // The runtime library
        "RequestType", "RequestMethod", "HTTPHeaderType", "RequestParameters", "PathComponent", "NetworkManager",
        "NetworkConfiguration", "NetworkError", "UploadForm", "MockMethod", "MockRepositoryError", "EmptyResponse",
        "DeviceLocation", "DecodingFailure", "RequestHandle", "CacheKey", "ResponseCache", "MemoryResponseCache",
        "CachedReads", "RecordingResponseCache", "RepogenCodingKey", "Indirect",
        // The clean style's publishers (Combine, or OpenCombine on Linux) and their helper
        "AnyPublisher", "Deferred", "Future", "RepogenPromise",
        // Modules
        "Swift", "Foundation", "FoundationNetworking", "RepogenRuntime", "Combine", "OpenCombine",
    ]

    /// Module-level names one style's code uses unqualified besides `everyStyle`, with what uses each
    /// (`StyleBehaviour.moduleNames`). A type of one of these names anywhere in the module hides it, so it is refused
    /// in every spec generated with a spec of that style.
    package static func moduleNames(of style: OutputStyle) -> [String: String] {
        style.behaviour.moduleNames
    }

    /// Why a type named `name` (a model, a domain type or an external type, at the top level) would be taken for a
    /// member or a local of the generated code where that code writes the spec's types as values, or nil when it
    /// would not: in every style a DTO's `toDomain()`, which builds its domain type by name; then the style's own
    /// (`StyleBehaviour.shadowing`).
    /// - Parameter methods: the repository methods of the spec.
    package static func shadowingMember(
        _ name: String, style: OutputStyle, hasCollections: Bool, methods: Set<String>
    ) -> String? {
        if name == "toDomain" { return "the DTOs' toDomain()" }
        return style.behaviour.shadowing.reason(
            name, hasCollections: hasCollections, methods: methods, prefixes: style.mockMemberPrefixes)
    }

    /// Every name the generated code of some style takes at the module level: a spec whose types or values (cases,
    /// methods, fields, inputs) have none of these names is clear of them in every style.
    package static let moduleLevelInAnyStyle: Set<String> = {
        var names = builtinTypes.union(everyStyle)
        for style in OutputStyle.all { names.formUnion(moduleNames(of: style).keys) }
        return names
    }()

    /// Every type name some style refuses: `moduleLevelInAnyStyle`, and the fixed member names a type could be
    /// taken for (`Value`, `MockStorage`, …). What `repogen import` keeps its type names clear of, so that a spec it
    /// writes generates in every style. (It never makes a lowercase type name, so `manager` and the like, and the
    /// tca client's `_fetch` storages, cannot come up.)
    package static let typeNamesTakenInAnyStyle: Set<String> = OutputStyle.all.reduce(moduleLevelInAnyStyle) {
        let shadowing = $1.behaviour.shadowing
        return $0.union(shadowing.members.keys)
            .union(shadowing.collectionMembers.keys)
    }

    /// Type names `repogen import` does not give besides `typeNamesTakenInAnyStyle`: names Swift refuses for a type
    /// (`Any`, `Self`, `Type`, `Protocol`), the runtime's `APIResponse` (which an endpoint with `responseMetadata`
    /// returns) and `RetryPolicy`, and standard types an app's code is likely to name (`Locale`, `Range`,
    /// `JSONDecoder`, …), which a spec may take.
    package static let avoidedByImport: Set<String> = [
        "Any", "Type", "Protocol", "Self", "Substring", "Range", "Sequence", "Collection", "JSONEncoder", "JSONDecoder",
        "Locale", "Calendar", "TimeZone", "Measurement", "APIResponse", "RetryPolicy", "Indirect",
    ]
}
