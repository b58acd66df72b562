/// Seals and opens the payload of one change (SPEC §16.4): the server stores only the
/// sealed bytes, with the change's device, sequence number and kind beside them in
/// plain columns — and the same three bound into the seal as associated data, so a
/// server cannot move a sealed payload to another device, sequence or kind unnoticed.
///
/// Sealed: format version (1 byte) ‖ nonce (12) ‖ ciphertext ‖ tag (16); see
/// ``SealedBytes``.
public struct ChangeSealer: Sendable {
    private let key: SyncKey

    public init(key: SyncKey) {
        self.key = key
    }

    /// Seals `plaintext` with a fresh random nonce.
    public func seal(_ plaintext: [UInt8], device: String, seq: Int64, kind: String) throws -> [UInt8] {
        try SealedBytes.seal(
            plaintext, key: key, associatedData: Self.associatedData(device: device, seq: seq, kind: kind))
    }

    /// Opens a change pulled from the server. Any failure — too short, an unknown format
    /// version, another key, a flipped bit, another device, sequence or kind — is
    /// ``SyncCryptoError/cannotOpen(device:seq:)``: a device cannot tell which, and must
    /// not apply the change either way.
    public func open(_ sealed: [UInt8], device: String, seq: Int64, kind: String) throws -> [UInt8] {
        let associatedData = Self.associatedData(device: device, seq: seq, kind: kind)
        guard let plaintext = SealedBytes.open(sealed, key: key, associatedData: associatedData) else {
            throw SyncCryptoError.cannotOpen(device: device, seq: seq)
        }
        return plaintext
    }

    /// The associated data of a change, unambiguous by construction: a version byte (1),
    /// then the device id's UTF-8 length (4 bytes, big-endian) and bytes, the sequence
    /// number (8 bytes, big-endian two's complement), the kind's length and bytes. With
    /// the lengths written out, ("ab", "c") and ("a", "bc") cannot encode alike.
    static func associatedData(device: String, seq: Int64, kind: String) -> [UInt8] {
        var bytes: [UInt8] = [1]
        appendLengthPrefixed(Array(device.utf8), to: &bytes)
        appendBigEndian(UInt64(bitPattern: seq), byteCount: 8, to: &bytes)
        appendLengthPrefixed(Array(kind.utf8), to: &bytes)
        return bytes
    }

    private static func appendLengthPrefixed(_ field: [UInt8], to bytes: inout [UInt8]) {
        appendBigEndian(UInt64(UInt32(truncatingIfNeeded: field.count)), byteCount: 4, to: &bytes)
        bytes += field
    }

    private static func appendBigEndian(_ value: UInt64, byteCount: Int, to bytes: inout [UInt8]) {
        for index in stride(from: byteCount - 1, through: 0, by: -1) {
            bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))))
        }
    }
}
