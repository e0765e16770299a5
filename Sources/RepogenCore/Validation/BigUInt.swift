/// A non-negative integer of any size, for the exact arithmetic `NumberLiteral` does on the numbers a spec writes
/// (a decimal literal's exact value, rounded to a binary format as the compiler rounds it). Only what that needs:
/// building from digits and small factors, shifts, comparison, subtraction and a short division.
struct BigUInt: Comparable, Sendable {
    /// 32-bit digits, least significant first, without leading (high) zeros; zero is no digits.
    private(set) var limbs: [UInt32]

    init(_ value: UInt64) {
        limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
        normalize()
    }

    private init(limbs: [UInt32]) {
        self.limbs = limbs
        normalize()
    }

    /// The value of a run of ASCII decimal digits.
    init(decimalDigits digits: Substring.UTF8View) {
        self.init(0)
        var chunk: UInt32 = 0
        var chunkPower: UInt32 = 1
        for byte in digits {
            chunk = chunk * 10 + UInt32(byte - UInt8(ascii: "0"))
            chunkPower *= 10
            if chunkPower == 1_000_000_000 {
                multiply(by: chunkPower, adding: chunk)
                chunk = 0
                chunkPower = 1
            }
        }
        if chunkPower > 1 { multiply(by: chunkPower, adding: chunk) }
    }

    /// 10 to the power `exponent` (at least 0).
    static func powerOfTen(_ exponent: Int) -> BigUInt {
        var result = BigUInt(1)
        var left = exponent
        while left >= 9 {
            result.multiply(by: 1_000_000_000)
            left -= 9
        }
        var last: UInt32 = 1
        for _ in 0..<left { last *= 10 }
        result.multiply(by: last)
        return result
    }

    private mutating func normalize() {
        while let last = limbs.last, last == 0 { limbs.removeLast() }
    }

    var isZero: Bool { limbs.isEmpty }

    /// The number of bits up to the highest set one (0 for zero).
    var bitWidth: Int {
        guard let last = limbs.last else { return 0 }
        return limbs.count * 32 - last.leadingZeroBitCount
    }

    /// The number of zero bits below the lowest set one (0 for zero).
    var trailingZeroBitCount: Int {
        for (index, limb) in limbs.enumerated() where limb != 0 {
            return index * 32 + limb.trailingZeroBitCount
        }
        return 0
    }

    /// The low 64 bits.
    var low64: UInt64 {
        (limbs.count > 0 ? UInt64(limbs[0]) : 0) | (limbs.count > 1 ? UInt64(limbs[1]) << 32 : 0)
    }

    mutating func multiply(by factor: UInt32, adding addend: UInt32 = 0) {
        var carry = UInt64(addend)
        for index in limbs.indices {
            let product = UInt64(limbs[index]) * UInt64(factor) + carry
            limbs[index] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry > 0 { limbs.append(UInt32(carry)) }
        normalize()
    }

    static func * (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        guard !lhs.isZero, !rhs.isZero else { return BigUInt(0) }
        var result = [UInt32](repeating: 0, count: lhs.limbs.count + rhs.limbs.count)
        for (i, a) in lhs.limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, b) in rhs.limbs.enumerated() {
                let sum = UInt64(a) * UInt64(b) + UInt64(result[i + j]) + carry
                result[i + j] = UInt32(truncatingIfNeeded: sum)
                carry = sum >> 32
            }
            result[i + rhs.limbs.count] = UInt32(carry)
        }
        return BigUInt(limbs: result)
    }

    static func << (value: BigUInt, shift: Int) -> BigUInt {
        guard shift > 0, !value.isZero else { return value }
        let whole = shift / 32
        let part = shift % 32
        var result = [UInt32](repeating: 0, count: whole) + value.limbs + [0]
        if part > 0 {
            var carry: UInt32 = 0
            for index in whole..<result.count {
                let limb = result[index]
                result[index] = (limb << UInt32(part)) | carry
                carry = limb >> UInt32(32 - part)
            }
        }
        return BigUInt(limbs: result)
    }

    static func >> (value: BigUInt, shift: Int) -> BigUInt {
        guard shift > 0 else { return value }
        let whole = shift / 32
        guard whole < value.limbs.count else { return BigUInt(0) }
        let part = shift % 32
        var result = Array(value.limbs[whole...])
        if part > 0 {
            for index in result.indices {
                let high = index + 1 < result.count ? result[index + 1] << UInt32(32 - part) : 0
                result[index] = (result[index] >> UInt32(part)) | high
            }
        }
        return BigUInt(limbs: result)
    }

    /// `lhs - rhs`, for `lhs >= rhs`.
    static func - (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        var result = lhs.limbs
        var borrow: Int64 = 0
        for index in result.indices {
            var difference = Int64(result[index]) - borrow - (index < rhs.limbs.count ? Int64(rhs.limbs[index]) : 0)
            borrow = 0
            if difference < 0 {
                difference += 1 << 32
                borrow = 1
            }
            result[index] = UInt32(difference)
        }
        return BigUInt(limbs: result)
    }

    static func < (lhs: BigUInt, rhs: BigUInt) -> Bool {
        guard lhs.limbs.count == rhs.limbs.count else { return lhs.limbs.count < rhs.limbs.count }
        for index in lhs.limbs.indices.reversed() where lhs.limbs[index] != rhs.limbs[index] {
            return lhs.limbs[index] < rhs.limbs[index]
        }
        return false
    }

    /// `(lhs / rhs, lhs % rhs)` for a quotient below 2^64 (as the rounding asks for one significand), by shifting
    /// and subtracting.
    static func divide(_ lhs: BigUInt, by rhs: BigUInt) -> (quotient: UInt64, remainder: BigUInt) {
        var remainder = lhs
        var quotient: UInt64 = 0
        var shift = lhs.bitWidth - rhs.bitWidth
        guard shift >= 0 else { return (0, lhs) }
        if shift == 64 {
            // The quotient has at most 64 bits only when this one is clear.
            precondition(lhs < rhs << 64, "the quotient does not fit 64 bits")
            shift = 63
        }
        precondition(shift < 64, "the quotient does not fit 64 bits")
        for bit in stride(from: shift, through: 0, by: -1) {
            let part = rhs << bit
            if !(remainder < part) {
                remainder = remainder - part
                quotient |= 1 << UInt64(bit)
            }
        }
        return (quotient, remainder)
    }

    /// The value in decimal digits.
    var decimalDescription: String {
        guard !isZero else { return "0" }
        var chunks: [UInt32] = []
        var rest = limbs
        while !rest.isEmpty {
            var remainder: UInt64 = 0
            for index in rest.indices.reversed() {
                let current = (remainder << 32) | UInt64(rest[index])
                rest[index] = UInt32(current / 1_000_000_000)
                remainder = current % 1_000_000_000
            }
            while let last = rest.last, last == 0 { rest.removeLast() }
            chunks.append(UInt32(remainder))
        }
        var text = String(chunks.removeLast())
        for chunk in chunks.reversed() {
            let digits = String(chunk)
            text += String(repeating: "0", count: 9 - digits.count) + digits
        }
        return text
    }
}
