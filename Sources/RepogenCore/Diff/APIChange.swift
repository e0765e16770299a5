/// What a change does to the app's code that calls the generated API: does it still compile?
package enum SourceImpact: String, Sendable, Equatable, Comparable, CaseIterable {
    /// Nothing the app's code can see changed.
    case none
    /// Something new the app can use; every call, construction and `switch` that compiled still compiles.
    case additive
    /// Some code written against the old API no longer compiles.
    case breaking

    private var rank: Int { Self.allCases.firstIndex(of: self)! }
    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// What a change does on the wire: the requests the server sees and the responses the app decodes.
package enum WireImpact: String, Sendable, Equatable, Comparable, CaseIterable {
    /// Every request is the same bytes, and every response decodes as before.
    case none
    /// The wire differs, but an old app and a new server still understand each other: what the old code sends is
    /// sent the same way, and what the new server answers the old code still decodes.
    case compatible
    /// A request the old code sends is sent differently (or not at all), or a response the new server may answer
    /// no longer decodes in the old code.
    case breaking

    private var rank: Int { Self.allCases.firstIndex(of: self)! }
    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// One difference between two versions of a domain's validated API.
package struct APIChange: Sendable, Equatable {
    /// The kind, a stable identifier tools and tests match on: `endpoint-removed`, `field-made-optional`.
    package var kind: String
    /// The domain (`Store`) the change is in.
    package var domain: String
    /// What changed, as a Swift reader names it: `fetchDetail`, `StoreResponse.name`, `PlaceType.favorite`.
    package var subject: String
    /// One sentence for people: "the input 'cursor' (String?) was added".
    package var message: String
    package var source: SourceImpact
    package var wire: WireImpact
    /// Where the old side is written (nil for something added), and the new side (nil for something removed).
    package var old: SourceLocation?
    package var new: SourceLocation?
    /// A removal and an addition of the same shape, reported as one change: the old name.
    package var renamedFrom: String? = nil

    package init(
        kind: String, domain: String, subject: String, message: String, source: SourceImpact, wire: WireImpact,
        old: SourceLocation?, new: SourceLocation?, renamedFrom: String? = nil
    ) {
        self.kind = kind
        self.domain = domain
        self.subject = subject
        self.message = message
        self.source = source
        self.wire = wire
        self.old = old
        self.new = new
        self.renamedFrom = renamedFrom
    }

    /// Breaking for source or on the wire.
    package var isBreaking: Bool { source == .breaking || wire == .breaking }
}

/// Every change between two versions of a set of specs.
package struct APIDiffReport: Sendable, Equatable {
    /// Breaking changes first, then by domain and place.
    package var changes: [APIChange]
    /// Warnings of validating either side (they did not stop the diff).
    package var warnings: [Diagnostic] = []

    /// The worst source impact (none for no change).
    package var source: SourceImpact { changes.map(\.source).max() ?? .none }
    /// The worst wire impact.
    package var wire: WireImpact { changes.map(\.wire).max() ?? .none }

    /// Endpoint renames, old case name to new, per domain: for a caller mapping old calls to new ones.
    package var endpointRenames: [String: [String: String]] {
        var renames: [String: [String: String]] = [:]
        for change in changes where change.kind == "endpoint-renamed" {
            if let old = change.renamedFrom { renames[change.domain, default: [:]][old] = change.subject }
        }
        return renames
    }
}
