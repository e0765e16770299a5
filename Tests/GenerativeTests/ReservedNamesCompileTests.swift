import Foundation
import RepogenCore
import XCTest

/// "Accepted means it builds" for names: the names of what swift-dependencies declares (which the tca style's code
/// writes qualified, `Dependencies.LockIsolated`, so that a model may take them), of standard types the tca style's
/// `APIError` uses, and of members of the protocols generated types conform to that do not clash, on models used
/// where the generated code writes their types as values (previews, mock storage, the completion style's
/// repository). Accepted in every style, and built with warnings as errors in every style (`tca` with
/// `REPOGEN_TCA_BUILD`). The names that cannot be made to work are refused: see BadSpecs/tca-client-members.yaml,
/// completion-shadowed-types.yaml and protocol-members.yaml.
final class ReservedNamesCompileTests: XCTestCase {
    static let spec = """
        models:
          LockIsolated:
            hashable: true
            identifiable: true
            fields: { id: Int, name: String, hash: Int, encode: Int, rawValue: Int, allCases: Int, ID: String }
            models:
              RawValue: { fields: { text: String } }
              AllCases: { fields: { text: String } }
          DependencyValues: { fields: { id: Int } }
          DependencyKey: { fields: { id: Int } }
          TestDependencyKey: { fields: { id: Int } }
          DependencyClient: { fields: { id: Int } }
          DependencyEndpoint: { fields: { id: Int } }
          reportIssue: { fields: { id: Int } }
          CancellationError: { fields: { id: Int } }
          LocalizedError: { fields: { id: Int } }
          Unimplemented: { fields: { id: Int } }
          ConcurrencyExtras: { fields: { id: Int } }
          withDependencies: { fields: { id: Int } }
          Output: { fields: { id: Int } }
          Kind: { enum: [allCases, rawValue, hashValue, { name: encode, value: AllCases }] }
          ValueDTO:
            fields: { id: Int }
            domain: { name: DependencyContext, hashable: true, identifiable: id, fields: { id: id, hash: { from: id } } }
        collections:
          locks: { type: LockIsolated, example: [{ id: 1, name: a, hash: 2, encode: 3, rawValue: 4, allCases: 5, ID: b }] }
        endpoints:
          - name: fetchLocks
            method: GET
            path: /locks
            response: "[LockIsolated]"
            mock: { list: locks }
            cache: true
          - name: fetchLock
            method: GET
            path: /locks/{id}
            inputs: [{ name: id, type: Int }]
            response: LockIsolated
            mock: { get: locks, id: "{id}" }
          - name: createLock
            method: POST
            path: /locks
            inputs: [{ name: lock, type: LockIsolated }]
            param: "{lock}"
            response: LockIsolated
            mock: { create: locks, value: "{lock}" }
            invalidates: [fetchLocks]
          - name: fetchValues
            method: GET
            path: /values
            response: DependencyValues
            example: { id: 1 }
          - name: echoKey
            method: PUT
            path: /keys
            inputs: [{ name: key, type: DependencyKey }]
            param: "{key}"
            response: DependencyKey
          - name: fetchEverything
            method: GET
            path: /everything/{kind.rawValue}
            inputs: [{ name: kind, type: Kind }]
            response: "[String: [TestDependencyKey]]"
            example: {}
          - name: fetchMore
            method: GET
            path: /more
            response: "[DependencyClient]"
            example: [{ id: 1 }]
          - name: fetchOthers
            method: GET
            path: /others
            response: "[reportIssue]"
            example: [{ id: 1 }]
          - name: fetchErrors
            method: GET
            path: /errors
            response: "[CancellationError]"
            example: [{ id: 1 }]
          - name: fetchLocalized
            method: GET
            path: /localized
            response: "[LocalizedError]"
            example: [{ id: 1 }]
          - name: fetchRest
            method: GET
            path: /rest
            response: "[Unimplemented]"
            example: [{ id: 1 }]
          - name: fetchExtras
            method: GET
            path: /extras
            response: "[ConcurrencyExtras]"
            example: [{ id: 1 }]
          - name: fetchWith
            method: GET
            path: /with
            response: "[withDependencies]"
            example: [{ id: 1 }]
          - name: fetchOutput
            method: GET
            path: /output
            response: Output
            example: { id: 1 }
          - name: fetchEndpoint
            method: GET
            path: /endpoint
            response: DependencyEndpoint
            example: { id: 1 }
          - name: fetchContext
            method: GET
            path: /context
            response: ValueDTO
            example: { id: 1 }
          # Closures named like the client's members are fine: only a type of such a name is taken for the member.
          - { name: testValue, method: GET, path: /t }
          - { name: liveValue, method: GET, path: /l }
          - { name: previewValue, method: GET, path: /p }
          - { name: mockValue, method: GET, path: /m }
          - { name: live, method: GET, path: /live }
          - { name: mock, method: GET, path: /mock }
          - { name: Value, method: GET, path: /value }
          # An input named like its method, beside an optional one: the overload without the optional input calls
          # the method through `self`, since the parameter shadows it (a random imported document found this).
          - name: note
            method: POST
            path: /note
            inputs: [{ name: note, type: String }, { name: extra, type: String? }]
            param: { note: "{note}", extra: "{extra}" }
        """

    func testNamesOfSwiftDependenciesAndProtocolMembersThatDoNotClashBuildInEveryStyle() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-names-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        try compiler.buildInEveryStyle(spec: Self.spec, path: "Specs/names.yaml", module: "Names", test: "ReservedNamesCompileTests")
    }
}
