/// Path arithmetic on strings, in place of `NSString`'s: swift-corelibs-foundation's `deletingLastPathComponent`
/// traps on a one-character relative path (`"j"`), which a user's folder or config name can be.
package enum PathText {
    /// The folder part of `path`, as `NSString.deletingLastPathComponent` gives it: `a/b` -> `a`, `/a` -> `/`,
    /// `a` -> `` (trailing slashes ignored).
    package static func parent(_ path: String) -> String {
        var rest = Substring(path)
        while rest.count > 1, rest.hasSuffix("/") { rest = rest.dropLast() }
        guard let slash = rest.lastIndex(of: "/") else { return "" }
        var head = rest[..<slash]
        while head.count > 1, head.hasSuffix("/") { head = head.dropLast() }
        return head.isEmpty ? "/" : String(head)
    }

    /// `path` without `.` components, `name/..` pairs and repeated or trailing slashes (`Specs/./a.json`,
    /// `Specs//a.json` and `x/../Specs/a.json` are `Specs/a.json`), as `NSString.standardizingPath` gives it for a
    /// path without symbolic links.
    package static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute, parts.isEmpty {
                continue  // /.. is /
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}

extension PathText {
    /// `path` as read from `baseDirectory`: an absolute or empty path as it is, a relative one below the folder.
    /// Without a base directory, every path is as given.
    package static func resolved(_ path: String, against baseDirectory: String?) -> String {
        guard let baseDirectory, !path.isEmpty, !path.hasPrefix("/") else { return path }
        return (baseDirectory.hasSuffix("/") ? baseDirectory : baseDirectory + "/") + path
    }
}
