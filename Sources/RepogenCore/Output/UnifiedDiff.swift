/// Unified diffs (`--- a/…`, `+++ b/…`, `@@ -l,n +l,n @@`) as `git diff` prints them, from a Myers line diff.
package enum UnifiedDiff {
    /// The diff from `old` to `new`, or an empty string when they are equal.
    /// - Parameters:
    ///   - oldName: the name after `--- ` (`a/Generated/…`, or `/dev/null` for a new file).
    ///   - newName: the name after `+++ `.
    ///   - context: unchanged lines shown around each change.
    package static func diff(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        if old == new { return "" }
        let a = lines(old)
        let b = lines(new)
        let edits = MyersDiff.edits(a, b)
        var out = "--- \(oldName)\n+++ \(newName)\n"
        for hunk in hunks(edits, context: context) {
            let oldStart = hunk.oldCount == 0 ? hunk.oldStart : hunk.oldStart + 1
            let newStart = hunk.newCount == 0 ? hunk.newStart : hunk.newStart + 1
            out += "@@ -\(range(oldStart, hunk.oldCount)) +\(range(newStart, hunk.newCount)) @@\n"
            for edit in hunk.edits {
                switch edit {
                case .keep(let i, _): out += " " + a[i].text + "\n"
                case .delete(let i): out += "-" + a[i].text + "\n" + (a[i].hasNewline ? "" : "\\ No newline at end of file\n")
                case .insert(let j): out += "+" + b[j].text + "\n" + (b[j].hasNewline ? "" : "\\ No newline at end of file\n")
                }
            }
        }
        return out
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }

    struct Line: Equatable {
        var text: String
        var hasNewline: Bool
    }

    static func lines(_ text: String) -> [Line] {
        var result: [Line] = []
        var current = ""
        for character in text {
            if character == "\n" {
                result.append(Line(text: current, hasNewline: true))
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { result.append(Line(text: current, hasNewline: false)) }
        return result
    }

    struct Hunk {
        var oldStart = 0
        var newStart = 0
        var oldCount = 0
        var newCount = 0
        var edits: [MyersDiff.Edit] = []
    }

    /// Groups edits into hunks with `context` unchanged lines around changes.
    static func hunks(_ edits: [MyersDiff.Edit], context: Int) -> [Hunk] {
        let changes = edits.indices.filter { if case .keep = edits[$0] { return false } else { return true } }
        guard !changes.isEmpty else { return [] }
        var groups: [(Int, Int)] = []
        var start = max(0, changes[0] - context)
        var end = min(edits.count - 1, changes[0] + context)
        for index in changes.dropFirst() {
            if index - context <= end + 1 {
                end = min(edits.count - 1, index + context)
            } else {
                groups.append((start, end))
                start = max(0, index - context)
                end = min(edits.count - 1, index + context)
            }
        }
        groups.append((start, end))
        return groups.map { start, end in
            var hunk = Hunk()
            var oldLine = 0
            var newLine = 0
            for edit in edits[..<start] {
                switch edit {
                case .keep: oldLine += 1; newLine += 1
                case .delete: oldLine += 1
                case .insert: newLine += 1
                }
            }
            hunk.oldStart = oldLine
            hunk.newStart = newLine
            for edit in edits[start...end] {
                hunk.edits.append(edit)
                switch edit {
                case .keep: hunk.oldCount += 1; hunk.newCount += 1
                case .delete: hunk.oldCount += 1
                case .insert: hunk.newCount += 1
                }
            }
            return hunk
        }
    }
}

/// Eugene Myers' O(ND) shortest edit script over lines.
enum MyersDiff {
    enum Edit: Equatable {
        case keep(Int, Int)
        case delete(Int)
        case insert(Int)
    }

    static func edits<T: Equatable>(_ a: [T], _ b: [T]) -> [Edit] {
        let n = a.count
        let m = b.count
        let max = n + m
        var v = [Int](repeating: 0, count: 2 * max + 2)
        var trace: [[Int]] = []
        let offset = max + 1
        outer: for d in 0...max {
            if (d + 1) * v.count > 20_000_000 {
                // Too different to diff cheaply: show everything as replaced.
                return (0..<n).map(Edit.delete) + (0..<m).map(Edit.insert)
            }
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n && y < m && a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m { break outer }
            }
        }
        var x = n
        var y = m
        var result: [Edit] = []
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK: Int
            if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                x -= 1
                y -= 1
                result.append(.keep(x, y))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1
                    result.append(.insert(y))
                } else {
                    x -= 1
                    result.append(.delete(x))
                }
            }
        }
        return result.reversed()
    }
}
