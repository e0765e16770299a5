/// Warnings of one kind, grouped: a real API description can give hundreds of the same note (one per operation), and
/// a flood hides the one warning that matters. `repogen import` prints one line per kind, at its first location;
/// `--verbose` prints every warning.
package struct WarningGroup: Sendable, Equatable {
    /// The first warning of the kind, in the document's order.
    package var first: Diagnostic
    /// How many more warnings there are of that kind.
    package var more: Int

    /// The line `repogen import` prints: the first warning, and how many more there are.
    package var description: String {
        more == 0 ? first.description : first.description + " (and \(more) more like it; --verbose lists them)"
    }

    /// `warnings` (in the document's order) grouped by kind, each group where its first warning is.
    package static func grouping(_ warnings: [Diagnostic]) -> [WarningGroup] {
        var groups: [WarningGroup] = []
        var indexByKind: [String: Int] = [:]
        for warning in warnings {
            let kind = Self.kind(of: warning.message)
            if let index = indexByKind[kind] {
                groups[index].more += 1
            } else {
                indexByKind[kind] = groups.count
                groups.append(WarningGroup(first: warning, more: 0))
            }
        }
        return groups
    }

    static let methods: Set<Substring> = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"]

    /// The message without what names one place in the document: the quoted names (`'petId'`), the operation
    /// (`GET /pets/{id}`) and the status codes and counts. Two warnings of one kind (the same note about
    /// different operations) have the same kind.
    package static func kind(of message: String) -> String {
        // The quoted parts first, as a name may hold spaces.
        var unquoted = ""
        var inQuote = false
        var previous: Character = " "
        for character in message {
            if character == "'" && (inQuote || !previous.isLetter) {
                if !inQuote { unquoted += "'_'" }
                inQuote.toggle()
            } else if !inQuote {
                unquoted.append(character)
            }
            previous = character
        }
        return unquoted.split(separator: " ", omittingEmptySubsequences: false).map { word -> Substring in
            let bare = word.drop { $0 == "(" }.prefix { ![";", ":", ",", ")"].contains($0) }
            if bare.hasPrefix("/") || Self.methods.contains(bare)
                || (!bare.isEmpty && bare.allSatisfy { $0.isNumber || $0 == "X" || $0 == "x" } && bare.contains { $0.isNumber }) {
                return "_"
            }
            return word
        }.joined(separator: " ")
    }
}
