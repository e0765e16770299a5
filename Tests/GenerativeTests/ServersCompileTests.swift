import Foundation
import RepogenCore
import XCTest

/// "Accepted means it compiles" for `servers`: servers without variables, with free and enum variables (a keyword
/// as a variable's name, values that start with a digit), named and unnamed, in every style that needs only the
/// runtime, warnings as errors.
final class ServersCompileTests: XCTestCase {
    static let spec = """
        servers:
          - url: https://example.com/api
            description: |-
              Production.
              Second line.
          - url: /api
            name: relative
          - url: "{protocol}://{subdomain}.example.com:{port}/{basePath}"
            variables:
              protocol: { default: https, enum: [http, https] }
              subdomain: { default: test, description: A subdomain name. }
              port: { default: "443", enum: ["443", 8443] }
              basePath: { default: v1 }
          - url: "https://{default}.example.com"
            name: default
            variables:
              default: { default: eu, enum: [eu, us-east, "1st"] }
        endpoints:
          - name: ping
            method: GET
            path: /ping
        """

    func testServersCompileInEveryStyle() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-servers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        try compiler.buildInEveryStyle(
            spec: Self.spec, path: "Specs/hosts.yaml", module: "Hosts", test: "ServersCompileTests"
        ) { style, generation in
            XCTAssertEqual(generation.warnings.map(\.description), [], style.name)
            let api = generation.files.first { $0.relativePath.hasSuffix("HostsApi.swift") }?.contents ?? ""
            XCTAssertTrue(api.contains("enum HostsServers {"), "\(style.name): \(api)")
            XCTAssertTrue(api.contains("case _8443 = \"8443\""), "\(style.name): \(api)")
        }
    }
}
