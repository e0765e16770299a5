import Foundation

/// Checks an endpoint's `example` and a mock collection's `example` against the type the generated mock decodes them
/// as, the way the runtime decodes them, so that an example repogen accepts does not fail with a decoding error in
/// the user's test or preview.
///
/// Every style decodes an example with `NetworkConfiguration().makeDecoder()` (the runtime's `MockMethod`, the `tca`
/// style's `APIError.example`): a default `JSONDecoder` with ISO 8601 dates, so
/// - keys are each model's `CodingKeys`: a field's `json` key, else its name; no key conversion (snake_case is only
///   ever the response key style of a configured manager, never of a mock). A required field's key must be there; a
///   key the model does not decode is ignored (a warning here, as the value it carries is lost);
/// - a non-optional value cannot be null; an optional field may be left out;
/// - numbers: an integer type takes an integer in its range (`1.0` and `1e2` too, read through `Double`, which must
///   hold them exactly); `Float` and `Double` refuse a number that overflows them or that is not 0 but reads as 0;
///   `Decimal` refuses a number whose exponent, as `Decimal` parses the text, falls outside -128…127 (`1e128`,
///   `0e200`);
/// - `Date`: `2024-05-01T09:30:00Z` or with an offset, `+09:00` (RFC 3339, seconds, a time zone, no fractional
///   seconds: `ISO8601DateFormatter`'s internet date-time, which the decoder used before iOS 17 and macOS 14);
/// - `URL`: a non-empty string of URL characters (before iOS 17, `URL(string:)` refuses a space; later ones
///   percent-encode it); `UUID`: 8-4-4-4-12 hexadecimal digits; `Data`: base64;
/// - a string enum takes one of its raw values, or any string with an `unknown` case;
/// - a union with a discriminator takes an object whose property is a case's tag, checked as that case's type; one
///   without takes a value of one of its cases' types (the first that fits is the one decoded);
/// - `[String: V]` and `[Int: V]` decode from an object, a dictionary with any other key type from an array of keys
///   and values in turn; `JSONValue` from anything whose numbers a `Double` holds.
/// External types are not checked (repogen does not know them).
extension SpecValidator {
    mutating func checkExample(_ value: LocatedValue, as type: SwiftType, what: String) {
        var checker = ExampleChecker(types: types, what: what)
        checker.check(value, Scoped(type: type, scope: [], substitutions: [:]), path: "", depth: 0)
        for diagnostic in checker.diagnostics { diagnostics.emit(diagnostic) }
    }
}

/// A type as written somewhere: the scope its names are looked up in (a model's qualified name, split at dots) and
/// what its type parameters stand for there.
struct Scoped {
    var type: SwiftType
    var scope: [String]
    var substitutions: [String: Box]

    /// A `Scoped` held by reference, so that the struct can contain its own kind.
    final class Box {
        let value: Scoped
        init(_ value: Scoped) { self.value = value }
    }

    func with(_ type: SwiftType) -> Scoped { Scoped(type: type, scope: scope, substitutions: substitutions) }
}

struct ExampleChecker {
    let types: TypeScope
    /// "the example of 'fetchStore'", "the example of collection 'persons'".
    let what: String
    var diagnostics: [Diagnostic] = []

    static let maximumDepth = 300
    static let integerTypes: [String: (bits: Int, signed: Bool)] = [
        "Int": (64, true), "Int64": (64, true), "Int32": (32, true), "Int16": (16, true), "Int8": (8, true),
        "UInt": (64, false), "UInt64": (64, false), "UInt32": (32, false), "UInt16": (16, false), "UInt8": (8, false),
    ]

    /// Where a part of the example is, for messages: the example itself, or `'items[0].id' in the example of 'f'`.
    func place(_ path: String) -> String {
        path.isEmpty ? what : "'\(path)' in \(what)"
    }

    mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.error, message, at: location))
    }

    mutating func check(_ value: LocatedValue, _ scoped: Scoped, path: String, depth: Int) {
        guard depth < Self.maximumDepth else { return }
        let type = scoped.type
        switch type.shape {
        case .optional(let wrapped):
            if case .null = value.kind { return }
            check(value, scoped.with(wrapped), path: path, depth: depth + 1)
        case .array(let element):
            guard case .array(let items) = value.kind else { return mismatch(value, scoped, path: path) }
            for (index, item) in items.enumerated() {
                check(item, scoped.with(element), path: path + "[\(index)]", depth: depth + 1)
            }
        case .dictionary(let key, let element):
            checkDictionary(value, key: scoped.with(key), element: scoped.with(element), whole: scoped, path: path, depth: depth)
        case .named(let name, let arguments):
            if arguments.isEmpty, let substituted = scoped.substitutions[name] {
                return check(value, substituted.value, path: path, depth: depth + 1)
            }
            checkNamed(value, name: name, arguments: arguments, scoped: scoped, path: path, depth: depth)
        }
    }

    /// What a type's values are in JSON, for messages; nil for a type repogen does not check (an external one).
    func expectation(_ scoped: Scoped) -> String? {
        let type = scoped.type
        switch type.shape {
        case .optional(let wrapped): return expectation(scoped.with(wrapped)).map { $0 + " or null" }
        case .array: return "an array (\(type))"
        case .dictionary(let key, _):
            return keyKind(scoped.with(key)) == .array ? "an array of keys and values in turn (\(type))" : "an object (\(type))"
        case .named(let name, let arguments):
            if arguments.isEmpty, let substituted = scoped.substitutions[name] { return expectation(substituted.value) }
            let plain = TypeScope.unqualified(name)
            if Self.integerTypes[plain] != nil { return "an integer (\(plain))" }
            switch plain {
            case "String": return "a string"
            case "Bool": return "true or false"
            case "Float", "Double", "Decimal": return "a number (\(plain))"
            case "Date": return "a date string (Date, like 2024-05-01T09:30:00Z)"
            case "URL": return "a URL string"
            case "UUID": return "a UUID string"
            case "Data": return "a base64 string (Data)"
            default: break
            }
            guard let model = types.model(named: name, in: scoped.scope) else { return nil }
            if let cases = types.enumCases[model] {
                let integer = types.integerEnums.contains(model)
                if types.openEnums.contains(model) { return integer ? "an integer (\(model))" : "a string (\(model))" }
                let values = integer ? cases.keys.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) } : cases.keys.sorted()
                return values.count <= 12
                    ? "one of the \(integer ? "integers" : "strings") " + values.joined(separator: ", ") + " (\(model))"
                    : "\(integer ? "an integer" : "a string") of enum '\(model)'"
            }
            if let union = types.unions[model] {
                return "a case of union '\(model)' (" + union.cases.map { $0.type.description }.joined(separator: ", ") + ")"
            }
            return types.fields[model] == nil ? nil : "an object (\(type))"
        }
    }

    mutating func mismatch(_ value: LocatedValue, _ scoped: Scoped, path: String) {
        guard let expected = expectation(scoped) else { return }
        if case .null = value.kind {
            error("\(place(path)) is null, but '\(scoped.type)' is not optional", at: value.location)
        } else {
            error("\(place(path)) must be \(expected), not \(value.kindDescription)", at: value.location)
        }
    }

    /// How a dictionary with keys of a type decodes: from an object (`String`, `Int` keys), from an array of keys
    /// and values in turn (any other), or unknown (an external key type).
    enum KeyKind { case string, integer, array, unknown }

    func keyKind(_ scoped: Scoped) -> KeyKind {
        var current = scoped
        while case .named(let name, let arguments) = current.type.shape, arguments.isEmpty,
            let substituted = current.substitutions[name]
        {
            current = substituted.value
        }
        guard case .named(let name, _) = current.type.shape else { return .array }
        switch TypeScope.unqualified(name) {
        case "String": return .string
        case "Int": return .integer
        default:
            return TypeScope.builtins.contains(TypeScope.unqualified(name)) || types.model(named: name, in: current.scope) != nil
                ? .array : .unknown
        }
    }

    mutating func checkDictionary(
        _ value: LocatedValue, key: Scoped, element: Scoped, whole: Scoped, path: String, depth: Int
    ) {
        let kind = keyKind(key)
        switch (kind, value.kind) {
        case (.unknown, _):
            return
        case (.string, .object(let members)), (.integer, .object(let members)):
            for member in members {
                if kind == .integer, Int(member.key) == nil {
                    error(
                        "\(place(path)) has the key '\(member.key)', which is not an integer; the keys of '\(whole.type)' are Int",
                        at: member.keyLocation)
                }
                check(member.value, element, path: Self.joined(path, member.key), depth: depth + 1)
            }
        case (.array, .array(let items)):
            guard items.count % 2 == 0 else {
                error(
                    "\(place(path)) must be an array of keys and values in turn (\(whole.type)), but it has an odd "
                        + "number of items", at: value.location)
                return
            }
            for index in stride(from: 0, to: items.count, by: 2) {
                check(items[index], key, path: path + "[\(index)]", depth: depth + 1)
                check(items[index + 1], element, path: path + "[\(index + 1)]", depth: depth + 1)
            }
        default:
            mismatch(value, whole, path: path)
        }
    }

    static func joined(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }

    mutating func checkNamed(
        _ value: LocatedValue, name: String, arguments: [SwiftType], scoped: Scoped, path: String, depth: Int
    ) {
        let plain = TypeScope.unqualified(name)
        if arguments.isEmpty, let problem = builtinProblem(value, plain) {
            switch problem {
            case .kind: mismatch(value, scoped, path: path)
            case .value(let reason): error("\(place(path)) \(reason)", at: value.location)
            case .changed(let reason): diagnostics.append(Diagnostic(.warning, "\(place(path)) \(reason)", at: value.location))
            }
            return
        }
        if arguments.isEmpty, plain == "JSONValue" { return checkJSONValue(value, path: path, depth: depth) }
        if arguments.isEmpty, ExampleChecker.isBuiltin(plain) { return }
        guard let model = types.model(named: name, in: scoped.scope) else { return }  // external: not known here
        if let cases = types.enumCases[model] {
            let text: String
            switch value.kind {
            case .string(let written) where !types.integerEnums.contains(model): text = written
            case .number(let written) where types.integerEnums.contains(model):
                guard let integer = SpecValidator.integerRawValue(written) else {
                    return error(
                        "\(place(path)) is \(written), which is not an Int (the raw values of enum '\(model)' are)",
                        at: value.location)
                }
                text = integer
            default: return mismatch(value, scoped, path: path)
            }
            if cases[text] == nil, !types.openEnums.contains(model) {
                let integer = types.integerEnums.contains(model)
                let values = integer ? cases.keys.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) } : cases.keys.sorted()
                let listed = values.count <= 12 ? " (" + values.joined(separator: ", ") + ")" : NameSuggester.hint(for: text, among: values)
                error(
                    "\(place(path)) is \(integer ? text : "'\(text)'"), which is not a value of enum '\(model)'\(listed); give the enum an "
                        + "'unknown' case to accept values it does not list", at: value.location)
            }
            return
        }
        if let union = types.unions[model] {
            return checkUnion(value, union: union, model: model, path: path, depth: depth)
        }
        guard let fields = types.fields[model] else { return }  // reported where it is declared
        guard case .object(let members) = value.kind else { return mismatch(value, scoped, path: path) }
        let parameters = types.typeParameters[model] ?? []
        var substitutions: [String: Scoped.Box] = [:]
        for (parameter, argument) in zip(parameters, arguments) {
            substitutions[parameter] = Scoped.Box(scoped.with(argument))
        }
        let inner = Scoped(type: .named(model), scope: model.componentsAtDots(), substitutions: substitutions)
        var byKey: [String: LocatedValue.Member] = [:]
        for member in members { byKey[member.key] = member }
        let wireKeys = Set(fields.map(\.jsonKey))
        var reported: Set<String> = []
        for field in fields {
            if let member = byKey[field.jsonKey] {
                check(member.value, inner.with(field.type), path: Self.joined(path, field.jsonKey), depth: depth + 1)
                continue
            }
            // Written with the Swift name where the wire has another key: the mistake this check is for.
            if field.jsonKey != field.name, let member = byKey[field.name], !wireKeys.contains(field.name) {
                reported.insert(field.name)
                let message = "\(place(path)) has the key '\(field.name)', the Swift name of field '\(field.name)' of "
                    + "'\(model)'; the mock decodes the key on the wire, '\(field.jsonKey)'"
                if field.type.isOptional {
                    diagnostics.append(Diagnostic(.warning, message + " (it ignores '\(field.name)', so the field is nil)", at: member.keyLocation))
                } else {
                    error(message, at: member.keyLocation)
                }
                continue
            }
            if !field.type.isOptional {
                error(
                    "\(place(path)) has no key '\(field.jsonKey)', which field '\(field.name)' of '\(model)' needs (it "
                        + "is not optional)", at: value.location)
            }
        }
        for member in members where !wireKeys.contains(member.key) && !reported.contains(member.key) {
            if let additional = types.additionalProperties[model] {
                // Kept in `additionalProperties`: a value of its type.
                check(member.value, inner.with(additional), path: Self.joined(path, member.key), depth: depth + 1)
                continue
            }
            diagnostics.append(Diagnostic(
                .warning,
                "\(place(path)) has the key '\(member.key)', which '\(model)' does not decode (the mock ignores it)"
                    + NameSuggester.hint(for: member.key, among: Array(wireKeys)), at: member.keyLocation))
        }
    }

    /// A union's value: with a discriminator, an object whose property names a case, checked as that case's type;
    /// without one, a value of one of the cases' types (the first that fits is the one decoded).
    mutating func checkUnion(_ value: LocatedValue, union: Union, model: String, path: String, depth: Int) {
        let inner = Scoped(type: .named(model), scope: model.componentsAtDots(), substitutions: [:])
        if let discriminator = union.discriminator {
            let tags = union.cases.map(\.tag)
            guard case .object(let members) = value.kind else {
                error(
                    "\(place(path)) must be an object with '\(discriminator)' (one of \(tags.joined(separator: ", "))), "
                        + "a case of union '\(model)', not \(value.kindDescription)", at: value.location)
                return
            }
            guard let member = members.last(where: { $0.key == discriminator }) else {
                error(
                    "\(place(path)) has no key '\(discriminator)', the discriminator of union '\(model)' (one of "
                        + "\(tags.joined(separator: ", ")))", at: value.location)
                return
            }
            guard case .string(let tag) = member.value.kind, let item = union.cases.first(where: { $0.tag == tag }) else {
                let written = if case .string(let tag) = member.value.kind { "'\(tag)'" } else { member.value.kindDescription }
                error(
                    "\(place(Self.joined(path, discriminator))) is \(written), which names no case of union '\(model)'; "
                        + "expected one of \(tags.joined(separator: ", "))", at: member.value.location)
                return
            }
            return check(value, inner.with(item.type), path: path, depth: depth + 1)
        }
        var reasons: [String] = []
        for item in union.cases {
            var trial = ExampleChecker(types: types, what: what)
            trial.check(value, inner.with(item.type), path: path, depth: depth + 1)
            let errors = trial.diagnostics.filter { $0.severity == .error }
            if errors.isEmpty {
                diagnostics += trial.diagnostics
                return
            }
            reasons.append("as \(item.name): " + errors[0].message)
        }
        error(
            "\(place(path)) is none of the cases of union '\(model)' (" + reasons.joined(separator: "; ") + ")",
            at: value.location)
    }

    static func isBuiltin(_ name: String) -> Bool {
        integerTypes[name] != nil
            || ["String", "Bool", "Float", "Double", "Decimal", "Date", "URL", "UUID", "Data", "JSONValue"].contains(name)
    }

    enum Problem {
        /// The wrong kind of JSON value.
        case kind
        /// The right kind, a wrong value: completes "<place> …".
        case value(String)
        /// A value the decoder reads, but not as written (a fraction a `Double` drops): completes "<place> …".
        case changed(String)
    }

    /// What is wrong with `value` as a built-in type `name`; nil when nothing is or `name` is not built in.
    func builtinProblem(_ value: LocatedValue, _ name: String) -> Problem? {
        if let (bits, signed) = Self.integerTypes[name] {
            guard case .number(let text) = value.kind else { return .kind }
            switch Self.integerProblem(text, name: name, bits: bits, signed: signed) {
            case .refused(let reason)?: return .value("is \(text), which \(reason)")
            case .changed(let reason)?: return .changed("is \(text), which \(reason)")
            case nil: return nil
            }
        }
        switch name {
        case "String":
            guard case .string = value.kind else { return .kind }
        case "Bool":
            guard case .bool = value.kind else { return .kind }
        case "Float", "Double":
            guard case .number(let text) = value.kind else { return .kind }
            return Self.binaryProblem(text, name == "Float" ? .float : .double).map { .value("is \(text), which \($0)") }
        case "Decimal":
            guard case .number(let text) = value.kind else { return .kind }
            return Self.decimalProblem(text).map { .value("is \(text), which \($0)") }
        case "Date":
            guard case .string(let text) = value.kind else { return .kind }
            return Self.dateProblem(text).map {
                .value(
                    "is '\(text)', which \($0); the mock reads dates like 2024-05-01T09:30:00Z or "
                        + "2024-05-01T09:30:00+09:00 (ISO 8601 with seconds and a time zone)")
            }
        case "URL":
            guard case .string(let text) = value.kind else { return .kind }
            return Self.urlProblem(text).map { .value("is '\(text)', which is not a URL the mock can read: \($0)") }
        case "UUID":
            guard case .string(let text) = value.kind else { return .kind }
            if !Self.isUUID(text) {
                return .value("is '\(text)', which is not a UUID (8-4-4-4-12 hexadecimal digits, like 6F9619FF-8B86-D011-B42D-00C04FC964FF)")
            }
        case "Data":
            guard case .string(let text) = value.kind else { return .kind }
            if Data(base64Encoded: text) == nil {
                return .value("is not base64, which Data decodes from (like aGVsbG8=, padded with '=')")
            }
        case "JSONValue":
            return nil  // checkJSONValue, part by part
        default:
            return nil
        }
        return nil
    }

    /// Any JSON, as `JSONValue` decodes it: its numbers as `Double`.
    mutating func checkJSONValue(_ value: LocatedValue, path: String, depth: Int) {
        guard depth < Self.maximumDepth else { return }
        switch value.kind {
        case .number(let text):
            if let problem = Self.binaryProblem(text, .double) {
                error("\(place(path)) is \(text), which \(problem) (JSONValue holds numbers as Double)", at: value.location)
            }
        case .array(let items):
            for (index, item) in items.enumerated() { checkJSONValue(item, path: path + "[\(index)]", depth: depth + 1) }
        case .object(let members):
            for member in members { checkJSONValue(member.value, path: Self.joined(path, member.key), depth: depth + 1) }
        case .string, .bool, .null:
            break
        }
    }

    // MARK: - Numbers, as the decoder reads them

    enum IntegerProblem {
        /// The decoder refuses it.
        case refused(String)
        /// The decoder reads another integer than the one written (on some platform).
        case changed(String)
    }

    /// What the decoder does wrong with `text` for an integer type. A plain integer must be in range. One written
    /// with `.` or an exponent is read through `Double` (then, past 2^53, through `Decimal`, or not: before iOS 17
    /// through `NSNumber`): it must be whole and in range once a `Double` holds it; when the `Double` drops a fraction
    /// or digits, the value decoded is not the one written.
    static func integerProblem(_ text: String, name: String, bits: Int, signed: Bool) -> IntegerProblem? {
        guard let number = NumberLiteral.Written(text) else { return nil }
        let range = "is out of range for \(name) (\(NumberLiteral.integerRange(bits: bits, signed: signed)))"
        let (digits, scale) = number.significand
        if digits.isEmpty { return nil }
        if number.isIntegerLiteral {
            return NumberLiteral.fitsInteger(negative: number.negative, digits: digits, bits: bits, signed: signed)
                ? nil : .refused(range)
        }
        // As a Double reads it: an integer (or not), in range (or not).
        guard digits.count - 1 + scale < 40, digits.count <= NumberLiteral.maximumDigits else { return .refused(range) }
        let significand = BigUInt(decimalDigits: digits.utf8)
        let exact = (scale >= 0 ? significand * BigUInt.powerOfTen(scale) : significand, scale >= 0 ? BigUInt(1) : BigUInt.powerOfTen(-scale))
        var read = BigUInt(0)  // a number so small that a Double holds 0 reads as 0
        if case .finite(let bits64, let exponent, _) = NumberLiteral.round(exact.0, exact.1, to: .double).value {
            let shift = exponent - 52
            let fraction = shift >= 0 ? 0 : bits64 & ((shift <= -64 ? 0 : 1 << UInt64(-shift)) &- 1)
            guard shift >= 0 || (shift > -64 && fraction == 0) else {
                return .refused("is not a whole number, so \(name) cannot hold it")
            }
            read = shift >= 0 ? BigUInt(bits64) << shift : BigUInt(bits64 >> UInt64(-shift))
        }
        let readDigits = Substring(read.decimalDescription)
        guard NumberLiteral.fitsInteger(negative: number.negative, digits: read.isZero ? "" : readDigits, bits: bits, signed: signed)
        else {
            return .refused(
                "the decoder reads as " + (number.negative ? "-" : "") + readDigits + " (through a Double), out of "
                    + "range for \(name) (\(NumberLiteral.integerRange(bits: bits, signed: signed)))")
        }
        let wholeWritten = scale >= 0 || digits.suffix(-scale).allSatisfy { $0 == "0" }
        let writtenDigits = scale >= 0 ? String(digits) + String(repeating: "0", count: scale) : String(digits.dropLast(-scale))
        guard wholeWritten, writtenDigits == String(readDigits) else {
            return .changed(
                "the decoder may read as " + (number.negative ? "-" : "") + readDigits + " (through a Double)"
                    + (wholeWritten ? "; write it as the integer " + (number.negative ? "-" : "") + writtenDigits : ""))
        }
        return nil
    }

    /// Why the decoder refuses `text` for `Float` or `Double`: it overflows, or it is not 0 but reads as 0.
    static func binaryProblem(_ text: String, _ format: NumberLiteral.BinaryFormat) -> String? {
        guard let number = NumberLiteral.Written(text) else { return nil }
        let (digits, scale) = number.significand
        if digits.isEmpty { return nil }
        let leading = digits.count - 1 + scale
        let tooSmall = "is too small for \(format.name) (the decoder refuses a number that is not 0 but reads as 0)"
        if leading > 400 { return NumberLiteral.outOfRange(format, typeName: format.name).reason }
        if leading < -400 { return tooSmall }
        guard digits.count <= NumberLiteral.maximumDigits else { return nil }
        let significand = BigUInt(decimalDigits: digits.utf8)
        let read = NumberLiteral.round(
            scale >= 0 ? significand * BigUInt.powerOfTen(scale) : significand,
            scale >= 0 ? BigUInt(1) : BigUInt.powerOfTen(-scale), to: format)
        switch read.value {
        case .infinity: return NumberLiteral.outOfRange(format, typeName: format.name).reason
        case .zero: return tooSmall
        case .finite: return nil
        }
    }

    /// Why the decoder refuses `text` for `Decimal`, which it parses digit by digit: a 128-bit significand takes the
    /// digits while they fit (those of the integer part that do not fit raise the exponent, those of the fraction are
    /// dropped), each digit of the fraction lowers the exponent, the written exponent is added, and the result must
    /// be within -128…127 (so `1e128` and `0e200` fail, `10e127` and `1e-128` decode).
    static func decimalProblem(_ text: String) -> String? {
        guard let number = NumberLiteral.Written(text) else { return nil }
        let limit = (BigUInt(1) << 128) - BigUInt(1)
        var significand = BigUInt(0)
        var exponent = 0
        var full = false
        for (index, digit) in (String(number.integerDigits) + String(number.fractionDigits ?? "")).utf8.enumerated() {
            let inFraction = index >= number.integerDigits.count
            if !full {
                var next = significand
                next.multiply(by: 10, adding: UInt32(digit - UInt8(ascii: "0")))
                if next < limit || !(limit < next) {
                    significand = next
                    if inFraction { exponent -= 1 }
                    continue
                }
                full = true
            }
            if !inFraction { exponent += 1 }
        }
        exponent += number.exponentValue
        guard (-128...127).contains(exponent) else {
            return "is out of range for Decimal as the decoder reads it (significant digits times 10 to a power within "
                + "-128…127; written this way, the power is \(exponent))"
        }
        return nil
    }

    // MARK: - Strings of Date, URL, UUID

    /// Why `text` is not an RFC 3339 date-time with seconds and a time zone and without fractional seconds.
    static func dateProblem(_ text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= scalars.count else { return nil }
            var value = 0
            for scalar in scalars[start..<(start + count)] {
                guard ("0"..."9").contains(scalar) else { return nil }
                value = value * 10 + Int(scalar.value - 48)
            }
            return value
        }
        func at(_ index: Int, _ scalar: Unicode.Scalar) -> Bool { index < scalars.count && scalars[index] == scalar }
        let notADate = "is not a date the mock can read"
        guard let year = number(0, 4), at(4, "-"), let month = number(5, 2), at(7, "-"), let day = number(8, 2),
            at(10, "T"), let hour = number(11, 2), at(13, ":"), let minute = number(14, 2), at(16, ":"),
            let second = number(17, 2)
        else { return notADate }
        var index = 19
        if at(index, ".") { return "has fractional seconds, which the mock cannot read on every platform" }
        if at(index, "Z") {
            index += 1
        } else if at(index, "+") || at(index, "-") {
            guard let hours = number(index + 1, 2), at(index + 3, ":"), let minutes = number(index + 4, 2), minutes < 60,
                hours * 60 + minutes <= 18 * 60
            else { return notADate }
            index += 6
        } else {
            return "has no time zone, which the mock needs (Z, or an offset like +09:00)"
        }
        guard index == scalars.count else { return notADate }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month), (1...days[month - 1]).contains(day), hour < 24, minute < 60, second < 60 else {
            return "is not a real date and time"
        }
        return nil
    }

    /// Why `text` is not a URL every platform's `URL(string:)` reads: empty, a character a URL cannot hold as it is
    /// (a space, a quote, non-ASCII: before iOS 17 they are refused), a `%` that starts no escape, a second `#`,
    /// brackets outside the host, or a port that is not digits.
    static func urlProblem(_ text: String) -> String? {
        guard !text.isEmpty else { return "it is empty" }
        let scalars = Array(text.unicodeScalars)
        let allowed = "-._~:/?#[]@!$&'()*+,;=%"
        var hashes = 0
        for (index, scalar) in scalars.enumerated() {
            let isAlphanumeric = scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
            guard isAlphanumeric || allowed.unicodeScalars.contains(scalar) else {
                return "\(SpecValidator.describe(scalar)) must be percent-encoded"
            }
            if scalar == "%" {
                let hex = { (i: Int) in i < scalars.count && scalars[i].properties.isASCIIHexDigit }
                guard hex(index + 1), hex(index + 2) else { return "'%' must start an escape of two hexadecimal digits" }
            }
            if scalar == "#" { hashes += 1 }
        }
        if hashes > 1 { return "a second '#' must be percent-encoded (%23)" }
        // The authority: after `//`, up to the path, query or fragment.
        var authority = ""
        var rest = text
        if let range = text.range(of: "//") {
            let after = text[range.upperBound...]
            let end = after.firstIndex { "/?#".contains($0) } ?? after.endIndex
            authority = String(after[..<end])
            rest = String(text[..<range.lowerBound]) + String(after[end...])
        }
        if rest.contains("[") || rest.contains("]") { return "brackets belong only around an IPv6 host" }
        if let at = authority.lastIndex(of: "@") { authority = String(authority[authority.index(after: at)...]) }
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return "the IPv6 host has no ']'" }
            authority = String(authority[authority.index(after: close)...])
            if !authority.isEmpty && !authority.hasPrefix(":") { return "the IPv6 host must end the host" }
        } else if authority.contains("[") || authority.contains("]") {
            return "brackets belong only around an IPv6 host"
        }
        if let colon = authority.lastIndex(of: ":"), !authority[authority.index(after: colon)...].allSatisfy(\.isASCIIDigitCharacter) {
            return "the port must be digits"
        }
        return nil
    }

    /// 8-4-4-4-12 hexadecimal digits, in either case.
    static func isUUID(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 36 else { return false }
        for (index, scalar) in scalars.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard scalar == "-" else { return false }
            } else if !scalar.properties.isASCIIHexDigit {
                return false
            }
        }
        return true
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
