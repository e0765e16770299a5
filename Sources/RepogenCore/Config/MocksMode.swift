/// Where a run puts the mocks (the mock repository, `tca`'s mock client): `mocks` in a config, `--mocks`.
package enum MocksMode: String, Sendable, Equatable, CaseIterable {
    /// In the output folder, inside `#if DEBUG`: tests and previews (debug builds) have them, a release build
    /// does not ship them. The default.
    case debug
    /// In the output folder, compiled in every configuration.
    case inline
    /// Not written.
    case none
    /// Nothing but the mocks: for a test-support target or folder that imports the module with the rest.
    case only

    /// `debug`, unless the command line or the config says otherwise.
    package static let `default` = MocksMode(rawValue: RepogenFacts.defaultMocks) ?? .debug

    /// Why `name` is not a mocks mode, with the modes there are (and the closest one).
    package static func unknownMessage(_ name: String) -> String {
        let names = allCases.map(\.rawValue)
        return "'mocks' must be one of \(names.map { "'\($0)'" }.joined(separator: ", ")), not '\(name)'"
            + NameSuggester.hint(for: name, among: names)
    }
}

/// repogen's version, which `repogen --version` prints and every generated file's header names.
package enum RepogenVersion {
    package static let current = RepogenFacts.version
}
