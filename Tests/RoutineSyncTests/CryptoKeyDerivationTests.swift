import Foundation
import Testing

@testable import RoutineSync

/// scrypt's parameters as stored on a server, and the key derived from a passphrase.
/// Derivations use log2N = 10: the standard cost is a second each.
@Suite struct CryptoKeyDerivationTests {
    private static let cheap = try! KDFParameters(log2N: 10, r: 8, p: 1)
    private static let salt: [UInt8] = Array(0..<16)

    @Test func derivationIsDeterministic() throws {
        let first = try SyncKey.derive(passphrase: "correct horse", salt: Self.salt, parameters: Self.cheap)
        let second = try SyncKey.derive(passphrase: "correct horse", salt: Self.salt, parameters: Self.cheap)
        #expect(first == second)
        #expect(first.bytes.count == 32)
        #expect(Set(first.bytes).count > 8)
    }

    @Test func anotherSaltPassphraseOrCostDerivesAnotherKey() throws {
        let key = try SyncKey.derive(passphrase: "correct horse", salt: Self.salt, parameters: Self.cheap)
        var otherSalt = Self.salt
        otherSalt[15] ^= 1
        #expect(try SyncKey.derive(passphrase: "correct horse", salt: otherSalt, parameters: Self.cheap) != key)
        #expect(try SyncKey.derive(passphrase: "correct horsf", salt: Self.salt, parameters: Self.cheap) != key)
        #expect(try SyncKey.derive(passphrase: "correct horse ", salt: Self.salt, parameters: Self.cheap) != key)
        let costlier = try KDFParameters(log2N: 11, r: 8, p: 1)
        #expect(try SyncKey.derive(passphrase: "correct horse", salt: Self.salt, parameters: costlier) != key)
    }

    /// The same derivation by another implementation (Python's hashlib, over OpenSSL)
    /// checks that the call into scrypt passes N, r, p and the salt as meant.
    @Test func derivationIsScrypt() throws {
        let parameters = try KDFParameters(log2N: 10, r: 8, p: 4)
        let key = try SyncKey.derive(
            passphrase: "password", salt: Array("NaClNaClNaClNaCl".utf8), parameters: parameters)
        // python3 -c "import hashlib; print(hashlib.scrypt(b'password', salt=b'NaClNaClNaClNaCl',
        //   n=1024, r=8, p=4, dklen=32).hex())"
        #expect(key.bytes.map { String(format: "%02x", $0) }.joined() == Self.expectedVector)
    }
    private static let expectedVector = "602fd3fd5e6740ab22c986c8057f6fe80ade8e33515e9181b733765d69cb5418"

    @Test func nfcAndNfdSpellingsDeriveTheSameKey() throws {
        let composed = "caf\u{e9} cr\u{e8}me br\u{fb}l\u{e9}e"
        let decomposed = "cafe\u{301} cre\u{300}me bru\u{302}le\u{301}e"
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        #expect(
            try SyncKey.derive(passphrase: composed, salt: Self.salt, parameters: Self.cheap)
                == SyncKey.derive(passphrase: decomposed, salt: Self.salt, parameters: Self.cheap))
    }

    @Test func emptyPassphrasesAndShortSaltsAreRefused() {
        #expect(throws: SyncCryptoError.emptyPassphrase(from: nil)) {
            try SyncKey.derive(passphrase: "", salt: Self.salt, parameters: Self.cheap)
        }
        #expect(throws: SyncCryptoError.badSalt(length: 15)) {
            try SyncKey.derive(passphrase: "x", salt: Array(Self.salt.prefix(15)), parameters: Self.cheap)
        }
    }

    @Test func newSaltsAreRandom() {
        let salts = (0..<20).map { _ in SyncKey.newSalt() }
        #expect(salts.allSatisfy { $0.count == 16 })
        #expect(Set(salts).count == 20)
    }

    @Test func aKeyIsThirtyTwoBytesAndHidesThem() throws {
        #expect(throws: SyncCryptoError.badKeyLength(31)) { try SyncKey(bytes: Array(repeating: 1, count: 31)) }
        let key = try SyncKey(bytes: Array(repeating: 0xab, count: 32))
        #expect(!"\(key)".lowercased().contains("ab"))
    }

    @Test func parametersRoundTripAsText() throws {
        #expect(KDFParameters.standard.text == "scrypt:17:8:1")
        for text in ["scrypt:10:8:1", "scrypt:17:8:1", "scrypt:20:8:1", "scrypt:14:16:2"] {
            #expect(try KDFParameters(text: text).text == text)
        }
        let parsed = try KDFParameters(text: "scrypt:15:8:1")
        #expect(parsed.log2N == 15 && parsed.r == 8 && parsed.p == 1 && parsed.n == 32_768)
    }

    @Test(arguments: [
        "", "scrypt", "scrypt:17:8", "scrypt:17:8:1:0", "argon2:17:8:1", "SCRYPT:17:8:1", "scrypt:17:8:1 ",
        " scrypt:17:8:1", "scrypt:+17:8:1", "scrypt:-1:8:1", "scrypt:17::1", "scrypt:0x11:8:1", "scrypt:9:8:1",
        "scrypt:21:8:1", "scrypt:36:8:1", "scrypt:99999999999999999999:8:1", "scrypt:17:0:1", "scrypt:17:33:1",
        "scrypt:17:8:0", "scrypt:17:8:5", "scrypt:20:16:1", "scrypt:17:8:1\n", "scrypt:1\u{7}:8:1",
    ])
    func badParameterTextsAreRefused(text: String) {
        #expect {
            try KDFParameters(text: text)
        } throws: { error in
            guard case .badParameters(_, let reason) = error as? SyncCryptoError else { return false }
            return !reason.isEmpty && !"\(error)".contains("\n") && !"\(error)".contains("\u{7}")
        }
    }

    @Test func aNewServerTakesTheTestCostFromTheEnvironment() throws {
        #expect(try KDFParameters.forNewServer(environment: [:]) == .standard)
        #expect(try KDFParameters.forNewServer(environment: ["ROUTINE_SYNC_KDF_LOG2N": "10"]).text == "scrypt:10:8:1")
        for value in ["", "9", "21", "ten", "-10", "10 "] {
            #expect(throws: SyncCryptoError.self) {
                try KDFParameters.forNewServer(environment: ["ROUTINE_SYNC_KDF_LOG2N": value])
            }
        }
        #expect(
            SyncCryptoError.badTestCost(value: "9", reason: "it must be a whole number from 10 to 20").description
                == "ROUTINE_SYNC_KDF_LOG2N='9' cannot be used: it must be a whole number from 10 to 20")
    }
}
