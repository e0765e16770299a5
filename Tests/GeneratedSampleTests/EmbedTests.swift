import Foundation
import RepogenRuntime
import TestServer
import XCTest

@testable import GeneratedSample

/// Specs/embed.yaml through its generated code, on the raw socket server (the bytes as sent): placeholders that
/// read members of Foundation types (a URL's host and port, a UUID's text, a Date's seconds) put each value in its
/// slot; an optional member is left out when nil, and a header made of optional parts is left out when any part
/// is nil. No URL value (CR/LF, `%0d%0a`, spaces, `:`, `..`, all of which Foundation on Linux accepts in some part
/// of a URL) adds a header, changes the request line, or reaches another slot.
final class EmbedTests: XCTestCase {
    var server: RawServer!
    var embed: EmbedRepositoryImpl!

    override func setUp() async throws {
        server = try RawServer()
        embed = EmbedRepositoryImpl(manager: NetworkManager(configuration: NetworkConfiguration(baseURL: server.baseURL)))
    }

    override func tearDown() {
        server?.stop()
    }

    func arrived() throws -> [WireRequest] {
        try server.requests.map(WireRequest.init)
    }

    /// The one request that arrived.
    func only() throws -> WireRequest {
        let requests = try arrived()
        XCTAssertEqual(requests.count, 1)
        return try XCTUnwrap(requests.first)
    }

    func query(_ request: WireRequest) throws -> [String: String] {
        Dictionary(try request.queryItems().map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Header names the request carries besides those every request does.
    func ownHeaders(_ request: WireRequest) -> Set<String> {
        let common: Set<String> = ["host", "accept", "accept-encoding", "accept-language", "user-agent", "connection", "content-type", "content-length"]
        return Set(request.fields.map { $0.name.lowercased() }).subtracting(common)
    }

    let requestId = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

    func testEveryMemberGoesToItsSlot() async throws {
        let referer = try XCTUnwrap(URL(string: "https://news.example.com:8443/articles/2026/story.html?ref=x#top"))
        _ = try await embed.fetchEmbed(referer: referer, since: Date(timeIntervalSince1970: 1_700_000_000.5), requestId: requestId).get()
        let request = try only()
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(try request.pathSegments(), ["api", "embed", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"])
        XCTAssertEqual(
            try query(request),
            [
                "url": "https://news.example.com:8443/articles/2026/story.html?ref=x#top", "host": "news.example.com",
                "port": "8443", "since": "1700000000.5", "file": "story.html",
            ])
        XCTAssertEqual(request.headers("Origin"), ["https://news.example.com"])
        XCTAssertEqual(request.headers("X-Request-Id"), ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F"])
        XCTAssertEqual(request.headers("X-Referer-Port"), ["8443"])
        XCTAssertEqual(ownHeaders(request), ["origin", "x-request-id", "x-referer-port"])
    }

    func testNilMembersAreLeftOutAndSoIsAHeaderWithANilPart() async throws {
        // A relative reference has no scheme, host or port: no Origin (not "nil://nil"), no host, port or since.
        let referer = try XCTUnwrap(URL(string: "/local/page.html"))
        _ = try await embed.fetchEmbed(referer: referer, since: nil, requestId: requestId).get()
        let request = try only()
        XCTAssertEqual(try query(request), ["url": "/local/page.html", "file": "page.html"])
        XCTAssertEqual(ownHeaders(request), ["x-request-id"])
        // A scheme and a host but no port: Origin is sent, X-Referer-Port is not.
        server.reset()
        _ = try await embed.fetchEmbed(referer: try XCTUnwrap(URL(string: "http://example.com")), requestId: requestId).get()
        let second = try only()
        XCTAssertEqual(second.headers("Origin"), ["http://example.com"])
        XCTAssertEqual(ownHeaders(second), ["origin", "x-request-id"])
    }

    func testTheSiteIconPathAndAnOptionalInputsMembers() async throws {
        let site = try XCTUnwrap(URL(string: "https://cdn.example.com/icons/fav.ico"))
        _ = try await embed.fetchSiteIcon(site: site, page: nil, tags: ["a", "b", "c"], note: nil).get()
        let request = try only()
        XCTAssertEqual(try request.pathSegments(), ["api", "icon", "ico", "14", "fav.ico"])
        XCTAssertEqual(try query(request), ["tagCount": "3"])
        XCTAssertEqual(ownHeaders(request), [])

        server.reset()
        let page = try XCTUnwrap(URL(string: "https://example.com:8080/p?q=1#frag"))
        _ = try await embed.fetchSiteIcon(site: site, page: page, tags: [], note: "").get()
        let full = try only()
        XCTAssertEqual(try query(full), ["tagCount": "0", "noteIsEmpty": "true", "query": "q=1", "hostLength": "11"])
        XCTAssertEqual(full.headers("Origin"), ["https://example.com:8080"])
        XCTAssertEqual(full.headers("X-Fragment"), ["frag"])

        // No port: the Origin made of scheme, host and port is left out; the fragment is still sent.
        server.reset()
        _ = try await embed.fetchSiteIcon(site: site, page: URL(string: "https://example.com/#f"), tags: [], note: nil).get()
        let noPort = try only()
        XCTAssertEqual(ownHeaders(noPort), ["x-fragment"])

        // A page without a host (`page?.host?.count` is nil): no hostLength, no Origin.
        server.reset()
        _ = try await embed.fetchSiteIcon(site: site, page: URL(string: "mailto:a@example.com"), tags: [], note: nil).get()
        let noHost = try only()
        XCTAssertEqual(try query(noHost), ["tagCount": "0"])
        XCTAssertEqual(ownHeaders(noHost), [])
    }

    func testALineBreakInAHostIsRefusedBeforeAnythingIsSent() async throws {
        // Foundation on Linux decodes `%0d%0a` in a host: the header would end there.
        let referer = try XCTUnwrap(URL(string: "https://a%0d%0aX-Injected%3a%201.com/"))
        XCTAssertEqual(referer.host, "a\r\nX-Injected: 1.com")
        let result = await embed.fetchEmbed(referer: referer, requestId: requestId)
        guard case .failure(NetworkError.invalidParameter(let key, let reason)) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(key, "Origin")
        XCTAssertTrue(reason.contains("CR"), reason)
        XCTAssertEqual(server.requests.count, 0)

        let page = try XCTUnwrap(URL(string: "https://a%0d%0aX-Injected%3a%201.com:8080/"))
        let icon = await embed.fetchSiteIcon(site: try XCTUnwrap(URL(string: "https://a.com/f.ico")), page: page, tags: [], note: nil)
        guard case .failure(NetworkError.invalidParameter(let iconKey, _)) = icon else { return XCTFail("\(icon)") }
        XCTAssertEqual(iconKey, "Origin")
        XCTAssertEqual(server.requests.count, 0)
    }

    func testPathAndQueryMembersCarryLineBreaksSpacesColonsAndDotsAsData() async throws {
        // The decoded path holds CR LF, a colon, a space and a slash: each stays in its segment or query value.
        let referer = try XCTUnwrap(URL(string: "https://a.com/x%0d%0aX-A:%201/f%0D%0AHost:%20evil%2F..png"))
        _ = try await embed.fetchEmbed(referer: referer, requestId: requestId).get()
        let request = try only()
        XCTAssertEqual(try request.pathSegments(), ["api", "embed", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"])
        XCTAssertEqual(try query(request)["file"], referer.lastPathComponent)
        XCTAssertTrue(referer.lastPathComponent.contains("\r\n"), referer.lastPathComponent)
        XCTAssertEqual(request.headers("Host").count, 1)
        XCTAssertEqual(request.headers("X-A"), [])

        // A raw space, CR LF in the path (accepted by URL(string:) on Linux, not everywhere).
        server.reset()
        let raw = URL(string: "https://a.com/a%20b/x\r\nX-B: 1.png")
        #if os(Linux)
        XCTAssertNotNil(raw)
        #endif
        if let site = raw {
            _ = try await embed.fetchSiteIcon(site: site, tags: []).get()
            let icon = try only()
            XCTAssertEqual(icon.path.split(separator: "/").count, 5, icon.target)
            XCTAssertEqual(try icon.pathSegments(), ["api", "icon", "png", "\(site.path.count)", "x\r\nX-B: 1.png"])
            XCTAssertEqual(icon.headers("X-B"), [])
        }
        // A last component holding `../../` (Foundation keeps an encoded slash in it) stays one segment.
        server.reset()
        let dots = try XCTUnwrap(URL(string: "https://a.com/x/..%2F..%2Fadmin.json"))
        XCTAssertEqual(dots.lastPathComponent, "../../admin.json")
        _ = try await embed.fetchSiteIcon(site: dots, tags: []).get()
        let climbed = try only()
        XCTAssertEqual(try climbed.pathSegments(), ["api", "icon", "json", "\(dots.path.count)", "../../admin.json"])
        XCTAssertTrue(climbed.path.hasSuffix("/..%2F..%2Fadmin.json"), climbed.path)
        // A last component `..` has no extension: an empty path segment, which the runtime refuses.
        server.reset()
        let up = try XCTUnwrap(URL(string: "https://a.com/x/.."))
        XCTAssertEqual(up.lastPathComponent, "..")
        let refused = await embed.fetchSiteIcon(site: up, tags: [])
        guard case .failure(NetworkError.invalidParameter) = refused else { return XCTFail("\(refused)") }
        XCTAssertEqual(server.requests.count, 0)
    }
}
