/// scrypt (RFC 7914): PBKDF2-HMAC-SHA256 spreads the password and salt over p blocks of
/// 128·r bytes, ROMix makes each block depend on N earlier states kept in memory (128·N·r
/// bytes, the memory-hard part), and PBKDF2 draws the key from the result.
///
/// The Salsa20/8 core has no branch and no table lookup. ROMix reads its memory at an index
/// taken from the state (RFC 7914 §5: Integerify) — that is what scrypt is; an attacker who
/// can time this device's cache while it derives already sits on the device.
///
/// The working blocks (which hold what the password became) are zeroed before they are
/// freed; the large table is not: it is returned to the system (unmapped) when freed,
/// and the system hands out only zeroed pages.
enum Scrypt {
    /// Parameters scrypt cannot compute with.
    struct ParameterError: Error, CustomStringConvertible {
        let description: String
    }

    static func deriveKey(password: [UInt8], salt: [UInt8], n: Int, r: Int, p: Int, length: Int) throws -> [UInt8] {
        guard n > 1, n & (n - 1) == 0 else { throw ParameterError(description: "N must be a power of 2 above 1") }
        let (rp, rpOverflow) = r.multipliedReportingOverflow(by: p)
        guard r >= 1, p >= 1, !rpOverflow, rp < 1 << 30 else {
            throw ParameterError(description: "r·p must be below 2^30")
        }
        let (tableWords, overflow) = n.multipliedReportingOverflow(by: 32 * r)
        guard !overflow, tableWords <= Int.max / 4, n <= Int(UInt32.max) else {
            throw ParameterError(description: "128·N·r bytes is more memory than can be addressed")
        }
        guard (1...32 * Int(UInt32.max)).contains(length) else {
            throw ParameterError(description: "the key length must be 1 to (2^32 - 1)·32 bytes")
        }
        let blockWords = 32 * r
        var blocks = PBKDF2.hmacSHA256(password: password, salt: salt, iterations: 1, length: p * 4 * blockWords)
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: tableWords)
        defer { table.deallocate() }
        let work = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * blockWords)
        defer {
            work.update(repeating: 0, count: 2 * blockWords)
            work.deallocate()
        }
        blocks.withUnsafeMutableBytes { bytes in
            for index in 0..<p {
                roMix(
                    bytes.baseAddress! + index * 4 * blockWords, r: r, n: n, table: table, x: work,
                    y: work + blockWords)
            }
        }
        let key = PBKDF2.hmacSHA256(password: password, salt: blocks, iterations: 1, length: length)
        blocks.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) }
        return key
    }

    /// RFC 7914 §5, on one 128·r-byte block in place. Two steps a loop turn, so X and Y
    /// swap roles instead of being copied.
    private static func roMix(
        _ block: UnsafeMutableRawPointer, r: Int, n: Int, table: UnsafeMutablePointer<UInt32>,
        x: UnsafeMutablePointer<UInt32>, y: UnsafeMutablePointer<UInt32>
    ) {
        let words = 32 * r
        for index in 0..<words {
            x[index] = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self))
        }
        var step = 0
        while step < n {
            (table + step * words).update(from: x, count: words)
            blockMix(x, into: y, r: r)
            (table + (step + 1) * words).update(from: y, count: words)
            blockMix(y, into: x, r: r)
            step += 2
        }
        let last = (2 * r - 1) * 16
        let mask = n - 1
        step = 0
        while step < n {
            xor(x, with: table + (Int(x[last]) & mask) * words, count: words)
            blockMix(x, into: y, r: r)
            xor(y, with: table + (Int(y[last]) & mask) * words, count: words)
            blockMix(y, into: x, r: r)
            step += 2
        }
        for index in 0..<words {
            block.storeBytes(of: x[index].littleEndian, toByteOffset: 4 * index, as: UInt32.self)
        }
    }

    @inline(__always)
    private static func xor(_ target: UnsafeMutablePointer<UInt32>, with source: UnsafePointer<UInt32>, count: Int) {
        for index in 0..<count { target[index] ^= source[index] }
    }

    /// RFC 7914 §4: each 64-byte part of `input` mixed into the running state, the results
    /// written even parts first, then odd parts.
    @inline(__always)
    private static func blockMix(
        _ input: UnsafeMutablePointer<UInt32>, into output: UnsafeMutablePointer<UInt32>, r: Int
    ) {
        var previous = UnsafePointer(input + (2 * r - 1) * 16)
        for part in 0..<(2 * r) {
            let target = output + (part / 2 + (part & 1) * r) * 16
            salsa20_8(previous, xoredWith: UnsafePointer(input + part * 16), into: target)
            previous = UnsafePointer(target)
        }
    }

    /// Salsa20/8 (RFC 7914 §3) of `a` XOR `b`, written to `output` (which may be `a`).
    @inline(__always)
    static func salsa20_8(
        _ a: UnsafePointer<UInt32>, xoredWith b: UnsafePointer<UInt32>, into output: UnsafeMutablePointer<UInt32>
    ) {
        let j0 = a[0] ^ b[0]
        let j1 = a[1] ^ b[1]
        let j2 = a[2] ^ b[2]
        let j3 = a[3] ^ b[3]
        let j4 = a[4] ^ b[4]
        let j5 = a[5] ^ b[5]
        let j6 = a[6] ^ b[6]
        let j7 = a[7] ^ b[7]
        let j8 = a[8] ^ b[8]
        let j9 = a[9] ^ b[9]
        let j10 = a[10] ^ b[10]
        let j11 = a[11] ^ b[11]
        let j12 = a[12] ^ b[12]
        let j13 = a[13] ^ b[13]
        let j14 = a[14] ^ b[14]
        let j15 = a[15] ^ b[15]
        var x0 = j0
        var x1 = j1
        var x2 = j2
        var x3 = j3
        var x4 = j4
        var x5 = j5
        var x6 = j6
        var x7 = j7
        var x8 = j8
        var x9 = j9
        var x10 = j10
        var x11 = j11
        var x12 = j12
        var x13 = j13
        var x14 = j14
        var x15 = j15
        for _ in 0..<4 {
            // Columns.
            x4 ^= (x0 &+ x12).rotatedLeft(7)
            x8 ^= (x4 &+ x0).rotatedLeft(9)
            x12 ^= (x8 &+ x4).rotatedLeft(13)
            x0 ^= (x12 &+ x8).rotatedLeft(18)
            x9 ^= (x5 &+ x1).rotatedLeft(7)
            x13 ^= (x9 &+ x5).rotatedLeft(9)
            x1 ^= (x13 &+ x9).rotatedLeft(13)
            x5 ^= (x1 &+ x13).rotatedLeft(18)
            x14 ^= (x10 &+ x6).rotatedLeft(7)
            x2 ^= (x14 &+ x10).rotatedLeft(9)
            x6 ^= (x2 &+ x14).rotatedLeft(13)
            x10 ^= (x6 &+ x2).rotatedLeft(18)
            x3 ^= (x15 &+ x11).rotatedLeft(7)
            x7 ^= (x3 &+ x15).rotatedLeft(9)
            x11 ^= (x7 &+ x3).rotatedLeft(13)
            x15 ^= (x11 &+ x7).rotatedLeft(18)
            // Rows.
            x1 ^= (x0 &+ x3).rotatedLeft(7)
            x2 ^= (x1 &+ x0).rotatedLeft(9)
            x3 ^= (x2 &+ x1).rotatedLeft(13)
            x0 ^= (x3 &+ x2).rotatedLeft(18)
            x6 ^= (x5 &+ x4).rotatedLeft(7)
            x7 ^= (x6 &+ x5).rotatedLeft(9)
            x4 ^= (x7 &+ x6).rotatedLeft(13)
            x5 ^= (x4 &+ x7).rotatedLeft(18)
            x11 ^= (x10 &+ x9).rotatedLeft(7)
            x8 ^= (x11 &+ x10).rotatedLeft(9)
            x9 ^= (x8 &+ x11).rotatedLeft(13)
            x10 ^= (x9 &+ x8).rotatedLeft(18)
            x12 ^= (x15 &+ x14).rotatedLeft(7)
            x13 ^= (x12 &+ x15).rotatedLeft(9)
            x14 ^= (x13 &+ x12).rotatedLeft(13)
            x15 ^= (x14 &+ x13).rotatedLeft(18)
        }
        output[0] = x0 &+ j0
        output[1] = x1 &+ j1
        output[2] = x2 &+ j2
        output[3] = x3 &+ j3
        output[4] = x4 &+ j4
        output[5] = x5 &+ j5
        output[6] = x6 &+ j6
        output[7] = x7 &+ j7
        output[8] = x8 &+ j8
        output[9] = x9 &+ j9
        output[10] = x10 &+ j10
        output[11] = x11 &+ j11
        output[12] = x12 &+ j12
        output[13] = x13 &+ j13
        output[14] = x14 &+ j14
        output[15] = x15 &+ j15
    }
}
