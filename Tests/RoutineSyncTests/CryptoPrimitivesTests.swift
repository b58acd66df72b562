import Testing

@testable import RoutineSync

/// Sync's own primitives against their standards' published test vectors: SHA-256 (FIPS
/// 180-4 examples), HMAC-SHA256 (RFC 4231), PBKDF2-HMAC-SHA256 and scrypt (RFC 7914 §11
/// and §12), ChaCha20, Poly1305 and the AEAD (RFC 8439 §2 and appendix A.5).
@Suite struct CryptoPrimitivesTests {
    private static let sunscreen = Array(
        ("Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, "
            + "sunscreen would be it.").utf8)

    @Test func sha256MatchesTheFIPSExamples() {
        #expect(
            Hex.text(SHA256.hash(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Hex.text(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            Hex.text(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// One million 'a's, fed in uneven pieces so the partial-block path is crossed.
    @Test func sha256OfAMillionAs() {
        var hasher = SHA256()
        let piece = [UInt8](repeating: 0x61, count: 999)
        for _ in 0..<1001 { hasher.update(piece) }
        hasher.update([UInt8](repeating: 0x61, count: 1_000_000 - 999 * 1001))
        #expect(Hex.text(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func hmacMatchesRFC4231() {
        #expect(
            Hex.text(
                HMACSHA256.authenticationCode(for: Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        // Test case 6: a key longer than a block is hashed first.
        #expect(
            Hex.text(
                HMACSHA256.authenticationCode(
                    for: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                    key: [UInt8](repeating: 0xaa, count: 131)))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    /// The first of RFC 7914 §11's two vectors: the second runs 80,000 iterations, 20 s in a
    /// debug build, and scrypt uses one; more than one round is checked against Python's
    /// hashlib in `CryptoCompatibilityTests`.
    @Test func pbkdf2MatchesRFC7914Section11() {
        #expect(
            PBKDF2.hmacSHA256(password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1, length: 64)
                == Hex.bytes(
                    "55 ac 04 6e 56 e3 08 9f ec 16 91 c2 25 44 b6 05 f9 41 85 21 6d de 04 65 e6 8b 9d 57 c2 0d ac bc"
                        + "49 ca 9c cc f1 79 b6 45 99 16 64 b3 9d 77 ef 31 7c 71 b8 45 b1 e3 0b d5 09 11 20 41 d3 a1 97 83"
                ))
    }

    /// RFC 7914 §12's first three vectors (the fourth takes 1 GiB).
    @Test func scryptMatchesRFC7914Section12() throws {
        #expect(
            try Scrypt.deriveKey(password: [], salt: [], n: 16, r: 1, p: 1, length: 64)
                == Hex.bytes(
                    "77 d6 57 62 38 65 7b 20 3b 19 ca 42 c1 8a 04 97 f1 6b 48 44 e3 07 4a e8 df df fa 3f ed e2 14 42"
                        + "fc d0 06 9d ed 09 48 f8 32 6a 75 3a 0f c8 1f 17 e8 d3 e0 fb 2e 0d 36 28 cf 35 e2 0c 38 d1 89 06"
                ))
        #expect(
            try Scrypt.deriveKey(
                password: Array("password".utf8), salt: Array("NaCl".utf8), n: 1024, r: 8, p: 16, length: 64)
                == Hex.bytes(
                    "fd ba be 1c 9d 34 72 00 78 56 e7 19 0d 01 e9 fe 7c 6a d7 cb c8 23 78 30 e7 73 76 63 4b 37 31 62"
                        + "2e af 30 d9 2e 22 a3 88 6f f1 09 27 9d 98 30 da c7 27 af b9 4a 83 ee 6d 83 60 cb df a2 cc 06 40"
                ))
        #expect(
            try Scrypt.deriveKey(
                password: Array("pleaseletmein".utf8), salt: Array("SodiumChloride".utf8), n: 16_384, r: 8, p: 1,
                length: 64)
                == Hex.bytes(
                    "70 23 bd cb 3a fd 73 48 46 1c 06 cd 81 fd 38 eb fd a8 fb ba 90 4f 8e 3e a9 b5 43 f6 54 5d a1 f2"
                        + "d5 43 29 55 61 3f 0f cf 62 d4 97 05 24 2a 9a f9 e6 1e 85 dc 0d 65 1e 40 df cf 01 7b 45 57 58 87"
                ))
    }

    @Test func scryptRefusesParametersItCannotUse() {
        for (n, r, p) in [(0, 8, 1), (1, 8, 1), (1000, 8, 1), (1024, 0, 1), (1024, 8, 0), (1024, 1 << 16, 1 << 14)] {
            #expect(throws: Scrypt.ParameterError.self, "N \(n), r \(r), p \(p)") {
                try Scrypt.deriveKey(password: [1], salt: [2], n: n, r: r, p: p, length: 32)
            }
        }
        #expect(throws: Scrypt.ParameterError.self) {
            try Scrypt.deriveKey(password: [1], salt: [2], n: 16, r: 1, p: 1, length: 0)
        }
    }

    /// §2.1.1 and §2.3.2: the quarter round and one block.
    @Test func chacha20BlockMatchesRFC8439() {
        var (a, b, c, d): (UInt32, UInt32, UInt32, UInt32) = (0x1111_1111, 0x0102_0304, 0x9b8d_6f43, 0x0123_4567)
        ChaCha20.quarterRound(&a, &b, &c, &d)
        #expect([a, b, c, d] == [0xea2a_92f4, 0xcb1c_f8ce, 0x4581_472e, 0x5881_c4bb])
        var block = [UInt8](repeating: 0, count: 64)
        block.withUnsafeMutableBytes {
            ChaCha20.xorKeyStream(
                into: $0, key: Array(0..<32), nonce: Hex.bytes("00 00 00 09 00 00 00 4a 00 00 00 00"), counter: 1)
        }
        #expect(
            block
                == Hex.bytes(
                    "10 f1 e7 e4 d1 3b 59 15 50 0f dd 1f a3 20 71 c4 c7 d1 f4 c7 33 c0 68 03 04 22 aa 9a c3 d4 6c 4e"
                        + "d2 82 64 46 07 9f aa 09 14 c2 d7 05 d9 8b 02 a2 b5 12 9c d1 de 16 4e b9 cb d0 83 e8 a2 50 3c 4e"
                ))
    }

    /// §2.4.2: 114 bytes, so the last block is partial.
    @Test func chacha20EncryptionMatchesRFC8439() {
        var text = Self.sunscreen
        text.withUnsafeMutableBytes {
            ChaCha20.xorKeyStream(
                into: $0, key: Array(0..<32), nonce: Hex.bytes("00 00 00 00 00 00 00 4a 00 00 00 00"), counter: 1)
        }
        #expect(text == Self.sunscreenCiphertext)
    }
    private static let sunscreenCiphertext = Hex.bytes(
        "6e 2e 35 9a 25 68 f9 80 41 ba 07 28 dd 0d 69 81 e9 7e 7a ec 1d 43 60 c2 0a 27 af cc fd 9f ae 0b"
            + "f9 1b 65 c5 52 47 33 ab 8f 59 3d ab cd 62 b3 57 16 39 d6 24 e6 51 52 ab 8f 53 0c 35 9f 08 61 d8"
            + "07 ca 0d bf 50 0d 6a 61 56 a3 8e 08 8a 22 b6 5e 52 bc 51 4d 16 cc f8 06 81 8c e9 1a b7 79 37 36"
            + "5a f9 0b bf 74 a3 5b e6 b4 0b 8e ed f2 78 5e 42 87 4d")

    /// §2.5.2 (a 34-byte message: a short last block) and §2.6.2 (the one-time key).
    @Test func poly1305MatchesRFC8439() {
        #expect(
            Poly1305.authenticationCode(
                for: Array("Cryptographic Forum Research Group".utf8),
                key: Hex.bytes(
                    "85:d6:be:78:57:55:6d:33:7f:44:52:fe:42:d5:06:a8:01:03:80:8a:fb:0d:b2:fd:4a:bf:f6:af:41:49:f5:1b"))
                == Hex.bytes("a8:06:1d:c1:30:51:36:c6:c2:2b:8b:af:0c:01:27:a9"))
        var oneTimeKey = [UInt8](repeating: 0, count: 32)
        oneTimeKey.withUnsafeMutableBytes {
            ChaCha20.xorKeyStream(
                into: $0, key: Array(0x80..<0xa0), nonce: Hex.bytes("00 00 00 00 00 01 02 03 04 05 06 07"), counter: 0)
        }
        #expect(
            oneTimeKey
                == Hex.bytes(
                    "8a d5 a0 8b 90 5f 81 cc 81 50 40 27 4a b2 94 71 a8 33 b6 37 e3 fd 0d a5 08 db b8 e2 fd d1 a6 46"))
    }

    /// Poly1305's edge cases from RFC 8439 appendix A.3: h reaching exactly 2^130 - 5 and
    /// just past it, where the final reduction must pick h - p.
    @Test func poly1305ReducesAtTheModulus() {
        // A.3 test vector #6: r = 2, s = 0, message FF…FF, tag 03 00 … 00.
        var key = [UInt8](repeating: 0, count: 32)
        key[0] = 2
        #expect(
            Poly1305.authenticationCode(for: [UInt8](repeating: 0xff, count: 16), key: key)
                == [3] + [UInt8](repeating: 0, count: 15))
        // #7: r = 1, s = 0, three blocks summing to 2^130 - 5 + 2^128·… : tag 05 00 … 00.
        key[0] = 1
        let message =
            [UInt8](repeating: 0xff, count: 16) + [0xf0] + [UInt8](repeating: 0xff, count: 15)
            + [0x11] + [UInt8](repeating: 0, count: 15)
        #expect(Poly1305.authenticationCode(for: message, key: key) == [5] + [UInt8](repeating: 0, count: 15))
    }

    /// §2.8.2: seal, then open; the tag is the RFC's.
    @Test func aeadMatchesRFC8439Section2_8() throws {
        let key = Array(UInt8(0x80)..<0xa0)
        let nonce = Hex.bytes("07 00 00 00 40 41 42 43 44 45 46 47")
        let associatedData = Hex.bytes("50 51 52 53 c0 c1 c2 c3 c4 c5 c6 c7")
        let box = ChaCha20Poly1305.seal(Self.sunscreen, key: key, nonce: nonce, associatedData: associatedData)
        #expect(box.count == 12 + Self.sunscreen.count + 16)
        #expect(Array(box.prefix(12)) == nonce)
        #expect(
            Array(box.dropFirst(12).prefix(Self.sunscreen.count))
                == Hex.bytes(
                    "d3 1a 8d 34 64 8e 60 db 7b 86 af bc 53 ef 7e c2 a4 ad ed 51 29 6e 08 fe a9 e2 b5 a7 36 ee 62 d6"
                        + "3d be a4 5e 8c a9 67 12 82 fa fb 69 da 92 72 8b 1a 71 de 0a 9e 06 0b 29 05 d6 a5 b6 7e cd 3b 36"
                        + "92 dd bd 7f 2d 77 8b 8c 98 03 ae e3 28 09 1b 58 fa b3 24 e4 fa d6 75 94 55 85 80 8b 48 31 d7 bc"
                        + "3f f4 de f0 8e 4b 7a 9d e5 76 d2 65 86 ce c6 4b 61 16"))
        #expect(Array(box.suffix(16)) == Hex.bytes("1a:e1:0b:59:4f:09:e2:6a:7e:90:2e:cb:d0:60:06:91"))
        #expect(
            box.withUnsafeBytes { ChaCha20Poly1305.open($0, key: key, associatedData: associatedData) }
                == Self.sunscreen)
    }

    /// Appendix A.5: a 265-byte box to open, and the text it holds.
    @Test func aeadOpensRFC8439AppendixA5() throws {
        let key = Hex.bytes(
            "1c 92 40 a5 eb 55 d3 8a f3 33 88 86 04 f6 b5 f0 47 39 17 c1 40 2b 80 09 9d ca 5c bc 20 70 75 c0")
        let box =
            Hex.bytes("00 00 00 00 01 02 03 04 05 06 07 08") + Self.appendixA5Ciphertext
            + Hex.bytes("ee ad 9d 67 89 0c bb 22 39 23 36 fe a1 85 1f 38")
        let associatedData = Hex.bytes("f3 33 88 86 00 00 00 00 00 00 4e 91")
        let opened = box.withUnsafeBytes { ChaCha20Poly1305.open($0, key: key, associatedData: associatedData) }
        let text = try #require(opened.map { String(decoding: $0, as: UTF8.self) })
        #expect(text.hasPrefix("Internet-Drafts are draft documents valid for a maximum of six months"))
        #expect(text.hasSuffix("as /\u{201c}work in progress./\u{201d}"))
        #expect(opened?.count == 265)
    }
    private static let appendixA5Ciphertext = Hex.bytes(
        "64 a0 86 15 75 86 1a f4 60 f0 62 c7 9b e6 43 bd 5e 80 5c fd 34 5c f3 89 f1 08 67 0a c7 6c 8c b2"
            + "4c 6c fc 18 75 5d 43 ee a0 9e e9 4e 38 2d 26 b0 bd b7 b7 3c 32 1b 01 00 d4 f0 3b 7f 35 58 94 cf"
            + "33 2f 83 0e 71 0b 97 ce 98 c8 a8 4a bd 0b 94 81 14 ad 17 6e 00 8d 33 bd 60 f9 82 b1 ff 37 c8 55"
            + "97 97 a0 6e f4 f0 ef 61 c1 86 32 4e 2b 35 06 38 36 06 90 7b 6a 7c 02 b0 f9 f6 15 7b 53 c8 67 e4"
            + "b9 16 6c 76 7b 80 4d 46 a5 9b 52 16 cd e7 a4 e9 90 40 c5 a4 04 33 22 5e e2 82 a1 b0 a0 6c 52 3e"
            + "af 45 34 d7 f8 3f a1 15 5b 00 47 71 8c bc 54 6a 0d 07 2b 04 b3 56 4e ea 1b 42 22 73 f5 48 27 1a"
            + "0b b2 31 60 53 fa 76 99 19 55 eb d6 31 59 43 4e ce bb 4e 46 6d ae 5a 10 73 a6 72 76 27 09 7a 10"
            + "49 e6 17 d9 1d 36 10 94 fa 68 f0 ff 77 98 71 30 30 5b ea ba 2e da 04 df 99 7b 71 4d 6c 6f 2c 29"
            + "a6 ad 5c b4 02 2b 02 70 9b")

    @Test func tagsCompareByContentAndLengthOnly() {
        let tag = Array(UInt8(0)..<16)
        tag.withUnsafeBytes { bytes in
            #expect(ConstantTime.equal(bytes, tag))
            #expect(!ConstantTime.equal(bytes, Array(tag.prefix(15))))
            for index in 0..<16 {
                var other = tag
                other[index] ^= 0x80
                #expect(!ConstantTime.equal(bytes, other))
            }
        }
    }
}
