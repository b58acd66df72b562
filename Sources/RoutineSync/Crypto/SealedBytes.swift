/// The one sealed format of sync (SPEC §16.4), shared by ``ChangeSealer`` and
/// ``KeyCheck``: a format version byte, then ChaCha20-Poly1305's combined box — a random
/// 12-byte nonce, the ciphertext, the 16-byte tag (``ChaCha20Poly1305``; byte for byte
/// what swift-crypto's `ChaChaPoly` wrote before it, `CryptoCompatibilityTests`).
///
/// Random nonces are safe here: 2^32 changes under one key keep the chance of a repeated
/// 96-bit nonce below 2^-32, and a device never pushes that many. The version byte is
/// outside the cipher but not outside its checks: only version 1 opens, and a later
/// format would bind its version into its associated data.
enum SealedBytes {
    /// The format written today.
    static let version: UInt8 = 1
    /// Version, nonce and tag: the size of a sealed empty plaintext.
    static let overhead = 1 + 12 + 16

    /// Seals `plaintext` under `key`, authenticating `associatedData`.
    static func seal(_ plaintext: [UInt8], key: SyncKey, associatedData: [UInt8]) throws -> [UInt8] {
        guard plaintext.count <= ChaCha20Poly1305.maximumPlaintextLength else {
            throw SyncCryptoError.cannotSeal(reason: "\(plaintext.count) bytes is more than ChaCha20-Poly1305 can seal")
        }
        let nonce = SecureRandom.bytes(ChaCha20Poly1305.nonceLength)
        return [version]
            + ChaCha20Poly1305.seal(plaintext, key: key.bytes, nonce: nonce, associatedData: associatedData)
    }

    /// The plaintext, or nil when `sealed` is short, of another version, or does not
    /// authenticate under `key` with `associatedData` (the callers say which value failed).
    static func open(_ sealed: [UInt8], key: SyncKey, associatedData: [UInt8]) -> [UInt8]? {
        guard sealed.count >= overhead, sealed[0] == version else { return nil }
        return sealed.withUnsafeBytes { bytes in
            ChaCha20Poly1305.open(
                UnsafeRawBufferPointer(rebasing: bytes[1...]), key: key.bytes, associatedData: associatedData)
        }
    }
}
