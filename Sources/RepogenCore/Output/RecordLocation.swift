#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the `GenerationRecord` of the runs into an output folder is kept: never in the output folder, which is
/// the user's source (often committed), but where build state lives:
///
/// 1. a folder the user names (`--cache-dir`, or `REPOGEN_CACHE_DIR`; the build plugin names its work folder);
/// 2. else `.build/repogen` of the nearest Swift package above the output folder (the folder holding the nearest
///    `Package.swift`), when that package has a `.build` folder: SwiftPM's own build state, ignored by every
///    package's `.gitignore` and removed with it. A package that has never been built gets no `.build` from repogen;
/// 3. else the user's cache folder: `$XDG_CACHE_HOME/repogen`, else `~/Library/Caches/repogen` on macOS and
///    `~/.cache/repogen` elsewhere.
///
/// In it, each output folder has its own record, `records/<hash of the output folder's real path>.record`, so
/// output folders that share a cache folder never replace each other's record, and a moved or copied project is
/// a new folder (a full run, then a record of its own). A record names its output folder, and is only read for
/// that folder. A cache folder that cannot be read or written costs the shortcut only: the run is a full one.
package struct RecordLocation: Sendable, Equatable {
    /// How the cache folder is chosen.
    package enum Choice: Sendable, Equatable {
        /// This folder (`--cache-dir`).
        case folder(String)
        /// `REPOGEN_CACHE_DIR`, the package's `.build` or the user's cache folder, as read from this environment.
        case automatic(environment: [String: String])
    }

    /// Where the cache folder came from.
    package enum Origin: Sendable, Equatable {
        case named
        case package
        case userCache
    }

    /// The output folder's real path (no symbolic link, `.` or `..`): what the record belongs to.
    package var output: String
    /// repogen's cache folder.
    package var cacheFolder: String
    package var origin: Origin

    /// The folder of the records in the cache folder.
    package var recordsFolder: String { cacheFolder + "/records" }

    /// This output folder's record.
    package var recordPath: String { recordsFolder + "/" + Self.recordName(forOutput: output) }

    package static let recordExtension = ".record"

    /// `<128-bit hash of the real path>.record`.
    package static func recordName(forOutput output: String) -> String {
        var fingerprint = Fingerprint()
        fingerprint.add("output", output)
        return fingerprint.key + recordExtension
    }

    /// The location for the output folder `output` (a relative one as the writes to it read it), or nil when it has
    /// none: the output folder does not exist (yet), or no cache folder can be named (no home folder).
    /// - Parameter baseDirectory: the run's (`GenerateOptions.baseDirectory`): a relative cache folder's name is read
    ///   from it.
    package static func find(output: String, choice: Choice, baseDirectory: String? = nil) -> RecordLocation? {
        guard let real = realPath(output) else { return nil }
        switch choice {
        case .folder(let folder):
            return named(folder, output: real, baseDirectory: baseDirectory)
        case .automatic(let environment):
            if let folder = environment["REPOGEN_CACHE_DIR"], !folder.isEmpty {
                return named(folder, output: real, baseDirectory: baseDirectory)
            }
            if let build = packageBuildFolder(above: real) {
                return RecordLocation(output: real, cacheFolder: build + "/repogen", origin: .package)
            }
            guard let cache = userCacheFolder(environment: environment) else { return nil }
            return RecordLocation(output: real, cacheFolder: cache + "/repogen", origin: .userCache)
        }
    }

    private static func named(_ folder: String, output: String, baseDirectory: String?) -> RecordLocation {
        var folder = PathText.normalized(PathText.resolved(folder, against: baseDirectory))
        // A named folder that exists is used by its real path, so two spellings of it are one cache.
        if let real = realPath(folder) { folder = real }
        return RecordLocation(output: output, cacheFolder: folder == "/" ? "" : folder, origin: .named)
    }

    /// `.build` of the nearest package at or above `folder` (a real path), if that package has one.
    static func packageBuildFolder(above folder: String) -> String? {
        var current = folder
        while true {
            let base = current == "/" ? "" : current
            var info = stat()
            if stat(base + "/Package.swift", &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                // The nearest package decides, built or not: a package inside another is not the outer one's.
                guard stat(base + "/.build", &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
                return base + "/.build"
            }
            if current == "/" || current.isEmpty { return nil }
            current = PathText.parent(current)
        }
    }

    /// The user's cache folder: `$XDG_CACHE_HOME` (an absolute path), else `~/Library/Caches` on macOS and
    /// `~/.cache` elsewhere; nil without a home folder.
    static func userCacheFolder(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return PathText.normalized(xdg)
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        let base = PathText.normalized(home)
        #if canImport(Darwin)
        return (base == "/" ? "" : base) + "/Library/Caches"
        #else
        return (base == "/" ? "" : base) + "/.cache"
        #endif
    }

    /// The real path of an existing file or folder; nil when there is none.
    package static func realPath(_ path: String) -> String? {
        guard !path.isEmpty, let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
