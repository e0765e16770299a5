#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file operations behind every write, made with POSIX calls so that failures carry `errno` (turned into
/// plain words naming the generated file) and temporary files have names repogen owns.
package enum POSIXFile {
    /// What is at a path, without following a symbolic link there.
    package enum Kind: Equatable {
        case missing
        case file
        case folder
        case symbolicLink
        case other
    }

    package static func kind(of path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// `errno` as words for a message: `no space left on device`, `permission denied`.
    package static func reason(errno code: Int32) -> String {
        switch code {
        case ENOSPC: return "no space left on device"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "the file system is read-only"
        case EDQUOT: return "the disk quota is exceeded"
        case EISDIR: return "a folder of that name is in the way"
        case ENAMETOOLONG: return "the name is too long"
        case EIO: return "an input/output error"
        default:
            guard let text = strerror(code) else { return "error \(code)" }
            let words = String(cString: text)
            // "No such file or directory" -> "no such file or directory"; keep acronyms ("EOF") as they are.
            guard let first = words.first, words.dropFirst().first?.isUppercase != true else { return words }
            return first.lowercased() + words.dropFirst()
        }
    }

    /// Why a write to `path` failed with `code`: a path component that is a file is named as such (the system only
    /// says "not a directory"); otherwise the errno's words.
    package static func reason(errno code: Int32, writing path: String) -> String {
        if code == ENOTDIR || code == EEXIST || code == ENOENT, let blocker = nonFolderOnTheWay(to: path) {
            return blocker.kind == .file
                ? "it is inside '\(blocker.path)', which is a file"
                : "it is inside '\(blocker.path)', which is not a folder"
        }
        return reason(errno: code)
    }

    /// The first existing component on the way to `path` (not `path` itself) that is not a folder.
    static func nonFolderOnTheWay(to path: String) -> (path: String, kind: Kind)? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        let components = path.split(separator: "/")
        for component in components.dropLast() {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            var info = stat()
            // Follows links: a link to a folder above the output folder is fine; one below is refused elsewhere.
            guard stat(prefix, &info) == 0 else { return nil }
            if info.st_mode & S_IFMT != S_IFDIR {
                return (prefix, info.st_mode & S_IFMT == S_IFREG ? .file : .other)
            }
        }
        return nil
    }

    /// Creates `folder` and the folders above it that are missing.
    /// - Throws: the `errno` of the failing call.
    package static func makeFolders(_ folder: String) throws(ErrnoError) {
        var prefix = folder.hasPrefix("/") ? "/" : ""
        for component in folder.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            var info = stat()
            if stat(prefix, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else { throw ErrnoError(ENOTDIR) }
                continue
            }
            if mkdir(prefix, 0o777) != 0 {
                let code = errno
                // Made by someone else in the meantime: fine if it is a folder.
                if code == EEXIST, stat(prefix, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { continue }
                throw ErrnoError(code)
            }
        }
    }

    /// The names in `folder` (without `.` and `..`), unsorted.
    /// - Throws: the `errno` of the failing call.
    package static func names(in folder: String) throws(ErrnoError) -> [String] {
        guard let stream = opendir(folder.isEmpty ? "." : folder) else { throw ErrnoError(errno) }
        defer { _ = closedir(stream) }
        var names: [String] = []
        errno = 0
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: pointer.pointee)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        if errno != 0 { throw ErrnoError(errno) }
        return names
    }

    /// The bytes of the regular file at `path`, or nil when nothing is there.
    /// - Parameter followingLinks: without it, a symbolic link at `path` is an error (`ELOOP`).
    /// - Throws: the `errno` of a failing read (permission denied, a symbolic link, …).
    package static func contentsIfPresent(_ path: String, followingLinks: Bool = false) throws(ErrnoError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        if descriptor < 0 {
            let code = errno
            // Nothing there, or a file on the way (reported when the write fails).
            if code == ENOENT || code == ENOTDIR { return nil }
            throw ErrnoError(code)
        }
        defer { _ = close(descriptor) }
        var result: [UInt8] = []
        // A regular file is read straight into an array of its size (then the loop finds the end, or more bytes
        // if the file grew meanwhile).
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 {
            let size = Int(info.st_size)
            var failure: Int32?
            result = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                while initialized < size {
                    let count = read(descriptor, buffer.baseAddress.map { $0 + initialized }, size - initialized)
                    if count < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    if count == 0 { return }
                    initialized += count
                }
            }
            if let failure { throw ErrnoError(failure) }
        }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ErrnoError(errno)
            }
            if count == 0 { return result }
            result += buffer[0..<count]
        }
    }

    /// Creates a new file at `path` (never an existing one: `O_EXCL`) holding `bytes`, flushed to the disk.
    /// On failure the partial file is removed.
    /// - Throws: the `errno` of the failing call; `EEXIST` when something is at `path`.
    package static func create(_ path: String, bytes: [UInt8]) throws(ErrnoError) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(ErrnoError) in try create(path, buffer: buffer) } }.get()
    }

    /// `create(_:bytes:)` with the bytes of a buffer (a rendered file's, written from where they are).
    package static func create(_ path: String, buffer bytes: UnsafeRawBufferPointer) throws(ErrnoError) {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw ErrnoError(errno) }
        var failure: Int32?
        do {
            let buffer = bytes
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                offset += count
            }
        }
        if failure == nil, fsync(descriptor) != 0, errno != EINVAL, errno != ENOTSUP {
            failure = errno
        }
        if close(descriptor) != 0, failure == nil, errno != EINTR {
            failure = errno
        }
        if let failure {
            _ = unlink(path)
            throw ErrnoError(failure)
        }
    }

    /// Renames `source` to `destination`, replacing a file there.
    package static func rename(_ source: String, to destination: String) throws(ErrnoError) {
        #if canImport(Glibc)
        let result = Glibc.rename(source, destination)
        #elseif canImport(Musl)
        let result = Musl.rename(source, destination)
        #else
        let result = Darwin.rename(source, destination)
        #endif
        guard result == 0 else { throw ErrnoError(errno) }
    }

    /// Gives the file at `source` the name `destination` only if nothing is there (not even a dangling symbolic
    /// link): a hard link, then the old name goes. Where hard links are not supported, checks and renames.
    package static func renameWithoutReplacing(_ source: String, to destination: String) throws(ErrnoError) {
        if link(source, destination) == 0 {
            _ = unlink(source)
            return
        }
        let code = errno
        switch code {
        case EPERM, ENOTSUP, EOPNOTSUPP, EMLINK, EXDEV, ENOSYS:
            guard kind(of: destination) == .missing else { throw ErrnoError(EEXIST) }
            try rename(source, to: destination)
        default:
            throw ErrnoError(code)
        }
    }

    package static func remove(_ path: String) throws(ErrnoError) {
        guard unlink(path) == 0 else { throw ErrnoError(errno) }
    }

    /// Whether the process `pid` is running (or exists and belongs to someone else).
    package static func isRunning(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    package static var currentProcess: Int32 { getpid() }
}

/// A failed POSIX call's `errno`.
package struct ErrnoError: Error, Equatable {
    package var code: Int32

    package init(_ code: Int32) {
        self.code = code
    }
}

extension POSIXFile {
    /// Removes `folder` if it is empty; does nothing otherwise.
    package static func removeFolderIfEmpty(_ folder: String) {
        _ = rmdir(folder)
    }
}
