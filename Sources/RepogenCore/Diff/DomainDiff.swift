/// The changes between two versions of one domain's validated API (either side nil: the domain was added or
/// removed).
struct DomainDiff {
    var domain: String
    var old: APIDiff.Side?
    var new: APIDiff.Side?

    func changes() -> [APIChange] {
        []
    }
}
