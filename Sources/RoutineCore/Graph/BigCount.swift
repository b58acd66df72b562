/// An arbitrary-precision unsigned integer, just enough to count a routine's
/// combinations exactly: addition, multiplication, comparison and decimal digits.
///
/// Stored as little-endian 32-bit limbs with no trailing zero limbs (zero has none),
/// so equal numbers have equal storage and `==`/`hash` are structural.
public struct BigCount: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    private var limbs: [UInt32]

    public static let zero = BigCount(0)
    public static let one = BigCount(1)

    public init(_ value: UInt64) {
        limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
        normalize()
    }

    public init(integerLiteral value: UInt64) {
        self.init(value)
    }

    /// Parses plain decimal digits (ASCII only); nil for anything else or an empty string.
    public init?(_ text: String) {
        guard !text.isEmpty else { return nil }
        var result = BigCount.zero
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            result = result * BigCount(10) + BigCount(UInt64(byte - UInt8(ascii: "0")))
        }
        self = result
    }

    public var isZero: Bool { limbs.isEmpty }

    private mutating func normalize() {
        while let last = limbs.last, last == 0 { limbs.removeLast() }
    }

    public static func + (a: BigCount, b: BigCount) -> BigCount {
        var result = a
        result += b
        return result
    }

    public static func += (a: inout BigCount, b: BigCount) {
        if a.limbs.count < b.limbs.count {
            a.limbs.append(contentsOf: repeatElement(0, count: b.limbs.count - a.limbs.count))
        }
        var carry: UInt64 = 0
        for index in a.limbs.indices {
            let sum = UInt64(a.limbs[index]) + (index < b.limbs.count ? UInt64(b.limbs[index]) : 0) + carry
            a.limbs[index] = UInt32(truncatingIfNeeded: sum)
            carry = sum >> 32
            if carry == 0 && index >= b.limbs.count { break }
        }
        if carry != 0 { a.limbs.append(UInt32(carry)) }
    }

    public static func * (a: BigCount, b: BigCount) -> BigCount {
        if a.isZero || b.isZero { return .zero }
        var product = [UInt32](repeating: 0, count: a.limbs.count + b.limbs.count)
        for (i, x) in a.limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, y) in b.limbs.enumerated() {
                let t = UInt64(x) * UInt64(y) + UInt64(product[i + j]) + carry
                product[i + j] = UInt32(truncatingIfNeeded: t)
                carry = t >> 32
            }
            var k = i + b.limbs.count
            while carry != 0 {
                let t = UInt64(product[k]) + carry
                product[k] = UInt32(truncatingIfNeeded: t)
                carry = t >> 32
                k += 1
            }
        }
        var result = BigCount.zero
        result.limbs = product
        result.normalize()
        return result
    }

    public static func *= (a: inout BigCount, b: BigCount) {
        a = a * b
    }

    public static func < (a: BigCount, b: BigCount) -> Bool {
        if a.limbs.count != b.limbs.count { return a.limbs.count < b.limbs.count }
        for index in a.limbs.indices.reversed() where a.limbs[index] != b.limbs[index] {
            return a.limbs[index] < b.limbs[index]
        }
        return false
    }

    /// `base` raised to `exponent`, by repeated squaring.
    public static func power(_ base: BigCount, _ exponent: Int) -> BigCount {
        var result = BigCount.one
        var square = base
        var remaining = max(0, exponent)
        while remaining > 0 {
            if remaining & 1 == 1 { result *= square }
            remaining >>= 1
            if remaining > 0 { square *= square }
        }
        return result
    }

    /// All decimal digits, without separators or sign.
    public var description: String {
        if limbs.isEmpty { return "0" }
        // Divide repeatedly by 10^9, collecting base-10^9 chunks from the low end.
        var remaining = limbs
        var chunks: [UInt32] = []
        while !remaining.isEmpty {
            var remainder: UInt64 = 0
            for index in remaining.indices.reversed() {
                let current = remainder << 32 | UInt64(remaining[index])
                remaining[index] = UInt32(current / 1_000_000_000)
                remainder = current % 1_000_000_000
            }
            chunks.append(UInt32(remainder))
            while let last = remaining.last, last == 0 { remaining.removeLast() }
        }
        var text = String(chunks.removeLast())
        for chunk in chunks.reversed() {
            let digits = String(chunk)
            text += String(repeating: "0", count: 9 - digits.count) + digits
        }
        return text
    }
}
