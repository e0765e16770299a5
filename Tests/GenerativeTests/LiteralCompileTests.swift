import Foundation
import RepogenCore
import XCTest

/// "Accepted means it builds" for the numbers a spec writes into Swift: field defaults, computed domain values, param
/// constants and cache ttls, for every numeric type, at the edges of each range (and past them) and at random. The
/// compiler checks literal ranges and exactness in SIL, after type-checking, so everything here is compiled with
/// `swiftc -emit-sil -warnings-as-errors`, not `-typecheck`:
///
/// - every number repogen accepts is generated into one module, which must build with no diagnostic at all;
/// - every number it refuses must be refused at its own line, saying why, and the compiler must diagnose the literal
///   repogen would have written (an error or a warning), except for the two refusals that are repogen's own: a
///   literal that reads as 0 (the compiler says nothing on arm64), one of more than 1000 digits, and a ttl outside
///   0.001…31536000 seconds.
///
/// Seeded: `REPOGEN_LITERAL_SEED` and `REPOGEN_LITERAL_COUNT` (random numbers per type and context) replay or widen it.
final class LiteralCompileTests: XCTestCase {
    static let types = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Float", "Double",
        "Decimal",
    ]

    /// One number in one place of the spec.
    struct Case {
        enum Context: String { case fieldDefault = "default", domainValue = "domain value", param, ttl }
        var context: Context
        var type: String
        var text: String
        /// The line of the spec it is written on, once the spec is made.
        var line = 0
    }

    func testEveryAcceptedNumberBuildsAndEveryRefusedOneDoesNot() throws {
        guard let swiftc = GenerativeTests.findSwiftc() else { throw XCTSkip("swiftc is not on the PATH") }
        let environment = ProcessInfo.processInfo.environment
        let seed = UInt64(environment["REPOGEN_LITERAL_SEED"] ?? "") ?? 20_261_125
        let count = Int(environment["REPOGEN_LITERAL_COUNT"] ?? "") ?? 40
        var random = NumberTexts(seed: seed)

        var cases: [Case] = []
        for type in Self.types {
            for text in NumberTexts.edges(for: type) + (0..<count).map({ _ in random.number(jsonOnly: true) }) {
                cases.append(Case(context: .fieldDefault, type: type, text: text))
            }
            for text in NumberTexts.edges(for: type) + NumberTexts.spellings
                + (0..<count).map({ _ in random.number(jsonOnly: false) })
            {
                cases.append(Case(context: .domainValue, type: type, text: text))
            }
        }
        // A param constant is an Int or a Double by its form; a ttl is a number of seconds.
        for text in NumberTexts.edges(for: "Int") + NumberTexts.edges(for: "Double")
            + (0..<(count * 4)).map({ _ in random.number(jsonOnly: true) })
        {
            cases.append(Case(context: .param, type: NumberLiteral.isIntegerLiteral(text) ? "Int" : "Double", text: text))
        }
        for text in NumberTexts.ttls + (0..<count).map({ _ in random.ttl() }) {
            cases.append(Case(context: .ttl, type: NumberLiteral.isIntegerLiteral(text) ? "Int" : "Double", text: text))
        }

        // 1. One spec of every case: each refused number is an error at its own line, and nothing else is.
        let all = Self.spec(&cases)
        let library = try TemplateSet.builtin.library(templatesPath: nil)
        var refusedLines: [Int: String] = [:]
        do {
            _ = try Pipeline.generate(file: SpecFile(path: "literals.json", text: all), library: library, options: GenerateOptions())
        } catch {
            for diagnostic in error.diagnostics where diagnostic.severity == .error {
                guard let location = diagnostic.location else {
                    XCTFail("an error without a line and column: \(diagnostic)")
                    continue
                }
                XCTAssertNil(refusedLines[location.line], "two errors at line \(location.line): \(diagnostic)")
                refusedLines[location.line] = diagnostic.message
            }
        }
        let caseLines = Set(cases.map(\.line))
        for (line, message) in refusedLines where !caseLines.contains(line) {
            XCTFail("an error at line \(line), which holds no number: \(message)")
        }
        let reasons = [
            "is out of range for", "is not an integer literal", "is not exactly representable", "is too small for",
            "more than 1000 digits", "must be at most", "must be at least", "must be a positive number",
        ]
        var accepted: [Case] = []
        var refused: [(Case, String)] = []
        for item in cases {
            if let message = refusedLines[item.line] {
                XCTAssertTrue(
                    reasons.contains { message.contains($0) } && message.contains(item.text.trimmingCharacters(in: .whitespaces)),
                    "\(item.context.rawValue) \(item.text) for \(item.type): \(message)")
                refused.append((item, message))
            } else {
                accepted.append(item)
            }
        }
        XCTAssertGreaterThan(accepted.count, cases.count / 4, "too few numbers accepted to prove anything")
        XCTAssertGreaterThan(refused.count, cases.count / 8, "too few numbers refused to prove anything")

        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-literals-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)

        // 2. The accepted ones, generated together, build with no diagnostic at all.
        var kept = accepted
        let text = Self.spec(&kept)
        let generation = try Pipeline.generate(
            file: SpecFile(path: "literals.json", text: text), library: library, options: GenerateOptions())
        XCTAssertEqual(generation.warnings.map(\.description), [])
        let runtime = try XCTUnwrap(try GeneratedCodeCompiler(work: work.appendingPathComponent("runtime")))
        var files: [String] = []
        for file in generation.files {
            let url = work.appendingPathComponent("accepted").appendingPathComponent(file.relativePath)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url)
            files.append(url.path)
        }
        let built = try ConformanceCompileTests.run(swiftc, [
            "-emit-sil", "-wmo", "-o", "/dev/null", "-swift-version", "6", "-warnings-as-errors", "-parse-as-library",
            "-module-name", "Literals", "-D", "DEBUG",
        ] + runtime.runtimeArguments + files)
        if built.status != 0 || built.text.contains("warning:") {
            var shown = try Self.diagnosticsWithTheirLines(built.text).prefix(30).joined(separator: "\n")
            if shown.isEmpty { shown = String(built.text.prefix(3_000)) }
            XCTFail("accepted numbers did not build (seed \(seed)):\n\(shown)")
        }

        // 3. The refused ones, as repogen would have written them, are diagnosed by the compiler.
        // (A ttl's range is repogen's own too: a longer one traps at run time, a shorter one is gone at once.)
        let compared = refused.filter {
            !["would make it 0", "more than 1000 digits", "must be at most", "must be at least", "must be a positive"]
                .contains(where: $0.1.contains)
        }
        let literals = compared.map { item, _ in (type: item.type, literal: NumberLiteral.spelling(of: item.text) ?? item.text) }
        let diagnosed = try Self.diagnosedLiterals(literals, swiftc: swiftc, in: work)
        for (index, (item, message)) in compared.enumerated() where !diagnosed.contains(index) {
            XCTFail("refused, but the compiler builds it without a word: \(item.context.rawValue) \(item.text) for \(item.type) (\(message))")
        }
        print("literal check: \(accepted.count) numbers accepted and built with -emit-sil -warnings-as-errors, "
            + "\(refused.count) refused (\(compared.count) of them diagnosed by the compiler too), seed \(seed)")
    }

    /// The spec of `cases`, one number a line (each case's `line` set): field defaults in models of a few dozen
    /// fields, computed values in domain types, param constants in endpoints of ten, a ttl per cached endpoint.
    static func spec(_ cases: inout [Case]) -> String {
        func chunks(_ context: Case.Context, size: Int) -> [[Int]] {
            let indices = cases.indices.filter { cases[$0].context == context }
            return stride(from: 0, to: indices.count, by: size).map { Array(indices[$0..<min(indices.count, $0 + size)]) }
        }
        var output: [String] = []
        // Lines are counted as they are appended; a case's line is where its number is.
        func append(_ line: String, case index: Int? = nil) {
            output.append(line)
            if let index { cases[index].line = output.count }
        }
        append(#"{ "models": {"#)
        var firstModel = true
        for (chunk, indices) in chunks(.fieldDefault, size: 40).enumerated() {
            append((firstModel ? "" : ",") + #"  "Defaults\#(chunk)": { "fields": {"#)
            firstModel = false
            for (position, index) in indices.enumerated() {
                let item = cases[index]
                append(#"    "f\#(position)": { "type": "\#(item.type)", "default": \#(item.text) }"# + (position + 1 < indices.count ? "," : ""), case: index)
            }
            append("  } }")
        }
        for (chunk, indices) in chunks(.domainValue, size: 40).enumerated() {
            append((firstModel ? "" : ",") + #"  "Values\#(chunk)DTO": { "fields": { "id": "Int" }, "domain": { "name": "Values\#(chunk)", "fields": {"#)
            firstModel = false
            for (position, index) in indices.enumerated() {
                let item = cases[index]
                append(#"    "v\#(position)": { "type": "\#(item.type)", "value": "\#(item.text)" }"# + (position + 1 < indices.count ? "," : ""), case: index)
            }
            append("  } } }")
        }
        append(#"}, "endpoints": ["#)
        var endpointCount = 0
        func endpointSeparator() -> String {
            endpointCount += 1
            return endpointCount == 1 ? "" : ","
        }
        for chunk in 0..<chunks(.fieldDefault, size: 40).count {
            append(endpointSeparator() + #"  { "name": "fetchDefaults\#(chunk)", "method": "GET", "path": "/d\#(chunk)", "response": "Defaults\#(chunk)" }"#)
        }
        for chunk in 0..<chunks(.domainValue, size: 40).count {
            append(endpointSeparator() + #"  { "name": "fetchValues\#(chunk)", "method": "GET", "path": "/v\#(chunk)", "response": "[Values\#(chunk)DTO]" }"#)
        }
        for (chunk, indices) in chunks(.param, size: 10).enumerated() {
            append(endpointSeparator() + #"  { "name": "search\#(chunk)", "method": "GET", "path": "/s\#(chunk)", "param": {"#)
            for (position, index) in indices.enumerated() {
                append(#"    "p\#(position)": \#(cases[index].text)"# + (position + 1 < indices.count ? "," : ""), case: index)
            }
            append("  } }")
        }
        for (position, index) in chunks(.ttl, size: 1).map({ $0[0] }).enumerated() {
            append(endpointSeparator() + #"  { "name": "cached\#(position)", "method": "GET", "path": "/c\#(position)", "response": "String", "cache": { "ttl": \#(cases[index].text) } }"#, case: index)
        }
        append("] }")
        return output.joined(separator: "\n") + "\n"
    }

    /// The indices of `literals` the compiler diagnoses (an error or a warning), each the value of a function of its
    /// type. Type errors stop the compiler before it checks literals in SIL, so the literals with type errors are
    /// taken out and the rest compiled again.
    static func diagnosedLiterals(_ literals: [(type: String, literal: String)], swiftc: String, in work: URL) throws -> Set<Int> {
        var diagnosed: Set<Int> = []
        var pending = Array(literals.indices)
        let file = work.appendingPathComponent("refused.swift")
        while !pending.isEmpty {
            var source = ["import Foundation"]
            var indexAtLine: [Int: Int] = [:]
            for index in pending {
                source.append("func r\(index)() -> \(literals[index].type) { return \(literals[index].literal) }")
                indexAtLine[source.count] = index
            }
            try Data((source.joined(separator: "\n") + "\n").utf8).write(to: file)
            let output = try ConformanceCompileTests.run(swiftc, ["-emit-sil", "-o", "/dev/null", "-swift-version", "6", "-parse-as-library", file.path])
            var errors: Set<Int> = []
            for line in output.text.split(separator: "\n") where line.hasPrefix(file.path + ":") {
                let fields = line.dropFirst(file.path.count + 1).split(separator: ":", maxSplits: 3)
                guard fields.count >= 3, let number = Int(fields[0]), let index = indexAtLine[number] else { continue }
                let kind = fields[2].trimmingCharacters(in: .whitespaces)
                if kind == "error" { errors.insert(index) }
                if kind == "error" || kind == "warning" { diagnosed.insert(index) }
            }
            // Without type errors, every literal went through SIL's checks.
            if errors.isEmpty { break }
            pending.removeAll { errors.contains($0) }
        }
        return diagnosed
    }

    /// Each diagnostic line of `output` with the line of generated code it is about.
    static func diagnosticsWithTheirLines(_ output: String) throws -> [String] {
        output.split(separator: "\n").filter { $0.contains(": error:") || $0.contains(": warning:") }.map { line in
            let parts = line.split(separator: ":", maxSplits: 3)
            guard parts.count >= 3, let number = Int(parts[1]),
                let text = try? String(contentsOfFile: String(parts[0]), encoding: .utf8)
            else { return String(line) }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            return String(line) + "\n    " + (number - 1 < lines.count ? String(lines[number - 1]) : "")
        }
    }
}

/// Number texts: the edges of each type's range, the spellings Swift needs fixed, and random ones (seeded).
struct NumberTexts {
    private var random: SeededRandom

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    mutating func next() -> UInt64 { random.next() }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func digits(_ count: Int, leadingZero: Bool = true) -> String {
        String((0..<count).map { position in
            Character(String(position == 0 && !leadingZero ? 1 + below(9) : below(10)))
        })
    }

    /// A random number; `jsonOnly` keeps to JSON's grammar (no `+`, no leading zeros, digits on both sides of a `.`).
    mutating func number(jsonOnly: Bool) -> String {
        let sign = below(10) < 3 ? "-" : (!jsonOnly && below(10) == 0 ? "+" : "")
        var text: String
        switch below(7) {
        case 0:
            text = String(below(1000))
        case 1:
            // Next to a power of two: the edges of integer ranges and of exactly held integers.
            let power = pick([7, 8, 15, 16, 24, 25, 31, 32, 53, 54, 63, 64, 65, 100, 127, 128, 129, 1023, 1024])
            text = Self.powerOfTwo(power, plus: below(7) - 3)
        case 2:
            // Long integers.
            text = digits(1 + below(45), leadingZero: false)
        default:
            // Digits, a fraction, an exponent: around the edges of Float's and Double's ranges, and anywhere.
            text = digits(1 + below(8), leadingZero: false)
            if below(3) > 0 { text += "." + digits(1 + below(20)) }
            if below(4) > 0 {
                let exponent = below(3) == 0
                    ? below(801) - 400
                    : pick([1, 5, 15, 16, 18, 19, 20, 37, 38, 39, 44, 45, 46, 307, 308, 309, 322, 323, 324, 325, 4940, 4960])
                        * (below(2) == 0 ? 1 : -1) + below(3) - 1
                text += pick(["e", "E"]) + (exponent >= 0 && below(3) == 0 ? "+" : "") + String(exponent)
            }
        }
        if !jsonOnly {
            switch below(6) {
            case 0 where text.hasPrefix("0."): text.removeFirst()  // .5
            case 1 where !text.contains(".") && !text.contains("e") && !text.contains("E"): text += "."  // 5.
            case 2: text = "00" + text
            default: break
            }
        }
        return sign + text
    }

    /// A random ttl: mostly inside 0.001…31536000, sometimes just outside.
    mutating func ttl() -> String {
        switch below(5) {
        case 0: return String(1 + below(31_536_000))
        case 1: return "0.00" + digits(1 + below(25))
        case 2: return String(below(31_536_000)) + "." + digits(1 + below(30))
        case 3: return digits(1, leadingZero: false) + "." + digits(below(10) + 1) + "e" + String(below(12) - 4)
        default: return pick(["31536000.0000000001", "31535999.999999999999999999999999", "0.000999999999999999999", "1e-3"])
        }
    }

    /// The edges of `type`'s range, and past them.
    static func edges(for type: String) -> [String] {
        let bits = ["Int": 64, "Int64": 64, "Int32": 32, "Int16": 16, "Int8": 8, "UInt": 64, "UInt64": 64, "UInt32": 32, "UInt16": 16, "UInt8": 8]
        if let width = bits[type] {
            let signed = !type.hasPrefix("U")
            let top = signed ? width - 1 : width
            return [
                "0", "-0", "1", "-1", powerOfTwo(top, plus: -1), powerOfTwo(top, plus: 0), powerOfTwo(top, plus: 1),
                "-" + powerOfTwo(top, plus: 0), "-" + powerOfTwo(top, plus: 1), "1.0", "1e2", "300", "256", "-129",
                "12345678901234567890", "123456789012345678901234567890",
            ]
        }
        let shared = [
            "0", "-0", "0.0", "-0.0", "0.1", "1", "1e2", "1E5", "1e+5", "2.5E-3", "300", "16777216", "16777217", "-16777217",
            "9007199254740992", "9007199254740993", "9007199254740993.0", "1e38", "1e39", "3.4028235e38", "3.4028236e38",
            "340282356779733661637539395458142568447", "340282356779733661637539395458142568448", "1e-38", "1e-39",
            "1e-40", "1e-45", "1e-46", "1.17549435e-38", "1.1754943E-38", "7.3468396926392969248E-40",
            "1.4012984821624085566E-45",
            // 2^-127 + 2^-149, exactly a Float subnormal that the compiler still warns about; 2^-127 + 2^-148.
            "5.87747315540990186466075360984081167900945906412237948405953028846037018706471855011841398663818836212158203125E-39",
            "5.8774745567083661894778245335703949689255903443843213605753020455286540768558012359790154732763767242431640625E-39",
            "2.2250738585072014e-308", "2.225073858507201e-308", "2.1e-308", "2e-308", "1e-308", "5e-324", "1e-323",
            "1e-400", "1e-5000", "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "1e309",
            "1e5000", "12345678901234567890", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
            "-9223372036854775809", "123456789012345678901234567890", "300.000000000000000000000000001",
            String(repeating: "9", count: 1_001),
        ]
        return shared
    }

    /// Spellings a computed value may use that Swift needs written otherwise.
    static let spellings = [".5", "5.", "-.5", "+5", "007", "00.5", "5.e3", ".5e-3", "+0.5", "0005.", "-00"]

    /// ttls at the edges of 0.001…31536000, some written with thirty digits.
    static let ttls = [
        "0.001", "0.0009", "1e-3", "0.001e0", "31536000", "31536001", "31536000.5", "3.1536e7", "1e30",
        "123456789012345678901234567890", "0.000000000000000000000000000001", "300.000000000000000000000000001", "300",
        "0.5", "2.50", "1E-3",
    ]

    /// 2^`power` + `plus`, in decimal digits.
    static func powerOfTwo(_ power: Int, plus: Int) -> String {
        var digits: [Int] = [1]  // least significant first
        for _ in 0..<power {
            var carry = 0
            for index in digits.indices {
                let value = digits[index] * 2 + carry
                digits[index] = value % 10
                carry = value / 10
            }
            if carry > 0 { digits.append(carry) }
        }
        // Add or subtract a small number, digit by digit.
        var carry = plus
        var index = 0
        while carry != 0 {
            if index == digits.count { digits.append(0) }
            let value = digits[index] + carry
            digits[index] = ((value % 10) + 10) % 10
            carry = (value - digits[index]) / 10
            index += 1
        }
        while digits.count > 1, digits.last == 0 { digits.removeLast() }
        return digits.reversed().map(String.init).joined()
    }
}
