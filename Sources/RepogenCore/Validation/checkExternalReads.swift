/// A placeholder that reads a type of `externalTypes` (`{kind.rawValue}` on an input of type `Kind`), recorded by
/// validation for the cross-check stage: another spec of the run may declare the type, and then its members are
/// checked as that spec's own would be. A type no spec of the run declares is the app's, which repogen trusts.
package struct ExternalRead: Sendable, Equatable {
    /// The external type as written (`Kind`, `Feed.Item`).
    var type: String
    /// The members read from a value of that type, in order; empty when the whole value is written as text.
    package var members: [String]
    /// Members read from each element of the array the members end at (`{filter.items[].id}`: `id`), or nil.
    var mappedMembers: [String]?
    /// What that value was read from, as the placeholder writes it (`filter`, `filter.kind`, `filters[]`).
    var readFrom: String
    /// The placeholder's text (`filter.kind.rawValue`), where it is, and what it is part of ("the path of 'search'").
    package var text: String
    var place: String
    var location: SourceLocation
    /// Whether the value is written as text (a path, a header), which needs one text form.
    var needsText: Bool
    /// Whether the value may be optional there: a param, which leaves it out when nil. The generated code reads an
    /// external type's members as they are (no optional chaining), so only the last may be optional, and only here.
    var allowsOptional: Bool
}

/// What the cross-check stage needs of one spec's types: what it declares, and what it reads of external types.
package struct SpecTypes: Sendable, Equatable {
    var scope: TypeScope
    package var reads: [ExternalRead]
}

extension Pipeline {
    /// Each placeholder of a spec that reads a type another spec of the run declares, checked against that spec's
    /// models as its own would be: every member exists, nothing optional is read through, the value is optional
    /// only where a param leaves it out, and text goes only where the value has one text form. Reported at the
    /// placeholder, naming where the type is declared.
    static func checkExternalReads(_ generations: [Generation]) -> [Diagnostic] {
        guard generations.contains(where: { !($0.types?.reads.isEmpty ?? true) }) else { return [] }
        // The spec declaring each top-level model of the run (a model declared twice is reported already).
        var owners: [String: Int] = [:]
        for (index, generation) in generations.enumerated() {
            for declaration in generation.declarations where generation.types?.scope.models.contains(declaration.name) == true {
                if owners[declaration.name] == nil { owners[declaration.name] = index }
            }
        }
        var diagnostics: [Diagnostic] = []
        for (index, generation) in generations.enumerated() {
            for read in generation.types?.reads ?? [] {
                let head = read.type.split(separator: ".", maxSplits: 1).first.map(String.init) ?? read.type
                guard let owner = owners[head], owner != index, let types = generations[owner].types else { continue }
                // Where a model the message names is declared: its own line when it is top-level, else the spec.
                let declarations = generations[owner].declarations
                let origin = { (name: String) -> String in
                    guard types.scope.model(named: name, in: []) != nil else { return "" }
                    if let declared = declarations.first(where: { $0.name == name }) {
                        return " (declared in \(declared.location))"
                    }
                    return declarations.first.map { " (in \($0.location.path))" } ?? ""
                }
                if let problem = problem(of: read, in: types.scope, origin: origin) {
                    diagnostics.append(Diagnostic(.error, "\(read.place) uses '\(read.text)', \(problem)", at: read.location))
                }
            }
        }
        return diagnostics
    }

    /// What is wrong with `read` against the declaring spec's `scope`, as the end of a sentence starting "… uses
    /// '<text>', "; nil when nothing is.
    private static func problem(of read: ExternalRead, in scope: TypeScope, origin: (String) -> String) -> String? {
        guard let model = scope.model(named: read.type, in: []) else {
            let head = read.type.split(separator: ".", maxSplits: 1).first.map(String.init) ?? read.type
            return "but '\(head)'\(origin(head)) has no nested type '\(read.type.dropFirst(head.count + 1))'"
        }
        var current: (type: SwiftType, scope: [String])? = (SwiftType.named(model), [])
        var path = read.readFrom
        // The type the last member was read from.
        var lastOwner: SwiftType?
        // The members, then those read from each element of a mapped array (`{filter.items[].id}`).
        let mapped = read.mappedMembers ?? []
        let steps = read.members + mapped
        for (position, member) in steps.enumerated() {
            if position == read.members.count, !mapped.isEmpty, let (type, typeScope) = current {
                guard !type.isOptional, case .array(let element) = type.shape else {
                    return "which maps '\(path)', of type '\(type)'\(lastOwner.map { scopeNote($0, origin) } ?? ""); only "
                        + "a non-optional array's elements can be read"
                }
                current = (element, typeScope)
                path += "[]"
            }
            guard let (type, typeScope) = current else { break }
            let isLast = position == steps.count - 1
            switch scope.memberType(of: type, member, scope: typeScope) {
            case .found(let memberType, let memberScope):
                if memberType.isOptional && !isLast {
                    return "which reads through '\(path).\(member)', of type '\(memberType)'\(scopeNote(type, origin)); "
                        + "a member of a type another spec declares is read only through non-optional values"
                }
                current = (memberType, memberScope)
                lastOwner = type
            case .missing(let owner, let candidates):
                let hint = NameSuggester.hint(for: member, among: candidates)
                return "but '\(owner)'\(origin(owner)) has no \(scope.enumCases[owner] != nil ? "member" : "field") '\(member)'\(hint)"
            case .typeParameterField(let description):
                if !isLast {
                    return "which reads '\(steps[position + 1])' of '\(path).\(member)', \(description); its "
                        + "members are not known"
                }
                current = nil
            case .unreadable(let why):
                return "but \(why)"
            case .unknown, .external:
                // A type the declaring spec does not define either: trusted from here on.
                current = nil
            }
            path += "." + member
        }
        guard let (type, typeScope) = current else { return nil }
        if type.isOptional && !read.allowsOptional {
            return "which is of type '\(type)'\(lastOwner.map { scopeNote($0, origin) } ?? "") "
                + "(nil for some values); an optional member of a type another spec declares can only go in a param, "
                + "which leaves it out when nil"
        }
        if read.needsText, let problem = scope.textProblem(type, scope: typeScope, reference: read.text) {
            return "which \(problem)"
        }
        return nil
    }

    /// " in 'Filter' (declared in …)" for a member of a spec model, naming where the model is declared.
    private static func scopeNote(_ type: SwiftType, _ origin: (String) -> String) -> String {
        guard case .named(let name, _) = type.unwrapped.shape else { return "" }
        return " in '\(TypeScope.unqualified(name))'\(origin(name))"
    }
}
