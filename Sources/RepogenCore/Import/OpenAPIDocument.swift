/// An OpenAPI document read into a `SpecNode` tree, with `$ref` resolution and locations for warnings.
struct OpenAPIDocument {
    let file: SpecFile
    let root: SpecNode
    /// `#/components/<kind>/<name>` pointers, indexed once: a large document has thousands of schemas.
    private let componentIndex: [String: SpecNode]

    init(file: SpecFile, root: SpecNode) {
        self.file = file
        self.root = root
        var index: [String: SpecNode] = [:]
        if let components = root["components"]?.members {
            for kind in components {
                for member in kind.value.members ?? [] {
                    index["#/components/\(kind.key)/\(Self.escapePointer(member.key))"] = member.value
                }
            }
        }
        componentIndex = index
    }

    func location(_ node: SpecNode) -> SourceLocation { file.location(at: node.offset) }

    /// A scalar's text as the document writes it: a string's text, a number as written (`720`, `1.50`), a boolean
    /// as spelled (`True` in YAML), read back from the document; nil for null, an object or an array.
    func text(ofScalar node: SpecNode) -> String? {
        switch node.kind {
        case .string(let text), .number(let text): return text
        case .bool(let flag):
            let word = flag ? "true" : "false"
            let end = node.offset + word.utf8.count
            guard node.offset >= 0, end <= file.bytes.count else { return word }
            let written = String(decoding: file.bytes[node.offset..<end], as: UTF8.self)
            return written.lowercased() == word ? written : word
        default: return nil
        }
    }
    func location(offset: Int) -> SourceLocation { file.location(at: offset) }

    /// The name a `#/components/schemas/<name>` pointer gives, nil for any other reference.
    static func schemaName(ofReference reference: String) -> String? {
        let prefix = "#/components/schemas/"
        guard reference.hasPrefix(prefix) else { return nil }
        let name = String(reference.dropFirst(prefix.count))
        guard !name.contains("/") else { return nil }
        return unescapePointer(name)
    }

    /// The node a local reference (`#/…`) points at; nil for a reference to another file or a missing node.
    func target(of reference: String) -> SpecNode? {
        if let node = componentIndex[reference] { return node }
        guard reference.hasPrefix("#") else { return nil }
        if reference == "#" { return root }
        guard reference.hasPrefix("#/") else { return nil }
        var node = root
        for raw in reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
            let token = Self.unescapePointer(Self.percentDecoded(String(raw)))
            switch node.kind {
            case .object(let members):
                guard let next = members.first(where: { $0.key == token })?.value else { return nil }
                node = next
            case .array(let items):
                guard let index = Int(token), items.indices.contains(index) else { return nil }
                node = items[index]
            default:
                return nil
            }
        }
        return node
    }

    /// Follows `$ref` until a node without one (parameters, request bodies, responses: objects whose `$ref` replaces
    /// them). Warns and returns nil for a reference that cannot be followed.
    func resolved(_ node: SpecNode, warnings: inout [Diagnostic], what: String) -> SpecNode? {
        var current = node
        var seen: Set<String> = []
        while let reference = current["$ref"] {
            guard let text = reference.string else {
                warnings.append(Diagnostic(.warning, "'$ref' of \(what) is not a string; \(what) is left out", at: location(reference)))
                return nil
            }
            guard seen.insert(text).inserted else {
                warnings.append(Diagnostic(.warning, "'\(text)' refers to itself; \(what) is left out", at: location(reference)))
                return nil
            }
            guard let target = target(of: text) else {
                let why = text.hasPrefix("#") ? "points at nothing in the document" : "is in another file, which import does not read"
                warnings.append(Diagnostic(.warning, "'\(text)' \(why); \(what) is left out", at: location(reference)))
                return nil
            }
            current = target
        }
        return current
    }

    static func escapePointer(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    static func unescapePointer(_ token: String) -> String {
        token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    private static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.first {
            utf8 = utf8.dropFirst()
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension SpecNode {
    /// The member `key` of an object; nil for anything else.
    subscript(key: String) -> SpecNode? {
        guard case .object(let members) = kind else { return nil }
        return members.first(where: { $0.key == key })?.value
    }

    var members: [SpecMember]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    var items: [SpecNode]? {
        if case .array(let items) = kind { return items }
        return nil
    }

    var string: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// A string, or a number or boolean as written (an `example` or an `enum` value).
    var scalarText: String? {
        switch kind {
        case .string(let text), .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }

    var bool: Bool? {
        if case .bool(let flag) = kind { return flag }
        return nil
    }

    var isNull: Bool {
        if case .null = kind { return true }
        return false
    }
}
