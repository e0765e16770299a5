/// The members a placeholder may read from a type the spec does not define (`{referer.host}` on a `URL` input),
/// with their real Swift types, so that the generated code is typed like any model field: `URL.host` is a
/// `String?`, written only where an optional can go.
///
/// Only properties that have the same type on every platform repogen's output builds for (Apple's Foundation and
/// swift-corelibs-foundation on Linux), that no SDK deprecates, and that are not methods. Anything else, and any
/// member read through a type parameter, is a located error. Members of `externalTypes` are not checked (another
/// spec of the module may declare the type; repogen does not look across specs for it yet).
enum BuiltinMembers {
    /// A member's type, as the spec would write it.
    private static func type(_ text: String) -> SwiftType {
        guard case .success(let type) = SwiftType.parse(text) else { preconditionFailure("bad builtin member type \(text)") }
        return type
    }

    /// `count` and `isEmpty`: what every collection offers.
    private static let collection: [(String, String)] = [("count", "Int"), ("isEmpty", "Bool")]

    /// The members of each named built-in type (unqualified), in the order messages list them.
    static let table: [String: [(name: String, type: String)]] = [
        "URL": [
            ("absoluteString", "String"), ("scheme", "String?"), ("host", "String?"), ("port", "Int?"),
            ("path", "String"), ("query", "String?"), ("fragment", "String?"), ("user", "String?"),
            ("lastPathComponent", "String"), ("pathExtension", "String"),
        ],
        "UUID": [("uuidString", "String")],
        "Date": [("timeIntervalSince1970", "Double")],
        "String": collection,
        "Data": collection,
        "UploadFile": [("fileName", "String"), ("contentType", "String"), ("data", "Data")],
    ]

    /// The members of arrays and dictionaries.
    static let collectionMembers = collection.map { (name: $0.0, type: $0.1) }

    /// What reading `member` of a value of the built-in `type` (not a spec model) gives: its type, or the members
    /// the type offers (empty when it has none a placeholder can read).
    static func lookup(_ type: SwiftType, _ member: String) -> Result<SwiftType, Unavailable> {
        let members: [(name: String, type: String)]
        let typeName: String
        switch type.unwrapped.shape {
        case .array, .dictionary:
            members = collectionMembers
            typeName = type.unwrapped.description
        case .named(let name, _):
            let plain = TypeScope.unqualified(name)
            members = table[plain] ?? []
            typeName = plain
        case .optional:
            members = []
            typeName = type.description
        }
        if let found = members.first(where: { $0.name == member }) { return .success(Self.type(found.type)) }
        return .failure(Unavailable(type: typeName, members: members.map(\.name)))
    }

    /// A member a built-in type does not offer: the type's name and the members it does.
    struct Unavailable: Error {
        var type: String
        var members: [String]
    }
}
