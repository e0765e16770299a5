/// Reads typed fields out of `SpecNode` objects, reporting every problem to a collector.
///
/// Every accessor returns `nil` after reporting when a value is missing or has the wrong kind, so that the
/// decoder goes on and reports the rest of the file too. What a value is (`what`) is only put into words for a
/// message: most values are fine, and a spec has hundreds of thousands of them.
struct NodeReader {
    let file: SpecFile
    var diagnostics = DiagnosticCollector()
    /// Names of the models and endpoints that could not be decoded (`Spec.brokenModels`, `brokenEndpoints`).
    var brokenModels: Set<String> = []
    var brokenEndpoints: Set<String> = []
    /// The allowed keys the last `members(of:)` took unknown keys for ("did you mean"): a check of which keys an
    /// object has (`fields` or `enum`) does not report what the misspelling already explains.
    var misspeltKeys: [String] = []

    init(file: SpecFile) {
        self.file = file
    }

    func location(_ offset: Int) -> SourceLocation {
        file.location(at: offset)
    }

    mutating func error(_ message: String, at offset: Int) {
        diagnostics.error(message, at: location(offset))
    }

    /// The members of an object, after checking that every key is one of `allowed` and that `required` are there.
    mutating func members(
        of node: SpecNode, what: @autoclosure () -> String, allowed: [String], required: [String] = []
    ) -> SpecMembers? {
        guard case .object(let list) = node.kind else {
            error("\(what()) must be an object, not \(node.kindDescription)", at: node.offset)
            return nil
        }
        misspeltKeys = []
        var byKey = SpecMembers(capacity: list.count)
        var misspelt: [String] = []
        for member in list {
            if allowed.contains(member.key) {
                byKey.append(member)
                continue
            }
            let suggestion = NameSuggester.suggestion(for: member.key, among: allowed)
            // A misspelt key is one mistake: "missing" errors would repeat it.
            if let suggestion { misspelt.append(suggestion) }
            error(Self.unknownKey(member.key, in: what(), allowed: allowed, suggestion: suggestion), at: member.keyOffset)
        }
        for key in required where byKey[key] == nil && !misspelt.contains(key) {
            error("\(what()) is missing the required key '\(key)'", at: node.offset)
        }
        misspeltKeys = misspelt
        return byKey
    }

    /// "unknown key 'typ' in an input of endpoint 'x'; did you mean 'type'? (valid keys: name, type, …)": the keys
    /// the object may have, so that a newcomer need not look them up, and the closest when it is a plausible typo.
    static func unknownKey(_ key: String, in what: String, allowed: [String], suggestion: String?) -> String {
        "unknown key '\(key)' in \(what)" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
            + " (valid keys: \(allowed.joined(separator: ", ")))"
    }

    mutating func string(_ node: SpecNode, what: @autoclosure () -> String) -> Located<String>? {
        guard case .string(let text) = node.kind else {
            error("\(what()) must be a string, not \(node.kindDescription)", at: node.offset)
            return nil
        }
        return Located(text, at: location(node.offset))
    }

    mutating func bool(_ node: SpecNode, what: @autoclosure () -> String) -> Located<Bool>? {
        guard case .bool(let value) = node.kind else {
            error("\(what()) must be true or false, not \(node.kindDescription)", at: node.offset)
            return nil
        }
        return Located(value, at: location(node.offset))
    }

    mutating func array(_ node: SpecNode, what: @autoclosure () -> String) -> [SpecNode]? {
        guard case .array(let elements) = node.kind else {
            error("\(what()) must be an array, not \(node.kindDescription)", at: node.offset)
            return nil
        }
        return elements
    }

    mutating func object(_ node: SpecNode, what: @autoclosure () -> String) -> [SpecMember]? {
        guard case .object(let members) = node.kind else {
            error("\(what()) must be an object, not \(node.kindDescription)", at: node.offset)
            return nil
        }
        return members
    }

    /// A type, which is text (`"[String]"`): a list or a mapping where one is expected is a type written without
    /// quotes (YAML reads `[String]` as a list), so the message says how to write it instead of "must be a string".
    /// `key` is the key the type is the value of, for the corrected line.
    mutating func type(_ node: SpecNode, key: String, what: @autoclosure () -> String) -> Located<String>? {
        switch node.kind {
        case .array, .object:
            if let text = Self.typeText(node, top: true) {
                error(Self.unquotedType(text, key: key, what: what(), format: file.format), at: node.offset)
                return nil
            }
        default: break
        }
        return string(node, what: what())
    }

    /// `type(_:key:what:)` for the member `key` of `members`, if it is there.
    mutating func type(_ members: SpecMembers, _ key: String, what: @autoclosure () -> String) -> Located<String>? {
        guard let member = members[key] else { return nil }
        return type(member.value, key: key, what: "'\(key)' of \(what())")
    }

    /// The message for a type read as a list or a mapping: "… must be a type written as text; YAML reads [String]
    /// as a list: put it in quotes (response: "[String]")".
    static func unquotedType(_ text: String, key: String, what: String, format: SpecFormat) -> String {
        let quotedKey = key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? key : "\"\(key)\""
        if format == .json {
            return "\(what) must be a type written as a string, not a list or an object; write \"\(key)\": \"\(text)\""
        }
        let collection = text.hasPrefix("[") && !text.contains(":") ? "a list" : "a mapping"
        return "\(what) must be a type written as text; YAML reads \(text) unquoted as \(collection): put it in quotes "
            + "(\(quotedKey): \"\(text)\")"
    }

    /// The type a list or a mapping was meant to be: `[String]` for the list of `String`, `[String: Int]` for the
    /// mapping `{String: Int}` (a dictionary written in braces, or in brackets, `[{String: Int}]`); nil for a value
    /// that is no type (two elements, a number).
    static func typeText(_ node: SpecNode, top: Bool = false) -> String? {
        switch node.kind {
        case .string(let text): return text.isEmpty ? nil : text
        case .array(let items):
            guard items.count == 1 else { return nil }
            return typeText(items[0]).map { "[\($0)]" }
        case .object(let members):
            guard members.count == 1, let value = typeText(members[0].value) else { return nil }
            let pair = "\(members[0].key): \(value)"
            return top ? "[\(pair)]" : pair
        case .number, .bool, .null: return nil
        }
    }

    mutating func string(_ members: SpecMembers, _ key: String, what: @autoclosure () -> String) -> Located<String>? {
        guard let member = members[key] else { return nil }
        return string(member.value, what: "'\(key)' of \(what())")
    }
}

/// The allowed members of an object, by key: a few, so found by comparing keys rather than hashing them.
struct SpecMembers {
    private var list: [SpecMember] = []

    init(capacity: Int = 0) {
        list.reserveCapacity(capacity)
    }

    /// How many keys there are.
    var count: Int { list.count }

    /// The member with a key (the last, if the key was given twice), or nil.
    subscript(key: String) -> SpecMember? {
        list.last { $0.key == key }
    }

    /// Adds a member. (The readers reject a key given twice, so there is no earlier one to replace; if a node made
    /// otherwise has one, the later wins.)
    mutating func append(_ member: SpecMember) {
        list.append(member)
    }
}
