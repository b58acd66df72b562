/// Node ids → node indices: the same answers as a `[String: Int]`, but ASCII ids
/// (the usual case) are hashed with FNV-1a over their bytes in an open-addressing
/// table instead of through `Hasher` (seeding and SipHash were a hot spot on a
/// 100,000-node file: 100,000 inserts and 262,660 lookups).
///
/// Swift compares strings by canonical equivalence, and a non-ASCII string can equal
/// an ASCII one (U+212A KELVIN SIGN is "K"). So the first non-ASCII id inserted or
/// looked up switches the index, for good, to a `[String: Int]` of the same entries:
/// byte equality is canonical equivalence only between ASCII strings.
///
/// Its storage is read without the run-time exclusivity check (`@exclusivity(unchecked)`):
/// one validator owns each index on one thread, and the check was a third of a lookup.
final class IDIndex {
    @exclusivity(unchecked) private var slots: [Int32]
    @exclusivity(unchecked) private var mask: Int
    /// The ids, in insertion order (no two equal).
    @exclusivity(unchecked) private(set) var keys: [String] = []
    @exclusivity(unchecked) private var values: [Int] = []
    @exclusivity(unchecked) private var dictionary: [String: Int]?

    /// An index for up to about `capacity` ids (more still work, through the dictionary).
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = [Int32](repeating: -1, count: size)
        mask = size - 1
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    var count: Int { keys.count }

    subscript(key: String) -> Int? {
        if let dictionary { return dictionary[key] }
        guard let hash = Self.asciiHash(key) else { return switchToDictionary()[key] }
        var slot = hash & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { return nil }
            if keys[entry] == key { return values[entry] }
            slot = (slot + 1) & mask
        }
    }

    /// The value of `key` when it is in the index; else adds it with `value` and returns
    /// nil (one probe instead of a lookup and an insert).
    func valueOrInsert(_ key: String, _ value: Int) -> Int? {
        guard dictionary == nil, let hash = Self.asciiHash(key), keys.count * 2 < slots.count,
            keys.count < Int(Int32.max)
        else {
            if let existing = self[key] { return existing }
            insert(key, value)
            return nil
        }
        var slot = hash & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { break }
            if keys[entry] == key { return values[entry] }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(keys.count)
        keys.append(key)
        values.append(value)
        return nil
    }

    /// Adds `key`, which must not be in the index yet (`self[key] == nil`).
    func insert(_ key: String, _ value: Int) {
        if dictionary == nil, let hash = Self.asciiHash(key), keys.count * 2 < slots.count,
            keys.count < Int(Int32.max)
        {
            var slot = hash & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(keys.count)
        } else {
            var dictionary = switchToDictionary()
            self.dictionary = nil
            dictionary[key] = value
            self.dictionary = dictionary
        }
        keys.append(key)
        values.append(value)
    }

    private func switchToDictionary() -> [String: Int] {
        if let dictionary { return dictionary }
        let built = Dictionary(uniqueKeysWithValues: zip(keys, values))
        dictionary = built
        slots = []
        return built
    }

    /// FNV-1a of the UTF-8 bytes, mixed; nil when the string is not all ASCII.
    private static func asciiHash(_ key: String) -> Int? {
        let hash = key.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            return hash
        }
        guard let hash, var mixed = hash else { return nil }
        mixed ^= mixed >> 29
        mixed = mixed &* 0xbf58_476d_1ce4_e5b9
        mixed ^= mixed >> 32
        return Int(truncatingIfNeeded: mixed)
    }
}
