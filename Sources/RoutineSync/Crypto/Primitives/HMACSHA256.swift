/// HMAC-SHA256 (RFC 2104) and PBKDF2-HMAC-SHA256 (RFC 8018 §5.2), the two ends of scrypt
/// (RFC 7914 §6).
struct HMACSHA256 {
    private var inner = SHA256()
    private var outer = SHA256()

    /// A MAC keyed with `key` (hashed first when longer than a block, RFC 2104 §2).
    init(key: [UInt8]) {
        var block = key.count > SHA256.blockLength ? SHA256.hash(key) : key
        block += [UInt8](repeating: 0, count: SHA256.blockLength - block.count)
        inner.update(block.map { $0 ^ 0x36 })
        outer.update(block.map { $0 ^ 0x5c })
    }

    mutating func update(_ bytes: [UInt8]) {
        inner.update(bytes)
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        inner.update(bytes)
    }

    mutating func finalize() -> [UInt8] {
        outer.update(inner.finalize())
        return outer.finalize()
    }

    static func authenticationCode(for message: [UInt8], key: [UInt8]) -> [UInt8] {
        var mac = HMACSHA256(key: key)
        mac.update(message)
        return mac.finalize()
    }
}

enum PBKDF2 {
    /// PBKDF2 with HMAC-SHA256 as its PRF: `length` bytes from `password` and `salt` after
    /// `iterations` (at least 1) rounds. The password is keyed into the MAC once; each
    /// block starts from a copy of that keyed state.
    static func hmacSHA256(password: [UInt8], salt: [UInt8], iterations: Int, length: Int) -> [UInt8] {
        precondition(iterations >= 1 && length >= 0)
        let keyed = HMACSHA256(key: password)
        var output: [UInt8] = []
        output.reserveCapacity(length)
        var blockIndex: UInt32 = 1
        while output.count < length {
            var mac = keyed
            mac.update(salt)
            mac.update([24, 16, 8, 0].map { UInt8(truncatingIfNeeded: blockIndex >> $0) })
            var u = mac.finalize()
            var t = u
            for _ in 1..<max(iterations, 1) {
                var next = keyed
                next.update(u)
                u = next.finalize()
                for index in 0..<t.count { t[index] ^= u[index] }
            }
            output += t.prefix(length - output.count)
            blockIndex &+= 1
        }
        return output
    }
}
