import Foundation

/// Where the pipeline drops the large values it is done with: a spec's node tree, its decoded and validated
/// forms, the view model. Freeing them is work of its own (millions of strings and arrays for a spec of 10,000
/// endpoints, tens of milliseconds); a command-line run that exits right after can skip it, as clang does with
/// `-disable-free`.
package enum LargeValues {
    /// From now on, values passed to `discard` are kept until the process exits instead of being freed. For a
    /// process that ends after one run (the `repogen` command); a long-lived one (tests, a plugin host) must not.
    package static func keepUntilExit() {
        store.keeping = true
    }

    /// Drops `value`: frees it now, or after `keepUntilExit`, never.
    package static func discard(_ value: some Sendable) {
        guard store.keeping else { return }
        store.keep(value)
    }

    private static let store = Store()

    private final class Store: @unchecked Sendable {
        private let lock = NSLock()
        private var _keeping = false
        private var kept: [any Sendable] = []

        var keeping: Bool {
            get { lock.withLock { _keeping } }
            set { lock.withLock { _keeping = newValue } }
        }

        func keep(_ value: any Sendable) {
            lock.withLock { kept.append(value) }
        }
    }
}
