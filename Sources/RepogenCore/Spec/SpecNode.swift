/// A value read from a spec file (JSON, later also the YAML-like form), with the byte offset it starts at.
package struct SpecNode: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case object([SpecMember])
        case array([SpecNode])
        case string(String)
        /// A number as written, so that integers keep their exact text.
        case number(String)
        case bool(Bool)
        case null
    }

    package var kind: Kind
    package var offset: Int

    package init(_ kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// What the value is, in the words an error message uses: "a string", "an array"…
    package var kindDescription: String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// One `"key": value` pair of an object, in the order written.
package struct SpecMember: Sendable, Equatable {
    package var key: String
    package var keyOffset: Int
    package var value: SpecNode

    package init(key: String, keyOffset: Int, value: SpecNode) {
        self.key = key
        self.keyOffset = keyOffset
        self.value = value
    }
}
