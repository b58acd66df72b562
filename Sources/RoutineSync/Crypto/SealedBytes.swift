import Crypto

/// The one sealed format of sync (SPEC §16.4), shared by ``ChangeSealer`` and
/// ``KeyCheck``: a format version byte, then ChaCha20-Poly1305's combined box — a random
/// 12-byte nonce, the ciphertext, the 16-byte tag.
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
        do {
            let box = try ChaChaPoly.seal(plaintext, using: key.symmetricKey, authenticating: associatedData)
            return [version] + Array(box.combined)
        } catch {
            throw SyncCryptoError.cannotSeal(reason: "\(error)")
        }
    }

    /// The plaintext, or nil when `sealed` is short, of another version, or does not
    /// authenticate under `key` with `associatedData` (the callers say which value failed).
    static func open(_ sealed: [UInt8], key: SyncKey, associatedData: [UInt8]) -> [UInt8]? {
        guard sealed.count >= overhead, sealed[0] == version,
            let box = try? ChaChaPoly.SealedBox(combined: sealed.dropFirst()),
            let plaintext = try? ChaChaPoly.open(box, using: key.symmetricKey, authenticating: associatedData)
        else { return nil }
        return Array(plaintext)
    }
}
