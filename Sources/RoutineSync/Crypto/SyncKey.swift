import Foundation

/// The 32-byte key that seals every change a device pushes (SPEC §16.4), derived from
/// the person's passphrase with scrypt, so the server's operator, who holds the salt and
/// the parameters, still cannot read a change without guessing the passphrase at
/// scrypt's cost per guess.
///
/// Its description never shows the bytes: a key that reaches a log line by accident
/// stays a secret.
public struct SyncKey: Sendable, Equatable, CustomStringConvertible {
    /// The key's bytes, for the key file.
    public let bytes: [UInt8]

    /// The length of a key, in bytes (ChaCha20-Poly1305's key).
    public static let length = 32
    /// The length of a new salt; derivation refuses salts shorter than
    /// ``minimumSaltLength``.
    public static let saltLength = 16
    public static let minimumSaltLength = 16

    /// A key from its bytes (read from the key file); refuses any length but 32.
    public init(bytes: [UInt8]) throws {
        guard bytes.count == Self.length else { throw SyncCryptoError.badKeyLength(bytes.count) }
        self.bytes = bytes
    }

    /// Derives the key from `passphrase`, normalised to NFC first (a passphrase typed as
    /// "é" on one keyboard and "e" + combining acute on another is the same passphrase),
    /// then encoded as UTF-8.
    ///
    /// Takes the parameters the server stores rather than a constant, so a server set up
    /// cheaply by tests and one set up with ``KDFParameters/standard`` both work.
    public static func derive(passphrase: String, salt: [UInt8], parameters: KDFParameters) throws -> SyncKey {
        guard !passphrase.isEmpty else { throw SyncCryptoError.emptyPassphrase(from: nil) }
        guard salt.count >= minimumSaltLength else { throw SyncCryptoError.badSalt(length: salt.count) }
        let normalised = Array(passphrase.precomposedStringWithCanonicalMapping.utf8)
        let key: [UInt8]
        do {
            key = try Scrypt.deriveKey(
                password: normalised, salt: salt, n: parameters.n, r: parameters.r, p: parameters.p, length: length)
        } catch {
            throw SyncCryptoError.badParameters(
                text: parameters.text, reason: "scrypt refused them (\(error))")
        }
        return try SyncKey(bytes: key)
    }

    /// A new random salt, for a new server.
    public static func newSalt() -> [UInt8] {
        SecureRandom.bytes(saltLength)
    }

    /// Compares in time independent of where the keys differ.
    public static func == (lhs: SyncKey, rhs: SyncKey) -> Bool {
        lhs.bytes.withUnsafeBytes { ConstantTime.equal($0, rhs.bytes) }
    }

    public var description: String { "SyncKey(32 bytes, not shown)" }
}
