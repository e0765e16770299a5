import Foundation
import RepogenCore
import XCTest

/// "Accepted means it compiles" for inputs with a `default` and constant lists in a param, and more: a caller that
/// leaves every defaulted (and optional) argument out compiles in every style, through each entry point a user calls:
/// the API enum's case (and a grouped domain's factory), the repository protocol as `any` and as a generic, the
/// `Impl`, the mock, `clean`'s request values and `tca`'s client.
final class InputDefaultsCompileTests: XCTestCase {
    static let spec = """
        models:
          Visibility: { enum: [public, unlisted, private, direct, none] }
        endpoints:
          - name: fetchTimeline
            method: GET
            path: /timelines/{account}
            inputs:
              - { name: account, type: String }
              - { name: limit, type: Int, default: 20 }
              - { name: notify, type: Bool, default: false }
              - { name: cursor, type: String? }
              - { name: visibility, type: Visibility, default: unlisted }
              - { name: tags, type: "[String]", default: [a, "b\\\\n\\"c"] }
              - { name: kinds, type: "[Visibility]", default: [public, direct] }
              - { name: since, type: Int64?, default: 7 }
              - { name: reason, type: String?, default: null }
              - { name: ratio, type: Float, default: 0.25 }
              - { name: filter, type: "Visibility?", default: none }
            param:
              limit: "{limit}"
              notify: "{notify}"
              cursor: "{cursor}"
              visibility: "{visibility}"
              tags: "{tags}"
              kinds: "{kinds}"
              since: "{since}"
              reason: "{reason}"
              ratio: "{ratio}"
              filter: "{filter}"
              types: [mention, "for {account}"]
              ids: [1, 2.5, -3]
              flags: [true, false]
              none: []
            queryArrays: { types: brackets, ids: comma }
            response: "[String]"
          - name: post
            method: POST
            path: /statuses
            inputs:
              - { name: text, type: String, unlabeled: true }
              - { name: sensitive, type: Bool, default: false, unlabeled: true }
              - { name: language, type: String, default: en }
              - { name: weights, type: "[String: Double]", default: { a: 1.5 } }
            param:
              - { text: "{text}", sensitive: "{sensitive}", language: "{language}", scopes: [read, write] }
              - { weights: "{weights}" }
            query: { kinds: [a, b] }
          - name: markAll
            method: PUT
            path: /markers
            inputs:
              - { name: everything, type: Bool, default: true }
            param: { everything: "{everything}" }
        """

    /// Calls of each entry point without the defaulted arguments; `withMock` where the style has the mock class.
    static func caller(_ style: OutputStyle) -> OutputFile {
        var text = """
            import Foundation

            func callCases() -> [DefaultsApi] {
                [
                    .fetchTimeline(account: "a", cursor: nil),
                    .fetchTimeline(account: "a", limit: 1, cursor: "c", tags: []),
                    .post("text"),
                    .post("text", false, language: "fr"),
                    .markAll(),
                ]
            }

            """
        switch style.name {
        case "tca":
            text += """
                func callClient(_ client: DefaultsClient) async throws {
                    _ = try await client.fetchTimeline(account: "a")
                    _ = try await client.fetchTimeline(account: "a", notify: true, tags: [])
                    try await client.post(text: "t")
                    try await client.post(text: "t", language: "fr")
                }

                func callRepository(_ repository: any DefaultsRepository) async throws {
                    _ = try await repository.fetchTimeline(account: "a")
                    _ = try await repository.fetchTimeline(account: "a", cursor: nil, since: 1)
                    try await repository.post(text: "t")
                }

                """
        case "completion":
            text += """
                func callRepository(_ repository: any DefaultsRepository) {
                    repository.fetchTimeline(account: "a") { _ in }
                    repository.fetchTimeline(account: "a", limit: 2, reason: "r") { _ in }
                    repository.fetchTimeline(account: "a", limit: 2, completion: { _ in })
                    repository.post(text: "t") { _ in }
                    repository.markAll { _ in }
                    repository.markAll(everything: false) { _ in }
                    DefaultsRepositoryImpl().markAll { _ in }
                }

                #if DEBUG
                func callMock(_ mock: MockDefaultsRepository) {
                    mock.fetchTimeline(account: "a") { _ in }
                    _ = mock.fetchTimelineMock.receivedArguments?.limit
                }
                #endif

                func callGeneric<R: DefaultsRepository>(_ repository: R) {
                    repository.fetchTimeline(account: "a") { _ in }
                    repository.fetchTimeline(account: "a", filter: Visibility.none) { _ in }
                }

                """
        default:
            let (call, effect) = style.name == "result" ? ("await", "") : ("try await", "throws ")
            text += """
                func callRepository(_ repository: any DefaultsRepository) async \(effect){
                    _ = \(call) repository.fetchTimeline(account: "a")
                    _ = \(call) repository.fetchTimeline(account: "a", notify: true, kinds: [.direct], ratio: 2)
                    _ = \(call) repository.post(text: "t")
                    _ = \(call) repository.post(text: "t", sensitive: true)
                    _ = \(call) repository.markAll()
                    _ = \(call) repository.markAll(everything: false)
                }

                #if DEBUG
                func callMock(_ mock: MockDefaultsRepository) async \(effect){
                    _ = \(call) mock.fetchTimeline(account: "a")
                    _ = \(call) mock.fetchTimeline(account: "a", limit: 1)
                    _ = mock.fetchTimelineMock.receivedArguments?.limit
                }
                #endif

                func callGeneric<R: DefaultsRepository>(_ repository: R) async \(effect){
                    _ = \(call) repository.fetchTimeline(account: "a")
                    _ = \(call) repository.fetchTimeline(account: "a", visibility: .direct)
                }

                """
            if style.name != "clean" {
                text += """
                    func callImpl() async \(effect){
                        _ = \(call) DefaultsRepositoryImpl().markAll()
                    }

                    """
            } else {
                text += """
                    func callUseCase(_ useCase: any FetchTimelineUseCase) async throws {
                        _ = try await useCase.execute(FetchTimelineRequestValues(account: "a"))
                        _ = try await useCase.execute(FetchTimelineRequestValues(account: "a", notify: true, since: nil))
                        _ = PostRequestValues(text: "t")
                        _ = MarkAllRequestValues()
                    }

                    """
            }
        }
        return OutputFile(relativePath: "Caller.swift", contents: text)
    }

    func testDefaultsCompileAndCanBeLeftOutInEveryStyle() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("repogen-defaults-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let compiler = try GeneratedCodeCompiler(work: work) else { throw XCTSkip("swiftc is not on the PATH") }
        try compiler.buildInEveryStyle(
            spec: Self.spec, path: "Specs/defaults.yaml", module: "Defaults", test: "InputDefaultsCompileTests",
            inspect: { style, generation in
                XCTAssertEqual(generation.warnings.map(\.description), [], style.name)
                let api = generation.files.first { $0.relativePath.hasSuffix("DefaultsApi.swift") }?.contents ?? ""
                XCTAssertTrue(api.contains("limit: Int = 20,"), "\(style.name): \(api)")
                XCTAssertTrue(api.contains(#""types": ["mention", "for \(account)"]"#), "\(style.name): \(api)")
                XCTAssertTrue(api.contains(#""none": [String]()"#), "\(style.name): \(api)")
                // Optional's `.none` would be nil: the enum's case is written with its name.
                XCTAssertTrue(api.contains("filter: Visibility? = Visibility.none"), "\(style.name): \(api)")
            },
            extraFiles: { [Self.caller($0)] })
    }
}
