// The document dialect: properties, anchors, aliases, tags and merge keys.

/// The anchors of the document being read and the number of nodes aliases have produced: one per `read`, shared by
/// the reader's copies (the flow parser's), so that an anchor defined in a flow collection is known after it.
final class DocumentState {
    struct Anchor {
        var node: SpecNode
        /// The number of nodes in the anchored tree and its height (0 for a scalar): measured on the first alias.
        var size: Int?
        var height = 0
    }

    var anchors: [String: Anchor] = [:]
    /// Anchors whose node is being read: an alias to one of them would hold itself.
    var openAnchors: [String: Int] = [:]
    var expandedNodes = 0
    let expansionLimit: Int

    init(expansionLimit: Int) {
        self.expansionLimit = expansionLimit
    }

    func open(_ anchor: NodeProperties.Anchor?) {
        if let anchor { openAnchors[anchor.name, default: 0] += 1 }
    }

    func define(_ name: String, _ node: SpecNode) {
        anchors[name] = Anchor(node: node)
    }

    func close(_ name: String) {
        if let count = openAnchors[name] { openAnchors[name] = count > 1 ? count - 1 : nil }
    }
}

/// A node's anchor and tag (`&name !!tag`, in either order).
struct NodeProperties {
    struct Anchor {
        var name: String
        var offset: Int
    }

    var anchor: Anchor?
    var tag: StandardTag?
    var tagOffset = 0
}

/// The tags of YAML's core schema that the document dialect knows (`!!str`, or `!<tag:yaml.org,2002:str>`).
enum StandardTag: String {
    case str, int, float, bool, null, map, seq
}

/// The mappings a merge key (`<<`) brings in, and the index of the member where they go.
struct MergeSource {
    var index: Int
    var mappings: [[SpecMember]]
}

extension YAMLSpecReader {
    static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "{")
            || byte == UInt8(ascii: "}")
    }

    /// The end of an anchor or alias name that starts at `start`: before a blank, the line end, a flow indicator, or
    /// a `:` followed by one of those (so that `*a: v` is the alias `a` as a key, as libyaml reads it).
    func nameEnd(from start: Int) -> Int {
        var index = start
        while !isBlankOrLineEnd(index), !Self.isFlowIndicator(bytes[index]) {
            if bytes[index] == UInt8(ascii: ":"),
                isBlankOrLineEnd(index + 1) || Self.isFlowIndicator(bytes[index + 1])
            {
                break
            }
            index += 1
        }
        return index
    }

    /// The end of the property (`&anchor` or `!tag`) at `start`.
    private func propertyEnd(at start: Int) -> Int {
        if bytes[start] == UInt8(ascii: "&") { return nameEnd(from: start + 1) }
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "<") {
            while !isLineEnd(index), bytes[index] != UInt8(ascii: ">") { index += 1 }
            return isLineEnd(index) ? index : index + 1
        }
        while !isBlankOrLineEnd(index), !Self.isFlowIndicator(bytes[index]) { index += 1 }
        return index
    }

    /// Where the node after the properties at `start` begins (`start` without any), on the same line.
    func skipProperties(from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] == UInt8(ascii: "&") || bytes[index] == UInt8(ascii: "!") {
            index = skipBlanks(from: propertyEnd(at: index))
        }
        return index
    }

    /// Properties on a line of their own before more of them: one anchor and one tag in all.
    func add(_ more: NodeProperties, to properties: inout NodeProperties) throws(Failure) {
        if let anchor = more.anchor {
            guard properties.anchor == nil else { throw fail("a node can have only one anchor", at: anchor.offset) }
            properties.anchor = anchor
        }
        if let tag = more.tag {
            guard properties.tag == nil else { throw fail("a node can have only one tag", at: more.tagOffset) }
            properties.tag = tag
            properties.tagOffset = more.tagOffset
        }
    }

    /// The anchor and tag at `start`, and the offset after the last of them.
    @inline(never)
    func properties(at start: Int) throws(Failure) -> (NodeProperties, Int) {
        var properties = NodeProperties()
        var index = start
        while true {
            let end = propertyEnd(at: index)
            if bytes[index] == UInt8(ascii: "&") {
                guard properties.anchor == nil else { throw fail("a node can have only one anchor", at: index) }
                guard end > index + 1 else { throw fail("expected the anchor's name after '&'", at: index) }
                properties.anchor = NodeProperties.Anchor(name: text((index + 1)..<end), offset: index)
            } else {
                guard properties.tag == nil else { throw fail("a node can have only one tag", at: index) }
                properties.tag = try tag(index..<end)
                properties.tagOffset = index
            }
            let next = skipBlanks(from: end)
            guard next > end, next < bytes.count, bytes[next] == UInt8(ascii: "&") || bytes[next] == UInt8(ascii: "!")
            else { return (properties, end) }
            index = next
        }
    }

    private func tag(_ range: Range<Int>) throws(Failure) -> StandardTag {
        let written = text(range)
        let name: Substring?
        if written.hasPrefix("!!") {
            name = written.dropFirst(2)
        } else if written.hasPrefix("!<tag:yaml.org,2002:"), written.hasSuffix(">") {
            name = written.dropFirst(20).dropLast()
        } else {
            name = nil
        }
        guard let name, let tag = StandardTag(rawValue: String(name)) else {
            throw fail(
                "unsupported tag '\(written)'; only YAML's standard tags are supported "
                    + "(!!str, !!int, !!float, !!bool, !!null, !!map, !!seq)", at: range.lowerBound)
        }
        return tag
    }

    /// The alias at `start` (`*name`): a copy of the node anchored last with that name, and the offset after it;
    /// `depth` counts the collections around it, for the nesting limit.
    @inline(never)
    func alias(at start: Int, depth: Int) throws(Failure) -> (SpecNode, Int) {
        let end = nameEnd(from: start + 1)
        guard end > start + 1 else { throw fail("expected the alias's name after '*'", at: start) }
        let name = text((start + 1)..<end)
        if state.openAnchors[name] != nil {
            throw fail(
                "the alias '*\(name)' is inside the node it refers to; recursive aliases are not supported", at: start)
        }
        guard var anchor = state.anchors[name] else {
            throw fail("undefined alias '*\(name)'; the anchor ('&\(name)') must come before its aliases", at: start)
        }
        if anchor.size == nil {
            let budget = state.expansionLimit - state.expandedNodes
            guard let (size, height) = Self.measure(anchor.node, limit: budget) else {
                throw tooManyAliasedNodes(at: start)
            }
            anchor.size = size
            anchor.height = height
            state.anchors[name] = anchor
        }
        state.expandedNodes += anchor.size ?? 0
        guard state.expandedNodes <= state.expansionLimit else { throw tooManyAliasedNodes(at: start) }
        guard depth + anchor.height <= Self.maximumDepth else { throw tooDeep(at: start) }
        return (anchor.node, end)
    }

    @inline(never)
    private func tooManyAliasedNodes(at offset: Int) -> Failure {
        fail(
            "aliases expand to more than \(state.expansionLimit) nodes; the document is too large once its aliases "
                + "are expanded", at: offset)
    }

    /// The number of nodes in a tree and its height (0 for a scalar, 1 for a flat collection), or nil when it has
    /// more than `limit` nodes; without recursion.
    static func measure(_ root: SpecNode, limit: Int) -> (size: Int, height: Int)? {
        var size = 0
        var height = 0
        var pending: [(SpecNode, Int)] = [(root, 0)]
        while let (node, level) = pending.popLast() {
            size += 1
            guard size <= limit else { return nil }
            switch node.kind {
            case .object(let members):
                height = max(height, level + 1)
                for member in members { pending.append((member.value, level + 1)) }
            case .array(let items):
                height = max(height, level + 1)
                for item in items { pending.append((item, level + 1)) }
            case .string, .number, .bool, .null:
                break
            }
        }
        return (size, height)
    }

    /// A node's tag applied and its anchor defined.
    @inline(never)
    func finish(_ node: SpecNode, _ properties: NodeProperties) throws(Failure) -> SpecNode {
        var node = node
        if let tag = properties.tag { node = try apply(tag, to: node, at: properties.tagOffset) }
        if let anchor = properties.anchor {
            state.close(anchor.name)
            state.define(anchor.name, node)
        }
        return node
    }

    /// The properties of a key: its tag must fit the key's text, and its anchor names the key (a string).
    @inline(never)
    func keyProperties(_ properties: NodeProperties, key: String, at offset: Int) throws(Failure) {
        if let tag = properties.tag {
            _ = try apply(tag, to: SpecNode(.string(key), offset: offset), at: properties.tagOffset)
        }
        if let anchor = properties.anchor { state.define(anchor.name, SpecNode(.string(key), offset: offset)) }
    }

    /// The text of a key that is an alias: the scalar it refers to, as text.
    func keyText(_ node: SpecNode, at offset: Int) throws(Failure) -> String {
        switch node.kind {
        case .string(let text), .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .object, .array:
            throw fail("a key must be a string; this alias refers to \(node.kindDescription)", at: offset)
        }
    }

    /// The text of a plain scalar typed as a number, a boolean or null, as written (`True`, `~`, or "" if empty).
    private func writtenText(of node: SpecNode) -> String {
        if case .number(let text) = node.kind { return text }
        var end = node.offset
        while !isBlankOrLineEnd(end), !Self.isFlowIndicator(bytes[end]), bytes[end] != UInt8(ascii: "#") { end += 1 }
        return text(node.offset..<end)
    }

    /// A node with a standard tag: the same value, or the scalar's text read as the tag says.
    @inline(never)
    private func apply(_ tag: StandardTag, to node: SpecNode, at offset: Int) throws(Failure) -> SpecNode {
        let scalar: String?
        switch node.kind {
        case .string(let text): scalar = text
        case .number, .bool, .null: scalar = writtenText(of: node)
        case .object, .array: scalar = nil
        }
        let kind: SpecNode.Kind?
        switch tag {
        case .map:
            if case .object = node.kind { return node }
            kind = nil
        case .seq:
            if case .array = node.kind { return node }
            kind = nil
        case .str:
            kind = scalar.map { .string($0) }
        case .bool:
            switch scalar {
            case "true", "True", "TRUE": kind = .bool(true)
            case "false", "False", "FALSE": kind = .bool(false)
            default: kind = nil
            }
        case .null:
            kind = ["", "~", "null", "Null", "NULL"].contains(scalar ?? "-") ? .null : nil
        case .int:
            kind = scalar.flatMap(Self.integer).map { .number($0) }
        case .float:
            kind = scalar.flatMap(Self.float).map { .number($0) }
        }
        if let kind { return SpecNode(kind, offset: node.offset) }
        switch tag {
        case .map, .seq:
            let expected = tag == .map ? "a mapping" : "a sequence"
            throw fail("the tag '!!\(tag.rawValue)' needs \(expected), not \(node.kindDescription)", at: offset)
        case .str, .int, .float, .bool, .null:
            guard let scalar else {
                throw fail("the tag '!!\(tag.rawValue)' needs a scalar, not \(node.kindDescription)", at: offset)
            }
            let expected = [
                StandardTag.int: "an integer", .float: "a number JSON can hold", .bool: "true or false", .null: "null",
            ][tag] ?? "a string"
            throw fail("'\(scalar)' is not \(expected) (tag '!!\(tag.rawValue)')", at: offset)
        }
    }

    /// `[-+]?[0-9]+` as JSON: without `+` and leading zeros.
    static func integer(_ text: String) -> String? {
        var digits = Substring(text)
        var sign = ""
        if let first = digits.first, first == "-" || first == "+" {
            sign = first == "-" ? "-" : ""
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= "0" && $0 <= "9" }) else { return nil }
        let trimmed = digits.drop { $0 == "0" }
        return sign + (trimmed.isEmpty ? "0" : String(trimmed))
    }

    /// A JSON number, possibly with a leading `+` (dropped).
    static func float(_ text: String) -> String? {
        let number = text.hasPrefix("+") ? String(text.dropFirst()) : text
        guard !(text.hasPrefix("+") && number.hasPrefix("-")) else { return nil }
        return isJSONNumber(ArraySlice(number.utf8)) ? number : nil
    }

    /// The mappings the value of a merge key brings in: a mapping, or a sequence of them.
    @inline(never)
    func mergeSource(_ value: SpecNode, index: Int, key offset: Int) throws(Failure) -> MergeSource {
        var mappings: [[SpecMember]] = []
        switch value.kind {
        case .object(let members):
            mappings.append(members)
        case .array(let items):
            for item in items {
                guard case .object(let members) = item.kind else { throw badMerge(at: offset) }
                mappings.append(members)
            }
        case .string, .number, .bool, .null:
            throw badMerge(at: offset)
        }
        return MergeSource(index: index, mappings: mappings)
    }

    private func badMerge(at offset: Int) -> Failure {
        fail("the merge key '<<' needs a mapping, an alias of one, or a list of them", at: offset)
    }

    /// A mapping's members with the merged ones where their `<<` was: a key the mapping has itself wins over a merged
    /// one, and an earlier merged mapping over a later one.
    @inline(never)
    func merged(_ members: [SpecMember], _ merges: [MergeSource]) -> [SpecMember] {
        var taken = Set(members.map(\.key))
        var result: [SpecMember] = []
        result.reserveCapacity(members.count)
        var next = 0
        for merge in merges {
            result.append(contentsOf: members[next..<merge.index])
            next = merge.index
            for mapping in merge.mappings {
                for member in mapping where taken.insert(member.key).inserted { result.append(member) }
            }
        }
        result.append(contentsOf: members[next...])
        return result
    }
}

extension SpecNode {
    /// A string, number, boolean or null: not a mapping or a sequence.
    var isScalar: Bool {
        switch kind {
        case .object, .array: return false
        case .string, .number, .bool, .null: return true
        }
    }
}
