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
}
