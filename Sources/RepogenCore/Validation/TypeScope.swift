/// The type names a spec may use, and where each comes from.
package struct TypeScope: Sendable, Equatable {
    /// Types every spec may use without declaring them (`ReservedNames.builtinTypes`).
    static let builtins = ReservedNames.builtinTypes
    /// Modules whose members may be named with a module prefix (`Foundation.Date`).
    var modules: Set<String> = ["Foundation", "Swift"]
    /// Every model by its qualified name: `Store`, `WriteReviewInput.Image`.
    var models: Set<String> = []
    var external: Set<String> = []
    /// The cases of each string enum model (qualified name): raw value -> case name.
    var enumCases: [String: [String: String]] = [:]
    /// The enums among those whose raw values are `Int`s (qualified names); their `enumCases` keys are decimal.
    var integerEnums: Set<String> = []
    /// The validated fields of each struct model (qualified name).
    var fields: [String: [Field]] = [:]
    /// Models whose fields or cases had errors (reported there; qualified names): what uses one is not reported again.
    var invalidModels: Set<String> = []
    /// The type parameters of each generic model.
    var typeParameters: [String: [String]] = [:]
    /// The struct models marked `hashable: true` (qualified names).
    var hashable: Set<String> = []
    /// The string enums with an `unknown` case, which decode any string (qualified names).
    var openEnums: Set<String> = []
    /// The validated unions (`oneOf`), by qualified name.
    var unions: [String: Union] = [:]
    /// The type of the values a struct model keeps besides its fields (`additionalProperties`), by qualified name.
    var additionalProperties: [String: SwiftType] = [:]

    /// The model a name written inside `scope` (the qualified name of the model it is written in, split at dots;
    /// empty outside models) refers to, following Swift's lookup: the innermost nested type of that name first.
    func model(named name: String, in scope: [String]) -> String? {
        // The common case, a plain name written outside any model, is one set lookup.
        // So is a plain name that no nested model has, inside a model: it can only mean a top-level model.
        if !name.utf8.contains(UInt8(ascii: ".")), scope.isEmpty || !nestedNames.contains(name) {
            return models.contains(name) ? name : nil
        }
        let components = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var prefix = scope
        while true {
            let candidate = (prefix + [components[0]]).joined(separator: ".")
            if models.contains(candidate) {
                let full = ([candidate] + components.dropFirst()).joined(separator: ".")
                return models.contains(full) ? full : nil
            }
            if prefix.isEmpty { return nil }
            prefix.removeLast()
        }
    }

    func knows(_ name: String, typeParameters: [String] = [], scope: [String] = []) -> Bool {
        if model(named: name, in: scope) != nil { return true }
        if Self.builtins.contains(name) || external.contains(name) || typeParameters.contains(name) {
            return true
        }
        guard let dot = name.firstIndex(of: ".") else { return false }
        let head = String(name[..<dot])
        // A member of a model must be one of its nested models; members of modules and external types are not known.
        if model(named: head, in: scope) != nil { return false }
        return modules.contains(head) || external.contains(head)
    }

    /// Type names the generated code of every style or the runtime uses, which a model of the same name would
    /// shadow in the generated files (`ReservedNames.everyStyle`).
    static let reserved = ReservedNames.everyStyle

    /// `Swift.String` -> `String`, `Foundation.Date` -> `Date`; other names as they are.
    static func unqualified(_ name: String) -> String {
        for module in ["Swift.", "Foundation."] where name.hasPrefix(module) {
            return String(name.dropFirst(module.count))
        }
        return name
    }

    /// The last component of every nested model's name (`Image` for `Review.Image`).
    var nestedNames: Set<String> = []

    var candidates: [String] {
        Array(Self.builtins) + Array(models) + Array(external)
    }
}
