import Foundation
import RepogenCore

/// Writes the Swift source of one domain's driver on one side: `ProofSource<Domain>.swift` (the API used as app code
/// uses it; the old side's is type-checked against the new code) and its share of `ProofMain.swift` (the calls, the
/// sample responses and the enum and union values the wire proof runs and records). Sample values are chosen by
/// (name, type), so that the same input or field gives the same value on both sides; a new input or field that is an
/// old one renamed (same type at the same place, same JSON key and type) takes the old one's. The new side's calls
/// "with the old values" set what the old model has as the old driver does, new optional inputs and fields to nil,
/// new required ones to a sample, and write out the old defaults the new model dropped.
struct DiffProofDriver {
    enum Side { case old, new }

    /// One domain on both sides (either nil: added or removed).
    struct Domain {
        var name: String
        var old: APIModel?
        var new: APIModel?
        /// Old case name -> new case name.
        var renames: [String: String] = [:]
    }

    let side: Side

    // MARK: Models by qualified name

    struct Lookup {
        var models: [String: Model] = [:]
        /// The domain types (`domain`), top-level, by name.
        var domainTypes: [String: DomainModel] = [:]
        init(_ api: APIModel?) {
            for domainType in api?.domainModels ?? [] { domainTypes[domainType.name] = domainType }
            func add(_ model: Model, prefix: String) {
                let name = prefix.isEmpty ? model.name : prefix + "." + model.name
                models[name] = model
                for nested in model.nested { add(nested, prefix: name) }
            }
            for model in api?.models ?? [] { add(model, prefix: "") }
        }

        /// The qualified name `name` means inside `scope` (innermost first), nil for a type the spec does not declare.
        func resolve(_ name: String, scope: [String]) -> String? {
            var scope = scope
            while true {
                let candidate = (scope + [name]).joined(separator: ".")
                if models[candidate] != nil { return candidate }
                if scope.isEmpty { return nil }
                scope.removeLast()
            }
        }

        /// Every model in a stable order, with its qualified name.
        var all: [(name: String, model: Model)] { models.keys.sorted().map { ($0, models[$0]!) } }
    }

    /// How values are chosen.
    struct Mode {
        /// Optional inputs and fields left out (nil, or the initializer's default).
        var minimal = false
        /// New side: the values of the old model (new optional ones nil, old defaults written out).
        var relative = false
        /// Response samples: every enum and union takes its `variant`-th case (by raw value or name).
        var variant: Int? = nil
        /// Response samples: every optional nil.
        var optionalsNil = false
        /// New side, relative and minimal: also nil what the old model required and the new one makes optional.
        var loosened = false

        static let all = Mode()
    }

    var mine: Lookup { side == .old ? oldLookup : newLookup }
    var other: Lookup { side == .old ? newLookup : oldLookup }
    var oldLookup: Lookup
    var newLookup: Lookup
    /// The domain on both sides.
    var current: Domain

    init(side: Side, domain: Domain) {
        self.side = side
        self.current = domain
        self.oldLookup = Lookup(domain.old)
        self.newLookup = Lookup(domain.new)
    }

    static func escaped(_ name: String) -> String { SwiftIdentifier.escaped(name) }
    static func label(_ name: String) -> String { name == "inout" ? "`inout`" : name }
    static func member(_ name: String) -> String { SwiftIdentifier.isKeyword(name) || name == "init" ? "`\(name)`" : name }

    static func hash(_ text: String) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        return value
    }

    // MARK: Types

    /// The type as written at the top level: nested models qualified, type parameters substituted.
    func render(_ type: SwiftType, scope: [String], substitutions: [String: String] = [:]) -> String {
        switch type.shape {
        case .optional(let wrapped): return render(wrapped, scope: scope, substitutions: substitutions) + "?"
        case .array(let element): return "[" + render(element, scope: scope, substitutions: substitutions) + "]"
        case .dictionary(let key, let value):
            return "[" + render(key, scope: scope, substitutions: substitutions) + ": "
                + render(value, scope: scope, substitutions: substitutions) + "]"
        case .named(let name, let arguments):
            if arguments.isEmpty, let substituted = substitutions[name] { return substituted }
            let base = mine.resolve(name, scope: scope) ?? name
            guard !arguments.isEmpty else { return base }
            return base + "<" + arguments.map { render($0, scope: scope, substitutions: substitutions) }.joined(separator: ", ") + ">"
        }
    }

    func parse(_ text: String) -> SwiftType? {
        if case .success(let type) = SwiftType.parse(text) { return type }
        return nil
    }

    // MARK: Values

    /// A Swift expression of `type` for the value named `name`, nil when the driver cannot build one.
    func value(
        _ type: SwiftType, name: String, scope: [String], substitutions: [String: String] = [:], mode: Mode,
        depth: Int = 0
    ) -> String? {
        guard depth < 8 else { return nil }
        switch type.shape {
        case .optional(let wrapped):
            if mode.optionalsNil || depth > 4 { return "nil" }
            return value(wrapped, name: name, scope: scope, substitutions: substitutions, mode: mode, depth: depth + 1)
        case .array(let element):
            if depth > 4 { return "[]" }
            // Two elements near the top (an array's query style shows only with two), one deeper.
            guard let first = value(element, name: name, scope: scope, substitutions: substitutions, mode: mode, depth: depth + 1)
            else { return nil }
            guard depth < 3, let second = value(element, name: name + "2", scope: scope, substitutions: substitutions, mode: mode, depth: depth + 1)
            else { return "[\(first)]" }
            return "[\(first), \(second)]"
        case .dictionary(let key, let element):
            if depth > 4 { return "[:]" }
            guard let k = value(key, name: name + ".key", scope: scope, substitutions: substitutions, mode: mode, depth: depth + 1),
                  let v = value(element, name: name, scope: scope, substitutions: substitutions, mode: mode, depth: depth + 1)
            else { return nil }
            return "[\(k): \(v)]"
        case .named(let base, let arguments):
            if arguments.isEmpty, let substituted = substitutions[base], let type = parse(substituted) {
                return value(type, name: name, scope: [], mode: mode, depth: depth)
            }
            if let scalar = Self.scalar(base, name: name) { return scalar }
            if mine.resolve(base, scope: scope) == nil, let domainType = mine.domainTypes[base] {
                var parts: [String] = []
                for field in domainType.fields {
                    guard let expression = value(field.type, name: field.name, scope: [], mode: mode, depth: depth + 1) else { return nil }
                    parts.append(Self.label(field.name) + ": " + expression)
                }
                return base + "(" + parts.joined(separator: ", ") + ")"
            }
            guard let qualified = mine.resolve(base, scope: scope), let model = mine.models[qualified] else { return nil }
            let rendered = render(type, scope: scope, substitutions: substitutions)
            return build(model, qualified: qualified, rendered: rendered, arguments: arguments.map {
                render($0, scope: scope, substitutions: substitutions)
            }, mode: mode, depth: depth + 1)
        }
    }

    static func scalar(_ type: String, name: String) -> String? {
        let h = hash(name + ":" + type)
        let n = Int(h % 997) + 1
        switch type {
        case "String": return "\"s-\(name)-\(n)\"".replacingOccurrences(of: "\\", with: "")
        case "Character": return "Character(\"c\")"
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64":
            return "\(type)(\(n % 100 + 1))"
        case "Double", "Float": return "\(type)(\(n).5)"
        case "Decimal": return "Decimal(\(n))"
        case "Bool": return h % 2 == 0 ? "true" : "false"
        case "Date": return "Date(timeIntervalSince1970: \(1_700_000_000 + n * 1000))"
        case "URL": return "URL(string: \"https://example.com/\(n)\")!"
        case "UUID":
            let hex = String(format: "%016llx", h)
            return "UUID(uuidString: \"\(hex.prefix(8))-\(hex.dropFirst(8).prefix(4))-4\(hex.suffix(3))-8000-00000000\(String(format: "%04x", n))\")!"
        case "Data": return "Data([\(n % 256), 1, 2])"
        case "JSONValue": return "JSONValue.string(\"j-\(n)\")"
        case "UploadFile": return "UploadFile(data: Data([\(n % 256), 7]), fileName: \"f\(n).bin\")"
        default: return nil
        }
    }

    /// A value of a model: a struct by its memberwise initializer, an enum case, a union case.
    func build(
        _ model: Model, qualified: String, rendered: String, arguments: [String], mode: Mode, depth: Int,
        discriminator: (key: String, tag: String)? = nil
    ) -> String? {
        let scope = qualified.split(separator: ".").map(String.init)
        let substitutions = Dictionary(zip(model.typeParameters, arguments), uniquingKeysWith: { a, _ in a })
        switch model.kind {
        case .enumeration(let cases):
            guard let chosen = enumCase(cases, qualified: qualified, mode: mode) else { return nil }
            return rendered + "." + Self.member(chosen.name)
        case .union(let union):
            guard let chosen = unionCase(union, qualified: qualified, mode: mode) else { return nil }
            return unionValue(chosen, union: union, scope: scope, rendered: rendered, mode: mode, depth: depth)
        case .fields(let fields):
            var parts: [String] = []
            // A field of the new side takes the sample of the old field it is (by name, else by JSON key and type).
            let oldModel = side == .new ? oldLookup.models[qualified] : nil
            let oldFields: [Field]? = { if case .fields(let f)? = oldModel?.kind { return f } else { return nil } }()
            for field in fields {
                let defaulted = field.defaultValue != nil || field.type.isOptional
                let old = oldFields?.first { $0.name == field.name }
                    ?? oldFields?.first { $0.jsonKey == field.jsonKey && $0.type.description == field.type.description }
                let sampleName = old?.name ?? field.name
                var expression: String?
                if let discriminator, field.jsonKey == discriminator.key {
                    expression = tagValue(field.type, tag: discriminator.tag, scope: scope)
                } else if mode.relative, side == .new {
                    if let old {
                        if mode.loosened, old.defaultValue == nil, !old.type.isOptional, field.type.isOptional { continue }
                        if mode.minimal, old.defaultValue != nil || old.type.isOptional {
                            if defaulted { continue }
                            if let oldDefault = old.defaultValue {
                                expression = oldDefault
                            }
                        }
                    } else if defaulted {
                        continue
                    }
                } else if mode.minimal, defaulted {
                    continue
                }
                if expression == nil {
                    expression = value(field.type, name: sampleName, scope: scope, substitutions: substitutions, mode: mode, depth: depth)
                }
                guard let expression else { return nil }
                parts.append(Self.label(field.name) + ": " + expression)
            }
            // The keys besides the fields: one, so that the samples carry what a retyped additionalProperties
            // changes; left out where the old model has none (its default, no keys, as a new defaulted field is).
            if let type = model.additionalProperties, !mode.minimal,
                !(mode.relative && side == .new && oldModel?.additionalProperties == nil)
            {
                guard let sample = value(type, name: "extra", scope: scope, substitutions: substitutions, mode: mode, depth: depth)
                else { return nil }
                parts.append("additionalProperties: [\"extra\": " + sample + "]")
            }
            return rendered + "(" + parts.joined(separator: ", ") + ")"
        }
    }

    /// The discriminator field's value for a tag: the text, or the enum case with that raw value.
    func tagValue(_ type: SwiftType, tag: String, scope: [String]) -> String? {
        let base = type.unwrapped
        if base.simpleName == "String" { return JSON.quoted(tag) }
        if case .named(let name, _) = base.shape, let qualified = mine.resolve(name, scope: scope),
           case .enumeration(let cases)? = mine.models[qualified]?.kind,
           let match = cases.first(where: { $0.rawValue == tag }) {
            return qualified + "." + Self.member(match.name)
        }
        return nil
    }

    func unionValue(_ chosen: UnionCase, union: Union, scope: [String], rendered: String, mode: Mode, depth: Int) -> String? {
        var payload: String?
        if let key = union.discriminator, case .named(let name, let arguments) = chosen.type.shape,
           let qualified = mine.resolve(name, scope: scope), let model = mine.models[qualified] {
            payload = build(
                model, qualified: qualified, rendered: render(chosen.type, scope: scope), arguments: arguments.map {
                    render($0, scope: scope)
                }, mode: mode, depth: depth + 1, discriminator: (key, chosen.tag))
        } else {
            payload = value(chosen.type, name: chosen.name, scope: scope, mode: mode, depth: depth)
        }
        return payload.map { rendered + "." + Self.member(chosen.name) + "(" + $0 + ")" }
    }

    /// The case a sample takes: the `variant`-th by raw value, else one both sides have (by raw value, else by
    /// name), else the first.
    func enumCase(_ cases: [EnumCase], qualified: String, mode: Mode) -> EnumCase? {
        if let variant = mode.variant {
            let sorted = cases.sorted { $0.rawValue < $1.rawValue }
            return sorted.isEmpty ? nil : sorted[variant % sorted.count]
        }
        guard case .enumeration(let others)? = other.models[qualified]?.kind else { return cases.first }
        let (olds, news) = side == .old ? (cases, others) : (others, cases)
        if let shared = olds.first(where: { old in news.contains { $0.rawValue == old.rawValue } }) {
            return cases.first { $0.rawValue == shared.rawValue }
        }
        if let shared = olds.first(where: { old in news.contains { $0.name == old.name } }) {
            return cases.first { $0.name == shared.name }
        }
        return cases.first
    }

    func unionCase(_ union: Union, qualified: String, mode: Mode) -> UnionCase? {
        let cases = union.cases
        if let variant = mode.variant {
            let sorted = cases.sorted { $0.name < $1.name }
            return sorted.isEmpty ? nil : sorted[variant % sorted.count]
        }
        guard case .union(let others)? = other.models[qualified]?.kind else { return cases.first }
        let (olds, news) = side == .old ? (cases, others.cases) : (others.cases, cases)
        if let shared = olds.first(where: { old in news.contains { $0.name == old.name } }) {
            return cases.first { $0.name == shared.name }
        }
        if let shared = olds.first(where: { old in news.contains { $0.type.description == old.type.description } }) {
            return cases.first { $0.type.description == shared.type.description }
        }
        return cases.first
    }

    // MARK: Endpoints

    var model: APIModel? { side == .old ? current.old : current.new }
    var domainName: String { current.name }
    var isCached: Bool { model?.endpoints.contains { $0.cache != nil } ?? false }

    /// The type the repository method returns inside its `Result`.
    func resultType(_ endpoint: Endpoint) -> String {
        var success = endpoint.domainResponse?.type ?? endpoint.response ?? "Void"
        if let type = parse(success) { success = render(type, scope: []) }
        return endpoint.responseMetadata ? "APIResponse<\(success)>" : success
    }

    /// The arguments of a call: nil when a value cannot be built. `only` limits to some inputs (the overload).
    /// - Parameter flip: the (old) name of a Bool input to send negated (the one that chooses the HTTP method).
    func arguments(_ endpoint: Endpoint, mode: Mode, old: Endpoint?, omitOptional: Bool = false, flip: String? = nil) -> String? {
        var parts: [String] = []
        for (index, input) in endpoint.inputs.enumerated() {
            if omitOptional, input.type.isOptional { continue }
            // An input of the new side takes the sample of the old input it is (by name, else one of the same type at
            // its place whose name is gone).
            let match = side == .old ? nil : old?.inputs.first { $0.name == input.name }
                ?? old.flatMap { old in
                    index < old.inputs.count && !endpoint.inputs.contains { $0.name == old.inputs[index].name }
                        && old.inputs[index].type.description == input.type.description ? old.inputs[index] : nil
                }
            let sampleName = match?.name ?? input.name
            var expression: String?
            // A minimal call leaves out the inputs with a `default` (the overload passes it); the new side's leaves
            // out those the old call left out while they still have one, and writes the old default where they no
            // longer have one (so an unchanged request stays the same on the wire).
            if mode.minimal, side == .old, input.defaultValue != nil { continue }
            if mode.minimal, side == .new, mode.relative, let old = match?.defaultValue {
                if input.defaultValue != nil { continue }
                expression = old
            }
            if expression != nil {
            } else if side == .new, mode.relative {
                if let match {
                    if mode.minimal, match.type.isOptional, input.type.isOptional { expression = "nil" }
                    if mode.loosened, !match.type.isOptional, input.type.isOptional { expression = "nil" }
                } else if input.type.isOptional {
                    expression = "nil"
                }
            } else if mode.minimal, input.type.isOptional {
                expression = "nil"
            }
            if expression == nil { expression = value(input.type, name: sampleName, scope: [], mode: mode) }
            if let flip, sampleName == flip, let sample = expression, sample == "true" || sample == "false" {
                expression = sample == "true" ? "false" : "true"
            }
            guard let expression else { return nil }
            let label = input.argumentLabel == "_" ? "" : Self.label(input.argumentLabel) + ": "
            parts.append(label + expression)
        }
        return parts.joined(separator: ", ")
    }

    var impl: String { domainName + "RepositoryImpl" }

    /// The calls an endpoint whose enum input chooses a part of the request gets: one per case (by raw value),
    /// for enums of up to this many cases (a larger one cycles through these).
    static let maximumVariants = 4

    /// The name of the Bool input that chooses the endpoint's HTTP method, if one does.
    static func methodChooser(_ endpoint: Endpoint) -> String? {
        guard case .conditional(let input, _, _) = endpoint.method, input < endpoint.inputs.count else { return nil }
        return endpoint.inputs[input].name
    }

    /// The inputs whose value chooses a part of the request: the method, the path (`if`, `switch`), a key left out
    /// (`omitWhen`). A call is made with each Bool flipped and with each enum case in turn, so that a change of a
    /// branch is observed on the wire.
    static func shapeChoosers(_ endpoint: Endpoint) -> (bools: [String], enums: Bool) {
        var inputs: [Int] = []
        if case .conditional(let input, _, _) = endpoint.method { inputs.append(input) }
        if let choice = endpoint.pathChoice { inputs.append(choice.input) }
        func entries(_ param: Param) -> [ParamEntry] {
            switch param {
            case .none, .value: return []
            case .fields(let entries): return entries
            case .merged(let parts):
                return parts.flatMap { part -> [ParamEntry] in
                    if case .fields(let entries) = part { return entries }
                    return []
                }
            }
        }
        for entry in entries(endpoint.param) + entries(endpoint.query) where !entry.omitWhen.isEmpty {
            if case .reference(let reference) = entry.value { inputs.append(reference.input) }
        }
        var bools: [String] = []
        var enums = false
        for input in inputs where input < endpoint.inputs.count {
            let type = endpoint.inputs[input].type.unwrapped
            if type.simpleName == "Bool" {
                if !bools.contains(endpoint.inputs[input].name) { bools.append(endpoint.inputs[input].name) }
            } else {
                enums = true
            }
        }
        return (bools, enums)
    }

    // MARK: The source driver

    func sourceFile() -> String {
        var lines: [String] = ["import Foundation", "import RepogenRuntime", ""]

        guard let model else { return lines.joined(separator: "\n") }
        lines.append("func proofSource\(domainName)(manager: NetworkManager) async {")
        if isCached {
            lines.append("    let repository = \(impl)(remote: \(domainName)RemoteDataSource(manager: manager))")
            lines.append("    let _: (any \(domainName)LocalDataSource)? = nil")
        } else {
            lines.append("    let repository = \(impl)(manager: manager)")
            lines.append("    _ = \(impl)(manager: .shared)")
        }
        lines.append("    _ = \(impl)()")
        var calls: [String] = []
        for (index, endpoint) in model.endpoints.enumerated() {
            let result = "Result<\(resultType(endpoint)), Error>"
            let method = Self.member(endpoint.methodName)
            var body: [String] = []
            var arguments: [String] = []
            for (position, input) in endpoint.inputs.enumerated() {
                let variable = "a\(position)"
                let sample = value(input.type, name: input.name, scope: [], mode: .all) ?? "proofUnavailable()"
                body.append("let \(variable): \(render(input.type, scope: [])) = \(sample)")
                arguments.append((input.argumentLabel == "_" ? "" : Self.label(input.argumentLabel) + ": ") + variable)
            }
            body.append("let r0: \(result) = await repository.\(method)(\(arguments.joined(separator: ", ")))")
            body.append("_ = r0")
            // The overload without the optional inputs and those with a `default`.
            if endpoint.inputs.contains(where: \.isOmittable) {
                let required = zip(endpoint.inputs, arguments).filter { !$0.0.isOmittable }.map(\.1)
                body.append("let r1: \(result) = await repository.\(method)(\(required.joined(separator: ", ")))")
                body.append("_ = r1")
            }
            let function = "proofCall\(domainName)_\(index)"
            lines.append("    await \(function)(repository) // \(endpoint.caseName)")
            calls.append("func \(function)(_ repository: \(impl)) async {")
            calls += body.map { "    " + $0 }
            calls.append("}")
            calls.append("")
        }
        lines.append("}")
        lines.append("")
        lines += calls
        for (qualified, model) in mine.all {
            lines += modelUse(model, qualified: qualified)
        }
        for domainType in model.domainModels {
            lines += domainUse(domainType)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Builds, reads and switches over one model as app code does.
    func modelUse(_ model: Model, qualified: String) -> [String] {
        let scope = qualified.split(separator: ".").map(String.init)
        let function = "proofModel_" + qualified.replacingOccurrences(of: ".", with: "_")
        let arguments = model.typeParameters.map { _ in "String" }
        let substitutions = Dictionary(zip(model.typeParameters, arguments), uniquingKeysWith: { a, _ in a })
        let rendered = qualified + (arguments.isEmpty ? "" : "<" + arguments.joined(separator: ", ") + ">")
        var body: [String] = []
        switch model.kind {
        case .fields(let fields):
            let full = build(model, qualified: qualified, rendered: rendered, arguments: arguments, mode: .all, depth: 0)
            let short = build(model, qualified: qualified, rendered: rendered, arguments: arguments, mode: Mode(minimal: true), depth: 0)
            body.append("let v: \(rendered) = \(full ?? "proofUnavailable()")")
            if let short { body.append("let w: \(rendered) = \(short)") } else { body.append("let w = v") }
            body.append("_ = w")
            for field in fields {
                body.append("let _: \(render(field.type, scope: scope, substitutions: substitutions)) = v.\(Self.member(field.name))")
            }
            // The keys besides the fields, read as their type (a retyped additionalProperties breaks this line).
            if let value = model.additionalProperties {
                body.append("let _: [String: \(render(value, scope: scope, substitutions: substitutions))] = v.additionalProperties")
            }
            if model.isHashable { body.append("let _: any Hashable = v") }
            if model.identity != nil { body.append("let _: any Identifiable = v") }
        case .enumeration(let cases):
            body.append("let v: \(rendered) = \(rendered).\(cases.first.map { Self.member($0.name) } ?? "x")")
            body.append("switch v {")
            for enumCase in cases { body.append("case .\(Self.member(enumCase.name)): break") }
            if let unknown = model.unknownCase { body.append("case .\(Self.member(unknown)): break") }
            body.append("}")
            for enumCase in cases { body.append("_ = \(rendered).\(Self.member(enumCase.name))") }
            // An Int enum's unknown case holds, and its raw value is, an Int.
            let rawType = model.isIntegerEnum ? "Int" : "String"
            if let unknown = model.unknownCase {
                body.append("_ = \(rendered).\(Self.member(unknown))(\(model.isIntegerEnum ? "7_919" : "\"proof\""))")
            }
            body.append("let _: \(rawType) = v.rawValue")
            body.append("let _: [\(rendered)] = Array(\(rendered).allCases)")
            body.append("let _: any Hashable = v")
        case .union(let union):
            var built: [String] = []
            for unionCase in union.cases {
                built.append(unionValue(unionCase, union: union, scope: scope, rendered: rendered, mode: .all, depth: 0)
                    ?? "proofUnavailable()")
            }
            body.append("let v: \(rendered) = \(built.first ?? "proofUnavailable()")")
            body.append("switch v {")
            for unionCase in union.cases {
                body.append("case .\(Self.member(unionCase.name))(let p): let _: \(render(unionCase.type, scope: scope)) = p")
            }
            body.append("}")
            for expression in built { body.append("_ = \(expression) as \(rendered)") }
            if model.isHashable { body.append("let _: any Hashable = v") }
        }
        // What every model is: Codable, Sendable, Equatable.
        body.append("let _: any Codable & Sendable = v")
        body.append("_ = v == v")
        return ["func \(function)() {"] + body.map { "    " + $0 } + ["}", ""]
    }

    /// Maps a DTO to its domain type, reads every field, builds one with every field, as app code does.
    func domainUse(_ domainType: DomainModel) -> [String] {
        var body = ["let d: \(domainType.name) = dto.toDomain()"]
        for field in domainType.fields {
            body.append("let _: \(render(field.type, scope: [])) = d.\(Self.member(field.name))")
        }
        let built = value(SwiftType.named(domainType.name), name: domainType.name, scope: [], mode: .all)
        body.append("let e: \(domainType.name) = \(built ?? "proofUnavailable()")")
        body.append("_ = e")
        if domainType.isHashable { body.append("let _: any Hashable = d") }
        if domainType.identity != nil { body.append("let _: any Identifiable = d") }
        let function = "proofDomain_" + domainType.name
        return ["func \(function)(_ dto: \(domainType.dto)) {"] + body.map { "    " + $0 } + ["}", ""]
    }

    // MARK: The wire driver

    /// The endpoint of the other side an endpoint of this side is matched with.
    func counterpart(_ endpoint: Endpoint) -> Endpoint? {
        if side == .old {
            let name = current.renames[endpoint.caseName] ?? endpoint.caseName
            return current.new?.endpoints.first { $0.caseName == name }
        }
        let name = current.renames.first { $0.value == endpoint.caseName }?.key ?? endpoint.caseName
        return current.old?.endpoints.first { $0.caseName == name }
    }

    /// Statements that make the calls, encode the samples and (old side) decode the new side's samples.
    func wireStatements() -> (main: [String], functions: [String]) {
        guard let model else { return ([], []) }
        var lines: [String] = []
        var functions: [String] = []
        var sampling: [String] = []
        /// The sampling statements so far, in a function of their own (a smaller function builds faster).
        func flush() {
            guard !sampling.isEmpty else { return }
            let function = "proofSamples\(domainName)_\(functions.count)"
            lines.append("\(function)(&output, input)")
            functions.append("func \(function)(_ output: inout ProofOutput, _ input: [String: [String]]) {")
            functions += sampling.map { "    " + $0 }
            functions.append("}")
            sampling = []
        }
        let repository = isCached ? "\(domainName)RemoteDataSource(manager: manager)" : "\(impl)(manager: manager)"
        func call(_ key: String, _ endpoint: Endpoint, _ arguments: String?) {
            guard let arguments else {
                lines.append("output.skipped.append(\(JSON.quoted(key)))")
                return
            }
            let function = "proofWire\(domainName)_\(functions.count)"
            lines.append("await \(function)(server, manager, &output)")
            functions.append("func \(function)(_ server: RawServer, _ manager: NetworkManager, _ output: inout ProofOutput) async {")
            functions.append("    let before = server.requests.count")
            functions.append("    _ = await \(repository).\(Self.member(endpoint.methodName))(\(arguments))")
            functions.append("    output.requests[\(JSON.quoted(key))] = server.requests[before...].map { Data($0).base64EncodedString() }")
            functions.append("}")
        }
        for endpoint in model.endpoints {
            let match = counterpart(endpoint)
            if side == .old {
                let key = domainName + "." + endpoint.caseName
                call(key + ".all", endpoint, arguments(endpoint, mode: .all, old: nil))
                call(key + ".minimal", endpoint, arguments(endpoint, mode: Mode(minimal: true), old: nil))
                if let chooser = Self.methodChooser(endpoint) {
                    call(key + ".flipped", endpoint, arguments(endpoint, mode: .all, old: nil, flip: chooser))
                }
                let choosers = Self.shapeChoosers(endpoint)
                for chooser in choosers.bools where chooser != Self.methodChooser(endpoint) {
                    call(key + ".flipped." + chooser, endpoint, arguments(endpoint, mode: .all, old: nil, flip: chooser))
                }
                if choosers.enums {
                    for variant in 0..<Self.maximumVariants {
                        call(key + ".variant\(variant)", endpoint, arguments(endpoint, mode: Mode(variant: variant), old: nil))
                    }
                }
            } else if let match {
                let key = domainName + "." + match.caseName
                call(key + ".all", endpoint, arguments(endpoint, mode: Mode(relative: true), old: match))
                call(key + ".minimal", endpoint, arguments(endpoint, mode: Mode(minimal: true, relative: true), old: match))
                if let chooser = Self.methodChooser(match) {
                    call(key + ".flipped", endpoint, arguments(endpoint, mode: Mode(relative: true), old: match, flip: chooser))
                }
                // The old side's shape calls, keyed by the old endpoint's choosers.
                let choosers = Self.shapeChoosers(match)
                for chooser in choosers.bools where chooser != Self.methodChooser(match) {
                    call(key + ".flipped." + chooser, endpoint, arguments(endpoint, mode: Mode(relative: true), old: match, flip: chooser))
                }
                if choosers.enums {
                    for variant in 0..<Self.maximumVariants {
                        call(key + ".variant\(variant)", endpoint, arguments(endpoint, mode: Mode(relative: true, variant: variant), old: match))
                    }
                }
                call(key + ".newall", endpoint, arguments(endpoint, mode: .all, old: match))
                call(key + ".loosened", endpoint, arguments(endpoint, mode: Mode(minimal: true, relative: true, loosened: true), old: match))
            } else {
                call(domainName + "." + endpoint.caseName + ".added", endpoint, arguments(endpoint, mode: .all, old: nil))
            }
            // Response samples, keyed by the old endpoint's name.
            let responseKey = domainName + "." + (side == .old ? endpoint.caseName : match?.caseName ?? ("+" + endpoint.caseName))
            if let response = endpoint.response, response != "Data", let type = parse(response) {
                let rendered = render(type, scope: [])
                var samples: [String] = []
                for variant in 0..<variantCount {
                    if let sample = value(type, name: "response", scope: [], mode: Mode(variant: variant)), !samples.contains(sample) {
                        samples.append(sample)
                    }
                }
                if let sample = value(type, name: "response", scope: [], mode: Mode(variant: 0, optionalsNil: true)),
                   !samples.contains(sample) {
                    samples.append(sample)
                }
                sampling.append("output.responses[\(JSON.quoted(responseKey))] = [")
                sampling += samples.map { "    proofResponse(\($0) as \(rendered))," }
                sampling.append("]")
                sampling.append("output.selfDecodes[\(JSON.quoted(responseKey))] = output.responses[\(JSON.quoted(responseKey))]!.map {")
                sampling.append("    proofDecode(\(rendered).self, $0)")
                sampling.append("}")
                if side == .old {
                    sampling.append("output.decodes[\(JSON.quoted(responseKey))] = (input[\(JSON.quoted(responseKey))] ?? []).map {")
                    sampling.append("    proofDecode(\(rendered).self, $0)")
                    sampling.append("}")
                }
            } else if endpoint.response == nil {
                sampling.append("output.responses[\(JSON.quoted(responseKey))] = [\"\"]")
            }
            flush()
        }
        // Every case of every enum and union, encoded.
        for (qualified, model) in mine.all where model.typeParameters.isEmpty {
            var encodings: [String] = []
            switch model.kind {
            case .enumeration(let cases):
                encodings = cases.map { "proofEncode(\(qualified).\(Self.member($0.name)))" }
            case .union(let union):
                let scope = qualified.split(separator: ".").map(String.init)
                encodings = union.cases.compactMap {
                    unionValue($0, union: union, scope: scope, rendered: qualified, mode: .all, depth: 0).map { "proofEncode(\($0))" }
                }
            case .fields: continue
            }
            sampling.append("output.cases[\(JSON.quoted(domainName + "." + qualified))] = [" + encodings.joined(separator: ", ") + "]")
        }
        flush()
        return (lines, functions)
    }

    /// How many response samples: enough for every case of the largest enum or union to appear.
    var variantCount: Int {
        var count = 1
        for (_, model) in mine.all {
            switch model.kind {
            case .enumeration(let cases): count = max(count, cases.count)
            case .union(let union): count = max(count, union.cases.count)
            case .fields: break
            }
        }
        return min(count, 12)
    }

    /// The wire driver for every domain of a side.
    static func mainFile(_ drivers: [DiffProofDriver]) -> String {
        let parts = drivers.map { $0.wireStatements() }
        let statements = parts.flatMap(\.main).map { "        " + $0 }.joined(separator: "\n")
        let functions = parts.flatMap(\.functions).joined(separator: "\n")
        // Every struct model's JSON keys, and the fields it decodes but does not encode (`encode: false`), which a
        // response sample must hold as a server sends them.
        var keys: [String] = []
        var unencoded: [String] = []
        for driver in drivers {
            for (qualified, model) in driver.mine.all {
                guard case .fields(let fields) = model.kind else { continue }
                keys.append(JSON.quoted(qualified) + ": [" + (fields.isEmpty ? ":" : fields.map {
                    JSON.quoted($0.name) + ": " + JSON.quoted($0.jsonKey)
                }.joined(separator: ", ")) + "]")
                let skipped = fields.filter { !$0.isEncoded }.map { JSON.quoted($0.name) }
                if !skipped.isEmpty { unencoded.append(JSON.quoted(qualified) + ": [" + skipped.joined(separator: ", ") + "]") }
            }
        }
        let keyTable = keys.isEmpty ? "[:]" : "[\n    " + keys.joined(separator: ",\n    ") + "\n]"
        let unencodedTable = unencoded.isEmpty ? "[:]" : "[\n    " + unencoded.joined(separator: ",\n    ") + "\n]"
        return """
            import Foundation
            import RepogenRuntime

            struct ProofOutput: Codable {
                var requests: [String: [String]] = [:]
                var responses: [String: [String]] = [:]
                var decodes: [String: [String]] = [:]
                var selfDecodes: [String: [String]] = [:]
                var cases: [String: [String]] = [:]
                var skipped: [String] = []
            }

            /// The value as the runtime encodes a param, base64.
            func proofEncode<T: Encodable>(_ value: T) -> String {
                do {
                    return try NetworkConfiguration().makeEncoder().encode(value).base64EncodedString()
                } catch {
                    return "!" + "\\(error)"
                }
            }

            let proofKeys: [String: [String: String]] = \(keyTable)
            let proofUnencoded: [String: [String]] = \(unencodedTable)

            /// A response as a server sends it: the value as the code encodes it, with the fields it decodes but does
            /// not encode added.
            func proofResponse<T: Encodable>(_ value: T) -> String {
                guard !proofUnencoded.isEmpty else { return proofEncode(value) }
                do {
                    let data = try NetworkConfiguration().makeEncoder().encode(value)
                    let json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
                    return try JSONSerialization.data(withJSONObject: proofPatch(value, json), options: [.fragmentsAllowed, .sortedKeys])
                        .base64EncodedString()
                } catch {
                    return "!" + "\\(error)"
                }
            }

            func proofPatch(_ value: Any, _ json: Any) -> Any {
                let mirror = Mirror(reflecting: value)
                switch mirror.displayStyle {
                case .optional?, .enum?:
                    guard let child = mirror.children.first else { return json }
                    return proofPatch(child.value, json)
                case .collection?:
                    guard let array = json as? [Any] else { return json }
                    return zip(mirror.children, array).map { proofPatch($0.0.value, $0.1) }
                case .struct?:
                    guard var object = json as? [String: Any] else { return json }
                    var name = String(reflecting: type(of: value))
                    if name.hasPrefix("ProofApp.") { name = String(name.dropFirst(9)) }
                    if let angle = name.firstIndex(of: "<") { name = String(name[..<angle]) }
                    guard let keys = proofKeys[name] else { return json }
                    for child in mirror.children {
                        guard let label = child.label, let key = keys[label] else { continue }
                        if proofUnencoded[name]?.contains(label) == true {
                            let inner = Mirror(reflecting: child.value)
                            if inner.displayStyle == .optional, inner.children.isEmpty { continue }
                            if let encodable = child.value as? any Encodable,
                               let data = try? NetworkConfiguration().makeEncoder().encode(encodable),
                               let fragment = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
                                object[key] = fragment
                            }
                        } else if let inner = object[key] {
                            object[key] = proofPatch(child.value, inner)
                        }
                    }
                    return object
                default:
                    return json
                }
            }

            /// "" when the bytes decode as `T` as the runtime decodes a response, else the error.
            func proofDecode<T: Decodable>(_ type: T.Type, _ base64: String) -> String {
                guard let data = Data(base64Encoded: base64) else { return "not base64" }
                do {
                    _ = try NetworkConfiguration().makeDecoder().decode(T.self, from: data)
                    return ""
                } catch {
                    return "\\(error)"
                }
            }

            \(functions)

            @main
            enum ProofMain {
                static func main() async throws {
                    let server = try RawServer()
                    var configuration = NetworkConfiguration(baseURL: server.baseURL)
                    configuration.timeout = 10
                    configuration.retryPolicy = nil
                    let manager = NetworkManager(configuration: configuration)
                    let arguments = CommandLine.arguments
                    let input: [String: [String]] = arguments.count > 2
                        ? try JSONDecoder().decode(ProofOutput.self, from: Data(contentsOf: URL(fileURLWithPath: arguments[2]))).responses
                        : [:]
                    _ = input
                    var output = ProofOutput()
            \(statements)
                    server.stop()
                    try JSONEncoder().encode(output).write(to: URL(fileURLWithPath: arguments[1]))
                }
            }

            """
    }
}
