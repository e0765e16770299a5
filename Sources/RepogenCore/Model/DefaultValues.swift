/// A default value of each type a spec can write, as Swift source: what the `tca` style's preview value answers for an
/// endpoint without an `example`, and what the in-memory mock puts in a page model's other fields.
///
/// `""`, `0`, `false`, `[]`, `[:]`, `nil` for an optional, the first case of an enum, the first case of a union whose
/// payload has a default, and a model built from its fields' defaults (a field that is optional or has a `default` is
/// left to the initializer). A type that has none is a `Failure`: an external type (its initializers are unknown), or
/// a model that cannot be built without a value of itself (validation already refuses a struct that holds itself by
/// value; an array on the way breaks the cycle, as `[]`; a union whose every case holds it has none).
package struct DefaultValues: Sendable {
    /// Why a type has no default value, for the comment or message that says so.
    package struct Failure: Error, Sendable, Equatable {
        package var reason: String
    }

    /// The spec's models by qualified name (`WriteReviewRequestInput.Image`).
    private var models: [String: Model] = [:]

    package init(_ models: [Model]) {
        var byName: [String: Model] = [:]
        func add(_ model: Model, prefix: String) {
            let name = prefix + model.name
            byName[name] = model
            for nested in model.nested { add(nested, prefix: name + ".") }
        }
        for model in models { add(model, prefix: "") }
        self.models = byName
    }

    /// The model a type written at the top level names (`Page<Item>` -> `Page`), with its qualified name.
    package func model(of type: SwiftType) -> (name: String, model: Model)? {
        guard case .named(let name, _) = type.shape, let model = models[name] else { return nil }
        return (name, model)
    }

    /// The default value of `text`, a type as the spec writes it at the top level. The value is written with its
    /// type's name (`Person(id: …)`, `TransactionType.lend`), so it needs no context, except `[]`, `[:]` and `nil`,
    /// which the caller's context types.
    package func value(ofType text: String) -> Result<String, Failure> {
        guard case .success(let type) = SwiftType.parse(text) else {
            return .failure(Failure(reason: "'\(text)' is not a type"))
        }
        do {
            return .success(try build(type, scope: [], substitutions: [:], visiting: [], explicit: true))
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(reason: "\(error)"))
        }
    }

    /// The arguments of the initializer of the model `type` names (top level) for its fields, except those in
    /// `except`, which the caller gives: each required field's label and default value (optional fields, and fields
    /// with a `default`, are left to the initializer). Nil when `type` is no model with fields.
    package func initializerArguments(
        of type: SwiftType, except: Set<String>
    ) -> Result<[(field: String, value: String)], Failure>? {
        guard case .named(_, let arguments) = type.shape, let (name, model) = model(of: type),
            case .fields(let fields) = model.kind
        else { return nil }
        let substitutions = bindings(model.typeParameters, to: arguments, scope: [], substitutions: [:])
        do {
            var values: [(field: String, value: String)] = []
            for field in fields where !except.contains(field.name) && field.defaultValue == nil && !field.type.isOptional {
                let value = try build(
                    field.type, scope: name.split(separator: ".").map(String.init), substitutions: substitutions,
                    visiting: [name], explicit: false)
                values.append((field.name, value))
            }
            return .success(values)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(reason: "\(error)"))
        }
    }

    /// A type parameter bound to an argument, built where the argument is written.
    private typealias Binding = @Sendable (_ visiting: Set<String>) throws -> String

    private func bindings(
        _ parameters: [String], to arguments: [SwiftType], scope: [String], substitutions: [String: Binding]
    ) -> [String: Binding] {
        var bound: [String: Binding] = [:]
        for (parameter, argument) in zip(parameters, arguments) {
            let values = self
            bound[parameter] = { visiting in
                try values.build(argument, scope: scope, substitutions: substitutions, visiting: visiting, explicit: false)
            }
        }
        return bound
    }

    /// The model `name` means where a model at `scope` (a qualified name's parts) writes it: a nested model of the
    /// scope or of one around it, or a top-level one.
    private func resolve(_ name: String, scope: [String]) -> (name: String, model: Model)? {
        var prefix = scope
        while true {
            let qualified = (prefix + [name]).joined(separator: ".")
            if let model = models[qualified] { return (qualified, model) }
            if prefix.isEmpty { return nil }
            prefix.removeLast()
        }
    }

    /// `explicit`: the value is written with its type's name, as at the top level; otherwise an implicit member
    /// (`.init(…)`, `.lend`), typed by the initializer parameter it is passed to.
    private func build(
        _ type: SwiftType, scope: [String], substitutions: [String: Binding], visiting: Set<String>, explicit: Bool
    ) throws -> String {
        switch type.shape {
        case .optional: return "nil"
        case .array: return "[]"
        case .dictionary: return "[:]"
        case .named(let name, let arguments):
            if arguments.isEmpty, let binding = substitutions[name] { return try binding(visiting) }
            if let (qualified, model) = resolve(name, scope: scope) {
                let written = explicit ? type.description : ""
                switch model.kind {
                case .enumeration(let cases):
                    if let first = cases.first { return written + "." + SwiftIdentifier.escaped(first.name) }
                    if let unknown = model.unknownCase { return written + "." + SwiftIdentifier.escaped(unknown) + "(\"\")" }
                    throw Failure(reason: "enum '\(qualified)' has no case")
                case .union(let union):
                    // The first case whose payload has a default (a later one when the first holds the union).
                    if !visiting.contains(qualified) {
                        for item in union.cases {
                            guard let payload = try? build(
                                item.type, scope: qualified.split(separator: ".").map(String.init), substitutions: [:],
                                visiting: visiting.union([qualified]), explicit: false)
                            else { continue }
                            return written + "." + SwiftIdentifier.escaped(item.name) + "(" + payload + ")"
                        }
                    }
                    throw Failure(reason: "union '\(qualified)' has no case that can be built without a value of itself")
                case .fields(let fields):
                    guard !visiting.contains(qualified) else {
                        throw Failure(reason: "model '\(qualified)' cannot be built without a value of itself")
                    }
                    let inner = bindings(
                        model.typeParameters, to: arguments, scope: scope, substitutions: substitutions)
                    let parts = qualified.split(separator: ".").map(String.init)
                    var values: [String] = []
                    for field in fields where field.defaultValue == nil && !field.type.isOptional {
                        let value = try build(
                            field.type, scope: parts, substitutions: inner, visiting: visiting.union([qualified]),
                            explicit: false)
                        values.append(SwiftCode.callLabel(field.name) + ": " + value)
                    }
                    return (explicit ? written : ".init") + "(" + values.joined(separator: ", ") + ")"
                }
            }
            guard arguments.isEmpty, let value = Self.builtins[name] else {
                throw Failure(reason: "'\(type.description)' is not a type of the spec (an external type)")
            }
            // A literal takes its type from the context; the others name theirs.
            if explicit, name == "JSONValue" { return "JSONValue.null" }
            return value
        }
    }

    private static let builtins: [String: String] = {
        var values: [String: String] = [
            "String": "\"\"", "Character": "\" \"", "Bool": "false", "Double": "0", "Float": "0", "Decimal": "0",
            "Date": "Date(timeIntervalSince1970: 0)", "URL": "URL(string: \"about:blank\")!", "Data": "Data()",
            "UUID": "UUID(uuidString: \"00000000-0000-0000-0000-000000000000\")!", "JSONValue": ".null",
            "UploadFile": "UploadFile(data: Data(), fileName: \"\")",
        ]
        for name in ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"] {
            values[name] = "0"
        }
        return values
    }()
}
