/// Finds the closest known name to a misspelt one, for "did you mean" hints.
package enum NameSuggester {
    /// The candidate nearest to `name` by edit distance, if it is near enough to be a plausible typo.
    package static func suggestion(for name: String, among candidates: [String]) -> String? {
        let lowered = Array(name.lowercased())
        let limit = max(1, min(3, candidates.isEmpty ? 0 : (lowered.count + 2) / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates.sorted() {
            let other = Array(candidate.lowercased())
            // The distance is at least the difference in length: a far longer name (a megabyte key) is no typo.
            guard abs(other.count - lowered.count) <= limit else { continue }
            let distance = editDistance(lowered, other)
            if best == nil || distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        guard let best else { return nil }
        return best.distance <= limit ? best.name : nil
    }

    /// `" (did you mean 'x'?)"`-free suffix helper: `"; did you mean 'x'?"` or an empty string.
    package static func hint(for name: String, among candidates: [String]) -> String {
        guard let match = suggestion(for: name, among: candidates) else { return "" }
        return "; did you mean '\(match)'?"
    }

    /// Levenshtein distance between two character arrays.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
