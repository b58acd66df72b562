import Foundation
import GRDB
import RoutineCore
import Testing

@testable import RoutineStore

/// Changes are compressed before they are sealed (SPEC §16.4), with libzstd loaded on
/// first use: what one side packs the other unpacks, and nothing malformed is taken
/// for a change.
@Suite struct ZstdTests {
    @Test func whatIsPackedUnpacksToTheSameBytes() throws {
        let items = (0..<1000).map { #"{"uid":"u\#($0)","f":{"day":"2026-11-24","value":\#($0)}}"# }
        let json = Array("[\(items.joined(separator: ","))]".utf8)
        let packed = try Zstd.compress(json)
        #expect(packed.count * 5 < json.count, "packed \(json.count) bytes into \(packed.count)")
        #expect(try Zstd.decompress(packed) == json)
        #expect(try Zstd.decompress(try Zstd.compress([])) == [])
    }

    @Test func anythingButOneWholeFrameIsRefused() throws {
        let packed = try Zstd.compress(Array(String(repeating: "routine ", count: 500).utf8))
        #expect(try Zstd.decompress([]) == nil)
        #expect(try Zstd.decompress(Array("not a frame".utf8)) == nil)
        #expect(try Zstd.decompress(Array(packed.dropLast(3))) == nil)
        var flipped = packed
        flipped[flipped.count / 2] ^= 0xFF
        #expect(try Zstd.decompress(flipped) != Array(String(repeating: "routine ", count: 500).utf8))
        // A frame header that claims more than a change may hold allocates nothing.
        let huge: [UInt8] =
            [0x28, 0xB5, 0x2F, 0xFD, 0xC0]
            + withUnsafeBytes(of: UInt64(1 << 40).littleEndian) {
                Array($0)
            }
        #expect(try Zstd.decompress(huge) == nil)
    }

    @Test func aMissingLibraryIsOneLine() {
        #expect(throws: ZstdError.libraryMissing) { try LibZstd.load("libzstd-not-here.so.1").get() }
        #expect(ZstdError.libraryMissing.description == "sync needs libzstd: apt-get install libzstd1")
    }

    /// A snapshot goes into the outbox packed (a blob, a seventh of its JSON); a
    /// trigger's small change stays JSON text; both come out of `outbox` packed.
    @Test func aSnapshotIsStoredPackedAndATriggersChangeAsText() throws {
        let dir = TempDir()
        let store = try AppDatabase.open(path: dir.path + "/s.sqlite")
        let rows = (0..<3000).map { index in
            EntryRow(
                habit: "Habit \(index % 10)", dayKey: DayKey(ordinal: 740_000 + index / 10),
                timestamp: Fixtures.instant, timeZone: "UTC")
        }
        _ = try store.bulk.importEntries(rows: rows, now: Fixtures.instant)
        try store.sync.enableSync(device: UUID().uuidString.lowercased(), server: "s", at: Fixtures.instant)
        _ = try store.entries.logEntry(
            habit: "Read", value: nil, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC", note: nil
        )
        let stored = try store.read { db in
            try Row.fetchAll(db, sql: "SELECT kind, typeof(payload) AS type, length(payload) AS size FROM sync_outbox")
        }
        #expect(stored.filter { $0["kind"] as String == "entry" && $0["type"] as String == "blob" }.count == 3)
        #expect(Array(stored.suffix(2).map { $0["type"] as String }) == ["text", "text"])
        #expect(stored.dropLast(2).allSatisfy { $0["type"] as String == "blob" })
        for change in try store.sync.outbox(limit: 100) {
            let json = try change.items()
            let items = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
            #expect(!items.isEmpty)
            #expect(try Zstd.decompress(change.packed).map { String(decoding: $0, as: UTF8.self) } == json)
        }
        let entries = try store.sync.outbox(limit: 100).filter { $0.kind == "entry" }.prefix(3)
        let packed = entries.map(\.packed.count).reduce(0, +)
        let json = try entries.map { try $0.items().utf8.count }.reduce(0, +)
        #expect(packed * 5 < json, "3,000 entries: \(json) bytes of JSON, \(packed) packed")
    }

    /// Pushing clears the outbox without zeroing each freed page (Debian's SQLite
    /// zeroes them by default), and leaves the connection's setting as it was.
    @Test func markingPushedLeavesSecureDeleteAsItWas() throws {
        let dir = TempDir()
        let store = try AppDatabase.open(path: dir.path + "/s.sqlite")
        _ = try store.entries.logEntry(
            habit: "Read", value: nil, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC", note: nil
        )
        let device = UUID().uuidString.lowercased()
        try store.sync.enableSync(device: device, server: "s", at: Fixtures.instant)
        let before = try store.write { db in try Int.fetchOne(db, sql: "PRAGMA secure_delete") }
        let outbox = try store.sync.outbox(limit: 10)
        try store.sync.markPushed(upTo: try #require(outbox.last).localID, firstSeq: 1, lastSeq: 2, device: device)
        #expect(try store.sync.outbox(limit: 10).isEmpty)
        #expect(try store.write { db in try Int.fetchOne(db, sql: "PRAGMA secure_delete") } == before)
    }
}
