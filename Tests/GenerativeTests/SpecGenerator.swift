import Foundation

/// A small deterministic random generator (SplitMix64), so a seed always gives the same specs.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func chance(_ probability: Double) -> Bool {
        Double(next() % 1_000_000) / 1_000_000 < probability
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[int(0...(items.count - 1))]
    }
}

extension SeededRandom: RandomNumberGenerator {}

/// Makes random specs that are mostly valid but full of names and shapes that have broken generated code before:
/// Swift keywords, names the generated code and the runtime use, Unicode, every type form, nested and generic
/// models, defaults, merged params, domain defaults. A spec repogen accepts must compile; one it rejects must get
/// located errors.
struct SpecGenerator {
    var random: SeededRandom
    /// The domain stem, used to make most model names unique across the specs of one run.
    let domain: String

    static let plainNames = ["id", "name", "value", "count", "title", "cursor", "size", "kind", "items", "flag", "note", "page"]
    static let hostileNames = [
        "in", "for", "where", "repeat", "default", "class", "let", "var", "inout", "func", "self", "Type", "init",
        "manager", "request", "params", "form", "file", "container", "encoder", "decoder", "CodingKeys", "method",
        "path", "header", "param", "usingQuery", "upload", "result", "error", "description", "rawValue", "Any", "true",
        "nil", "some", "any", "async", "await", "throws", "super", "is", "as", "이름", "café", "x_1", "_x", "Self",
        "Protocol", "encode", "body", "hashValue", "callsCount", "lock", "_lock", "value_", "params_", "newValue",
        "completion", "completion_", "queue", "handle",
        "get", "set", "willSet", "didSet", "mutating", "static", "protocol", "extension", "switch", "case", "return",
        "internal", "public", "open", "operator", "subscript", "deinit", "while", "try", "catch", "throw", "guard",
        "defer", "do", "else", "if", "import", "typealias", "associatedtype", "fileprivate", "private", "struct",
        "enum", "break", "continue", "fallthrough", "rethrows", "false", "consume", "copy", "discard", "each",
        "borrowing", "consuming", "macro", "package", "nonisolated", "isolated", "actor", "Sendable",
        // Protocol members of what generated types conform to, and the tca style's libraries' functions.
        "reportIssue", "hash", "allCases", "AllCases", "ID", "RawValue", "dependencies", "withDependencies",
    ]

    /// Numeric literal texts at the edges of Swift's rules: out of range for small integer types, integers a
    /// floating type cannot hold exactly, overflow and subnormal values, many digits. Written into the JSON as
    /// numbers, as a spec author would.
    static let integerTexts = ["300", "256", "-129", "128", "255", "-1", "9223372036854775807", "9223372036854775808",
        "18446744073709551616", "1e2", "1.0", "0", "-0", "2.5"]
    static let floatingTexts = ["9007199254740993", "16777217", "1e39", "5e-324", "1e-50", "0.1", "1.5",
        "12345678901234567890", "3.4028235e38", "1e308", "2e308", "-0.0", "1E5", "100000000000000000000000000000"]
    /// A time to live in seconds, at and beyond the limits.
    static let ttlTexts = ["123456789012345678901234567890", "31536000", "31536001", "0.001", "1e-310", "5e-324", "86400.5"]

    /// A number for the JSON text as it is written: `spec()` puts it in place of this marker string.
    static func rawNumber(_ text: String) -> String {
        "=num=" + text + "="
    }
    static let hostileTypeNames = [
        "Result", "Error", "Sendable", "Codable", "RequestType", "NetworkManager", "RequestMethod", "RequestParameters",
        "PathComponent", "MockMethod", "UploadForm", "CodingKeys", "Foundation", "Swift", "RepogenRuntime", "Optional",
        "Never", "Encoder", "Decoder", "상품", "Ünïcode", "Type", "Self", "Any", "String", "Data", "T", "Array",
        "Equatable", "Hashable", "Task", "HTTPHeaderType", "EmptyResponse", "NetworkError", "G0Api", "G1Repository",
        "MockG2Repository", "G3RepositoryImpl", "Protocol", "Void", "Int", "RequestHandle", "Identifiable", "Hasher",
        // What the styles' libraries and the runtime declare (the tca style's swift-dependencies, clean's Combine).
        "Value", "MockStorage", "LockIsolated", "DependencyValues", "DependencyKey", "CacheKey", "CodingKey", "Future",
        "Deferred", "ID", "AnyPublisher", "ResponseCache", "APIResponse", "UploadFile", "JSONValue",
    ]
    static let builtinTypes = [
        "String", "Int", "Bool", "Double", "Date", "URL", "UUID", "Int8", "UInt64", "Decimal", "Data", "Character",
        "Float", "Int32", "UInt",
    ]

    /// A model while the spec is being made: its qualified name, whether it is a struct, its fields' types.
    struct ModelInfo {
        var name: String
        var isStruct: Bool
        var isGeneric: Bool
        var fields: [(name: String, type: String)]
        var rawValues: [String]
        /// The JSON keys of fields that give one (`json`), by field name.
        var wireNames: [String: String] = [:]
        /// An enum with an `unknown` case (values it does not list decode).
        var isOpen = false
        /// An Int enum: `rawValues` are its integers, written into the JSON as numbers.
        var isInteger = false
    }

    var models: [ModelInfo] = []
    var usedNames: Set<String> = []

    init(seed: UInt64, domain: String) {
        random = SeededRandom(seed: seed)
        self.domain = domain
    }

    mutating func identifier() -> String {
        if random.chance(0.008) {
            // Type names where a value name goes: this domain's generated types, its models, the runtime's.
            return random.pick([domain + "Api", "Mock" + domain + "Repository", "Result", "String", "NetworkManager", "Error"]
                + models.map(\.name).filter { !$0.contains(".") })
        }
        if random.chance(0.2) { return random.pick(Self.hostileNames) }
        return random.pick(Self.plainNames) + (random.chance(0.5) ? "" : String(random.int(1...9)))
    }

    /// Names unique in a list, unless the dice say to repeat one (which must then be an error).
    mutating func identifiers(_ count: Int) -> [String] {
        var names: [String] = []
        for _ in 0..<count {
            var name = identifier()
            var tries = 0
            while names.contains(name), tries < 5, !random.chance(0.05) {
                name = identifier()
                tries += 1
            }
            names.append(name)
        }
        return names
    }

    mutating func typeName() -> String {
        if random.chance(0.06) { return random.pick(Self.hostileTypeNames) }
        var name = domain + random.pick(["Item", "Page", "Node", "Kind", "Info", "Detail", "Input", "Response"])
        while usedNames.contains(name) { name += String(random.int(0...9)) }
        usedNames.insert(name)
        return name
    }

    /// A type for a field or an input: built in, a model of the spec, and wrappers around them.
    mutating func type(depth: Int = 0, allowGeneric: Bool = true, typeParameter: String? = nil) -> String {
        var base: String
        let roll = random.int(0...9)
        if let typeParameter, random.chance(0.3) {
            base = typeParameter
        } else if roll < 5 || models.isEmpty {
            base = random.pick(Self.builtinTypes)
            if base == "Character", random.chance(0.9) { base = "String" }
        } else {
            let model = random.pick(models)
            base = model.name
            // Now and then a generic model without its type argument (an error: it would not build).
            if model.isGeneric, random.chance(0.97) {
                base += "<" + (allowGeneric && depth < 2 ? type(depth: depth + 1, allowGeneric: false) : "String") + ">"
            }
        }
        if random.chance(0.01) { base = random.chance(0.5) ? "Void" : base + ".Nope" }
        switch random.int(0...9) {
        case 0...5: return base
        case 6: return base + "?"
        case 7: return "[" + base + "]"
        case 8: return "[String: " + base + "]"
        default: return depth < 2 ? "[" + type(depth: depth + 1, typeParameter: typeParameter) + "]?" : base
        }
    }

    /// A JSON value for a field's default: usually one of its type, sometimes not.
    mutating func defaultValue(for type: String) -> Any {
        if random.chance(0.1) { return random.pick([Any]([1, "x", true, [Any](), [String: Any](), NSNull()])) }
        if type.hasSuffix("?") { return random.chance(0.4) ? NSNull() : defaultValue(for: String(type.dropLast())) }
        if type.hasPrefix("[String: ") { return random.chance(0.7) ? [String: Any]() : ["k": defaultValue(for: String(type.dropFirst(9).dropLast()))] }
        if type.hasPrefix("[") { return random.chance(0.5) ? [Any]() : [defaultValue(for: String(type.dropFirst().dropLast()))] }
        switch type {
        case "String": return random.pick(["", "a \"b\" \\ c", "\\(x)", "#\"", "한글", "line\nbreak"])
        case "Character": return random.pick(["a", "é", "ab"])
        case "Int", "Int32", "Int8", "UInt", "UInt64":
            if random.chance(0.4) { return Self.rawNumber(random.pick(Self.integerTexts)) }
            return random.pick([0, 20, -1, 127, 300])
        case "Double", "Float", "Decimal":
            if random.chance(0.4) { return Self.rawNumber(random.pick(Self.floatingTexts)) }
            return random.pick([0, 1.5, -2.25, 1e3] as [Any])
        case "Bool": return random.chance(0.5)
        default:
            if let model = models.first(where: { $0.name == type }), !model.isStruct, !model.rawValues.isEmpty {
                if model.isInteger {
                    // A number it lists; now and then one it does not, its value as a string, or a fraction.
                    return random.chance(0.9)
                        ? Self.rawNumber(random.pick(model.rawValues)) : random.pick([Self.rawNumber("12345"), model.rawValues[0], Self.rawNumber("0.5")])
                }
                return random.chance(0.9) ? random.pick(model.rawValues) : "NOT_A_VALUE"
            }
            return "2024-01-01"
        }
    }

    /// A JSON value that decodes as `type` (with the models' wire keys), or nil for a type it does not know how to
    /// fill (type parameters, `Void`, hostile names).
    mutating func exampleValue(for type: String, depth: Int = 0) -> Any? {
        guard depth < 4 else { return nil }
        if type.hasSuffix("?") {
            return random.chance(0.3) ? NSNull() : exampleValue(for: String(type.dropLast()), depth: depth + 1)
        }
        if type.hasPrefix("[String: "), type.hasSuffix("]") {
            return exampleValue(for: String(type.dropFirst(9).dropLast()), depth: depth + 1).map { ["k": $0] }
        }
        if type.hasPrefix("["), type.hasSuffix("]") {
            guard random.chance(0.7) else { return [Any]() }
            return exampleValue(for: String(type.dropFirst().dropLast()), depth: depth + 1).map { [$0] }
        }
        switch type {
        case "String": return random.pick(["text", "a \"b\" \\ c", "한글"])
        case "Character": return "a"
        case "Int", "Int32", "Int8", "Int64", "UInt", "UInt64": return random.pick([0, 7, 127])
        case "Double", "Float", "Decimal": return random.pick([0, 1.5, -2.25] as [Any])
        case "Bool": return random.chance(0.5)
        case "Date": return "2024-01-01T00:00:00Z"
        case "URL": return "https://example.com/a"
        case "UUID": return "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        case "Data": return "AAEC"
        default:
            guard let model = models.first(where: { $0.name == type }), !model.isGeneric else { return nil }
            if !model.isStruct {
                guard !model.rawValues.isEmpty else { return nil }
                return model.isInteger ? Self.rawNumber(random.pick(model.rawValues)) : random.pick(model.rawValues)
            }
            var object: [String: Any] = [:]
            for field in model.fields {
                guard let value = exampleValue(for: field.type, depth: depth + 1) else { return nil }
                object[model.wireNames[field.name] ?? field.name] = value
            }
            return object
        }
    }

    mutating func model(name: String, nestedLevel: Int) -> [String: Any] {
        if random.chance(0.1) { return integerEnum(name: name) }
        if random.chance(0.3) {
            let count = random.int(1...4)
            var values: [Any] = []
            var raws: [String] = []
            for _ in 0..<count {
                var raw = random.pick(["OPEN", "CLOSED", "open-status", "A_B", "1st", "é", "default", "self", "CamelCase", "x y", "OPEN"])
                if raws.contains(raw), random.chance(0.95) { raw += String(raws.count) }
                raws.append(raw)
                values.append(random.chance(0.2) ? ["name": identifier(), "value": raw] as [String: Any] : raw)
            }
            models.append(ModelInfo(name: name, isStruct: false, isGeneric: false, fields: [], rawValues: raws))
            var result: [String: Any] = ["enum": values]
            // A case for raw values the spec does not list: usually a fresh name, sometimes one of the cases'.
            if random.chance(0.3) { result["unknown"] = random.chance(0.7) ? random.pick(["unknown", "other"]) : identifier() }
            models[models.count - 1].isOpen = result["unknown"] != nil
            return result
        }
        let generic = nestedLevel == 0 && random.chance(0.15)
        var result: [String: Any] = [:]
        if generic { result["typeParameters"] = [random.chance(0.9) ? "T" : random.pick(Self.hostileTypeNames)] }
        var nested: [String: Any] = [:]
        if nestedLevel < 2 && random.chance(0.25) {
            let nestedName = random.chance(0.8) ? random.pick(["Image", "Option", "Location", "Entry", "ID"]) : typeName()
            let saved = models
            nested[nestedName] = model(name: name + "." + nestedName, nestedLevel: nestedLevel + 1)
            // Inside the parent, the nested model is known by its short name too.
            if let added = models.last, added.name == name + "." + nestedName {
                models = saved + [added, ModelInfo(name: nestedName, isStruct: added.isStruct, isGeneric: false, fields: added.fields, rawValues: added.rawValues, wireNames: added.wireNames, isInteger: added.isInteger)]
            }
        }
        var fields: [String: Any] = [:]
        var fieldTypes: [(String, String)] = []
        var wireNames: [String: String] = [:]
        for fieldName in identifiers(random.int(1...5)) {
            let fieldType = type(typeParameter: generic ? "T" : nil)
            fieldTypes.append((fieldName, fieldType))
            var field: [String: Any] = ["type": fieldType]
            if random.chance(0.15) {
                let key = random.pick(["snake_key", "with space", "q\"uote", "é", "a-b", fieldName])
                field["json"] = key
                wireNames[fieldName] = key
            }
            let plainType = fieldType.replacingOccurrences(of: "?", with: "")
            let supported = !["Date", "URL", "UUID", "Data", "T"].contains(where: plainType.contains)
                && !models.contains { $0.isStruct && plainType.contains($0.name) }
            if random.chance(supported ? 0.3 : 0.03) { field["default"] = defaultValue(for: fieldType) }
            if random.chance(0.15) { field["encode"] = false }
            if random.chance(0.1) { field["description"] = random.pick(["doc */ comment", "line\nbreak", "/// x", "\u{2028}sep"]) }
            fields[fieldName] = field.count == 1 && random.chance(0.5) ? fieldType : field
        }
        // The short nested name only means the nested model inside this one.
        models.removeAll { info in nested.keys.contains(info.name) }
        models.append(ModelInfo(name: name, isStruct: true, isGeneric: generic, fields: fieldTypes, rawValues: [], wireNames: wireNames))
        result["fields"] = fields
        if !nested.isEmpty { result["models"] = nested }
        // Conformances the fields may not allow: hashable (every field's type Hashable), identifiable (by `id`,
        // another field, or one it does not have).
        // Mostly where they hold, so that most such specs are accepted and compiled.
        let holdsStructs = fieldTypes.contains { field in models.contains { $0.isStruct && field.1.contains($0.name) } }
        if random.chance(holdsStructs || generic ? 0.03 : 0.2) { result["hashable"] = random.chance(0.95) }
        if random.chance(0.2) {
            // An id of a type that is Hashable: no struct model, no type parameter.
            let names = fieldTypes.filter { field in
                !field.1.contains("T") && !models.contains { $0.isStruct && field.1.contains($0.name) }
            }.map(\.0)
            if names.contains("id"), random.chance(0.8) {
                result["identifiable"] = true
            } else if !names.isEmpty, random.chance(0.95) {
                result["identifiable"] = random.pick(names)
            } else {
                result["identifiable"] = random.pick(fieldTypes.map(\.0) + ["nope", "id"])
            }
        }
        if random.chance(0.03) { result["unknown"] = "other" }
        return result
    }

    /// An Int enum (`{ name, value: 3 }` cases): mostly small distinct values with names, keyword names among them;
    /// now and then what must be an error: a duplicate (`-0` is `0`), a value beyond `Int`, a fraction,
    /// a bare number (no name), a string among the integers.
    mutating func integerEnum(name: String) -> [String: Any] {
        var values: [Any] = []
        var raws: [String] = []
        for caseName in identifiers(random.int(1...4)) {
            var text: String
            if random.chance(0.95) {
                var value = random.int(-2...9)
                while raws.contains(String(value)), random.chance(0.97) { value += 10 }
                text = String(value)
            } else {
                // Int's edges and -0 (which is 0) are fine; one past the edge, a fraction and an exponent are not.
                text = random.pick(["9223372036854775807", "-9223372036854775808", "-0", "9223372036854775808", "1.5", "1e2"])
            }
            if let value = Int(text) { raws.append(String(value)) }
            let roll = random.int(0...199)
            if roll < 2 {
                values.append(Self.rawNumber(text))
            } else if roll < 4 {
                values.append(["name": caseName, "value": text])
            } else {
                values.append(["name": caseName, "value": Self.rawNumber(text)] as [String: Any])
            }
        }
        models.append(ModelInfo(name: name, isStruct: false, isGeneric: false, fields: [], rawValues: raws, isInteger: true))
        var result: [String: Any] = ["enum": values]
        if random.chance(0.3) { result["unknown"] = random.chance(0.8) ? random.pick(["unknown", "other"]) : identifier() }
        models[models.count - 1].isOpen = result["unknown"] != nil
        return result
    }

    static let scalarTypes: Set<String> = ["String", "Int", "Bool", "Double", "UUID", "Int8", "UInt64", "Decimal", "Character", "Float", "Int32", "UInt"]

    func isScalar(_ type: String) -> Bool {
        Self.scalarTypes.contains(type) || models.contains { $0.name == type && !$0.isStruct }
    }

    /// References that are one non-optional scalar: they fit a path, a header or a query item.
    func scalarReferences(_ inputs: [(name: String, type: String)]) -> [String] {
        var result: [String] = []
        for input in inputs {
            if Self.scalarTypes.contains(input.type) { result.append("{\(input.name)}") }
            if let model = models.first(where: { $0.name == input.type }) {
                if model.isStruct {
                    for field in model.fields where isScalar(field.type) { result.append("{\(input.name).\(field.name)}") }
                } else {
                    result.append("{\(input.name).rawValue}")
                }
            }
        }
        return result
    }

    /// A reference for a path or header: usually a scalar one, sometimes anything (which must then be an error).
    mutating func reference(to inputs: [(name: String, type: String)]) -> String {
        let scalars = scalarReferences(inputs)
        if !scalars.isEmpty, random.chance(0.93) { return random.pick(scalars) }
        guard !inputs.isEmpty, random.chance(0.9) else { return "{nope}" }
        return "{\(random.pick(inputs).name)}"
    }

    /// 0..<100 from a text's bytes (FNV-1a), the same in every run.
    static func stableRoll(_ text: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int(hash % 100)
    }

    mutating func endpoint() -> [String: Any] {
        var endpoint: [String: Any] = ["name": identifier()]
        if random.chance(0.2) { endpoint["repositoryMethod"] = identifier() }
        if random.chance(0.1) { endpoint["description"] = random.pick(["Fetches */ things", "a\nb", "`code`"]) }
        var inputs: [(name: String, type: String)] = []
        var inputSpecs: [[String: Any]] = []
        for name in identifiers(random.int(0...4)) {
            // Mostly scalars and models, as real endpoints have.
            var type: String
            if random.chance(0.5) {
                type = random.pick(["String", "Int", "Bool", "Double", "Int64"])
            } else if let model = models.filter({ !$0.name.contains(".") || random.chance(0.5) }).randomElement(using: &random) {
                type = model.name + (model.isGeneric ? "<String>" : "")
            } else {
                type = self.type()
            }
            if random.chance(0.15) { type += "?" }
            if random.chance(0.05) { type = self.type() }
            inputs.append((name, type))
            var input: [String: Any] = ["name": name, "type": type]
            if random.chance(0.15) { input["argument"] = identifier() }
            if random.chance(0.1) { input["unlabeled"] = true }
            inputSpecs.append(input)
        }
        if random.chance(0.08) {
            inputs.append(("images", "[UploadFile]"))
            inputSpecs.append(["name": "images", "type": "[UploadFile]"])
            var fields: [String: Any] = ["n": "1"]
            // A field that reads an optional input: left out of the form when nil.
            if random.chance(0.6) {
                let type = random.pick(["String?", "Int?", "Bool?", "Double??"])
                inputs.append(("caption", type))
                inputSpecs.append(["name": "caption", "type": type])
                fields["caption"] = random.chance(0.95) ? "{caption}" : "x-{caption}"
            }
            endpoint["upload"] = ["files": ["images": "{images}"], "fields": fields]
        }
        if !inputSpecs.isEmpty { endpoint["inputs"] = inputSpecs }
        let methods = ["GET", "POST", "PUT", "PATCH", "DELETE"]
        var method = endpoint["upload"] != nil ? "POST" : random.pick(methods)
        if let flag = inputs.first(where: { $0.type == "Bool" }), endpoint["upload"] == nil, random.chance(0.4) {
            let other = random.pick(methods)
            endpoint["method"] = ["if": flag.name, "then": method, "else": other]
            if other == "GET" || other == "DELETE" { method = other }
        } else {
            endpoint["method"] = method
        }
        var path = "/api/" + (random.chance(0.97) ? random.pick(["a", "b-c", "d_e", "~f", "x/y", "%C3%A9", "a:b@c"]) : "é")
        if !scalarReferences(inputs).isEmpty || random.chance(0.1) {
            for _ in 0..<random.int(0...2) { path += "/" + reference(to: inputs) }
        }
        endpoint["path"] = path
        let toQuery = method == "GET" || method == "DELETE" || endpoint["upload"] != nil
        let structs = inputs.filter { input in models.contains { $0.isStruct && input.type.hasPrefix($0.name) } }
        let dictionaries = inputs.filter { $0.type.hasPrefix("[String: ") }
        let scalars = scalarReferences(inputs) + inputs.filter { $0.type.hasSuffix("?") && Self.scalarTypes.contains(String($0.type.dropLast())) }.map { "{\($0.name)}" }
        switch random.int(0...4) {
        case 1 where !toQuery || !structs.isEmpty || random.chance(0.1):
            if let input = (structs.isEmpty || (!toQuery && random.chance(0.3)) ? inputs : structs).randomElement(using: &random) {
                endpoint["param"] = "{\(input.name)}"
            }
        case 2 where !scalars.isEmpty:
            var param: [String: Any] = [:]
            for key in identifiers(random.int(1...3)) {
                param[key] = random.chance(0.7) ? random.pick(scalars) : random.pick([Any]([true, 20, "LATEST", "x-\(random.pick(scalars))"]))
            }
            endpoint["param"] = param
        case 3 where !(structs + dictionaries).isEmpty:
            var parts: [Any] = []
            for _ in 0..<random.int(1...3) {
                if random.chance(0.6) {
                    parts.append("{\(random.pick(structs + dictionaries).name)}")
                } else if !scalars.isEmpty {
                    parts.append(["k\(random.int(0...9))": random.pick(scalars)])
                }
            }
            endpoint["param"] = parts
        default: break
        }
        if random.chance(0.2) { endpoint["usingQuery"] = random.chance(0.5) }
        // A urlencoded form for most params of keys that are the body. Chosen by the endpoint's name, not by a draw, so
        // the rest of the run is what it was for a seed (its misuses are BadSpecs' and its shapes FormBodyCompileTests').
        if !toQuery, endpoint["param"] is [String: Any], endpoint["usingQuery"] as? Bool != true,
            Self.stableRoll(endpoint["name"] as? String ?? "") < 70
        {
            endpoint["body"] = "form"
        }
        let hasText = !scalarReferences(inputs).isEmpty || random.chance(0.1)
        switch random.int(0...5) {
        case 0: endpoint["header"] = random.pick(["json", "default", "location"])
        case 1 where hasText: endpoint["header"] = ["custom": ["X-A": reference(to: inputs), "X-B": "const " + reference(to: inputs)]]
        case 2: endpoint["header"] = ["multipart": random.chance(0.5) && hasText ? reference(to: inputs) : "boundary"]
        default: break
        }
        addMemberPlaceholders(&endpoint, toQuery: toQuery)
        if random.chance(0.7) {
            endpoint["response"] = random.chance(0.03) ? "Void" : type()
            if random.chance(0.2) {
                // Mostly an example of the response's type, with the wire keys (checked against the type when
                // generating, as the mock decodes it); now and then one that does not fit.
                let response = endpoint["response"] as? String ?? "Void"
                if random.chance(0.8), let example = exampleValue(for: response) {
                    endpoint["example"] = example
                } else {
                    endpoint["example"] = random.pick([Any]([
                        ["a": "\"#", "b": "\\#\"##", "c": "line\nbreak\u{2028}", "d": [1, 2.5, true, NSNull()]] as [String: Any],
                        "#\"", [String: Any](), [Any](), 42, "\u{0}\u{7F}",
                    ]))
                }
            }
        }
        addDefaultsAndConstantLists(&endpoint)
        return endpoint
    }

    /// A value of `type` a default takes without fail: `nil`, the first raw value of an enum, `[]`, `[:]`, a small
    /// number, a string with characters Swift escapes.
    func plainDefault(for type: String) -> Any {
        if type.hasSuffix("?") { return NSNull() }
        if type.hasPrefix("[String: ") { return [String: Any]() }
        if type.hasPrefix("[") { return [Any]() }
        switch type {
        case "String": return "a \"b\" \\(c)"
        case "Bool": return true
        case "Double", "Float": return 1.5
        default:
            if let model = models.first(where: { $0.name == type }), let raw = model.rawValues.first { return raw }
            return 7
        }
    }

    /// Inputs with a `default` (mostly of their type; now and then one that is not, on a path input, on an unlabeled
    /// input before another) and constant lists in a param of keys (strings with placeholders, numbers, booleans; now
    /// and then a mixed or nested one). Drawn from a generator of their own, seeded by the endpoint's name, so that
    /// the rest of the run is what it was for a seed.
    mutating func addDefaultsAndConstantLists(_ endpoint: inout [String: Any]) {
        let saved = random
        defer { random = saved }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "defaults:\(endpoint["name"] ?? "")".utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        random = SeededRandom(seed: hash)
        if var inputs = endpoint["inputs"] as? [[String: Any]] {
            let path = endpoint["path"] as? String ?? ""
            for index in inputs.indices where random.chance(0.3) {
                let name = inputs[index]["name"] as? String ?? ""
                let type = inputs[index]["type"] as? String ?? ""
                // A path input with a default is an error, and so is a default of a model, a Date or a value of
                // another type: now and then.
                if path.contains("{\(name)") && random.chance(0.9) { continue }
                if type == "[UploadFile]" { continue }
                let base = type.hasSuffix("?") ? String(type.dropLast()) : type
                let takesDefault = ["String", "Int", "Bool", "Double", "Int8", "UInt64", "Float", "Int32", "UInt"].contains(base)
                    || models.contains { $0.name == base && !$0.isStruct && !$0.rawValues.isEmpty }
                if !takesDefault && random.chance(0.9) { continue }
                inputs[index]["default"] = random.chance(0.75) ? plainDefault(for: type) : defaultValue(for: type)
            }
            endpoint["inputs"] = inputs
        }
        guard var param = endpoint["param"] as? [String: Any], random.chance(0.4) else { return }
        let inputNames = (endpoint["inputs"] as? [[String: Any]] ?? []).compactMap { input -> String? in
            guard let name = input["name"] as? String, let type = input["type"] as? String,
                Self.scalarTypes.contains(type) || random.chance(0.1)
            else { return nil }
            return name
        }
        for key in identifiers(random.int(1...2)) where param[key] == nil {
            let list: [Any]
            switch random.int(0...13) {
            case 0...6:
                list = (0..<random.int(0...3)).map { _ in
                    inputNames.isEmpty || random.chance(0.6)
                        ? random.pick(["mention", "", "a b&c=d", "#\"\\", "한글"]) as Any
                        : "x-{\(random.pick(inputNames))}" as Any
                }
            case 7...9: list = (0..<random.int(1...3)).map { _ in random.pick([1, -2, 2.5, 0, 1e3] as [Any]) }
            case 10: list = [Self.rawNumber(random.pick(Self.integerTexts)), 1]
            case 11: list = (0..<random.int(1...2)).map { _ in random.chance(0.5) as Any }
            case 12: list = ["a", 1]
            default: list = random.chance(0.5) ? [["a"]] : [["k": 1]]
            }
            param[key] = list
        }
        endpoint["param"] = param
    }

    /// Inputs of Foundation types read by member (`{ref_url.host}`, `{ref_id.uuidString}`, `{ref_since.timeIntervalSince1970}`)
    /// in the path, the param, the query and the headers, in about a third of the endpoints: mostly members that
    /// fit where they go (an optional one only in a param or a header, a header of optional parts), now and then
    /// one that does not (an optional member in the path, a member no type has, one read through an optional
    /// member, a member of a number), which must be a located error. Drawn from the endpoint's name, not from the
    /// run's generator, so that the rest of the run is what it was for a seed.
    mutating func addMemberPlaceholders(_ endpoint: inout [String: Any], toQuery: Bool) {
        let name = endpoint["name"] as? String ?? ""
        guard Self.stableRoll("members " + name) < 35 else { return }
        var draw = SeededRandom(seed: UInt64(Self.stableRoll("draw " + name)) &* 0x9E37_79B9 &+ UInt64(name.utf8.count))
        let candidates: [(name: String, type: String)] = [
            ("ref_url", "URL"), ("ref_page", "URL?"), ("ref_id", "UUID"), ("ref_since", "Date?"), ("ref_at", "Date"),
            ("ref_text", "String"), ("ref_list", "[Int]"), ("ref_data", "Data"), ("ref_n", "Int"),
        ]
        let inputs = candidates.filter { _ in draw.chance(0.6) }
        guard !inputs.isEmpty else { return }
        var specs = endpoint["inputs"] as? [[String: Any]] ?? []
        specs += inputs.map { ["name": $0.name, "type": $0.type] }
        endpoint["inputs"] = specs
        /// Members that are never nil (unless the input is), and members that may be.
        func members(of type: String) -> (plain: [String], optional: [String]) {
            switch type.hasSuffix("?") ? String(type.dropLast()) : type {
            case "URL": return (["absoluteString", "path", "lastPathComponent", "pathExtension", "path.count"], ["host", "scheme", "port", "query", "fragment", "user", "host.count", "user.isEmpty"])
            case "UUID": return (["uuidString", "uuidString.count"], [])
            case "Date": return (["timeIntervalSince1970"], [])
            case "String", "Data", "[Int]": return (["count", "isEmpty"], [])
            default: return ([], [])
            }
        }
        // At most one misuse in about one endpoint in ten, reading an input it has.
        let hostile = ["{ref_url.hots}", "{ref_url.host.count}", "{ref_n.value}", "{ref_id.uuid}", "{ref_at.description}", "{ref_list.first}"]
            .filter { text in inputs.contains { text.hasPrefix("{" + $0.name + ".") } }
        var misuses = hostile.isEmpty || !draw.chance(0.1) ? 0 : 1
        func placeholder(optionalAllowed: Bool) -> String {
            if misuses > 0, draw.chance(0.3) {
                misuses -= 1
                return draw.pick(hostile)
            }
            let input = draw.pick(inputs)
            let (plain, optional) = members(of: input.type)
            let canBeNil = input.type.hasSuffix("?")
            if optionalAllowed, !optional.isEmpty, draw.chance(0.6) { return "{\(input.name).\(draw.pick(optional))}" }
            if !plain.isEmpty, !canBeNil || optionalAllowed || draw.chance(0.01) {
                return "{\(input.name).\(draw.pick(plain))}"
            }
            // The text of a UUID, a URL: a plain placeholder where an optional can go.
            return canBeNil && !optionalAllowed ? "{ref_url.lastPathComponent}" : "{\(input.name)}"
        }
        let hasURL = inputs.contains { $0.name == "ref_url" }
        func fits(_ text: String) -> Bool {
            // Only the inputs drawn (and `ref_url` for the fallback) exist; a hostile one names its own.
            text.contains("ref_url") ? hasURL : true
        }
        if draw.chance(0.5), let path = endpoint["path"] as? String {
            let segment = placeholder(optionalAllowed: draw.chance(0.02))
            if fits(segment) { endpoint["path"] = path + "/" + segment }
        }
        if draw.chance(0.6) {
            var param = endpoint["param"] as? [String: Any] ?? (endpoint["param"] == nil ? [:] : nil)
            if param != nil {
                for index in 0..<draw.int(1...3) {
                    let value = draw.chance(0.8) ? placeholder(optionalAllowed: true) : "at " + placeholder(optionalAllowed: false)
                    if fits(value) { param?["m\(index)"] = value }
                }
                if let param, !param.isEmpty { endpoint["param"] = param }
            }
        }
        if !toQuery, endpoint["param"] != nil, endpoint["usingQuery"] as? Bool != true, draw.chance(0.3) {
            let value = placeholder(optionalAllowed: true)
            if fits(value) { endpoint["query"] = ["q": value] }
        }
        if draw.chance(0.6) {
            var custom: [String: Any]
            if let header = endpoint["header"] as? [String: Any] {
                guard let existing = header["custom"] as? [String: Any] else { return }
                custom = existing
            } else {
                custom = [:]
            }
            // One value (left out when nil), and text of parts (left out when any is nil).
            let one = placeholder(optionalAllowed: true)
            if fits(one) { custom["X-M"] = one }
            let text = placeholder(optionalAllowed: true) + "://" + placeholder(optionalAllowed: true) + ":" + placeholder(optionalAllowed: draw.chance(0.5))
            if fits(text) { custom["X-Origin"] = text }
            if !custom.isEmpty { endpoint["header"] = ["custom": custom] }
        }
    }

    /// Caches some reads (`cache`, with or without a time to live, now and then a bad one) and makes other endpoints
    /// write to them (`invalidates` every key or one, `updates` with the response or an input): keys built from the
    /// write's inputs of the read's input types where there are such, so that some are accepted and type-checked.
    mutating func addCaching(_ endpoints: inout [[String: Any]]) {
        var cached: [Int] = []
        for index in endpoints.indices where endpoints[index]["response"] != nil && random.chance(0.5) {
            endpoints[index]["cache"] = random.pick([Any]([
                true, ["ttl": 300], ["ttl": 0.5], ["ttl": 1e3], ["ttl": Self.rawNumber(random.pick(Self.ttlTexts))],
            ]))
            cached.append(index)
        }
        if random.chance(0.05), let index = endpoints.indices.randomElement(using: &random) {
            endpoints[index]["cache"] = random.pick([Any]([["ttl": -1], ["ttl": "soon"], "yes"]))
        }
        guard !cached.isEmpty else { return }
        for index in endpoints.indices where endpoints[index]["cache"] == nil && random.chance(0.6) {
            let read = endpoints[random.pick(cached)]
            let readName = read["name"] as? String ?? ""
            let readInputs = read["inputs"] as? [[String: Any]] ?? []
            let writeInputs = endpoints[index]["inputs"] as? [[String: Any]] ?? []
            var key: [String: String] = [:]
            for input in readInputs {
                let type = input["type"] as? String
                if let match = writeInputs.first(where: { $0["type"] as? String == type }), let name = match["name"] as? String {
                    key[input["name"] as? String ?? ""] = "{\(name)}"
                }
            }
            if random.chance(0.5) {
                let oneKey = key.count == readInputs.count && random.chance(0.5)
                endpoints[index]["invalidates"] = [oneKey ? ["endpoint": readName, "inputs": key] as Any : readName as Any]
            } else {
                var entry: [String: Any] = ["endpoint": readName, "inputs": key]
                let readResponse = read["response"] as? String
                if random.chance(0.3), let input = writeInputs.first(where: { $0["type"] as? String == readResponse }),
                    let name = input["name"] as? String
                {
                    entry["with"] = "{\(name)}"
                } else if random.chance(0.8) {
                    endpoints[index]["response"] = readResponse
                }
                endpoints[index]["updates"] = [entry]
            }
        }
    }

    /// A path chosen by a Bool (`if`) or an enum (`switch`, exhaustive, with `default`, or not), `firstOf` over
    /// optional inputs and `omitWhen` on a Bool or enum key: mostly what validation accepts, now and then a misuse
    /// (an optional or non-Bool `if`, an unknown case, missing cases, a never-nil alternative first, a value that is
    /// not the input's).
    mutating func addRequestShapes(_ endpoint: inout [String: Any]) {
        let inputs = (endpoint["inputs"] as? [[String: Any]] ?? []).compactMap { input -> (name: String, type: String)? in
            guard let name = input["name"] as? String, let type = input["type"] as? String else { return nil }
            return (name, type)
        }
        guard let path = endpoint["path"] as? String else { return }
        func enumModel(_ type: String) -> ModelInfo? {
            models.first { !$0.isStruct && $0.name == type && !$0.rawValues.isEmpty }
        }
        let bools = inputs.filter { $0.type == "Bool" || ($0.type == "Bool?" && random.chance(0.1)) }
        let enums = inputs.filter { enumModel($0.type.hasSuffix("?") && random.chance(0.1) ? String($0.type.dropLast()) : $0.type) != nil }
        if let flag = bools.first, random.chance(0.5) {
            let other = random.chance(0.9) ? "/other" + path : "other"
            endpoint["path"] = ["if": random.chance(0.97) ? flag.name : "nope", "then": path, "else": other]
        } else if let choice = enums.first, let model = enumModel(choice.type) {
            var cases: [String: Any] = [:]
            for (position, raw) in model.rawValues.enumerated() where position == 0 || random.chance(0.8) {
                cases[raw] = position == 0 ? path : "/\(position)" + path
            }
            if random.chance(0.05) { cases["nope"] = "/nope" }
            var spec: [String: Any] = ["switch": choice.name, "cases": cases]
            if cases.count < model.rawValues.count || model.isOpen || random.chance(0.05) { spec["default"] = "/default" + path }
            if random.chance(0.05) { spec["default"] = nil }
            endpoint["path"] = spec
        } else if random.chance(0.02), let input = inputs.first {
            endpoint["path"] = ["switch": input.name, "cases": ["a": path]]
        }
        // firstOf and omitWhen go into a param of keys (or make one) where the param is not a whole value.
        guard endpoint["param"] == nil || endpoint["param"] is [String: Any] else { return }
        var param = endpoint["param"] as? [String: Any] ?? [:]
        let optionals = inputs.filter { $0.type.hasSuffix("?") && Self.scalarTypes.contains(String($0.type.dropLast())) }
        if optionals.count >= 2 || (optionals.count == 1 && random.chance(0.3)) {
            var alternatives: [Any] = optionals.enumerated().map { ["c\($0.offset)": "{\($0.element.name)}"] }
            if random.chance(0.3), let last = inputs.first(where: { Self.scalarTypes.contains($0.type) }) {
                // A fallback that is never nil: last is fine, first is an error.
                let fallback = ["fallback": "{\(last.name)}"]
                if random.chance(0.95) { alternatives.append(fallback) } else { alternatives.insert(fallback, at: 0) }
            }
            param["firstOf"] = alternatives
        }
        for input in inputs where random.chance(0.7) {
            let base = input.type.hasSuffix("?") ? String(input.type.dropLast()) : input.type
            var values: [Any] = []
            var value = "{\(input.name)}"
            if base == "Bool" {
                values = [random.chance(0.5)]
                if random.chance(0.05) { values.append(!(values[0] as? Bool ?? true)) }
            } else if let model = enumModel(base) {
                values = model.rawValues.filter { _ in random.chance(0.4) }
                if values.isEmpty { values = [model.rawValues[0]] }
                // Every value listed is an error (the key is never sent): now and then.
                if values.count == model.rawValues.count, values.count > 1, random.chance(0.9) { values.removeLast() }
                if random.chance(0.5) { value = "{\(input.name).rawValue}" }
            } else if random.chance(0.01) {
                values = ["x"]
            } else {
                continue
            }
            if random.chance(0.03) { values.append("nope") }
            param["o\(param.count)"] = ["value": value, "omitWhen": values]
        }
        if !param.isEmpty { endpoint["param"] = param }
    }

    /// One spec as JSON text.
    mutating func spec() -> String {
        var root: [String: Any] = [:]
        var modelSpecs: [String: Any] = [:]
        for _ in 0..<random.int(0...5) {
            let name = typeName()
            modelSpecs[name] = model(name: name, nestedLevel: 0)
        }
        if !modelSpecs.isEmpty { root["models"] = modelSpecs }
        if random.chance(0.2) {
            root["defaults"] = random.chance(0.5) ? ["usingQuery": random.chance(0.5)] : ["header": "location"]
        }
        var endpoints = (0..<random.int(1...6)).map { _ in endpoint() }
        if random.chance(0.35) { addCaching(&endpoints) }
        // Some endpoints return their response's status and headers too (`APIResponse<…>`), but no cached read
        // (refused, as BadSpecs/response-metadata.yaml shows). Drawn last, so that what is drawn before stays as it
        // was for a seed.
        for index in endpoints.indices where random.chance(0.15) && endpoints[index]["cache"] == nil {
            endpoints[index]["responseMetadata"] = true
        }
        // Unions (`oneOf`), drawn last for the same reason: cases of built-in types and the spec's models, named or
        // not (hostile names too), and now and then a discriminator over two structs made for it (hostile tags too);
        // sometimes an endpoint answers one.
        if random.chance(0.4) {
            let name = typeName()
            var union: [String: Any] = [:]
            var cases: [Any] = []
            if random.chance(0.4) {
                let key = random.chance(0.8) ? "kind" : random.pick(["type", "@type", "a-b"])
                for suffix in ["A", "B"] {
                    let variant = name + suffix
                    let payload = identifier()
                    var fields: [String: Any] = [payload == "kind" ? "payload" : payload: type()]
                    let tagField: Any = key == "kind" ? "String" : ["type": "String", "json": key]
                    fields[key == "kind" || random.chance(0.9) ? "kind" : "other"] = tagField
                    modelSpecs[variant] = ["fields": fields]
                    var item: [String: Any] = ["type": variant]
                    if random.chance(0.7) { item["case"] = random.chance(0.7) ? identifier() : suffix.lowercased() }
                    if random.chance(0.7) { item["tag"] = random.pick(["a", "b", "x \"y\"", "\\(t)", "default", suffix]) }
                    cases.append(random.chance(0.2) && item["case"] == nil && item["tag"] == nil ? variant as Any : item)
                }
                union["discriminator"] = key
            } else {
                var written: Set<String> = []
                for _ in 0..<random.int(1...3) {
                    let structs = models.filter { !$0.isGeneric && !$0.name.contains(".") }
                    var caseType = !structs.isEmpty && random.chance(0.5) ? random.pick(structs).name : random.pick(Self.builtinTypes)
                    if caseType == "Character" { caseType = "String" }
                    if random.chance(0.1) { caseType = "[" + caseType + "]" }
                    if random.chance(0.02) { caseType += "?" }
                    if written.contains(caseType), random.chance(0.9) { continue }
                    written.insert(caseType)
                    cases.append(caseType.hasPrefix("[") || random.chance(0.3) ? ["case": identifier(), "type": caseType] : caseType)
                }
            }
            union["oneOf"] = cases
            if random.chance(0.15) { union["hashable"] = true }
            modelSpecs[name] = union
            root["models"] = modelSpecs
            for index in endpoints.indices where random.chance(0.3) && endpoints[index]["cache"] == nil
                && endpoints[index]["example"] == nil
            {
                endpoints[index]["response"] = random.chance(0.7) ? name : "[\(name)]"
            }
        }
        // Request shapes chosen by an input's value (issue 36), drawn last for the same reason.
        for index in endpoints.indices where random.chance(0.5) {
            addRequestShapes(&endpoints[index])
        }
        root["endpoints"] = endpoints
        let data = try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
        var text = String(decoding: data ?? Data(), as: UTF8.self)
        // The markers of numbers written as they are (`"=num=1e39="` → `1e39`).
        while let start = text.range(of: "\"=num="), let end = text.range(of: "=\"", range: start.upperBound..<text.endIndex) {
            text.replaceSubrange(start.lowerBound..<end.upperBound, with: text[start.upperBound..<end.lowerBound])
        }
        return text
    }
}
