/// A value the server keeps beside the salt so a device can tell a wrong passphrase
/// before it pushes or applies anything (SPEC §16.4): a fixed text sealed under the key,
/// bound to the server's id.
///
/// Without it, a mistyped passphrase on a new device would show up only as every other
/// device's changes failing to open — or worse, as this device pushing changes nobody
/// else can read. Binding the server id means a check copied from another server (with
/// the same passphrase) does not vouch for this one.
public enum KeyCheck {
    /// What is sealed; its content matters only in that it is fixed.
    static let plaintext = Array("routine-sync key-check 1".utf8)

    /// Seals the check for `serverID` under `key`, for a new server to store.
    public static func make(key: SyncKey, serverID: String) throws -> [UInt8] {
        try SealedBytes.seal(plaintext, key: key, associatedData: associatedData(serverID: serverID))
    }

    /// Passes when `check` was made by ``make(key:serverID:)`` with this key and server
    /// id; throws ``SyncCryptoError/wrongKey`` when it opens with another key or id,
    /// ``SyncCryptoError/damagedKeyCheck`` when it is not a sealed value at all.
    public static func verify(_ check: [UInt8], key: SyncKey, serverID: String) throws {
        guard check.count >= SealedBytes.overhead, check[0] == SealedBytes.version else {
            throw SyncCryptoError.damagedKeyCheck
        }
        guard let opened = SealedBytes.open(check, key: key, associatedData: associatedData(serverID: serverID)),
            opened == plaintext
        else { throw SyncCryptoError.wrongKey }
    }

    /// "routine-sync key-check" and the server id. No length prefix is needed: the
    /// prefix is fixed, so the id is everything after it. It cannot be mistaken for a
    /// change's associated data, which starts with a version byte (1), not "r".
    static func associatedData(serverID: String) -> [UInt8] {
        Array("routine-sync key-check".utf8) + Array(serverID.utf8)
    }
}
