/// The parts of a request as text, with each reference written by the name it is compared under (an input's old
/// name on both sides), so that two versions of a request compare as strings. A reference to an input of one side
/// only (`unmatched`) is that input's change: a template writes it as `{*}`, and a key or part that reads it is left
/// out.
enum RequestText {
    static func reference(_ reference: ValueReference, names: [String]) -> String {
        var text = names[safe: reference.input] ?? "?"
        for member in reference.members { text += "." + member }
        if let mapped = reference.mappedMembers { text += "[]" + mapped.map { "." + $0 }.joined() }
        return text
    }

    static func template(_ parts: [TemplatePart], names: [String], unmatched: Set<Int>) -> String {
        parts.map { part in
            switch part {
            case .literal(let text): return text
            case .reference(let reference):
                return unmatched.contains(reference.input) ? "{*}" : "{" + self.reference(reference, names: names) + "}"
            }
        }.joined()
    }

    /// An endpoint's path: its template, or the choice (`isSeason ? /season/{id} : /episode/{id}`,
    /// `switch kind { season: /season/{id}, default: /other }`).
    static func path(_ endpoint: Endpoint, names: [String], unmatched: Set<Int>) -> String {
        guard let choice = endpoint.pathChoice else { return template(endpoint.path, names: names, unmatched: unmatched) }
        let input = unmatched.contains(choice.input) ? "*" : names[safe: choice.input] ?? "?"
        if choice.isBool, choice.branches.count == 2 {
            return input + " ? " + template(choice.branches[0].path, names: names, unmatched: unmatched) + " : "
                + template(choice.branches[1].path, names: names, unmatched: unmatched)
        }
        var branches = choice.branches.map { $0.key + ": " + template($0.path, names: names, unmatched: unmatched) }
        if let otherwise = choice.otherwise {
            branches.append("default: " + template(otherwise, names: names, unmatched: unmatched))
        }
        return "switch " + input + " { " + branches.joined(separator: ", ") + " }"
    }

    static func reads(_ parts: [TemplatePart], _ unmatched: Set<Int>) -> Bool {
        parts.contains { if case .reference(let reference) = $0 { return unmatched.contains(reference.input) } else { return false } }
    }

    static func method(_ method: MethodChoice, names: [String]) -> String {
        switch method {
        case .fixed(let method): return method.rawValue.uppercased()
        case .conditional(let input, let whenTrue, let whenFalse):
            return "\(names[safe: input] ?? "?") ? \(whenTrue.rawValue.uppercased()) : \(whenFalse.rawValue.uppercased())"
        }
    }

    /// A param's keys (`key=value`), spread references (`...input`) and a value passed whole (`=input`).
    static func param(_ param: Param, names: [String], unmatched: Set<Int>) -> [String] {
        func entries(_ list: [ParamEntry]) -> [String] {
            list.compactMap { entry -> String? in
                switch entry.value {
                case .reference(let reference):
                    guard !unmatched.contains(reference.input) else { return nil }
                    let omitted = entry.omitWhen.isEmpty ? "" : " unless " + entry.omitWhen.joined(separator: ", ")
                    return entry.key + "=" + self.reference(reference, names: names) + omitted
                case .text(let parts):
                    return reads(parts, unmatched) ? nil : entry.key + "=\"" + template(parts, names: names, unmatched: []) + "\""
                case .number(let number): return entry.key + "=" + number
                case .bool(let flag): return entry.key + "=" + (flag ? "true" : "false")
                case .firstOf(let alternatives):
                    let kept = entries(alternatives)
                    return kept.isEmpty ? nil : "firstOf(" + kept.joined(separator: ", ") + ")"
                case .list(let elements):
                    // A constant list: `types=["mention", "follow"]`; left out when an element reads an unmatched input.
                    var values: [String] = []
                    for element in elements {
                        switch element {
                        case .text(let parts):
                            if reads(parts, unmatched) { return nil }
                            values.append("\"" + template(parts, names: names, unmatched: []) + "\"")
                        case .number(let number): values.append(number)
                        case .bool(let flag): values.append(flag ? "true" : "false")
                        case .reference, .list, .firstOf: break
                        }
                    }
                    return entry.key + "=[" + values.joined(separator: ", ") + "]"
                }
            }
        }
        switch param {
        case .none: return []
        case .value(let reference):
            return unmatched.contains(reference.input) ? [] : ["=" + self.reference(reference, names: names)]
        case .fields(let fields): return entries(fields)
        case .merged(let parts):
            return parts.flatMap { part -> [String] in
                switch part {
                case .spread(let reference):
                    return unmatched.contains(reference.input) ? [] : ["..." + self.reference(reference, names: names)]
                case .fields(let fields): return entries(fields)
                }
            }
        }
    }

    /// Everything of a request but its method and path, for finding renamed endpoints.
    static func request(of endpoint: Endpoint, names: [String], unmatched: Set<Int>) -> [String] {
        param(endpoint.param, names: names, unmatched: unmatched) + ["query:"]
            + param(endpoint.query, names: names, unmatched: unmatched) + placement(endpoint) + ["header:"]
            + header(endpoint.header, names: names, unmatched: unmatched) + upload(endpoint.upload, names: names, unmatched: unmatched)
    }

    /// Where a param goes: the query-or-body rule, array styles, and the body's encoding.
    static func placement(_ endpoint: Endpoint) -> [String] {
        var text: [String] = []
        if let usingQuery = endpoint.usingQuery { text.append("usingQuery: \(usingQuery)") }
        for array in endpoint.queryArrays { text.append("queryArrays.\(array.key): \(array.style.rawValue)") }
        if endpoint.bodyEncoding != .json { text.append("body: \(endpoint.bodyEncoding.rawValue)") }
        return text
    }

    static func header(_ header: Header, names: [String], unmatched: Set<Int>) -> [String] {
        switch header {
        case .default: return []
        case .json: return ["json"]
        case .location: return ["location"]
        case .multipart(let boundary): return ["multipart, boundary " + template(boundary, names: names, unmatched: unmatched)]
        case .custom(let headers):
            return headers.compactMap { header in
                reads(header.value, unmatched)
                    ? nil
                    : header.name + ": " + (header.json ? "json " : "") + template(header.value, names: names, unmatched: [])
            }
        }
    }

    static func upload(_ upload: Upload?, names: [String], unmatched: Set<Int>) -> [String] {
        guard let upload else { return [] }
        let files = upload.files.compactMap { file in
            unmatched.contains(file.value.input) ? nil : "file " + file.name + "=" + reference(file.value, names: names)
        }
        let fields = upload.fields.compactMap { field in
            reads(field.value, unmatched) ? nil : "field " + field.name + "=\"" + template(field.value, names: names, unmatched: []) + "\""
        }
        let json = upload.json.compactMap { part in
            unmatched.contains(part.value.input) ? nil : "json " + part.name + "=" + reference(part.value, names: names)
        }
        let headers = upload.headers.flatMap { part in
            part.headers.compactMap { header in
                reads(header.value, unmatched) ? nil
                    : "part header " + part.part + "." + header.name + "=\"" + template(header.value, names: names, unmatched: []) + "\""
            }
        }
        return files + fields + json + headers
    }

    /// `invalidates fetchItems`, `updates fetchItem(id: {id}) with response`: the read under its old name.
    static func effect(_ effect: CacheEffect, names: [String], renames: [String: String]) -> String {
        let read = renames[effect.endpoint.caseName] ?? effect.endpoint.caseName
        var text: String
        switch effect.action {
        case .invalidate: text = "invalidates " + read
        case .update: text = "updates " + read
        }
        if let arguments = effect.arguments {
            text += "(" + arguments.map { reference($0, names: names) }.joined(separator: ", ") + ")"
        }
        if case .update(let value) = effect.action {
            text += " with " + (value.map { reference($0, names: names) } ?? "response")
        }
        return text
    }
}
