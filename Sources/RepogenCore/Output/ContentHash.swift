/// XXH64 (Yann Collet's xxHash, 64-bit variant): a fast non-cryptographic hash, used to recognise bytes repogen
/// has seen before (a spec, a generated file) at about the speed they are read. It guards against accidents (an
/// edited file, a changed spec), not against someone forging a collision.
package enum XXH64 {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    package static func hash(_ bytes: some Sequence<UInt8>, seed: UInt64 = 0) -> UInt64 {
        if let result = bytes.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0), seed: seed) }) {
            return result
        }
        return Array(bytes).withUnsafeBytes { hash($0, seed: seed) }
    }

    package static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let count = bytes.count
        var offset = 0
        @inline(__always) func word(_ at: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
        }
        var hash: UInt64
        if count >= 32 {
            var v1 = seed &+ prime1 &+ prime2
            var v2 = seed &+ prime2
            var v3 = seed
            var v4 = seed &- prime1
            while offset + 32 <= count {
                v1 = round(v1, word(offset))
                v2 = round(v2, word(offset + 8))
                v3 = round(v3, word(offset + 16))
                v4 = round(v4, word(offset + 24))
                offset += 32
            }
            hash = rotate(v1, 1) &+ rotate(v2, 7) &+ rotate(v3, 12) &+ rotate(v4, 18)
            hash = merge(hash, v1)
            hash = merge(hash, v2)
            hash = merge(hash, v3)
            hash = merge(hash, v4)
        } else {
            hash = seed &+ prime5
        }
        hash &+= UInt64(count)
        return finish(hash, bytes, from: offset)
    }

    /// The hash of bytes that arrive in pieces (a file read chunk by chunk): the same value `hash` gives for
    /// all of them at once.
    package struct Stream {
        private let seed: UInt64
        private var v1: UInt64
        private var v2: UInt64
        private var v3: UInt64
        private var v4: UInt64
        private var count = 0
        /// The bytes of an unfinished 32-byte stripe.
        private var pending: [UInt8] = []

        package init(seed: UInt64 = 0) {
            self.seed = seed
            v1 = seed &+ prime1 &+ prime2
            v2 = seed &+ prime2
            v3 = seed
            v4 = seed &- prime1
            pending.reserveCapacity(32)
        }

        package mutating func update(_ bytes: UnsafeRawBufferPointer) {
            count += bytes.count
            var offset = 0
            if !pending.isEmpty {
                let taken = min(32 - pending.count, bytes.count)
                pending += bytes[0..<taken]
                offset = taken
                guard pending.count == 32 else { return }
                pending.withUnsafeBytes { stripes($0, upTo: 32) }
                pending.removeAll(keepingCapacity: true)
            }
            let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
            let whole = rest.count / 32 * 32
            stripes(rest, upTo: whole)
            pending += rest[whole...]
        }

        private mutating func stripes(_ bytes: UnsafeRawBufferPointer, upTo end: Int) {
            var offset = 0
            while offset + 32 <= end {
                v1 = round(v1, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                v2 = round(v2, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
                v3 = round(v3, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)))
                v4 = round(v4, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)))
                offset += 32
            }
        }

        package var value: UInt64 {
            var hash: UInt64
            if count >= 32 {
                hash = rotate(v1, 1) &+ rotate(v2, 7) &+ rotate(v3, 12) &+ rotate(v4, 18)
                hash = merge(hash, v1)
                hash = merge(hash, v2)
                hash = merge(hash, v3)
                hash = merge(hash, v4)
            } else {
                hash = seed &+ prime5
            }
            hash &+= UInt64(count)
            return pending.withUnsafeBytes { finish(hash, $0, from: 0) }
        }
    }

    /// The last steps: the bytes after the last whole stripe, then the avalanche.
    @inline(__always) private static func finish(_ start: UInt64, _ bytes: UnsafeRawBufferPointer, from first: Int) -> UInt64 {
        var hash = start
        var offset = first
        let count = bytes.count
        while offset + 8 <= count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            hash ^= round(0, word)
            hash = rotate(hash, 27) &* prime1 &+ prime4
            offset += 8
        }
        if offset + 4 <= count {
            let half = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            hash ^= half &* prime1
            hash = rotate(hash, 23) &* prime2 &+ prime3
            offset += 4
        }
        while offset < count {
            hash ^= UInt64(bytes[offset]) &* prime5
            hash = rotate(hash, 11) &* prime1
            offset += 1
        }
        hash ^= hash >> 33
        hash &*= prime2
        hash ^= hash >> 29
        hash &*= prime3
        hash ^= hash >> 32
        return hash
    }

    @inline(__always) private static func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 {
        (value << bits) | (value >> (64 - bits))
    }

    @inline(__always) private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    @inline(__always) private static func merge(_ accumulator: UInt64, _ value: UInt64) -> UInt64 {
        (accumulator ^ round(0, value)) &* prime1 &+ prime4
    }

    /// 16 lowercase hex digits.
    package static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The size and XXH64 hashes of a regular file, read in chunks through one small buffer (no copy of the whole
/// file is kept, so hashing costs about what reading does).
package struct FileDigest: Sendable, Equatable {
    package var size: Int
    package var hashes: [UInt64]

    /// - Parameters:
    ///   - followingLinks: without it, a symbolic link at `path` gives nil.
    ///   - expectedSize: a file of another size gives nil before it is read.
    ///   - maximumSize: a larger file gives nil before it is read.
    /// - Returns: nil when nothing is there, it is not a regular file, or it cannot be read.
    package init?(
        of path: String, seeds: [UInt64], followingLinks: Bool, expectedSize: Int? = nil, maximumSize: Int? = nil
    ) {
        // Opened as every file repogen reads is: never a FIFO or a device, and without blocking.
        guard let (descriptor, fileSize) = try? POSIXFile.openRegularFile(path, limit: maximumSize, followingLinks: followingLinks)
        else { return nil }
        defer { _ = close(descriptor) }
        if let expectedSize, fileSize != expectedSize { return nil }
        var streams = seeds.map { XXH64.Stream(seed: $0) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 16)
        defer { buffer.deallocate() }
        var size = 0
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            size += count
            // Grown past what was asked for while read: stop (the result would be nil anyway).
            if let maximumSize, size > maximumSize { return nil }
            if let expectedSize, size > expectedSize { return nil }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            for index in streams.indices { streams[index].update(chunk) }
        }
        if let expectedSize, size != expectedSize { return nil }
        if let maximumSize, size > maximumSize { return nil }
        self.size = size
        self.hashes = streams.map(\.value)
    }

    package init(bytes: UnsafeRawBufferPointer, seeds: [UInt64]) {
        size = bytes.count
        hashes = seeds.map { XXH64.hash(bytes, seed: $0) }
    }
}
