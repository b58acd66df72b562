/// ChaCha20-Poly1305 (RFC 8439 §2.8), in the layout swift-crypto called `combined`:
/// nonce (12 bytes) ‖ ciphertext ‖ tag (16 bytes).
///
/// A box is opened only after its tag is checked, in time that does not depend on where
/// the tags differ; nothing is decrypted for a box that fails.
enum ChaCha20Poly1305 {
    static let keyLength = 32
    static let nonceLength = 12
    static let tagLength = 16
    /// The block counter starts at 1 and is 32 bits: 2^32 - 1 blocks of 64 bytes.
    static let maximumPlaintextLength = (1 << 32 - 1) * 64

    /// Seals `plaintext` under a 32-byte `key` and a 12-byte `nonce` that is never used
    /// twice with the key, authenticating `associatedData` too.
    static func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], associatedData: [UInt8]) -> [UInt8] {
        precondition(key.count == keyLength && nonce.count == nonceLength)
        precondition(plaintext.count <= maximumPlaintextLength)
        var box = nonce + plaintext + [UInt8](repeating: 0, count: tagLength)
        box.withUnsafeMutableBytes { bytes in
            let ciphertext = UnsafeMutableRawBufferPointer(
                rebasing: bytes[nonceLength..<(nonceLength + plaintext.count)])
            let tag = authenticate(
                key: key, nonce: nonce, associatedData: associatedData, encrypting: ciphertext)
            tag.withUnsafeBytes {
                bytes.baseAddress!.advanced(by: nonceLength + plaintext.count).copyMemory(
                    from: $0.baseAddress!, byteCount: tagLength)
            }
        }
        return box
    }

    /// The plaintext of a combined box, or nil when it is shorter than a nonce and a tag
    /// or does not authenticate under `key` with `associatedData`.
    static func open(_ box: UnsafeRawBufferPointer, key: [UInt8], associatedData: [UInt8]) -> [UInt8]? {
        precondition(key.count == keyLength)
        guard box.count >= nonceLength + tagLength else { return nil }
        let nonce = Array(box[0..<nonceLength])
        let tagStart = box.count - tagLength
        var plaintext = Array(box[nonceLength..<tagStart])
        let expected = plaintext.withUnsafeBytes {
            tag(key: key, nonce: nonce, associatedData: associatedData, ciphertext: $0)
        }
        guard ConstantTime.equal(UnsafeRawBufferPointer(rebasing: box[tagStart...]), expected) else { return nil }
        plaintext.withUnsafeMutableBytes { ChaCha20.xorKeyStream(into: $0, key: key, nonce: nonce, counter: 1) }
        return plaintext
    }

    /// Encrypts `buffer` in place and returns the tag over the associated data and the
    /// ciphertext.
    private static func authenticate(
        key: [UInt8], nonce: [UInt8], associatedData: [UInt8], encrypting buffer: UnsafeMutableRawBufferPointer
    ) -> [UInt8] {
        ChaCha20.xorKeyStream(into: buffer, key: key, nonce: nonce, counter: 1)
        return tag(key: key, nonce: nonce, associatedData: associatedData, ciphertext: UnsafeRawBufferPointer(buffer))
    }

    /// RFC 8439 §2.8: Poly1305 keyed with block 0's first 32 bytes, over the associated
    /// data and the ciphertext (each padded with zeros to 16 bytes), then their lengths.
    private static func tag(
        key: [UInt8], nonce: [UInt8], associatedData: [UInt8], ciphertext: UnsafeRawBufferPointer
    ) -> [UInt8] {
        var oneTimeKey = [UInt8](repeating: 0, count: 64)
        oneTimeKey.withUnsafeMutableBytes { ChaCha20.xorKeyStream(into: $0, key: key, nonce: nonce, counter: 0) }
        var mac = oneTimeKey.withUnsafeBytes { Poly1305(key: UnsafeRawBufferPointer(rebasing: $0[0..<32])) }
        oneTimeKey.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) }
        associatedData.withUnsafeBytes { mac.updatePadded($0) }
        mac.updatePadded(ciphertext)
        var lengths = [UInt8](repeating: 0, count: 16)
        lengths.withUnsafeMutableBytes { bytes in
            bytes.storeBytes(of: UInt64(associatedData.count).littleEndian, toByteOffset: 0, as: UInt64.self)
            bytes.storeBytes(of: UInt64(ciphertext.count).littleEndian, toByteOffset: 8, as: UInt64.self)
        }
        lengths.withUnsafeBytes { mac.updatePadded($0) }
        return mac.finalize()
    }
}

/// The ChaCha20 stream cipher (RFC 8439 §2.3–2.4): 20 rounds of add, rotate and XOR on
/// 32-bit words — no branch and no table lookup on the key or the data.
enum ChaCha20 {
    /// XORs the key stream that starts at block `counter` into `buffer`.
    static func xorKeyStream(into buffer: UnsafeMutableRawBufferPointer, key: [UInt8], nonce: [UInt8], counter: UInt32)
    {
        precondition(key.count == 32 && nonce.count == 12)
        precondition(buffer.count <= (Int(UInt32.max) - Int(counter) + 1) * 64)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 32) { words in
            let state = words.baseAddress!
            let stream = state + 16
            state[0] = 0x6170_7865
            state[1] = 0x3320_646e
            state[2] = 0x7962_2d32
            state[3] = 0x6b20_6574
            key.withUnsafeBytes { key in
                for index in 0..<8 {
                    state[4 + index] = UInt32(
                        littleEndian: key.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self))
                }
            }
            state[12] = counter
            nonce.withUnsafeBytes { nonce in
                for index in 0..<3 {
                    state[13 + index] = UInt32(
                        littleEndian: nonce.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self))
                }
            }
            var offset = 0
            while offset < buffer.count {
                block(UnsafePointer(state), into: stream)
                state[12] &+= 1
                let target = buffer.baseAddress! + offset
                if buffer.count - offset >= 64 {
                    for index in 0..<16 {
                        let word = target.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self)
                        target.storeBytes(
                            of: word ^ stream[index].littleEndian, toByteOffset: 4 * index, as: UInt32.self)
                    }
                    offset += 64
                } else {
                    for index in 0..<16 { stream[index] = stream[index].littleEndian }
                    let streamBytes = UnsafeRawPointer(stream)
                    for index in 0..<(buffer.count - offset) {
                        target.storeBytes(
                            of: target.load(fromByteOffset: index, as: UInt8.self)
                                ^ streamBytes.load(fromByteOffset: index, as: UInt8.self),
                            toByteOffset: index, as: UInt8.self)
                    }
                    offset = buffer.count
                }
            }
            state.update(repeating: 0, count: 32)
        }
    }

    /// The block function (RFC 8439 §2.3): 10 double rounds, then the input added.
    @inline(__always)
    static func block(_ input: UnsafePointer<UInt32>, into output: UnsafeMutablePointer<UInt32>) {
        var x0 = input[0]
        var x1 = input[1]
        var x2 = input[2]
        var x3 = input[3]
        var x4 = input[4]
        var x5 = input[5]
        var x6 = input[6]
        var x7 = input[7]
        var x8 = input[8]
        var x9 = input[9]
        var x10 = input[10]
        var x11 = input[11]
        var x12 = input[12]
        var x13 = input[13]
        var x14 = input[14]
        var x15 = input[15]
        for _ in 0..<10 {
            quarterRound(&x0, &x4, &x8, &x12)
            quarterRound(&x1, &x5, &x9, &x13)
            quarterRound(&x2, &x6, &x10, &x14)
            quarterRound(&x3, &x7, &x11, &x15)
            quarterRound(&x0, &x5, &x10, &x15)
            quarterRound(&x1, &x6, &x11, &x12)
            quarterRound(&x2, &x7, &x8, &x13)
            quarterRound(&x3, &x4, &x9, &x14)
        }
        output[0] = x0 &+ input[0]
        output[1] = x1 &+ input[1]
        output[2] = x2 &+ input[2]
        output[3] = x3 &+ input[3]
        output[4] = x4 &+ input[4]
        output[5] = x5 &+ input[5]
        output[6] = x6 &+ input[6]
        output[7] = x7 &+ input[7]
        output[8] = x8 &+ input[8]
        output[9] = x9 &+ input[9]
        output[10] = x10 &+ input[10]
        output[11] = x11 &+ input[11]
        output[12] = x12 &+ input[12]
        output[13] = x13 &+ input[13]
        output[14] = x14 &+ input[14]
        output[15] = x15 &+ input[15]
    }

    @inline(__always)
    static func quarterRound(_ a: inout UInt32, _ b: inout UInt32, _ c: inout UInt32, _ d: inout UInt32) {
        a &+= b
        d = (d ^ a).rotatedLeft(16)
        c &+= d
        b = (b ^ c).rotatedLeft(12)
        a &+= b
        d = (d ^ a).rotatedLeft(8)
        c &+= d
        b = (b ^ c).rotatedLeft(7)
    }
}

/// Poly1305 (RFC 8439 §2.5), in 26-bit limbs with 64-bit products (as poly1305-donna's
/// 32-bit code): the final reduction picks h or h - p by a mask, not a branch.
struct Poly1305 {
    private var r0, r1, r2, r3, r4: UInt32
    private var s1, s2, s3, s4: UInt32
    private var h0: UInt32 = 0
    private var h1: UInt32 = 0
    private var h2: UInt32 = 0
    private var h3: UInt32 = 0
    private var h4: UInt32 = 0
    private let pad0, pad1, pad2, pad3: UInt32

    /// A MAC under a 32-byte one-time key: r (clamped), then s.
    init(key: UnsafeRawBufferPointer) {
        precondition(key.count == 32)
        func word(_ offset: Int) -> UInt32 {
            UInt32(littleEndian: key.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        }
        r0 = word(0) & 0x3ff_ffff
        r1 = (word(3) &>> 2) & 0x3ff_ff03
        r2 = (word(6) &>> 4) & 0x3ff_c0ff
        r3 = (word(9) &>> 6) & 0x3f0_3fff
        r4 = (word(12) &>> 8) & 0x00f_ffff
        s1 = r1 &* 5
        s2 = r2 &* 5
        s3 = r3 &* 5
        s4 = r4 &* 5
        pad0 = word(16)
        pad1 = word(20)
        pad2 = word(24)
        pad3 = word(28)
    }

    /// The tag of `message` under `key` (RFC 8439 §2.5.1: a last short block is padded
    /// with a 1 byte, then zeros, and not given the 2^128 bit).
    static func authenticationCode(for message: [UInt8], key: [UInt8]) -> [UInt8] {
        var mac = key.withUnsafeBytes { Poly1305(key: $0) }
        message.withUnsafeBytes { bytes in
            let whole = bytes.count / 16 * 16
            mac.blocks(UnsafeRawBufferPointer(rebasing: bytes[0..<whole]), highBit: 1 << 24)
            guard whole < bytes.count else { return }
            var last = [UInt8](bytes[whole...]) + [1]
            last += [UInt8](repeating: 0, count: 16 - last.count)
            last.withUnsafeBytes { mac.blocks($0, highBit: 0) }
        }
        return mac.finalize()
    }

    /// `bytes`, then zeros to the next multiple of 16 (the AEAD's padding): every block
    /// is a whole one.
    mutating func updatePadded(_ bytes: UnsafeRawBufferPointer) {
        let whole = bytes.count / 16 * 16
        blocks(UnsafeRawBufferPointer(rebasing: bytes[0..<whole]), highBit: 1 << 24)
        guard whole < bytes.count else { return }
        var last = [UInt8](repeating: 0, count: 16)
        last.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[whole...])) }
        last.withUnsafeBytes { blocks($0, highBit: 1 << 24) }
    }

    /// h = (h + block) · r mod 2^130 - 5, for each 16-byte block of `bytes`.
    private mutating func blocks(_ bytes: UnsafeRawBufferPointer, highBit: UInt32) {
        guard let base = bytes.baseAddress else { return }
        let (r0, r1, r2, r3, r4) = (UInt64(self.r0), UInt64(self.r1), UInt64(self.r2), UInt64(self.r3), UInt64(self.r4))
        let (s1, s2, s3, s4) = (UInt64(self.s1), UInt64(self.s2), UInt64(self.s3), UInt64(self.s4))
        var (h0, h1, h2, h3, h4) = (self.h0, self.h1, self.h2, self.h3, self.h4)
        var offset = 0
        while offset + 16 <= bytes.count {
            func word(_ at: Int) -> UInt32 {
                UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset + at, as: UInt32.self))
            }
            h0 &+= word(0) & 0x3ff_ffff
            h1 &+= (word(3) &>> 2) & 0x3ff_ffff
            h2 &+= (word(6) &>> 4) & 0x3ff_ffff
            h3 &+= (word(9) &>> 6) & 0x3ff_ffff
            h4 &+= (word(12) &>> 8) | highBit
            let (g0, g1, g2, g3, g4) = (UInt64(h0), UInt64(h1), UInt64(h2), UInt64(h3), UInt64(h4))
            let d0 = g0 &* r0 &+ g1 &* s4 &+ g2 &* s3 &+ g3 &* s2 &+ g4 &* s1
            var d1 = g0 &* r1 &+ g1 &* r0 &+ g2 &* s4 &+ g3 &* s3 &+ g4 &* s2
            var d2 = g0 &* r2 &+ g1 &* r1 &+ g2 &* r0 &+ g3 &* s4 &+ g4 &* s3
            var d3 = g0 &* r3 &+ g1 &* r2 &+ g2 &* r1 &+ g3 &* r0 &+ g4 &* s4
            var d4 = g0 &* r4 &+ g1 &* r3 &+ g2 &* r2 &+ g3 &* r1 &+ g4 &* r0
            h0 = UInt32(truncatingIfNeeded: d0) & 0x3ff_ffff
            d1 &+= d0 &>> 26
            h1 = UInt32(truncatingIfNeeded: d1) & 0x3ff_ffff
            d2 &+= d1 &>> 26
            h2 = UInt32(truncatingIfNeeded: d2) & 0x3ff_ffff
            d3 &+= d2 &>> 26
            h3 = UInt32(truncatingIfNeeded: d3) & 0x3ff_ffff
            d4 &+= d3 &>> 26
            h4 = UInt32(truncatingIfNeeded: d4) & 0x3ff_ffff
            h0 &+= UInt32(truncatingIfNeeded: d4 &>> 26) &* 5
            h1 &+= h0 &>> 26
            h0 &= 0x3ff_ffff
            offset += 16
        }
        (self.h0, self.h1, self.h2, self.h3, self.h4) = (h0, h1, h2, h3, h4)
    }

    /// The 16-byte tag: h fully reduced mod 2^130 - 5, plus s, mod 2^128.
    func finalize() -> [UInt8] {
        var (h0, h1, h2, h3, h4) = (self.h0, self.h1, self.h2, self.h3, self.h4)
        var carry = h1 &>> 26
        h1 &= 0x3ff_ffff
        h2 &+= carry
        carry = h2 &>> 26
        h2 &= 0x3ff_ffff
        h3 &+= carry
        carry = h3 &>> 26
        h3 &= 0x3ff_ffff
        h4 &+= carry
        carry = h4 &>> 26
        h4 &= 0x3ff_ffff
        h0 &+= carry &* 5
        carry = h0 &>> 26
        h0 &= 0x3ff_ffff
        h1 &+= carry
        // g = h + 5 - 2^130; keep h when g is negative (its top bit set).
        var g0 = h0 &+ 5
        carry = g0 &>> 26
        g0 &= 0x3ff_ffff
        var g1 = h1 &+ carry
        carry = g1 &>> 26
        g1 &= 0x3ff_ffff
        var g2 = h2 &+ carry
        carry = g2 &>> 26
        g2 &= 0x3ff_ffff
        var g3 = h3 &+ carry
        carry = g3 &>> 26
        g3 &= 0x3ff_ffff
        let g4 = h4 &+ carry &- (1 << 26)
        let useG = (g4 &>> 31) &- 1
        let useH = ~useG
        h0 = (h0 & useH) | (g0 & useG)
        h1 = (h1 & useH) | (g1 & useG)
        h2 = (h2 & useH) | (g2 & useG)
        h3 = (h3 & useH) | (g3 & useG)
        h4 = (h4 & useH) | (g4 & useG)
        let w0 = UInt64(h0 | (h1 &<< 26))
        let w1 = UInt64((h1 &>> 6) | (h2 &<< 20))
        let w2 = UInt64((h2 &>> 12) | (h3 &<< 14))
        let w3 = UInt64((h3 &>> 18) | (h4 &<< 8))
        var sum = w0 &+ UInt64(pad0)
        var tag = [UInt8](repeating: 0, count: 16)
        tag.withUnsafeMutableBytes { bytes in
            bytes.storeBytes(of: UInt32(truncatingIfNeeded: sum).littleEndian, toByteOffset: 0, as: UInt32.self)
            sum = w1 &+ UInt64(pad1) &+ (sum &>> 32)
            bytes.storeBytes(of: UInt32(truncatingIfNeeded: sum).littleEndian, toByteOffset: 4, as: UInt32.self)
            sum = w2 &+ UInt64(pad2) &+ (sum &>> 32)
            bytes.storeBytes(of: UInt32(truncatingIfNeeded: sum).littleEndian, toByteOffset: 8, as: UInt32.self)
            sum = w3 &+ UInt64(pad3) &+ (sum &>> 32)
            bytes.storeBytes(of: UInt32(truncatingIfNeeded: sum).littleEndian, toByteOffset: 12, as: UInt32.self)
        }
        return tag
    }
}

/// Comparisons and randomness for secrets.
enum ConstantTime {
    /// Whether `a` and `b` hold the same bytes, in time that depends on their lengths
    /// only, never on where they differ.
    static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in 0..<a.count { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    static func equal(_ a: UnsafeRawBufferPointer, _ b: [UInt8]) -> Bool {
        b.withUnsafeBytes { equal(a, $0) }
    }
}

enum SecureRandom {
    /// `count` bytes from the system's generator (getrandom(2) on Linux).
    static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < count {
                let word = generator.next().littleEndian
                let taken = min(8, count - offset)
                withUnsafeBytes(of: word) {
                    buffer.baseAddress!.advanced(by: offset).copyMemory(from: $0.baseAddress!, byteCount: taken)
                }
                offset += taken
            }
        }
        return bytes
    }
}
