import Foundation

/// A server's URL from its template (a spec's `servers`, OpenAPI's server variables): what the generated
/// `<Domain>Servers` functions return, for `NetworkConfiguration.baseURL`.
///
/// Each `{name}` of the template is replaced by its variable's value. No value can change where the URL points
/// beyond its own place: a value in the scheme (`{protocol}://`) must be a scheme (a letter, then letters, digits,
/// `+`, `-`, `.`); in the host and port (`{subdomain}.example.com:{port}`) letters, digits, `-` and `.` only (no `/`,
/// `@`, `?`, `#`, `:` or `%`, which would start another part or another host); in the path RFC 3986's unreserved
/// characters (letters, digits, `-._~`) and `/`, without an empty, `.` or `..` segment. An empty value, one outside
/// its place's characters, and a result that is not an absolute URL with a host (or, for a template starting with `/`,
/// a path) throw `NetworkError.invalidParameter` naming the variable.
public enum ServerURL {
    /// The URL of `template` with each `{name}` replaced by `values[name]`.
    ///
    /// - Throws: `NetworkError.invalidParameter` for a value that could change the URL's structure, a placeholder
    ///   without a value, and a result that is not a URL.
    public static func url(_ template: String, _ values: [String: String]) throws -> URL {
        var text = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            let before = rest[..<open]
            text += before
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw NetworkError.invalidParameter(key: nil, reason: "the server URL \(template.debugDescription) has a '{' without '}'")
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard let value = values[name] else {
                throw NetworkError.invalidParameter(key: name, reason: "the server URL \(template.debugDescription) has no value for '\(name)'")
            }
            try check(value, name: name, place: place(of: text))
            text += value
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        let relative = template.hasPrefix("/")
        guard let url = URL(string: text), relative ? url.path.hasPrefix("/") : (url.scheme != nil && url.host != nil)
        else {
            throw NetworkError.invalidParameter(key: nil, reason: "the server URL \(text.debugDescription) is not a URL")
        }
        return url
    }

    /// Where a value written after `text` stands: the scheme, the authority (host and port) or the path.
    private enum Place { case scheme, authority, path }

    private static func place(of text: String) -> Place {
        if text.hasPrefix("/") { return .path }
        guard let separator = text.range(of: "://") else { return .scheme }
        return text[separator.upperBound...].contains("/") ? .path : .authority
    }

    private static let letters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    private static let digits = CharacterSet(charactersIn: "0123456789")
    private static let schemeCharacters = letters.union(digits).union(CharacterSet(charactersIn: "+-."))
    private static let hostCharacters = letters.union(digits).union(CharacterSet(charactersIn: "-."))
    private static let pathCharacters = letters.union(digits).union(CharacterSet(charactersIn: "-._~/"))

    private static func check(_ value: String, name: String, place: Place) throws {
        func refuse(_ why: String) -> NetworkError {
            .invalidParameter(key: name, reason: "the server variable '\(name)' is \(value.debugDescription), \(why)")
        }
        guard !value.isEmpty else { throw refuse("and an empty value would change the URL's structure") }
        switch place {
        case .scheme:
            guard let first = value.unicodeScalars.first, letters.contains(first),
                value.unicodeScalars.allSatisfy(schemeCharacters.contains)
            else { throw refuse("which is not a URL scheme (a letter, then letters, digits, '+', '-', '.')") }
        case .authority:
            guard value.unicodeScalars.allSatisfy(hostCharacters.contains) else {
                throw refuse(
                    "and in the host or port only letters, digits, '-' and '.' are taken: anything else ('/', '@', "
                        + "':', '?', '#', '%') could send the request to another host")
            }
        case .path:
            guard value.unicodeScalars.allSatisfy(pathCharacters.contains) else {
                throw refuse("and in the path only letters, digits, '-', '.', '_', '~' and '/' are taken")
            }
            // `a/b` is two segments; `/a`, `a/`, `a//b`, `.` and `..` would add an empty or a dot segment.
            if value.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
                throw refuse("and an empty, '.' or '..' segment would change the path")
            }
        }
    }
}
