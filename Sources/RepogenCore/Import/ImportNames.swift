/// Swift names for the names an OpenAPI document uses: schema names, property names, operationIds, tags.
enum ImportNames {
    /// The words of a name: split at anything but letters and digits, and where lowercase turns uppercase
    /// (`petStore_v2` → `pet`, `Store`, `v2`; `HTTPServer` → `HTTP`, `Server`).
    static func words(_ text: String) -> [String] {
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

    /// `pet_owner` → `PetOwner`, `v1.PetDTO` → `V1PetDTO`: inner capitals are kept.
    static func typeName(_ text: String) -> String {
        let name = words(text).map { SwiftIdentifier.capitalized($0) }.joined()
        guard let first = name.first else { return "Model" }
        return first.isNumber ? "Model" + name : name
    }

    /// `pet_id` → `petId`, `X-Request-ID` → `xRequestID`, `PetID` → `petID`: the first word lowercased.
    static func memberName(_ text: String) -> String {
        let parts = words(text)
        guard let first = parts.first else { return "value" }
        let lead = first == first.uppercased() ? first.lowercased() : first.prefix(1).lowercased() + first.dropFirst()
        let name = lead + parts.dropFirst().map { SwiftIdentifier.capitalized($0) }.joined()
        if name.first?.isNumber == true { return "_" + name }
        return SwiftIdentifier.isUnusable(name) ? name + "Value" : name
    }

    /// A spec file name for a domain: `Pet Store` → `pet-store`, `userAccounts` → `user-accounts`; nil when the
    /// text has no ASCII letters or digits to make one of.
    static func fileName(_ text: String) -> String? {
        let name = words(text).map { $0.lowercased() }.joined(separator: "-")
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII }) else { return nil }
        return name.first?.isNumber == true ? "api-" + name : name
    }

    /// Names a generated type may not take: Swift's and Foundation's, the runtime's, and the four of every domain.
    static let reservedTypeNames: Set<String> = TypeScope.builtins.union([
        "Error", "Result", "Optional", "Array", "Dictionary", "Set", "Never", "Any", "AnyObject", "Codable",
        "Encodable", "Decodable", "Sendable", "Equatable", "Hashable", "Identifiable", "CaseIterable", "CodingKeys",
        "Task", "Type", "Protocol", "Self", "Foundation", "Swift", "RepogenRuntime", "Substring", "Range", "Sequence",
        "Collection", "Encoder", "Decoder", "JSONEncoder", "JSONDecoder", "Locale", "Calendar", "TimeZone", "Measurement",
        "APIResponse", "APIError", "RequestType", "RequestMethod", "RequestParameters", "HTTPHeaderType", "PathComponent",
        "UploadForm", "MockMethod", "NetworkManager", "NetworkError", "NetworkConfiguration", "RetryPolicy",
        "ResponseCache", "DeviceLocation", "JSONValue", "Indirect", "EmptyResponse",
    ])

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
