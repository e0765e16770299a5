/// Validation of `servers`: each URL template's `{placeholders}` are its variables, each variable has a default
/// (one of its `enum` values when it lists some), and the URL its defaults and values give is one the runtime's
/// `ServerURL` builds, so that a server the spec accepts never throws with its own values.
extension SpecValidator {
    mutating func validateServers(_ specs: [ServerSpec]) -> [Server] {
        var servers: [Server] = []
        var names: [String: SourceLocation] = [:]
        for (index, spec) in specs.enumerated() {
            let name = spec.name?.value ?? "server\(index + 1)"
            let nameLocation = spec.name?.location ?? spec.url.location
            let place = "server '\(spec.url.value)'"
            var ok = true
            if !SwiftIdentifier.isValid(name) {
                error("the name '\(name)' of \(place) is not a Swift function name", at: nameLocation)
                ok = false
            } else if names[name] != nil {
                error("two servers are named '\(name)'; give one another 'name'", at: nameLocation)
                ok = false
            }
            names[name] = nameLocation
            guard let placeholders = Self.serverPlaceholders(spec.url.value) else {
                error("the url of \(place) has a '{' without a '}' or a '}' without a '{'", at: spec.url.location)
                continue
            }
            var variables: [ServerVariable] = []
            for variable in spec.variables {
                let key = variable.name.value
                if !SwiftIdentifier.isValid(key) {
                    error("the variable '\(key)' of \(place) is not a Swift parameter name", at: variable.name.location)
                    ok = false
                }
                if !placeholders.contains(key) {
                    error("the variable '\(key)' of \(place) is not in its url; write '{\(key)}' where it goes", at: variable.name.location)
                    ok = false
                }
                guard let defaultValue = variable.defaultValue else {
                    ok = false
                    continue
                }
                let values = variable.values.map(\.value)
                if !values.isEmpty, !values.contains(defaultValue.value) {
                    error(
                        "the default '\(defaultValue.value)' of variable '\(key)' of \(place) is not one of its values ("
                            + values.joined(separator: ", ") + ")", at: defaultValue.location)
                    ok = false
                }
                var seen: Set<String> = []
                for value in variable.values where !seen.insert(value.value).inserted {
                    error("the value '\(value.value)' of variable '\(key)' of \(place) is listed twice", at: value.location)
                    ok = false
                }
                variables.append(
                    ServerVariable(
                        name: key, defaultValue: defaultValue.value, values: values, description: variable.description?.value))
            }
            for placeholder in placeholders where !spec.variables.contains(where: { $0.name.value == placeholder }) {
                error(
                    "the url of \(place) uses '{\(placeholder)}', which is not one of its variables; add it under "
                        + "'variables' with a 'default'", at: spec.url.location)
                ok = false
            }
            guard ok else { continue }
            // Each value the spec gives (the defaults, each listed value) must make a URL.
            let defaults = Dictionary(variables.map { ($0.name, $0.defaultValue) }) { first, _ in first }
            var trials = [defaults]
            for variable in variables {
                for value in variable.values {
                    var values = defaults
                    values[variable.name] = value
                    trials.append(values)
                }
            }
            for values in trials {
                if let problem = Self.serverURLProblem(spec.url.value, values) {
                    error("\(place) \(problem)", at: spec.url.location)
                    ok = false
                    break
                }
            }
            if ok {
                servers.append(Server(name: name, description: spec.description?.value, url: spec.url.value, variables: variables))
            }
        }
        return servers
    }

    /// The `{names}` of a URL template, in order; nil when its braces do not pair.
    static func serverPlaceholders(_ url: String) -> [String]? {
        var names: [String] = []
        var current: String?
        for character in url {
            switch character {
            case "{":
                guard current == nil else { return nil }
                current = ""
            case "}":
                guard let name = current else { return nil }
                names.append(name)
                current = nil
            default:
                current?.append(character)
            }
        }
        return current == nil ? names : nil
    }

    /// Why the runtime's `ServerURL` would refuse this template with these values, or nil: the same rules (a scheme
    /// where the scheme is, letters, digits, `-` and `.` in the host and port, unreserved characters and `/` without
    /// empty or dot segments in the path, an absolute URL with a host or a path starting with `/`).
    static func serverURLProblem(_ url: String, _ values: [String: String]) -> String? {
        let letters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let digits = Set("0123456789")
        var text = ""
        var rest = Substring(url)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            text += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            let value = values[name] ?? ""
            let where_: String
            let fine: Bool
            if text.hasPrefix("/") || text.range(of: "://").map({ text[$0.upperBound...].contains("/") }) == true {
                where_ = "the path"
                fine = value.allSatisfy { letters.contains($0) || digits.contains($0) || "-._~/".contains($0) }
                    && !value.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0 == "." || $0 == ".." }
            } else if text.contains("://") {
                where_ = "the host or port"
                fine = value.allSatisfy { letters.contains($0) || digits.contains($0) || "-.".contains($0) }
            } else {
                where_ = "the scheme"
                fine = value.first.map(letters.contains) == true
                    && value.allSatisfy { letters.contains($0) || digits.contains($0) || "+-.".contains($0) }
            }
            if value.isEmpty || !fine {
                return "gives '{\(name)}' the value '\(value)', which \(where_) cannot hold as a server variable's value"
            }
            text += value
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        guard let parsed = URLParts(text), url.hasPrefix("/") ? parsed.isPath : parsed.isAbsolute else {
            return "makes '\(text)', which is not \(url.hasPrefix("/") ? "a path starting with '/'" : "an absolute URL with a host")"
        }
        return nil
    }
}

/// Just enough of a URL to tell an absolute one with a host from a path (RepogenCore does not need Foundation's URL
/// elsewhere for this).
private struct URLParts {
    var isAbsolute: Bool
    var isPath: Bool

    init?(_ text: String) {
        guard !text.contains(where: { $0 == " " || $0 == "\n" }) else { return nil }
        if text.hasPrefix("/") {
            isPath = !text.hasPrefix("//")
            isAbsolute = false
            return
        }
        guard let separator = text.range(of: "://") else { return nil }
        let authority = text[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.prefix { $0 != ":" }
        // A port, when the authority has one, is digits: `example.com:x1` is not a URL (Foundation's URL says so too).
        let port = authority.dropFirst(host.count).dropFirst()
        let portIsValid = host.count == authority.count || (!port.isEmpty && port.allSatisfy { $0.isASCII && $0.isNumber })
        isAbsolute = !text[..<separator.lowerBound].isEmpty && !host.isEmpty && portIsValid
        isPath = false
    }
}
