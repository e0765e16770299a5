import Foundation
import RepogenRuntime
import TestServer
import XCTest

/// The runtime's request building as a boundary: random hostile values (every code point U+0000–U+00FF, dot
/// segments, separators, boundaries, long values) through every place an input reaches a request, sent to a raw
/// socket server that records the bytes on the wire. Each request must either arrive so that the server reads back
/// exactly the values sent (a header's value as HTTP defines it, without spaces and tabs at its ends; a `"`, CR or
/// LF in a multipart name as browsers send it, `%22`, `%0D`, `%0A`), or fail with `invalidParameter` before anything is sent, and only for the documented
/// reasons (this test's own oracle says which); a value that should have gone out and was refused fails too.
///
/// Seeded and reproducible: `REPOGEN_WIRE_SEED` replays a run (each failure names its seed and case), and
/// `REPOGEN_WIRE_CASES` sets how many requests it sends (800 by default; they take about a second).
final class WireSafetyPropertyTests: XCTestCase {
    func testHostileValuesReachTheServerAsDataOrAreRefusedBeforeSending() async throws {
        let seed = ProcessInfo.processInfo.environment["REPOGEN_WIRE_SEED"].flatMap { UInt64($0) } ?? 0x5EED_27
        let count = ProcessInfo.processInfo.environment["REPOGEN_WIRE_CASES"].flatMap { Int($0) } ?? 800
        let server = try RawServer()
        defer { server.stop() }
        var random = SplitMix64(seed: seed)
        var sent = 0, refused = 0
        var refusedBy: [Place: Int] = [:], sentBy: [Place: Int] = [:]
        for index in 0..<count {
            let place = Place.allCases[index % Place.allCases.count]
            let probe = Probe.make(place, &random)
            server.reset()
            var configuration = NetworkConfiguration(baseURL: server.baseURL)
            configuration.queryArrayStyle = probe.arrayStyle
            configuration.timeout = 20
            if let token = probe.token { configuration.authToken = { token } }
            let manager = NetworkManager(configuration: configuration)
            let result: Result<Void, Error> = await manager.request(requestType: probe.request)
            let context = "seed \(seed), case \(index) (\(place)): \(probe.summary)"
            let requests = server.requests
            if let expected = probe.refusal {
                guard case .failure(let error) = result, case .invalidParameter? = error as? NetworkError else {
                    XCTFail("\(context): expected a refusal (\(expected)), got \(result)")
                    continue
                }
                XCTAssertEqual(requests.count, 0, "\(context): refused, yet something reached the server")
                refused += 1
                refusedBy[place, default: 0] += 1
                continue
            }
            guard case .success = result else {
                XCTFail("\(context): expected it to be sent, got \(result)")
                continue
            }
            guard requests.count == 1, let bytes = requests.first else {
                XCTFail("\(context): \(requests.count) requests reached the server")
                continue
            }
            do {
                try probe.check(WireRequest(bytes))
            } catch {
                XCTFail("\(context): \(error)\n\(String(decoding: bytes.prefix(2_000), as: UTF8.self).debugDescription)")
            }
            sent += 1
            sentBy[place, default: 0] += 1
        }
        print("wire safety: \(count) hostile requests (seed \(seed)): \(sent) arrived as sent, \(refused) refused before sending")
        // Both outcomes must happen in every place that can refuse, or the generator is not reaching them.
        for place in Place.allCases {
            XCTAssertGreaterThan(sentBy[place, default: 0], 0, "no \(place) request was sent")
            if place.canRefuse, count >= 200 {
                XCTAssertGreaterThan(refusedBy[place, default: 0], 0, "no \(place) request was refused")
            }
        }
    }
}

/// Where an input reaches a request.
enum Place: String, CaseIterable, CustomStringConvertible {
    case path, queryValue, queryKey, queryArray, jsonBody, header, authToken, multipart

    var description: String { rawValue }

    var canRefuse: Bool { self != .queryValue && self != .jsonBody }
}

/// One hostile request, what the server must read back, or why it must be refused.
struct Probe {
    var request: ProbeRequest
    var arrayStyle: NetworkConfiguration.QueryArrayStyle = .commaSeparated
    var token: String?
    /// Why the runtime must refuse it (the oracle's reason); nil when it must be sent.
    var refusal: String?
    var summary: String
    var check: (WireRequest) throws -> Void

    typealias Malformed = WireRequest.Malformed

    static func make(_ place: Place, _ random: inout SplitMix64) -> Probe {
        switch place {
        case .path:
            let a = random.hostileString(), b = random.hostileString(), c = random.hostileString()
            let request = ProbeRequest(path: "/t/\(PathComponent(a))/x/\(PathComponent(b)).\(PathComponent(c))")
            let joined = b + "." + c
            var refusal: String?
            if a.isEmpty { refusal = "an empty path input makes an empty segment" }
            if b.isEmpty && c.isEmpty { refusal = "empty path inputs make the dot segment '.'" }
            return Probe(request: request, refusal: refusal, summary: "path \(a.debugDescription), \(b.debugDescription), \(c.debugDescription)") { wire in
                try expect(wire.method, "GET")
                try expect(try wire.pathSegments(), ["t", a, "x", joined])
                try expect(wire.query, nil)
            }
        case .queryValue:
            let value = random.hostileString()
            let request = ProbeRequest(param: ["v": value, "n": 5] as RequestParameters)
            return Probe(request: request, summary: "query value \(value.debugDescription)") { wire in
                try expect(try wire.queryItems().map { [$0.name, $0.value] }, [["n", "5"], ["v", value]])
                try expect(wire.path, "/q")
            }
        case .queryKey:
            let key = random.hostileString(), value = random.hostileString()
            var params = RequestParameters()
            params.spread([key: value])
            let style = random.arrayStyle()
            var refusal: String?
            if key.isEmpty { refusal = "an empty query name" }
            if style == .brackets, key.contains("[") || key.contains("]") { refusal = "brackets in a name, brackets style" }
            return Probe(request: ProbeRequest(param: params), arrayStyle: style, refusal: refusal, summary: "query key \(key.debugDescription) = \(value.debugDescription), \(style)") { wire in
                try expect(try wire.queryItems().map { [$0.name, $0.value] }, [[key, value]])
            }
        case .queryArray:
            let elements = (0..<random.below(4)).map { _ in random.hostileString() }
            let style = random.arrayStyle()
            var refusal: String?
            if style == .commaSeparated, elements.contains(where: { $0.contains(",") }) { refusal = "a comma in an element" }
            if style == .spaceDelimited, elements.contains(where: { $0.contains(" ") }) { refusal = "a space in an element" }
            if style == .pipeDelimited, elements.contains(where: { $0.contains("|") }) { refusal = "a '|' in an element" }
            let request = ProbeRequest(param: ["tags": elements] as RequestParameters)
            return Probe(request: request, arrayStyle: style, refusal: refusal, summary: "array \(elements.map(\.debugDescription)), \(style)") { wire in
                let items = try wire.queryItems()
                switch style {
                case .commaSeparated, .spaceDelimited, .pipeDelimited:
                    if elements.isEmpty { return try expect(items.count, 0) }
                    try expect(items.map(\.name), ["tags"])
                    let separator: Character = style == .commaSeparated ? "," : style == .spaceDelimited ? " " : "|"
                    try expect(items[0].value.split(separator: separator, omittingEmptySubsequences: false).map(String.init), elements)
                case .repeatedKeys:
                    try expect(items.map(\.name), Array(repeating: "tags", count: elements.count))
                    try expect(items.map(\.value), elements)
                case .brackets:
                    try expect(items.map(\.name), Array(repeating: "tags[]", count: elements.count))
                    try expect(items.map(\.value), elements)
                case .deepObject:
                    // Not drawn: `arrayStyle()` draws the styles of arrays; deepObject's are in ObjectParameterTests.
                    try expect("deepObject", "an array style")
                }
            }
        case .jsonBody:
            let key = random.hostileString(), value = random.hostileString()
            var params: RequestParameters = ["fixed": value]
            if key != "fixed" { params[key] = value + "!" }
            let expected = key == "fixed" ? ["fixed": value] : ["fixed": value, key: value + "!"]
            return Probe(request: ProbeRequest(param: params, method: .post), summary: "body \(key.debugDescription): \(value.debugDescription)") { wire in
                try expect(wire.method, "POST")
                try expect(try JSONDecoder().decode([String: String].self, from: Data(wire.body)), expected)
                try expect(wire.query, nil)
            }
        case .header:
            let name = random.chance(4) ? random.hostileString(maxLength: 12) : "X-Value"
            let value = random.hostileString()
            var refusal: String?
            if let problem = Oracle.headerProblem(name: name, value: value) { refusal = problem }
            return Probe(request: ProbeRequest(header: .custom([name: value])), refusal: refusal, summary: "header \(name.debugDescription): \(value.debugDescription)") { wire in
                try expect(wire.headers(name), [WireRequest.trimmed(value)])
            }
        case .authToken:
            let token = random.hostileString()
            let refusal = Oracle.headerProblem(name: "Authorization", value: "Bearer " + token)
            return Probe(request: ProbeRequest(), token: token, refusal: refusal, summary: "token \(token.debugDescription)") { wire in
                try expect(wire.headers("Authorization"), [WireRequest.trimmed("Bearer " + token)])
            }
        case .multipart:
            return multipart(&random)
        }
    }

    private static func multipart(_ random: inout SplitMix64) -> Probe {
        let boundary: String? = random.chance(2) ? nil : random.boundaryLike()
        let fieldName = random.hostileString(maxLength: 40), fieldValue = random.hostileString()
        let fileName = random.hostileString(maxLength: 40), partName = random.hostileString(maxLength: 40)
        let contentType = random.chance(3) ? random.hostileString(maxLength: 30) : "image/png"
        var data = Data((0..<random.below(3_000)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        if let boundary, random.chance(3) {
            // The delimiter inside the file, as a crafted upload would hold it.
            data.append(Data("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"smuggled\"\r\n\r\nx".utf8))
        }
        var form = UploadForm()
        form.add(fieldName, fieldValue)
        form.add(partName, file: UploadFile(data: data, fileName: fileName, contentType: contentType))
        var refusal: String?
        for text in [fieldName, fileName, partName] where Oracle.hasPartControl(text) {
            refusal = "a control character in a part name or file name"
        }
        if Oracle.headerProblem(name: "Content-Type", value: contentType) != nil || contentType.contains("\t") {
            refusal = "a content type HTTP cannot carry"
        }
        if let boundary, !boundary.isEmpty {
            if let problem = Oracle.boundaryProblem(boundary) {
                refusal = problem
            } else if Oracle.contains(Data(fieldValue.utf8), "--" + boundary) || Oracle.contains(data, "--" + boundary) {
                refusal = "the boundary occurs in the content"
            }
        }
        let request = ProbeRequest(method: .post, header: .multipart(boundary: boundary ?? ""), upload: form)
        let summary = "multipart boundary \(boundary.debugDescription), field \(fieldName.debugDescription)=\(fieldValue.debugDescription), file \(partName.debugDescription) \(fileName.debugDescription) \(contentType.debugDescription) (\(data.count) bytes)"
        return Probe(request: request, refusal: refusal, summary: summary) { wire in
            if let boundary, !boundary.isEmpty { try expect(try wire.boundary(), boundary) }
            let parts = try wire.parts()
            try expect(parts.count, 2)
            try expect(parts[0].name, Oracle.browserEscaped(fieldName))
            try expect(parts[0].filename, nil)
            try expect(parts[0].content, Array(fieldValue.utf8))
            try expect(parts[1].name, Oracle.browserEscaped(partName))
            try expect(parts[1].filename, Oracle.browserEscaped(fileName))
            try expect(parts[1].headers["content-type"], WireRequest.trimmed(contentType))
            try expect(parts[1].content, Array(data))
        }
    }
}

/// The documented rules, written apart from the runtime's code.
enum Oracle {
    /// Why HTTP cannot carry this header (README: a token name; no control character but the tab).
    static func headerProblem(name: String, value: String) -> String? {
        let tchar = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)
        if name.isEmpty || !name.unicodeScalars.allSatisfy(tchar.contains) { return "a header name that is not a token" }
        if value.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) {
            return "a control character in a header value"
        }
        return nil
    }

    /// A control character other than CR and LF (which are sent as `%0D` and `%0A`).
    static func hasPartControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 || $0.value == 0x7F) && $0 != "\r" && $0 != "\n" }
    }

    /// RFC 2046: 1 to 70 `bchars`, no space at the end.
    static func boundaryProblem(_ boundary: String) -> String? {
        let bchars = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ".unicodeScalars)
        guard boundary.unicodeScalars.count <= 70, boundary.unicodeScalars.allSatisfy(bchars.contains), !boundary.hasSuffix(" ")
        else { return "an RFC 2046-invalid boundary" }
        return nil
    }

    /// A name as a browser sends it in a part header: `"` as `%22`, CR as `%0D`, LF as `%0A`.
    static func browserEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func contains(_ data: Data, _ text: String) -> Bool {
        let needle = Array(text.utf8)
        return RawServer.find(needle, in: Array(data)) != nil
    }
}

/// A request as generated code builds one, with its inputs already in place.
struct ProbeRequest: RequestType {
    var body: (any Encodable & Sendable)?
    var method: RequestMethod = .get
    var header: HTTPHeaderType = .json
    var path: String = "/q"
    var form: UploadForm?

    init(
        param: (any Encodable & Sendable)? = nil, method: RequestMethod = .get, header: HTTPHeaderType = .json,
        path: String = "/q", upload: UploadForm? = nil
    ) {
        self.body = param
        self.method = method
        self.header = header
        self.path = path
        self.form = upload
    }

    var param: Encodable? { body }
    var upload: UploadForm? { form }
}

func expect<T: Equatable>(_ actual: T, _ expected: T, _ what: String = "") throws {
    guard actual == expected else {
        throw WireRequest.Malformed("expected \(String(reflecting: expected)), the server read \(String(reflecting: actual)) \(what)")
    }
}

/// A small seeded generator (SplitMix64), so a run can be replayed from its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func chance(_ oneIn: Int) -> Bool { below(oneIn) == 0 }

    mutating func arrayStyle() -> NetworkConfiguration.QueryArrayStyle {
        [.commaSeparated, .repeatedKeys, .brackets, .spaceDelimited, .pipeDelimited][below(5)]
    }

    /// Text that tries to be structure: dot segments, separators, encodings, line breaks, every code point from
    /// U+0000 to U+00FF, a few beyond, and now and then a long run.
    mutating func hostileString(maxLength: Int = 60) -> String {
        let pieces = [
            "", ".", "..", "/", "?", "#", "%", "%2E", "%2F", "%00", "&", "=", ",", ";", "+", " ", "[", "]", "[]", "\r\n",
            "\r", "\n", "\0", "\t", "\"", "\\", "--", "\r\n--", "a,b", "../..", "%", "%%", "한", "😀", "é", "\u{7F}",
            "\u{85}", "\u{FF}", "Content-Type: x", "X-Injected: 1",
        ]
        switch below(9) {
        case 8: return ""
        case 0: return pieces[below(pieces.count)]
        case 1: return String(repeating: pieces[below(pieces.count)], count: below(5) + 1)
        case 2 where chance(3): return String(repeating: "a", count: 1_000 + below(4_000))
        default:
            var text = ""
            for _ in 0..<below(max(1, maxLength)) + 1 {
                if chance(3) {
                    text += pieces[below(pieces.count)]
                } else {
                    text.unicodeScalars.append(Unicode.Scalar(UInt8(truncatingIfNeeded: next())))
                }
            }
            return text
        }
    }

    /// A boundary a request could give: usually RFC 2046-valid, sometimes not (CR/LF, too long, a trailing space).
    mutating func boundaryLike() -> String {
        switch below(6) {
        case 0: return hostileString(maxLength: 20)
        case 1: return String(repeating: "b", count: 60 + below(20))
        case 2: return "simple-boundary"
        case 3: return "a b:c/d=e?f(g)h,i'j+k_l.m"
        case 4: return "x\r\nContent-Type: text/plain"
        default:
            let bchars = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ")
            return String((0..<below(70) + 1).map { _ in bchars[below(bchars.count)] })
        }
    }
}
