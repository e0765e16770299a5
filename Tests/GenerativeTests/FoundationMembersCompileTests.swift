import Foundation
import RepogenCore
import XCTest

/// "Accepted means it compiles" for placeholders that read members of Foundation types (issue 36): every member of
/// the table, optional or not, through an optional input or not, in a path, a param, a query and a header (one
/// value, and text of optional parts that is left out when one is nil), in every style, warnings as errors.
final class FoundationMembersCompileTests: XCTestCase {
    static let spec = """
        models:
          Holder:
            fields: { link: URL, maybe: URL?, bytes: Data, when: Date }
        endpoints:
          - name: everyMember
            method: POST
            path: "/a/{u.absoluteString}/{u.path}/{u.lastPathComponent}/{u.pathExtension}/{id.uuidString}/{d.timeIntervalSince1970}/{s.count}/{s.isEmpty}/{data.count}/{list.isEmpty}/{h.link.path.count}"
            inputs:
              - { name: u, type: URL }
              - { name: o, type: URL? }
              - { name: id, type: UUID }
              - { name: d, type: Date }
              - { name: od, type: Date? }
              - { name: s, type: String }
              - { name: data, type: Data }
              - { name: list, type: "[Int]" }
              - { name: map, type: "[String: Int]" }
              - { name: h, type: Holder }
              - { name: value, type: String? }
              - { name: links, type: "[URL]" }
              - { name: maybeLinks, type: "[URL]?" }
            param:
              scheme: "{u.scheme}"
              host: "{u.host}"
              port: "{u.port}"
              query: "{u.query}"
              fragment: "{u.fragment}"
              user: "{u.user}"
              oHost: "{o.host}"
              oPath: "{o.path}"
              oCount: "{o.path.count}"
              since: "{od.timeIntervalSince1970}"
              mapCount: "{map.count}"
              linkHost: "{h.link.host}"
              text: "{u.path}:{id.uuidString}:{d.timeIntervalSince1970}:{s.isEmpty}"
              when: "{h.when.timeIntervalSince1970}"
              bytes: "{h.bytes.count}"
              hosts: "{links[].host}"
              texts: "{maybeLinks[].absoluteString}"
              ids: "{links[].path.count}"
              hostLength: "{u.host.count}"
              oHostEmpty: "{o.host.isEmpty}"
            query:
              portQuery: "{u.port}"
            header:
              custom:
                Origin: "{u.scheme}://{u.host}"
                X-Full: "{o.scheme}://{o.host}:{o.port}/{u.path}{value}"
                X-Port: "{u.port}"
                X-O-Port: "{o.port}"
                X-Since: "{od.timeIntervalSince1970}"
                X-Empty: "{s.isEmpty}"
                X-Id: "{id.uuidString}"
                X-Host-Length: "{o.host.count}"
                X-Chain: "{u.host.count}-{o.user.isEmpty}"
                X-Json: { json: "{u.host}" }
            response: String
        """

    func testFoundationMembersCompileInEveryStyle() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-members-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        try compiler.buildInEveryStyle(
            spec: Self.spec, path: "Specs/members.yaml", module: "Members", test: "FoundationMembersCompileTests"
        ) { style, generation in
            XCTAssertEqual(generation.warnings.map(\.description), [], style.name)
            let api = generation.files.first { $0.relativePath.hasSuffix("MembersApi.swift") }?.contents ?? ""
            // Each optional part unwrapped (the input named `value` is not shadowed), the header set when all are.
            XCTAssertTrue(
                api.contains(
                    #"if let value_ = o?.scheme, let value1 = o?.host, let value2 = o?.port, let value3 = value {"#),
                "\(style.name): \(api)")
            XCTAssertTrue(api.contains(#"headers["X-Full"] = "\(value_)://\(value1):\(value2)/\(u.path)\(value3)""#), style.name)
            XCTAssertTrue(api.contains(#"headers["X-O-Port"] = o?.port?.description"#), style.name)
            // Through an optional member: optional chaining.
            XCTAssertTrue(api.contains(#"headers["X-Host-Length"] = o?.host?.count.description"#), style.name)
            XCTAssertTrue(api.contains(#"if let value = u.host?.count {"#), style.name)
        }
    }
}
