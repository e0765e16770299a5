/// Reads typed fields out of `SpecNode` objects, reporting every problem to a collector.
///
/// Every accessor returns `nil` after reporting when a value is missing or has the wrong kind, so that the
/// decoder goes on and reports the rest of the file too. What a value is (`what`) is only put into words for a
/// message: most values are fine, and a spec has hundreds of thousands of them.
struct NodeReader {
    let file: SpecFile
    var diagnostics = DiagnosticCollector()

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
        var byKey = SpecMembers(capacity: list.count)
        for member in list {
            if allowed.contains(member.key) {
                byKey.append(member)
            } else {
                let hint = NameSuggester.hint(for: member.key, among: allowed)
                error("unknown key '\(member.key)' in \(what())\(hint)", at: member.keyOffset)
            }
        }
        for key in required where byKey[key] == nil {
            error("\(what()) is missing the required key '\(key)'", at: node.offset)
        }
        return byKey
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
