/// A number from a spec written into the generated Swift as a literal of a numeric type: a field's `default`, a
/// computed domain value, a param constant, a cache's `ttl`. Every number repogen writes must build in Swift 6 with
/// warnings as errors, and the compiler checks literals only after type-checking (in SIL's diagnostic constant
/// propagation), so `swiftc -typecheck` accepts all of these and a real build refuses them. repogen applies the
/// compiler's own rules instead, found by experiment with `swiftc -emit-sil -warnings-as-errors` (Swift 6.3) and its
/// `ConstantFolding.cpp`:
///
/// Spelling. A literal needs digits on both sides of a `.` (`.5` is an error, "must be written '0.5'"; `5.` reads as
/// a member access). `+5` compiles (a prefix operator), `007` is 7, `1E5` and `1e+5` are fine. repogen writes the
/// number as given, with `0` added where a side of the `.` is empty, leading zeros and a `+` dropped. A number with a
/// `.` or an exponent is a float literal, any other an integer literal.
///
/// Integer types. A float literal for one is a type error (`let i: Int = 1.0`, `1e2`). An integer literal out of the
/// type's range is an error (`integer literal '300' overflows when stored into 'Int8'`, `negative integer '-1'
/// overflows when stored into unsigned type 'UInt8'`); `-0` is fine for an unsigned type. `Int` and `UInt` are 64-bit
/// (as on every Apple platform but 32-bit watchOS).
///
/// An integer literal for `Float` or `Double` is converted straight to the type: too large is an error
/// (`340282356779733661637539395458142568448` for `Float`), and one the type does not hold exactly is a warning
/// (`'9007199254740993' is not exactly representable as 'Double'; it becomes '9007199254740992'`, `16777217` for
/// `Float`). A float literal is never warned about for being inexact (`0.1`, `9007199254740993.0` are fine).
///
/// A float literal is first read into the largest float type of the machine the build runs on, rounded to nearest:
/// `Float80` (64-bit significand) on x86_64 (Intel Macs, Linux), `Double` on arm64. A literal that overflows that is
/// a warning (`overflows to inf because its magnitude exceeds the limits of a float literal`). It is then truncated to
/// the literal's type (no step when they are the same, so arm64 never warns about a `Double` underflow), with a
/// warning when the truncation overflows (`'1e39' overflows to inf during conversion to 'Float'`,
/// `1.7976931348623159e308` for `Double`), or when the value is below the type's normal range and "underflows and
/// loses precision": the read value is subnormal in its own type, or smaller than the least subnormal of the target,
/// or its significand cut to the target's width has a set bit among the lowest `minExponent - exponent + 1` (one bit
/// more than a subnormal actually drops, so `Float` `5.877473155409902e-39`, 2^-127 + 2^-149, which is exactly a
/// subnormal, is warned about, and 2^-130 is not). A literal so small that it reads as 0 is not warned about at all
/// (`1e-5000` silently becomes 0); repogen refuses it anyway, as a value the spec did not mean.
///
/// `Decimal` takes an integer literal as `Int` (so it holds -9223372036854775808…9223372036854775807; a 20-digit one
/// is an error) and a float literal as `Double` (the `Double` rules, in messages "conversion to 'Decimal'").
///
/// repogen refuses a literal when either machine would warn, so that a spec builds on both.
package enum NumberLiteral {
    /// Why a number cannot be written for a type: completes "`<number>` …", as in "is out of range for Int8 (-128…127)".
    package struct Failure: Error, Equatable, Sendable {
        package var reason: String
    }

    /// The numeric types repogen writes literals for, by name: `Int`, `Int8`…`Int64`, `UInt`…`UInt64`, `Float`,
    /// `Double`, `Decimal` (`Swift.` or `Foundation.` before the name too).
    package static func isNumericType(_ name: String) -> Bool { kind(of: name) != nil }

    /// `text` (a number as a spec writes it) as a Swift literal of the numeric type `name`, spelled as Swift needs;
    /// nil when `name` is not a numeric type or `text` is not a number.
    package static func literal(_ text: String, forTypeNamed name: String) -> Result<String, Failure>? {
        guard let kind = kind(of: name), let number = Written(text) else { return nil }
        if let failure = check(number, kind) { return .failure(failure) }
        return .success(number.spelled)
    }

    /// `text` spelled as Swift needs it (`.5` is `0.5`, `+5` is `5`), whether or not a type can take it; nil when it
    /// is not a number.
    package static func spelling(of text: String) -> String? { Written(text)?.spelled }

    /// Whether `text` is a number written as an integer literal (without `.` or an exponent).
    package static func isIntegerLiteral(_ text: String) -> Bool { Written(text)?.isIntegerLiteral ?? false }

    /// Whether `text` is a number repogen can write: `[+-]digits[.digits][e[+-]digits]`, with digits on at least
    /// one side of the `.` (`.5`, `5.` are numbers; `0x10`, `1_000`, `inf` are not).
    package static func isNumber(_ text: String) -> Bool { Written(text) != nil }

    /// The longest run of significant digits repogen writes (a longer number is refused, as no real value needs it,
    /// and so that the exact arithmetic stays small).
    static let maximumDigits = 1_000

    // MARK: - Types

    enum Kind {
        case integer(name: String, bits: Int, signed: Bool)
        case binary(BinaryFormat)
        case decimal
    }

    static func kind(of name: String) -> Kind? {
        var name = name
        for prefix in ["Swift.", "Foundation."] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        switch name {
        case "Int", "Int64": return .integer(name: name, bits: 64, signed: true)
        case "Int32": return .integer(name: name, bits: 32, signed: true)
        case "Int16": return .integer(name: name, bits: 16, signed: true)
        case "Int8": return .integer(name: name, bits: 8, signed: true)
        case "UInt", "UInt64": return .integer(name: name, bits: 64, signed: false)
        case "UInt32": return .integer(name: name, bits: 32, signed: false)
        case "UInt16": return .integer(name: name, bits: 16, signed: false)
        case "UInt8": return .integer(name: name, bits: 8, signed: false)
        case "Float": return .binary(.float)
        case "Double": return .binary(.double)
        case "Decimal": return .decimal
        default: return nil
        }
    }

    /// An IEEE 754 binary format, with what its messages say about it.
    struct BinaryFormat {
        var name: String
        /// Significand bits, the leading one included.
        var precision: Int
        /// The exponent of the least normal value and of the largest finite one.
        var minExponent: Int
        var maxExponent: Int
        /// The largest finite value, the least normal one and the largest of the run of integers held exactly, as
        /// Swift prints them.
        var largest: String
        var leastNormal: String
        var exactIntegers: String

        /// Fraction bits (the precision without the leading one), as the compiler's check counts them.
        var fractionBits: Int { precision - 1 }

        static let float = BinaryFormat(
            name: "Float", precision: 24, minExponent: -126, maxExponent: 127, largest: "3.4028235e38",
            leastNormal: "1.1754944e-38", exactIntegers: "16777216")
        static let double = BinaryFormat(
            name: "Double", precision: 53, minExponent: -1022, maxExponent: 1023, largest: "1.7976931348623157e308",
            leastNormal: "2.2250738585072014e-308", exactIntegers: "9007199254740992")
        /// x86's `Float80`, which the compiler reads float literals into there (its integer bit is explicit: 63
        /// fraction bits, as `fractionBits` gives).
        static let float80 = BinaryFormat(
            name: "Float80", precision: 64, minExponent: -16382, maxExponent: 16383, largest: "", leastNormal: "",
            exactIntegers: "")
    }

    // MARK: - The number as written

    /// `[+-]digits[.digits][e[+-]digits]` taken apart.
    struct Written {
        var negative: Bool
        /// The digits before the `.` and after it (nil without a `.`), and the exponent's text (nil without one).
        var integerDigits: Substring
        var fractionDigits: Substring?
        var exponent: Substring?

        init?(_ text: String) {
            var rest = Substring(text)
            negative = rest.first == "-"
            if rest.first == "-" || rest.first == "+" { rest.removeFirst() }
            let isDigit: (Character) -> Bool = { ("0"..."9").contains($0) }
            integerDigits = rest.prefix(while: isDigit)
            rest.removeFirst(integerDigits.count)
            if rest.first == "." {
                rest.removeFirst()
                let fraction = rest.prefix(while: isDigit)
                rest.removeFirst(fraction.count)
                fractionDigits = fraction
            }
            guard !integerDigits.isEmpty || !(fractionDigits ?? "").isEmpty else { return nil }
            if rest.first == "e" || rest.first == "E" {
                let marker = rest.removeFirst()
                var sign: Substring = ""
                if rest.first == "-" || rest.first == "+" { sign = Substring(String(rest.removeFirst())) }
                let digits = rest.prefix(while: isDigit)
                guard !digits.isEmpty else { return nil }
                rest.removeFirst(digits.count)
                exponent = Substring(String(marker)) + sign + digits
            }
            guard rest.isEmpty else { return nil }
        }

        var isIntegerLiteral: Bool { fractionDigits == nil && exponent == nil }

        /// As Swift needs it: `-` kept and `+` dropped, leading zeros dropped, `0` on an empty side of the `.`.
        var spelled: String {
            var text = negative ? "-" : ""
            let integer = integerDigits.drop { $0 == "0" }
            text += integer.isEmpty ? "0" : String(integer)
            if let fractionDigits { text += "." + (fractionDigits.isEmpty ? "0" : fractionDigits) }
            if let exponent { text += exponent }
            return text
        }

        /// The exponent's value, held within ±1,000,000,000 (anything past that is out of every range anyway).
        var exponentValue: Int {
            guard var digits = exponent?.dropFirst() else { return 0 }
            let negativeExponent = digits.first == "-"
            if digits.first == "-" || digits.first == "+" { digits.removeFirst() }
            digits = digits.drop { $0 == "0" }
            let value = digits.count > 9 ? 1_000_000_000 : Int(digits) ?? 0
            return negativeExponent ? -value : value
        }

        /// The value as significant digits (no leading zeros; empty for zero) times 10^`scale`.
        var significand: (digits: Substring, scale: Int) {
            let all = Substring(String(integerDigits) + String(fractionDigits ?? ""))
            let digits = all.drop { $0 == "0" }
            return (digits, exponentValue - (fractionDigits?.count ?? 0))
        }

        var isZero: Bool { significand.digits.isEmpty }
    }

    // MARK: - The checks

    static func check(_ number: Written, _ kind: Kind) -> Failure? {
        let (digits, scale) = number.significand
        if digits.count > maximumDigits {
            return Failure(reason: "has more than \(maximumDigits) digits, more than repogen writes as a literal")
        }
        switch kind {
        case .integer(let name, let bits, let signed):
            guard number.isIntegerLiteral else {
                return Failure(reason: "is not an integer literal: \(name) takes digits, without '.' or an exponent")
            }
            guard fitsInteger(number, bits: bits, signed: signed) else {
                return Failure(reason: "is out of range for \(name) (\(integerRange(bits: bits, signed: signed)))")
            }
            return nil
        case .decimal:
            guard number.isIntegerLiteral else { return checkFloatLiteral(number, .double, typeName: "Decimal") }
            guard fitsInteger(number, bits: 64, signed: true) else {
                return Failure(
                    reason: "is out of range for Decimal, whose integer literals are Int "
                        + "(-9223372036854775808…9223372036854775807)")
            }
            return nil
        case .binary(let format):
            guard number.isIntegerLiteral else { return checkFloatLiteral(number, format, typeName: format.name) }
            if number.isZero { return nil }
            // Straight to the type: exact, or an error (overflow) or a warning (inexact).
            let value = BigUInt(decimalDigits: digits.utf8) * BigUInt.powerOfTen(max(0, scale))
            let rounded = round(value, BigUInt(1), to: format)
            switch rounded.value {
            case .infinity, .zero:
                return outOfRange(format, typeName: format.name)
            case .finite(let significand, let exponent, _):
                guard rounded.exact else {
                    let made = (BigUInt(significand) << (exponent - format.precision + 1)).decimalDescription
                    return Failure(
                        reason: "is not exactly representable as \(format.name): Swift would make it "
                            + "\(number.negative ? "-" : "")\(made) and warn (\(format.name) holds every integer up to "
                            + "\(format.exactIntegers) exactly)")
                }
                return nil
            }
        }
    }

    static func outOfRange(_ format: BinaryFormat, typeName: String) -> Failure {
        Failure(reason: "is out of range for \(typeName) (-\(format.largest)…\(format.largest))")
    }

    /// Whether an integer literal is within the range of a `bits`-wide integer type.
    private static func fitsInteger(_ number: Written, bits: Int, signed: Bool) -> Bool {
        fitsInteger(negative: number.negative, digits: number.significand.digits, bits: bits, signed: signed)
    }

    /// Whether the integer of `digits` (no leading zeros; none for 0), negated when `negative`, is within the range
    /// of a `bits`-wide integer type.
    static func fitsInteger(negative: Bool, digits: Substring, bits: Int, signed: Bool) -> Bool {
        guard !digits.isEmpty else { return true }  // 0, -0
        if negative && !signed { return false }
        guard digits.count <= 40 else { return false }
        let value = BigUInt(decimalDigits: digits.utf8)
        let limit = signed ? BigUInt(1) << (bits - 1) : BigUInt(1) << bits
        // Signed: up to 2^(bits-1) - 1, or 2^(bits-1) when negative. Unsigned: below 2^bits.
        return value < limit || (signed && negative && !(limit < value))
    }

    /// The range of a `bits`-wide integer type, as messages write it: `-128…127`.
    static func integerRange(bits: Int, signed: Bool) -> String {
        signed
            ? "-" + (BigUInt(1) << (bits - 1)).decimalDescription + "…" + ((BigUInt(1) << (bits - 1)) - BigUInt(1)).decimalDescription
            : "0…" + ((BigUInt(1) << bits) - BigUInt(1)).decimalDescription
    }

    /// A float literal for a `Float` or `Double` (or `Decimal`, through `Double`), on both kinds of machine.
    private static func checkFloatLiteral(_ number: Written, _ format: BinaryFormat, typeName: String) -> Failure? {
        guard !number.isZero else { return nil }
        let (digits, scale) = number.significand
        let leading = digits.count - 1 + scale  // the power of ten of the first digit
        var rounded: [(Rounded, BinaryFormat)] = []
        if leading > 4_940 {
            return outOfRange(format, typeName: typeName)  // past Float80's largest, and every type's
        } else if leading < -4_960 {
            rounded = [(Rounded(value: .zero, exact: false), .float80)]
        } else {
            let significand = BigUInt(decimalDigits: digits.utf8)
            let numerator = scale >= 0 ? significand * BigUInt.powerOfTen(scale) : significand
            let denominator = scale >= 0 ? BigUInt(1) : BigUInt.powerOfTen(-scale)
            // Read as x86_64 reads it (into Float80) and as arm64 does (into Double).
            rounded = [.float80, .double].map { (round(numerator, denominator, to: $0), $0) }
        }
        var underflows = false
        for (read, readFormat) in rounded {
            switch read.value {
            case .infinity:
                return outOfRange(format, typeName: typeName)
            case .zero:
                return Failure(
                    reason: "is too small for \(typeName): Swift would make it 0 (its smallest normal value is "
                        + "\(format.leastNormal))")
            case .finite(let significand, let exponent, let subnormal):
                guard readFormat.precision > format.precision else { continue }  // no truncation: nothing to warn
                // Truncated to the type: it overflows, or underflows with a loss of precision.
                let shift = exponent - readFormat.precision + 1
                let truncated = round(
                    shift >= 0 ? BigUInt(significand) << shift : BigUInt(significand),
                    shift >= 0 ? BigUInt(1) : BigUInt(1) << -shift, to: format)
                if case .infinity = truncated.value { return outOfRange(format, typeName: typeName) }
                if subnormal || isLossyUnderflow(significand: significand, exponent: exponent, from: readFormat, to: format) {
                    underflows = true
                }
            }
        }
        if underflows {
            return Failure(
                reason: "is too small for \(typeName): Swift warns that it underflows and loses precision (its "
                    + "smallest normal value is \(format.leastNormal))")
        }
        return nil
    }

    /// The compiler's `isLossyUnderflow` for a normal value of `source` (1.fraction × 2^exponent) truncated to
    /// `target`: below the target's normal range, and a set bit among the lowest `minExponent - exponent + 1` of its
    /// fraction cut to the target's width (or smaller than the target's least subnormal).
    static func isLossyUnderflow(significand: UInt64, exponent: Int, from source: BinaryFormat, to target: BinaryFormat) -> Bool {
        guard exponent < target.minExponent else { return false }
        if exponent < target.minExponent - target.fractionBits { return true }
        let fraction = significand & ((1 << UInt64(source.fractionBits)) - 1)
        let truncated = fraction >> UInt64(source.fractionBits - target.fractionBits)
        let loss = target.minExponent - exponent + 1
        let mask: UInt64 = loss >= 64 ? .max : (1 << UInt64(loss)) - 1
        return truncated & mask != 0
    }

    // MARK: - Rounding

    /// A value rounded to a binary format.
    struct Rounded {
        enum Value {
            case zero
            case infinity
            /// `significand × 2^(exponent - precision + 1)`; `exponent` is the least normal one when `subnormal`.
            case finite(significand: UInt64, exponent: Int, subnormal: Bool)
        }

        var value: Value
        /// Whether nothing was lost.
        var exact: Bool
    }

    /// `numerator / denominator` (positive) rounded to nearest, ties to even, in `format` (subnormals included), as
    /// APFloat rounds: what the compiler makes of a literal.
    static func round(_ numerator: BigUInt, _ denominator: BigUInt, to format: BinaryFormat) -> Rounded {
        guard !numerator.isZero else { return Rounded(value: .zero, exact: true) }
        // 2^e <= value < 2^(e+1)
        var e = numerator.bitWidth - denominator.bitWidth
        if e >= 0 ? numerator < denominator << e : numerator << -e < denominator { e -= 1 }
        if e > format.maxExponent + 1 { return Rounded(value: .infinity, exact: false) }
        if e < format.minExponent - format.precision { return Rounded(value: .zero, exact: false) }
        var exponent = max(e, format.minExponent)
        let shift = exponent - format.precision + 1  // the weight of the significand's last bit
        let (quotient, remainder) = shift >= 0
            ? BigUInt.divide(numerator, by: denominator << shift)
            : BigUInt.divide(numerator << -shift, by: denominator)
        let divisor = shift >= 0 ? denominator << shift : denominator
        let twice = remainder << 1
        var significand = quotient
        if divisor < twice || (!(twice < divisor) && significand & 1 == 1) {
            let (next, overflow) = significand.addingReportingOverflow(1)
            significand = next
            if overflow || (format.precision < 64 && significand == 1 << UInt64(format.precision)) {
                significand = 1 << UInt64(format.precision - 1)
                exponent += 1
            }
        }
        let exact = remainder.isZero
        if significand == 0 { return Rounded(value: .zero, exact: false) }
        if exponent > format.maxExponent { return Rounded(value: .infinity, exact: false) }
        return Rounded(
            value: .finite(
                significand: significand, exponent: exponent, subnormal: significand < 1 << UInt64(format.precision - 1)),
            exact: exact)
    }
}
