/// Swift names for the names an OpenAPI document uses: schema names, property names, operationIds, tags.
enum ImportNames {
    /// The words of a name: split at anything but letters and digits, and where lowercase turns uppercase
    /// (`petStore_v2` → `pet`, `Store`, `v2`; `HTTPServer` → `HTTP`, `Server`).
    static func words(_ text: String) -> [String] {
        text.utf8.allSatisfy({ $0 < 0x80 }) ? asciiWords(text) : unicodeWords(text)
    }

    /// `words` by the characters' Unicode properties: any text.
    static func unicodeWords(_ text: String) -> [String] {
        var words: [String] = []
        for chunk in text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) {
            var current = ""
            let characters = Array(chunk)
            for (index, character) in characters.enumerated() {
                if !current.isEmpty, character.isUppercase {
                    let previous = characters[index - 1]
                    let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                    if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                        words.append(current)
                        current = ""
                    }
                }
                current.append(character)
            }
            if !current.isEmpty { words.append(current) }
        }
        return words
    }

    /// `words` of ASCII text, byte by byte: the same words, without a lookup of Unicode properties per character
    /// (a large document has hundreds of thousands of names).
    static func asciiWords(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
        func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        var words: [String] = []
        var start = 0
        var index = 0
        func flush(_ end: Int) {
            if end > start { words.append(String(decoding: bytes[start..<end], as: UTF8.self)) }
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard isUpper(byte) || isLower(byte) || isDigit(byte) else {
                flush(index)
                index += 1
                start = index
                continue
            }
            if index > start, isUpper(byte) {
                let previous = bytes[index - 1]
                let nextIsLower = index + 1 < bytes.count && isLower(bytes[index + 1])
                if isLower(previous) || isDigit(previous) || (isUpper(previous) && nextIsLower) {
                    flush(index)
                    start = index
                }
            }
            index += 1
        }
        flush(index)
        return words
    }

    /// `pet_owner` → `PetOwner`, `v1.PetDTO` → `V1PetDTO`: inner capitals are kept.
    static func typeName(_ text: String) -> String {
        startingAsAType(words(text).map { SwiftIdentifier.capitalized($0) }.joined())
    }

    /// `name`, with `Model` before it unless it starts with an uppercase letter (`2fa` → `Model2fa`, `ユーザー` →
    /// `Modelユーザー`): a value's name (`memberName`) starts with a lowercase letter or `_`, so no field, input or
    /// endpoint can have a type's name, which validation refuses (in a script without case they would be alike).
    static func startingAsAType(_ name: String) -> String {
        guard let first = name.first else { return "Model" }
        return first.isUppercase ? name : "Model" + name
    }

    /// `pet_id` → `petId`, `X-Request-ID` → `xRequestID`, `PetID` → `petID`: the first word lowercased.
    static func memberName(_ text: String) -> String {
        let parts = words(text)
        guard let first = parts.first else { return "value" }
        let lead = first == first.uppercased() ? first.lowercased() : first.prefix(1).lowercased() + first.dropFirst()
        let name = lead + parts.dropFirst().map { SwiftIdentifier.capitalized($0) }.joined()
        if name.first?.isNumber == true { return "_" + name }
        // A name the generated code takes at the module level (the clean style's `repogenPublisher`) is no value's.
        return SwiftIdentifier.isUnusable(name) || ReservedNames.moduleLevelInAnyStyle.contains(name) ? name + "Value" : name
    }

    /// A spec file name for a domain: `Pet Store` → `pet-store`, `userAccounts` → `user-accounts`; nil when the
    /// text has no ASCII letters or digits to make one of.
    static func fileName(_ text: String) -> String? {
        let name = words(text).map { $0.lowercased() }.joined(separator: "-")
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII }) else { return nil }
        return name.first?.isNumber == true ? "api-" + name : name
    }

    /// Names a model may not take: what some style refuses (`ReservedNames.typeNamesTakenInAnyStyle`) and what
    /// import avoids besides (`ReservedNames.avoidedByImport`). A schema of one of these names gets `Model` added.
    static let reservedTypeNames: Set<String> = ReservedNames.typeNamesTakenInAnyStyle.union(ReservedNames.avoidedByImport)

    /// The longest spec file name (without its extension) import writes: a longer tag is cut, with a hash of the
    /// whole tag so that the name stays the same on every run and apart from other cut tags. Well under what the
    /// generator can write (`DomainNames.maximumLength`), and short enough to read.
    static let maximumFileNameLength = 64

    /// `name` cut to `maximumFileNameLength` characters when longer: its start, `-`, and 8 hexadecimal digits of a
    /// hash of `key` (the tag or path segment it was made from).
    static func shortened(_ name: String, key: String) -> String {
        guard name.count > maximumFileNameLength else { return name }
        var start = name.prefix(maximumFileNameLength - 9)
        while start.hasSuffix("-") { start = start.dropLast() }
        return start + "-" + XXH64.hex(XXH64.hash(Array(key.utf8))).prefix(8)
    }

    /// `name`, or `name2`, `name3`… the first not in `taken`; inserted into `taken`.
    static func unique(_ name: String, in taken: inout Set<String>) -> String {
        var candidate = name
        var number = 2
        while taken.contains(candidate) {
            candidate = name + String(number)
            number += 1
        }
        taken.insert(candidate)
        return candidate
    }
}
