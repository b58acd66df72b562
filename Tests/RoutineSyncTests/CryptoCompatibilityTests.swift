import Foundation
import TestSupport
import Testing

@testable import RoutineSync

/// Sync's own ChaCha20-Poly1305 and scrypt against what swift-crypto made before them
/// (``CryptoFixtures``: servers set up before the change must still open) and against
/// another implementation (Python's hashlib and python3-cryptography, over OpenSSL) on
/// random inputs.
@Suite struct CryptoCompatibilityTests {
    @Test func passphrasesDeriveTheKeysSwiftCryptoDerived() throws {
        for row in CryptoFixtures.scrypt {
            let parameters = try KDFParameters(log2N: row.log2N, r: row.r, p: row.p)
            let key = try SyncKey.derive(passphrase: row.passphrase, salt: Hex.bytes(row.salt), parameters: parameters)
            #expect(Hex.text(key.bytes) == row.key, "\(row.passphrase) at \(parameters)")
        }
    }

    @Test func valuesSwiftCryptoSealedOpen() throws {
        let key = try SyncKey(bytes: CryptoFixtures.sealingKey)
        for row in CryptoFixtures.sealed {
            let opened = SealedBytes.open(
                Hex.bytes(row.sealed), key: key, associatedData: Hex.bytes(row.associatedData))
            #expect(opened == Hex.bytes(row.plaintext), "\(row.plaintext.count / 2) bytes")
        }
        let change = try ChangeSealer(key: key).open(
            Hex.bytes(CryptoFixtures.change.sealed), device: "6F1C2E9A-3B4D-4E5F-8A7B-1C2D3E4F5A6B", seq: 42,
            kind: "entry.record")
        #expect(change == Hex.bytes(CryptoFixtures.change.plaintext))
    }

    /// With the nonce fixed, sealing writes what swift-crypto wrote, byte for byte.
    @Test func sealingWritesWhatSwiftCryptoWrote() {
        for row in CryptoFixtures.sealed {
            let expected = Hex.bytes(row.sealedWithFixedNonce)
            let sealed = ChaCha20Poly1305.seal(
                Hex.bytes(row.plaintext), key: CryptoFixtures.sealingKey, nonce: Array(expected[1..<13]),
                associatedData: Hex.bytes(row.associatedData))
            #expect([SealedBytes.version] + sealed == expected, "\(row.plaintext.count / 2) bytes")
        }
    }

    @Test func aServersKeyCheckStillVouchesForItsPassphrase() throws {
        let row = CryptoFixtures.scrypt[0]
        let key = try SyncKey.derive(
            passphrase: row.passphrase, salt: Hex.bytes(row.salt),
            parameters: try KDFParameters(log2N: row.log2N, r: row.r, p: row.p))
        try KeyCheck.verify(Hex.bytes(CryptoFixtures.keyCheck), key: key, serverID: "server-a")
        #expect(throws: SyncCryptoError.wrongKey) {
            try KeyCheck.verify(Hex.bytes(CryptoFixtures.keyCheck), key: key, serverID: "server-b")
        }
        let other = try SyncKey.derive(
            passphrase: row.passphrase + "!", salt: Hex.bytes(row.salt),
            parameters: try KDFParameters(log2N: row.log2N, r: row.r, p: row.p))
        #expect(throws: SyncCryptoError.wrongKey) {
            try KeyCheck.verify(Hex.bytes(CryptoFixtures.keyCheck), key: other, serverID: "server-a")
        }
    }

    /// Each byte of each sealed fixture changed (low bit, high bit, all bits), the box cut
    /// short or lengthened: none opens.
    @Test func everyChangedByteFailsToOpen() throws {
        let key = try SyncKey(bytes: CryptoFixtures.sealingKey)
        for row in CryptoFixtures.sealed {
            for sealed in [Hex.bytes(row.sealed), Hex.bytes(row.sealedWithFixedNonce)] {
                let associatedData = Hex.bytes(row.associatedData)
                #expect(SealedBytes.open(sealed, key: key, associatedData: associatedData) != nil)
                for index in sealed.indices {
                    for mask: UInt8 in [0x01, 0x80, 0xff] {
                        var damaged = sealed
                        damaged[index] ^= mask
                        #expect(
                            SealedBytes.open(damaged, key: key, associatedData: associatedData) == nil,
                            "byte \(index) ^ \(mask)")
                    }
                }
                #expect(SealedBytes.open(sealed.dropLast(), key: key, associatedData: associatedData) == nil)
                #expect(SealedBytes.open(sealed + [0], key: key, associatedData: associatedData) == nil)
                #expect(SealedBytes.open(sealed, key: key, associatedData: associatedData + [0]) == nil)
            }
        }
    }

    /// Random inputs through both implementations: scrypt and PBKDF2 by `hashlib`, the
    /// AEAD by python3-cryptography's `ChaCha20Poly1305` (which CI installs with apt).
    @Test func randomInputsMatchPython() throws {
        var random = SeededGenerator(seed: 0x5eed_c4a5)
        func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) } }
        func field(_ value: [UInt8]) -> String { value.isEmpty ? "-" : Hex.text(value) }
        var lines: [String] = []
        var expected: [[UInt8]] = []
        for _ in 0..<12 {
            let (password, salt) = (bytes(random.below(70)), bytes(random.below(40)))
            let (n, r, p, length) = (
                1 << (1 + random.below(6)), 1 + random.below(4), 1 + random.below(2), 1 + random.below(100)
            )
            lines.append("scrypt \(field(password)) \(field(salt)) \(n) \(r) \(p) \(length)")
            expected.append(try Scrypt.deriveKey(password: password, salt: salt, n: n, r: r, p: p, length: length))
        }
        for _ in 0..<12 {
            let (password, salt) = (bytes(random.below(140)), bytes(random.below(40)))
            let (iterations, length) = (1 + random.below(40), 1 + random.below(100))
            lines.append("pbkdf2 \(field(password)) \(field(salt)) \(iterations) \(length)")
            expected.append(PBKDF2.hmacSHA256(password: password, salt: salt, iterations: iterations, length: length))
        }
        for _ in 0..<40 {
            let (key, nonce) = (bytes(32), bytes(12))
            let (plaintext, associatedData) = (bytes(random.below(300)), bytes(random.below(50)))
            lines.append("aead \(field(key)) \(field(nonce)) \(field(plaintext)) \(field(associatedData))")
            expected.append(ChaCha20Poly1305.seal(plaintext, key: key, nonce: nonce, associatedData: associatedData))
        }
        let output = try Self.python(Self.crossCheck, input: lines.joined(separator: "\n") + "\n")
        let answers = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(answers.count == lines.count, "\(output)")
        for (index, answer) in answers.enumerated() where index < expected.count {
            #expect(String(answer) == field(expected[index]), "\(lines[index])")
        }
    }

    private static let crossCheck = """
        import hashlib, sys
        from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
        h = lambda s: b"" if s == "-" else bytes.fromhex(s)
        for line in sys.stdin:
            f = line.split()
            if f[0] == "scrypt":
                out = hashlib.scrypt(h(f[1]), salt=h(f[2]), n=int(f[3]), r=int(f[4]), p=int(f[5]), dklen=int(f[6]))
            elif f[0] == "pbkdf2":
                out = hashlib.pbkdf2_hmac("sha256", h(f[1]), h(f[2]), int(f[3]), int(f[4]))
            else:
                out = h(f[2]) + ChaCha20Poly1305(h(f[1])).encrypt(h(f[2]), h(f[3]), h(f[4]))
            print(out.hex() or "-")
        """

    /// Runs `/usr/bin/python3 -c script` with `input` on its standard input (from a file,
    /// so neither side waits on a full pipe); its standard output.
    private static func python(_ script: String, input: String) throws -> String {
        let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("crypto-cross-\(UUID()).txt")
        try input.write(to: inputFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: inputFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return output
    }
}
