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

    /// The bytes of the regular file at `path`, at most `limit` of them: the one way repogen reads a file (a spec,
    /// a config, a template, an OpenAPI document, its record, a file it wrote).
    ///
    /// Only a regular file is read. What is at `path` is checked before it is opened (so a device is not even
    /// opened), and again on the open descriptor, which is what is read (so nothing swapped in between is read):
    /// a FIFO, a device, a socket or a folder is an error saying so, never a read that waits for a writer or
    /// never ends. The open does not block (`O_NONBLOCK`: opening a FIFO waits for a writer otherwise). A file
    /// larger than `limit` is refused before it is read; one that grows past it while read (or that has no size,
    /// like those of `/proc`) is refused once `limit` bytes are read.
    /// - Parameter followingLinks: without it, a symbolic link at `path` is an error (`.symbolicLink`).
    /// - Throws: `FileReadError` saying why; `.missing` when nothing is there.
    package static func readRegularFile(_ path: String, limit: Int, followingLinks: Bool) throws(FileReadError) -> [UInt8] {
        let (descriptor, size) = try openRegularFile(path, limit: limit, followingLinks: followingLinks)
        defer { _ = close(descriptor) }
        // Read straight into an array of the file's size, then on to the end (a file that grew, or one of /proc,
        // whose size is 0), never past `limit`.
        var result = try readBytes(descriptor, upTo: size)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, min($0.count, limit + 1 - result.count)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileReadError(.failed(errno: errno))
            }
            if count == 0 { return result }
            result += buffer[0..<count]
            if result.count > limit { throw FileReadError(.tooLarge(size: nil, limit: limit)) }
        }
    }

    /// The first bytes of the regular file at `path`, at most `count` of them, whatever its size (a generated file's
    /// header), with the checks `readRegularFile` makes.
    package static func readHead(_ path: String, count: Int, followingLinks: Bool) throws(FileReadError) -> [UInt8] {
        let (descriptor, _) = try openRegularFile(path, limit: nil, followingLinks: followingLinks)
        defer { _ = close(descriptor) }
        return try readBytes(descriptor, upTo: count)
    }

    /// Up to `count` bytes from `descriptor`, read straight into an array of that capacity; fewer at the end of
    /// the file.
    private static func readBytes(_ descriptor: Int32, upTo count: Int) throws(FileReadError) -> [UInt8] {
        var failure: Int32?
        let result = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while initialized < count {
                let got = read(descriptor, buffer.baseAddress.map { $0 + initialized }, count - initialized)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if got == 0 { return }
                initialized += got
            }
        }
        if let failure { throw FileReadError(.failed(errno: failure)) }
        return result
    }

    /// Opens the regular file at `path` for reading, as `readRegularFile` says: checked before the open (a device
    /// is not opened) and on the descriptor; the open never blocks. The caller closes the descriptor.
    /// - Parameter limit: a larger file is refused (`.tooLarge`); nil for any size.
    /// - Returns: the descriptor and the size `fstat` gives it.
    package static func openRegularFile(
        _ path: String, limit: Int?, followingLinks: Bool
    ) throws(FileReadError) -> (descriptor: Int32, size: Int) {
        var info = stat()
        if (followingLinks ? stat(path, &info) : lstat(path, &info)) != 0 {
            throw FileReadError(openFailure: errno)
        }
        try FileReadError.check(info, limit: limit)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        if descriptor < 0 {
            let code = errno
            throw code == ELOOP && !followingLinks ? FileReadError(.symbolicLink) : FileReadError(openFailure: code)
        }
        do throws(FileReadError) {
            guard fstat(descriptor, &info) == 0 else { throw FileReadError(.failed(errno: errno)) }
            try FileReadError.check(info, limit: limit)
        } catch {
            _ = close(descriptor)
            throw error
        }
        return (descriptor, Int(info.st_size))
    }

    /// `readRegularFile`, with nil when nothing is at `path`.
    package static func readRegularFileIfPresent(
        _ path: String, limit: Int, followingLinks: Bool
    ) throws(FileReadError) -> [UInt8]? {
        do {
            return try readRegularFile(path, limit: limit, followingLinks: followingLinks)
        } catch {
            if error.reason == .missing { return nil }
            throw error
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

/// Why `POSIXFile.readRegularFile` read nothing.
package struct FileReadError: Error, Equatable {
    package enum Reason: Equatable {
        /// Nothing is there (or a file is on the way: `ENOENT`, `ENOTDIR`).
        case missing
        case folder
        /// Something other than a regular file or a folder: `a FIFO (named pipe)`, `a character device`.
        case notRegularFile(String)
        /// A symbolic link where links are not followed.
        case symbolicLink
        /// Larger than `limit` bytes: `size` is the file's size, nil when it grew past the limit while read.
        case tooLarge(size: Int?, limit: Int)
        /// The `errno` of a failing open or read.
        case failed(errno: Int32)
    }

    package var reason: Reason

    package init(_ reason: Reason) {
        self.reason = reason
    }

    init(openFailure code: Int32) {
        self.init(code == ENOENT || code == ENOTDIR ? .missing : .failed(errno: code))
    }

    /// Throws unless `info` is that of a regular file of at most `limit` bytes.
    static func check(_ info: stat, limit: Int?) throws(FileReadError) {
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            if let limit, Int(info.st_size) > limit { throw FileReadError(.tooLarge(size: Int(info.st_size), limit: limit)) }
        case S_IFDIR: throw FileReadError(.folder)
        case S_IFLNK: throw FileReadError(.symbolicLink)
        case S_IFIFO: throw FileReadError(.notRegularFile("a FIFO (named pipe)"))
        case S_IFCHR: throw FileReadError(.notRegularFile("a character device"))
        case S_IFBLK: throw FileReadError(.notRegularFile("a block device"))
        case S_IFSOCK: throw FileReadError(.notRegularFile("a socket"))
        default: throw FileReadError(.notRegularFile("a special file"))
        }
    }

    /// The reason as the message of a diagnostic at the file: `is a FIFO (named pipe), not a regular file`,
    /// `the spec file is too large (12.5 MB; the limit is 10 MB)`.
    /// - Parameter file: what the file is to the reader, for the message: `spec file`, `template`.
    package func message(file: String) -> String {
        switch reason {
        case .missing: return "no such \(file)"
        case .folder: return "is a folder, not \(Self.article(file)) \(file)"
        case .notRegularFile(let kind): return "is \(kind), not a regular file"
        case .symbolicLink: return "is a symbolic link, which is not followed here"
        case .tooLarge(let size, let limit):
            return Self.tooLarge(file: file, size: size, limit: limit)
        case .failed(let code): return "cannot read the \(file): \(POSIXFile.reason(errno: code))"
        }
    }

    /// `a` or `an` before `noun`.
    static func article(_ noun: String) -> String {
        noun.first.map { "aeiouAEIOU".contains($0) } == true ? "an" : "a"
    }

    /// `the spec file is too large (12.5 MB; the limit is 10 MB)`; without a size, `(more than 10 MB, the limit)`.
    package static func tooLarge(file: String, size: Int?, limit: Int) -> String {
        guard let size else { return "the \(file) is too large (more than \(amount(limit)), the limit)" }
        return "the \(file) is too large (\(amount(size, roundingUp: true)); the limit is \(amount(limit)))"
    }

    /// `10 MB`, `12.5 MB` (one decimal; rounded up with `roundingUp`, so a size just over a limit never reads as
    /// the limit), or `100 bytes` below a megabyte.
    static func amount(_ bytes: Int, roundingUp: Bool = false) -> String {
        let megabyte = 1_048_576
        guard bytes >= megabyte else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        if !roundingUp, bytes % megabyte == 0 { return "\(bytes / megabyte) MB" }
        let tenths = Double(bytes) / Double(megabyte) * 10
        return "\((roundingUp ? tenths.rounded(.up) : tenths.rounded()) / 10) MB"
    }
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
