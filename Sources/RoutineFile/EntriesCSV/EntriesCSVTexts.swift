import Foundation

/// The habit names and time zones of an entries CSV as `String`s made once: a file
/// of 365,000 rows names a hundred habits and one zone, and each row's field is found
/// here by its bytes. A habit's text is the field with the writer's mark dropped
/// (`CSVReader.text(fromCell:)`); a zone is kept once `TimeZone(identifier:)` knows it.
struct TextCache {
    private var habits = InternedTexts()
    private var zones = InternedTexts()

    /// The habit named by this field (as written).
    mutating func habit(_ field: UnsafeBufferPointer<UInt8>) -> String {
        habits.text(field) { CSVReader.text(fromCell: String(decoding: field, as: UTF8.self)) } ?? ""
    }

    /// The time zone of this (trimmed, non-empty) field, or nil when none has its name.
    mutating func zone(_ field: UnsafeBufferPointer<UInt8>) -> String? {
        zones.text(field) {
            let name = String(decoding: field, as: UTF8.self)
            return TimeZone(identifier: name) == nil ? nil : name
        }
    }
}

/// Texts made from bytes, found again by the same bytes: the last one first (a file
/// names one habit many rows in a row), then by a hash of the bytes. At most
/// `capacity` are kept (a hostile file of distinct names holds no more); past it a text
/// is made each time.
struct InternedTexts {
    static let capacity = 4096

    private struct Kept {
        var bytes: [UInt8]
        var text: String
    }

    private var last: Kept?
    private var byHash: [UInt64: [Kept]] = [:]
    private var count = 0

    /// The text kept for `bytes`, else `make`'s (kept when not nil).
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, make: () -> String?) -> String? {
        if let last, Self.same(last.bytes, bytes) { return last.text }
        let hash = Self.hash(bytes)
        if let kept = byHash[hash]?.first(where: { Self.same($0.bytes, bytes) }) {
            last = kept
            return kept.text
        }
        guard let made = make() else { return nil }
        let kept = Kept(bytes: Array(bytes), text: made)
        if count < Self.capacity {
            byHash[hash, default: []].append(kept)
            count += 1
        }
        last = kept
        return made
    }

    private static func same(_ kept: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        kept.count == bytes.count
            && kept.withUnsafeBufferPointer { kept in
                guard let a = kept.baseAddress, let b = bytes.baseAddress else { return true }
                return memcmp(a, b, bytes.count) == 0
            }
    }

    /// FNV-1a over the bytes.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
