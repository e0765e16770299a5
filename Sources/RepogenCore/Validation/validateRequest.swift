/// Validation of the request parts of an endpoint: method, path, param and header.
extension SpecValidator {
    mutating func parseMethod(_ text: Located<String>) -> HTTPMethod? {
        if let method = HTTPMethod(rawValue: text.value.lowercased()) { return method }
        let names = HTTPMethod.allCases.map { $0.rawValue.uppercased() }
        let hint = NameSuggester.hint(for: text.value.uppercased(), among: names)
        error(
            "unknown HTTP method '\(text.value)'; expected one of \(names.joined(separator: ", "))\(hint)",
            at: text.location)
        return nil
    }

    mutating func validateMethod(_ spec: MethodSpec, scope: InputScope) -> MethodChoice? {
        switch spec {
        case .fixed(let text):
            return parseMethod(text).map(MethodChoice.fixed)
        case .conditional(let input, let whenTrue, let whenFalse):
            let onTrue = parseMethod(whenTrue)
            let onFalse = parseMethod(whenFalse)
            guard let index = scope.index(of: input.value) else {
                let hint = NameSuggester.hint(for: input.value, among: scope.inputs.map(\.name))
                error(
                    "the method of '\(scope.endpoint)' depends on '\(input.value)', which is not one of its inputs\(hint)",
                    at: input.location)
                return nil
            }
            guard scope.inputs[index].type.description == "Bool" else {
                error(
                    "the method of '\(scope.endpoint)' depends on '\(input.value)', which must be of type 'Bool', "
                        + "not '\(scope.inputs[index].type)'", at: input.location)
                return nil
            }
            guard let onTrue, let onFalse else { return nil }
            return .conditional(input: index, whenTrue: onTrue, whenFalse: onFalse)
        }
    }

    /// What a placeholder naming no input probably meant: a misspelt input (`{userid}`), an input it abbreviates
    /// (`{id}` for `userId`), a field of a model input (`{storeId}` for `{request.storeId}`), or else that the
    /// endpoint needs the input.
    func placeholderHint(_ root: String, scope: InputScope) -> String {
        let names = scope.inputs.map(\.name)
        if let match = NameSuggester.suggestion(for: root, among: names) { return "; did you mean '\(match)'?" }
        let lowered = root.lowercased()
        let endings = names.filter { $0.count > root.count && $0.lowercased().hasSuffix(lowered) }
        if root.count >= 2, endings.count == 1 { return "; did you mean '\(endings[0])'?" }
        let fields = scope.inputs.compactMap { input -> String? in
            guard case .found = memberType(of: input.type, root, scope: []) else { return nil }
            return input.name + "." + root
        }
        if fields.count == 1 { return "; did you mean '\(fields[0])'?" }
        return "; add it to the endpoint's 'inputs' (- { name: \(root), type: String })"
    }

    /// Resolves a placeholder against the endpoint's inputs, and its members against the models they read.
    /// - Parameter writtenAsText: the value is written as text where a known type's value is checked by the caller
    ///   (a form field, which may be an array): a read of an `externalTypes` type is recorded as text.
    mutating func resolve(
        _ raw: TemplateString.RawReference, scope: InputScope, at location: SourceLocation, allowOptional: Bool,
        asText: Bool = false, writtenAsText: Bool = false, place: @autoclosure () -> String
    ) -> ValueReference? {
        guard let index = scope.index(of: raw.root) else {
            if scope.broken.contains(raw.root) { return nil }
            error("\(place()) uses '\(raw.root)', which is not an input of '\(scope.endpoint)'\(placeholderHint(raw.root, scope: scope))", at: location)
            return nil
        }
        let input = scope.inputs[index]
        var reference = ValueReference(input: index, members: raw.members, mappedMembers: raw.mappedMembers)
        var optional = input.type.isOptional
        var current: (type: SwiftType, scope: [String])? = (input.type, [])
        // Whether the last member read is a field of a spec model (not a member of a Foundation type).
        var lastIsField = false
        // Optional members of Foundation types read through (`referer.host.count`): optional chaining.
        var chained: [Int] = []
        // The type of `externalTypes` the placeholder reads members of, those members, and what it was read from.
        var foreign: (type: String, members: [String], path: String)?
        func walk(_ members: [String], from start: String, mapped: Bool = false) -> Bool {
            var path = start
            var opaque: String?
            for (position, member) in members.enumerated() {
                if let opaque {
                    error("\(place()) uses '\(raw.text)', which reads '\(member)' of '\(path)', \(opaque); its members are not known", at: location)
                    return false
                }
                guard let (type, typeScope) = current else { return true }
                switch memberType(of: type, member, scope: typeScope) {
                case .unknown:
                    current = nil
                case .external(let name):
                    // Checked in the cross-check stage against the spec that declares it, if one does.
                    foreign = (name, Array(members[position...]), path)
                    current = nil
                case .typeParameterField(let description):
                    // Its value can be used as it is (the last member), not read further.
                    opaque = description
                    current = nil
                case .unreadable(let why):
                    error("\(place()) uses '\(raw.text)', but \(why)", at: location)
                    return false
                case .found(let memberType, let memberScope):
                    if memberType.isOptional && position < members.count - 1 {
                        let isField: Bool
                        if case .named(let name, _) = type.unwrapped.shape, types.model(named: name, in: typeScope) != nil {
                            isField = true
                        } else {
                            isField = false
                        }
                        if !isField && !mapped {
                            // `referer.host?.count`: nil when the member is, so it goes where an optional can.
                            chained.append(position)
                        } else {
                            error(
                                isField
                                    ? "\(place()) reads '\(raw.text)' through the optional field '\(path).\(member)'; "
                                        + "make the field non-optional or use a value it holds"
                                    : "\(place()) reads '\(raw.text)' through '\(path).\(member)', which is of type "
                                        + "'\(memberType)'; a mapped array reads nothing from an optional member",
                                at: location)
                            return false
                        }
                    }
                    if case .named(let name, _) = type.unwrapped.shape {
                        lastIsField = types.model(named: name, in: typeScope) != nil
                    }
                    current = (memberType, memberScope)
                case .missing(let model, let candidates):
                    let hint = NameSuggester.hint(for: member, among: candidates)
                    error("\(place()) uses '\(raw.text)', but '\(model)' has no field '\(member)'\(hint)", at: location)
                    return false
                }
                path += "." + member
            }
            return true
        }
        guard walk(raw.members, from: raw.root) else { return nil }
        // An external type read before a mapped array (`{filter.items[].id}`): its elements' members are checked
        // with it.
        let mappedAfterForeign = foreign != nil ? raw.mappedMembers : nil
        if let (type, _) = current, !raw.members.isEmpty {
            optional = optional || type.isOptional || !chained.isEmpty
        }
        if let mapped = raw.mappedMembers {
            if let (type, typeScope) = current {
                guard case .array(let element) = type.unwrapped.shape else {
                    error("\(place()) uses '\(raw.text)', but '\(raw.root)' is not an array", at: location)
                    return nil
                }
                current = (element, typeScope)
            }
            guard walk(mapped, from: raw.root + "[]", mapped: true) else { return nil }
            current = current.map { (SwiftType.array(of: $0.type), $0.scope) }
        }
        // Where the value is written as text (a path, a header, a boundary, a form field, a text param), its type
        // must have one text form (`asText`: also where an optional is left out when nil, a header).
        if !allowOptional || asText, let (type, typeScope) = current,
            let problem = textProblem(type, scope: typeScope, reference: raw.text)
        {
            error("\(place()) uses '\(raw.text)', which \(problem)", at: location)
            return nil
        }
        if !allowOptional && optional {
            let what = raw.members.isEmpty ? "the optional input '\(raw.root)'" : "'\(raw.text)', which is optional"
            if let first = chained.first {
                let through = ([raw.root] + raw.members.prefix(first + 1)).joined(separator: ".")
                error(
                    "\(place()) uses '\(raw.text)', which is nil when the optional '\(through)' is; an optional value "
                        + "cannot go there (send it in a param or a header, which leave it out when nil)", at: location)
                return nil
            }
            // A member of a Foundation type (`referer.host`, a `String?`) is not the spec's to make non-optional.
            if !raw.members.isEmpty, raw.mappedMembers == nil, let (type, _) = current, type.isOptional, !lastIsField {
                error(
                    "\(place()) uses '\(raw.text)', which is of type '\(type)' (nil for some values); an optional value cannot "
                        + "go there (send it in a param or a header, which leave it out when nil, or pass the text as an "
                        + "input of its own)", at: location)
                return nil
            }
            error(
                "\(place()) uses \(what); an optional value cannot go there "
                    + "(make the \(raw.members.isEmpty || input.type.isOptional ? "input" : "field") non-optional)",
                at: location)
            return nil
        }
        let needsText = !allowOptional || asText || writtenAsText
        if foreign == nil, needsText, let (type, _) = current, case .named(let name, _) = type.unwrapped.shape,
            types.model(named: name, in: []) == nil, types.isExternal(name)
        {
            // The whole value of an external type, written as text: another spec may declare it as a model.
            foreign = (name, [], ([raw.root] + raw.members).joined(separator: "."))
        }
        if let foreign {
            externalReads.append(ExternalRead(
                type: foreign.type, members: foreign.members, mappedMembers: mappedAfterForeign, readFrom: foreign.path,
                text: raw.text, place: place(),
                location: location, needsText: needsText,
                allowsOptional: allowOptional && !needsText))
        }
        reference.isOptional = optional
        reference.chainedMembers = chained
        reference.type = current?.type
        reference.typeScope = current?.scope ?? []
        return reference
    }

    /// Why a value of `type` cannot be written as text, or nil when it can (`TypeScope.textProblem`).
    func textProblem(_ type: SwiftType, scope: [String], reference: String) -> String? {
        types.textProblem(type, scope: scope, reference: reference)
    }

    /// What reading `member` of a value of `type` gives (`TypeScope.memberType`).
    func memberType(of type: SwiftType, _ member: String, scope: [String]) -> TypeScope.MemberLookup {
        types.memberType(of: type, member, scope: scope)
    }

    /// Parses (unless the caller has: `parsed`) and resolves a template string; `nil` after reporting when anything
    /// is wrong.
    mutating func resolveTemplate(
        _ text: Located<String>, parsed: Result<[TemplateString.RawPart], TemplateString.TemplateSyntaxError>? = nil,
        scope: InputScope, allowOptional: Bool, asText: Bool = false, place: @autoclosure () -> String
    ) -> [TemplatePart]? {
        let rawParts: [TemplateString.RawPart]
        switch parsed ?? TemplateString.parse(text.value) {
        case .success(let parts): rawParts = parts
        case .failure(let failure):
            error("\(place()): \(failure.message)", at: text.location)
            return nil
        }
        var parts: [TemplatePart] = []
        var ok = true
        for part in rawParts {
            switch part {
            case .literal(let literal):
                parts.append(.literal(literal))
            case .reference(let raw):
                if raw.mappedMembers != nil && (rawParts.count > 1 || !allowOptional) {
                    error(
                        "\(place()): a mapped array like '{\(raw.text)}' can only be a whole param value",
                        at: text.location)
                    ok = false
                } else if let reference = resolve(
                    raw, scope: scope, at: text.location, allowOptional: allowOptional, asText: asText, place: place())
                {
                    parts.append(.reference(reference))
                } else {
                    ok = false
                }
            }
        }
        return ok ? parts : nil
    }

    mutating func validatePath(_ path: Located<String>, scope: InputScope) -> [TemplatePart]? {
        guard path.value.hasPrefix("/") else {
            error("the path of '\(scope.endpoint)' must start with '/'", at: path.location)
            return nil
        }
        func place() -> String { "the path of '\(scope.endpoint)'" }
        if let name = Self.colonPlaceholder(in: path.value) {
            error(
                "\(place()) has the segment ':\(name)', which is sent as the literal text ':\(name)' (repogen's "
                    + "placeholders are in braces); did you mean '{\(name)}'?", at: path.location)
            return nil
        }
        let parts = resolveTemplate(path, scope: scope, allowOptional: false, place: place())
        let allowed = Self.urlPathBytes
        for case .literal(let text) in parts ?? [] {
            // Most paths are ASCII letters, digits and a few symbols: a table lookup per byte.
            if text.utf8.allSatisfy({ $0 < 0x80 && allowed[Int($0)] }) { continue }
            if let bad = text.unicodeScalars.first(where: { !Self.isURLPathScalar($0) }) {
                // A `#` starts a fragment, which names the same URL and is never sent: percent-encoding it would
                // send another path (`%23`), so the advice is to leave it out.
                let advice = bad == "#" ? "a fragment is never sent: leave it out (or write '%23' for a '#' in the path itself)" : "percent-encode it"
                error(
                    "\(place()) contains \(Self.describe(bad)), which is not valid in a URL path; \(advice)",
                    at: path.location)
                return nil
            }
        }
        // A segment of nothing but `.` or `..` is resolved away by URL loaders (`/a/../b` is sent as `/b`): the
        // request would not go where the spec says. (Inputs are encoded so that they never make one.)
        if let parts {
            var segment = "", literalOnly = true
            for part in parts + [.literal("/")] {
                guard case .literal(let text) = part else {
                    literalOnly = false
                    continue
                }
                for character in text {
                    guard character == "/" else {
                        segment.append(character)
                        continue
                    }
                    if literalOnly, segment == "." || segment == ".." {
                        error(
                            "\(place()) has the dot segment '\(segment)', which URL loaders resolve away; write the path it "
                                + "means, or percent-encode the dots (%2E)",
                            at: path.location)
                        return nil
                    }
                    segment = ""
                    literalOnly = true
                }
            }
        }
        return parts
    }

    /// The name in the first Express/Rails-style placeholder of a path (`/items/:id` gives `id`): a segment that
    /// starts with ':' followed by an identifier. A colon elsewhere is the path's own (`/v1/items:batchGet`, Google's
    /// custom methods; `/a/b:c`), and so is a segment like `/:` or `/:1`.
    static func colonPlaceholder(in path: String) -> String? {
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) where segment.first == ":" {
            let name = segment.dropFirst().prefix { $0 == "_" || $0.isLetter || $0.isNumber }
            guard let first = name.first, first == "_" || first.isLetter else { continue }
            return String(name)
        }
        return nil
    }

    /// `isURLPathScalar` of each ASCII byte.
    private static let urlPathBytes = (0..<128).map { isURLPathScalar(Unicode.Scalar(UInt8($0))) }

    /// Characters a URL path may contain as written: RFC 3986 `pchar`, `/`, and `%` for escapes.
    static func isURLPathScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "-._~!$&'()*+,;=:@/%".unicodeScalars.contains(scalar)
        }
    }

    /// A character in a message: printable ones quoted, others by code point.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar == " " { return "a space" }
        if scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F {
            return "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
        }
        return "'\(scalar)'"
    }

    mutating func validateParamValue(_ field: ParamField, scope: InputScope) -> ParamValue? {
        validateParamValue(field.value, key: field.key.value, scope: scope)
    }

    /// A constant list of a param: strings (placeholders interpolated, never nil: each element is `String`), numbers
    /// (all `Int`, or all `Double` when one is not an integer, as Swift types the array literal) or booleans, one
    /// kind in a list.
    private mutating func validateParamList(
        _ elements: [ParamValueSpec], at location: SourceLocation, key: String, scope: InputScope
    ) -> ParamValue? {
        func kind(_ element: ParamValueSpec) -> String {
            switch element {
            case .template: "a string"
            case .number: "a number"
            case .bool: "a boolean"
            case .list, .firstOf: "a list"
            }
        }
        if let first = elements.first, let other = elements.first(where: { kind($0) != kind(first) }) {
            error(
                "the list of param '\(key)' of '\(scope.endpoint)' mixes \(kind(first)) and \(kind(other)); a constant list "
                    + "holds strings, numbers or booleans, one kind of them", at: other.location)
            return nil
        }
        let allIntegers = elements.allSatisfy { element in
            if case .number(let text) = element { NumberLiteral.isIntegerLiteral(text.value) } else { true }
        }
        var values: [ParamValue] = []
        var ok = true
        for element in elements {
            switch element {
            case .template(let text):
                func place() -> String { "an element of param '\(key)' of '\(scope.endpoint)'" }
                guard let parts = resolveTemplate(text, scope: scope, allowOptional: false, place: place()) else {
                    ok = false
                    continue
                }
                values.append(.text(parts))
            case .number(let text):
                guard let literal = numberConstant(text, type: allIntegers ? "Int" : "Double", key: key, scope: scope) else {
                    ok = false
                    continue
                }
                values.append(.number(literal))
            case .bool(let flag):
                values.append(.bool(flag.value))
            case .list(_, let at), .firstOf(_, let at):
                error("an element of the list of param '\(key)' of '\(scope.endpoint)' is a list; lists do not nest", at: at)
                ok = false
            }
        }
        return ok ? .list(values) : nil
    }

    /// A number constant of a param as Swift source of `type` (`Int` or `Double`); nil after an error.
    private mutating func numberConstant(_ text: Located<String>, type: String, key: String, scope: InputScope) -> String? {
        switch NumberLiteral.literal(text.value, forTypeNamed: type) {
        case .success(let literal)?:
            return literal
        case .failure(let failure)?:
            error("the number \(text.value) of param '\(key)' of '\(scope.endpoint)' \(failure.reason)", at: text.location)
            return nil
        case nil:
            error("param '\(key)' of '\(scope.endpoint)' is not a number: \(text.value)", at: text.location)
            return nil
        }
    }

    private mutating func validateParamValue(_ value: ParamValueSpec, key: String, scope: InputScope) -> ParamValue? {
        switch value {
        case .list(let elements, let location):
            return validateParamList(elements, at: location, key: key, scope: scope)
        case .number(let text):
            // A constant in `RequestParameters` (values `any Encodable & Sendable`) takes Swift's default literal
            // types: an integer literal is an `Int`, any other a `Double`.
            let type = NumberLiteral.isIntegerLiteral(text.value) ? "Int" : "Double"
            switch NumberLiteral.literal(text.value, forTypeNamed: type) {
            case .success(let literal)?:
                return .number(literal)
            case .failure(let failure)?:
                error(
                    "the number \(text.value) of param '\(key)' of '\(scope.endpoint)' \(failure.reason)",
                    at: text.location)
                return nil
            case nil:
                error("param '\(key)' of '\(scope.endpoint)' is not a number: \(text.value)", at: text.location)
                return nil
            }
        case .bool(let flag): return .bool(flag.value)
        case .firstOf:
            // Checked by `validateParamFields`, which knows the other keys.
            return nil
        case .template(let text):
            // Only the names the message needs are captured (not the whole field: this runs for every param).
            let endpoint = scope.endpoint
            func place() -> String { "param '\(key)' of '\(endpoint)'" }
            let parsed = TemplateString.parse(text.value)
            let isSingle: Bool
            if case .success(let raw) = parsed, raw.count == 1, case .reference = raw[0] {
                isSingle = true
            } else {
                isSingle = false
            }
            guard let parts = resolveTemplate(text, parsed: parsed, scope: scope, allowOptional: isSingle, place: place()) else {
                return nil
            }
            if isSingle, case .reference(let reference) = parts[0] { return .reference(reference) }
            return .text(parts)
        }
    }

    mutating func validateHeader(_ spec: HeaderSpec?, scope: InputScope) -> Header? {
        guard let spec else { return .json }
        switch spec {
        case .named(let name):
            switch name.value {
            case "default": return .default
            case "json": return .json
            case "location": return .location
            default:
                let hint = NameSuggester.hint(for: name.value, among: ["default", "json", "location"])
                error(
                    "unknown header '\(name.value)'; expected 'default', 'json', 'location', "
                        + "{\"multipart\": …} or {\"custom\": {…}}\(hint)", at: name.location)
                return nil
            }
        case .multipart(let boundary):
            func place() -> String { "the multipart boundary of '\(scope.endpoint)'" }
            guard let parts = resolveTemplate(boundary, scope: scope, allowOptional: false, place: place()) else { return nil }
            // The runtime refuses a boundary RFC 2046 does not allow (and checks inputs when the request is built):
            // text the spec fixes is checked now, so that no call of the endpoint can only fail.
            var literal = ""
            for case .literal(let text) in parts { literal += text }
            if let bad = literal.unicodeScalars.first(where: { !Self.boundaryCharacters.contains($0) }) {
                error(
                    "\(place()) contains \(Self.describe(bad)); RFC 2046 allows letters, digits, spaces and '()+_,-./:=? in a boundary",
                    at: boundary.location)
                return nil
            }
            let isLiteral = parts.allSatisfy { if case .literal = $0 { true } else { false } }
            if literal.unicodeScalars.count > 70 || (isLiteral && literal.hasSuffix(" ")) {
                error(
                    "\(place()) \(literal.hasSuffix(" ") ? "ends with a space" : "is \(literal.unicodeScalars.count) characters long"); "
                        + "RFC 2046 allows 1 to 70 characters, not ending with a space",
                    at: boundary.location)
                return nil
            }
            return .multipart(boundary: parts)
        case .custom(let pairs):
            var headers: [CustomHeader] = []
            var seen: Set<String> = []
            var ok = true
            for (name, value, json) in pairs {
                if !Self.isHeaderName(name.value) {
                    error("'\(name.value)' is not a valid HTTP header name", at: name.location)
                    ok = false
                } else if !seen.insert(name.value.lowercased()).inserted {
                    error("duplicate header '\(name.value)' in '\(scope.endpoint)'", at: name.location)
                    ok = false
                }
                func place() -> String { "header '\(name.value)' of '\(scope.endpoint)'" }
                // Control characters are ASCII, and no byte of a longer UTF-8 sequence is ASCII: look at bytes.
                if json {
                    // One input's value, whatever its type: its JSON text is the header's value.
                    guard Self.isSinglePlaceholder(value.value) else {
                        error(
                            "'json' of \(place()) must be one placeholder like \"{input}\" (its JSON text is the value), "
                                + "not \(value.value.debugDescription)", at: value.location)
                        ok = false
                        continue
                    }
                    guard let parts = resolveTemplate(value, scope: scope, allowOptional: true, place: place()),
                        parts.count == 1, case .reference(let reference) = parts[0]
                    else {
                        ok = false
                        continue
                    }
                    if let type = reference.type, !checkCodable(type, at: value.location, what: place()) {
                        ok = false
                        continue
                    }
                    headers.append(CustomHeader(name: name.value, value: parts, json: true))
                } else if let bad = value.value.utf8.first(where: { $0 < 0x20 && $0 != UInt8(ascii: "\t") || $0 == 0x7F }) {
                    error(
                        "the value of \(place()) contains \(Self.describe(Unicode.Scalar(bad))), which is not allowed in an HTTP header",
                        at: value.location)
                    ok = false
                } else if let parts = resolveTemplate(
                    value, scope: scope, allowOptional: !Self.hasMappedPlaceholder(value.value), asText: true, place: place())
                {
                    // A header with an optional value (`If-Match: "{revision}"` with `revision: String?`, or
                    // `Origin: "{referer.scheme}://{referer.host}"`) is left out of the request when any of them
                    // is nil: never "nil" or a part missing on the wire. Each is unwrapped once, so a value
                    // that is optional twice over (`String??`) cannot go in longer text.
                    if parts.count > 1, let nested = parts.first(where: { Self.isNestedOptional($0, scope: scope) }),
                        case .reference(let reference) = nested
                    {
                        let text = ([scope.inputs[reference.input].name] + reference.members).joined(separator: ".")
                        error(
                            "\(place()) uses '\(text)', which is optional twice over; inside longer text a value "
                                + "may be optional once (the header is left out when it is nil)", at: value.location)
                        ok = false
                        continue
                    }
                    headers.append(CustomHeader(name: name.value, value: parts))
                } else {
                    ok = false
                }
            }
            return ok ? .custom(headers) : nil
        }
    }

    /// Whether a template part reads a value of a doubly optional type (`String??`, or `Int??` through an optional
    /// input).
    static func isNestedOptional(_ part: TemplatePart, scope: InputScope) -> Bool {
        guard case .reference(let reference) = part else { return false }
        let type = reference.type ?? (reference.members.isEmpty ? scope.inputs[reference.input].type : nil)
        guard case .optional(let wrapped)? = type?.shape else { return false }
        return wrapped.isOptional
    }

    /// Whether a template holds a mapped array (`{tags[].name}`), which a header cannot: it is reported as such.
    static func hasMappedPlaceholder(_ text: String) -> Bool {
        guard case .success(let raw) = TemplateString.parse(text) else { return false }
        return raw.contains { if case .reference(let reference) = $0 { reference.mappedMembers != nil } else { false } }
    }

    /// Whether a template is one placeholder and nothing else (`"{revision}"`), not a mapped array (which a
    /// header cannot hold).
    static func isSinglePlaceholder(_ text: String) -> Bool {
        if case .success(let raw) = TemplateString.parse(text), raw.count == 1, case .reference(let reference) = raw[0] {
            return reference.mappedMembers == nil
        }
        return false
    }

    /// RFC 2046 `bchars`: what a multipart boundary may hold.
    private static let boundaryCharacters = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'()+_,-./:=? ".unicodeScalars)

    /// The symbols RFC 9110 allows in a token, besides letters and digits.
    private static let headerNameSymbols = Array("!#$%&'*+-.^_`|~".utf8)

    /// RFC 9110 token characters.
    static func isHeaderName(_ name: String) -> Bool {
        guard !name.isEmpty else { return false }
        return name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default:
                return headerNameSymbols.contains(byte)
            }
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
