#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
import MachO
#endif

/// What identifies the generator that produced some output: its version and every file of code the running
/// process has loaded (the executable and its shared libraries: the Swift runtime, Foundation, …), each by
/// path, device, inode, size, modification and status-change time. A rebuilt repogen changes at least the
/// executable's inode or times, even without a version bump, so output it produced is never mistaken for the
/// output of another build. Part of the fingerprint of a run (see `GenerationRecord`), never of a generated file,
/// which stays the same on every machine.
package struct ToolIdentity: Sendable, Equatable {
    /// One line per fact, stable from run to run of the same build.
    package var text: String

    package init(_ text: String) {
        self.text = text
    }

    /// The running process, or nil when its code files cannot be identified for certain (then nothing is reused).
    package static func current(version: String) -> ToolIdentity? {
        guard let files = loadedCodeFiles(), !files.isEmpty else { return nil }
        return ToolIdentity((["repogen \(version)"] + files).joined(separator: "\n"))
    }

    /// One line per loaded file of code: `<path> <device> <inode> <size> <mtime> <ctime>`, sorted.
    static func loadedCodeFiles() -> [String]? {
        #if os(Linux)
        // Every executable mapping of the process, with the inode it was mapped from: a file replaced since (a
        // rebuild while this run was starting) has another inode now, and then nothing is certain. Read twice:
        // the kernel produces the list page by page, so a mapping made meanwhile could make one reading skip a
        // line; two readings that agree on the files of code cannot both have skipped the same one.
        guard let inodes = mappedCodeFiles(), mappedCodeFiles() == inodes else { return nil }
        // The executable itself must be among them.
        var buffer = [CChar](repeating: 0, count: 4097)
        let length = readlink("/proc/self/exe", &buffer, 4096)
        guard length > 0, inodes[String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)] != nil else {
            return nil
        }
        var lines: [String] = []
        for (path, inode) in inodes.sorted(by: { $0.key < $1.key }) {
            guard let line = describe(path), let info = statInfo(path), UInt64(info.st_ino) == inode else { return nil }
            lines.append(line)
        }
        return lines
        #elseif canImport(Darwin)
        // The executable and every loaded image; images of the system's shared cache have no file of their own,
        // so the system version stands for them.
        var lines: [String] = []
        var size = UInt32(0)
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0, let executable = describe(String(cString: buffer)) else {
            return nil
        }
        lines.append(executable)
        for index in 0..<_dyld_image_count() {
            guard let name = _dyld_get_image_name(index) else { continue }
            let path = String(cString: name)
            lines.append(describe(path) ?? "\(path) (in the shared cache)")
        }
        var version = [CChar](repeating: 0, count: 256)
        var length = version.count
        if sysctlbyname("kern.osversion", &version, &length, nil, 0) == 0 {
            lines.append("system \(String(cString: version))")
        }
        return Array(Set(lines)).sorted()
        #else
        return nil
        #endif
    }

    #if os(Linux)
    /// The files with executable mappings in `/proc/self/maps`, by path, with the inode each was mapped from;
    /// nil when the list cannot be read or a file was deleted or replaced since it was mapped.
    private static func mappedCodeFiles() -> [String: UInt64]? {
        // A few hundred lines; /proc gives no size, so the read is bounded by the limit alone.
        guard let bytes = try? POSIXFile.readRegularFile("/proc/self/maps", limit: 16 << 20, followingLinks: true) else {
            return nil
        }
        var inodes: [String: UInt64] = [:]
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            // address perms offset device inode path (the path may hold spaces)
            var fields: [ArraySlice<UInt8>] = []
            var rest = line[...]
            while fields.count < 5 {
                rest = rest.drop { $0 == UInt8(ascii: " ") }
                guard let end = rest.firstIndex(of: UInt8(ascii: " ")) else { break }
                fields.append(rest[..<end])
                rest = rest[end...]
            }
            guard fields.count == 5, fields[1].count >= 3, fields[1][fields[1].startIndex + 2] == UInt8(ascii: "x") else {
                continue
            }
            let path = String(decoding: rest.drop { $0 == UInt8(ascii: " ") }, as: UTF8.self)
            // Anonymous code ([vdso]) is part of the kernel, not of a file.
            guard path.hasPrefix("/") else { continue }
            guard !path.hasSuffix(" (deleted)"), let inode = UInt64(String(decoding: fields[4], as: UTF8.self)) else {
                return nil
            }
            if let other = inodes[path], other != inode { return nil }
            inodes[path] = inode
        }
        return inodes
    }
    #endif

    private static func statInfo(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    /// `<path> <device> <inode> <size> <mtime s.ns> <ctime s.ns>`, or nil when the file cannot be examined.
    private static func describe(_ path: String) -> String? {
        guard let info = statInfo(path) else { return nil }
        #if canImport(Darwin)
        let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
        let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        return "\(path) \(info.st_dev) \(info.st_ino) \(info.st_size) \(modified.tv_sec).\(modified.tv_nsec) "
            + "\(changed.tv_sec).\(changed.tv_nsec)"
    }
}
