import Foundation
import GRDB
import RoutineCore
import Testing

@testable import RoutineStore

/// A pull larger than the entries stored sets the entry table's indexes aside and builds
/// them after its rows (`PulledEntryIndexes`): what it writes is what a pull with the
/// indexes kept writes, the schema after it is the migrations' own, and a pull that fails
/// leaves the indexes as they were. The threshold is lowered here (`bulkRows`) so that a
/// few thousand entries take the path a first pull of a lifetime takes.
@Suite struct PulledEntryIndexesTests {
    typealias Device = SyncStoreTests.Device

    /// Every schema object with its SQL, and each index's root page when `pages` (a
    /// rebuilt index has a new one; a rolled-back pull gives the old one back).
    static func schema(_ store: AppDatabase, pages: Bool = false) throws -> [String] {
        try store.read { db in
            try Row.fetchAll(
                db, sql: "SELECT type, name, tbl_name, sql, rootpage FROM sqlite_master ORDER BY type, name"
            ).map { row in
                let page = pages && row["type"] == "index" ? " @\(row["rootpage"] as Int64)" : ""
                return "\(row["type"] as String) \(row["name"] as String) \(row["tbl_name"] as String): "
                    + "\(row["sql"] as String? ?? "-")\(page)"
            }
        }
    }

    /// What a pull writes: every entry with its id and uid's bytes, its origin, the
    /// field stamps, the waiting items, the cursors and the habits.
    static func dump(_ store: AppDatabase) throws -> [String] {
        try store.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT 'e ' || e.id || ' ' || e.habit_id || ' ' || e.day_key || ' ' || e.timestamp || ' '
                      || e.time_zone || ' ' || quote(e.value) || ' ' || quote(e.note) || ' ' || quote(e.deleted_at)
                      || ' ' || hex(e.uid) || ' ' || ifnull(o.device, '-')
                    FROM habit_entry e LEFT JOIN sync_origin o ON o.entry = e.id
                    UNION ALL SELECT 'h ' || id || ' ' || uid || ' ' || name || ' ' || quote(archived_at) FROM habit
                    UNION ALL SELECT 'f ' || kind || ' ' || uid || ' ' || field || ' ' || hlc FROM sync_field
                    UNION ALL SELECT 'p ' || kind || ' ' || item FROM sync_pending
                    UNION ALL SELECT 'c ' || device || ' ' || seq FROM sync_cursor
                    UNION ALL SELECT 'a ' || uid || ' ' || into_uid FROM habit_alias
                    ORDER BY 1
                    """)
        }
    }

    /// Pulls `log` into `device`'s store, with the indexes set aside from `bulkRows`
    /// entries on.
    @discardableResult
    static func pull(_ device: Device, _ log: [IncomingChange], bulkRows: Int) throws -> SyncApplyReport {
        let cursors = try device.store.sync.syncCursors()
        let news = log.filter { $0.seq > cursors[$0.device, default: 0] }
            .sorted { ($0.clock, $0.device, $0.seq) < ($1.clock, $1.device, $1.seq) }
        return try device.store.sync.applySyncChanges(
            news, readRoutine: { _ in nil }, at: Fixtures.instant, name: { "'\($0)'" }, scanning: true,
            bulkRows: bulkRows)
    }

    /// `randomUIDs`: each row with a random uid, as entries logged one by one have (else
    /// the import makes them, in ascending order).
    static func entryRows(count: Int, habits: Int, from day: Int = 740_000, randomUIDs: Bool = true) -> [EntryRow] {
        (0..<count).map { index in
            EntryRow(
                habit: "Bulk \(index % habits)", dayKey: DayKey(ordinal: day + index / habits),
                timestamp: Fixtures.instant, timeZone: "UTC", uid: randomUIDs ? UUID() : nil)
        }
    }

    /// A device that imported `count` entries of `habits` habits, and the log it pushed them to.
    static func device(
        _ dir: TempDir, pushing count: Int, habits: Int, randomUIDs: Bool = true
    ) throws -> (Device, [IncomingChange]) {
        let device = try Device(dir.path + "/a.sqlite")
        var log: [IncomingChange] = []
        _ = try device.store.bulk.importEntries(
            rows: entryRows(count: count, habits: habits, randomUIDs: randomUIDs), now: Fixtures.instant)
        try device.push(to: &log)
        return (device, log)
    }

    /// With random uids (entries logged one by one) the uid index is built again too;
    /// with uids in ascending order (an import's) it takes them as they come.
    @Test(arguments: [true, false])
    func aBulkPullWritesWhatAPullWithTheIndexesWritesAndBuildsThemAsTheMigrationsDo(randomUIDs: Bool) throws {
        let dir = TempDir()
        let (a, pushed) = try Self.device(dir, pushing: 2400, habits: 4, randomUIDs: randomUIDs)
        var log = pushed
        // Then a merge (the indexes go back before it), more entries, an edit and a delete.
        _ = try a.store.habits.mergeHabit("Bulk 3", into: "Bulk 2")
        _ = try a.store.bulk.importEntries(
            rows: Self.entryRows(count: 600, habits: 3, from: 741_000, randomUIDs: randomUIDs), now: Fixtures.instant)
        let some = try a.store.entries.list(habit: "Bulk 0")
        _ = try a.store.entries.editEntry(id: some[0].id, corrections: [.note("edited")])
        _ = try a.store.entries.deleteEntry(id: some[1].id, at: Fixtures.instant)
        try a.push(to: &log)

        let kept = try Device(dir.path + "/kept.sqlite")
        let bulk = try Device(dir.path + "/bulk.sqlite")
        let fresh = try Self.schema(kept.store)
        let pages = try Self.schema(bulk.store, pages: true)
        let keptReport = try Self.pull(kept, log, bulkRows: AppDatabase.Bulk.bulkLoadRows)
        let bulkReport = try Self.pull(bulk, log, bulkRows: 100)
        #expect(keptReport == bulkReport)
        #expect(bulkReport.applied >= 3000)
        #expect(try Self.dump(bulk.store) == Self.dump(kept.store))
        #expect(try Self.dump(bulk.store).filter { $0.hasPrefix("e ") }.count == 3000)
        // The schema is the new store's, object for object and SQL for SQL…
        #expect(try Self.schema(bulk.store) == fresh)
        #expect(try Self.schema(kept.store) == fresh)
        // …but the bulk pull built the day and ledger indexes again (new root pages), and
        // the pull with the indexes kept did not.
        let rebuilt = zip(pages, try Self.schema(bulk.store, pages: true)).filter { $0 != $1 }.map(\.0)
        #expect(rebuilt.contains { $0.contains("habit_entry_day") })
        #expect(rebuilt.contains { $0.contains("habit_entry_ledger") })
        #expect(rebuilt.contains { $0.contains("habit_entry_uid") } == randomUIDs)
        #expect(try Self.schema(kept.store, pages: true) != Self.schema(bulk.store, pages: true))
        for device in [bulk, kept] {
            try device.store.read { (db: Database) throws in
                #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            }
        }
        // An entry made after a bulk pull is captured and gets a uid: the triggers are back.
        let outbox = try bulk.store.sync.outbox(limit: 100_000).count
        _ = try bulk.store.entries.logEntry(
            habit: "Bulk 0", value: nil, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC",
            note: nil)
        #expect(try bulk.store.sync.outbox(limit: 100_000).count == outbox + 1)
        // Pulled again, nothing is new and nothing changes.
        #expect(try Self.pull(bulk, log, bulkRows: 100).applied == 0)
        #expect(try Self.schema(bulk.store) == fresh)
    }

    @Test func aBulkPullThatFailsLeavesTheIndexesAsTheyWere() throws {
        let dir = TempDir()
        let (a, pushed) = try Self.device(dir, pushing: 1500, habits: 3)
        var log = pushed
        // After the entries, a habit no store can take (an empty name): the pull fails.
        let clock = (log.map(\.clock).max() ?? 0) + 1
        log.append(
            IncomingChange(
                device: a.id, seq: a.seq + 1, clock: clock, kind: "habit",
                items: #"[{"uid":"\#(UUID().uuidString.lowercased())","f":{"name":""}}]"#))

        let b = try Device(dir.path + "/b.sqlite")
        _ = try b.store.entries.logEntry(
            habit: "Own", value: nil, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC", note: nil)
        let before = try Self.schema(b.store, pages: true)
        let rows = try Self.dump(b.store)
        #expect(throws: (any Error).self) { try Self.pull(b, log, bulkRows: 100) }
        #expect(try Self.schema(b.store, pages: true) == before)
        #expect(try Self.dump(b.store) == rows)
        #expect(try Self.schema(b.store) == Self.schema(try Device(dir.path + "/new.sqlite").store))
        try b.store.read { (db: Database) throws in
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
        }
        // Without the bad change, the same pull goes in whole.
        log.removeLast()
        #expect(try Self.pull(b, log, bulkRows: 100).applied >= 1500)
        #expect(try Self.dump(b.store).filter { $0.hasPrefix("e ") }.count == 1501)
    }

    /// A change of `device`, next in its log, clocked after everything in `log`.
    static func append(_ kind: String, _ items: String, by device: Device, to log: inout [IncomingChange]) {
        device.seq += 1
        log.append(
            IncomingChange(
                device: device.id, seq: device.seq, clock: (log.map(\.clock).max() ?? 0) + 1, kind: kind, items: items))
    }

    /// While the uid index is aside, a new entry's uid is looked up in the uids the pull
    /// read and made (`PulledEntryIndexes.claim`): an entry stored before the pull, or made
    /// by an earlier change, is not made again, and the index comes back before anything
    /// that looks an entry up by its uid. Each way the items of a change can go — a change
    /// repeating stored items whole, one the Swift reader does not take, one naming a uid
    /// twice beside a value the table refuses, a recorded step naming an entry, an edit —
    /// coming first while the index is aside, a bulk pull writes what a pull with every
    /// index kept writes, into a store that holds some of the pulled entries already.
    @Test(arguments: 0..<5) func aBulkPullWithoutTheUIDIndexMakesNoEntryTwice(first special: Int) throws {
        let dir = TempDir()
        let (a, pushed) = try Self.device(dir, pushing: 1200, habits: 4)
        var log = pushed
        let stored = Array(log[...(log.firstIndex { $0.kind == "entry" } ?? 0)])
        let habit = try a.store.read { db in
            try String.fetchOne(db, sql: "SELECT uid FROM habit WHERE name = 'Bulk 0'") ?? ""
        }
        let entry = try a.store.read { db in
            try String.fetchOne(db, sql: "SELECT \(StoredUID.textSQL("uid")) FROM habit_entry LIMIT 1") ?? ""
        }
        func item(_ uid: String, day: String, value: String = "1") -> String {
            #"{"uid":"\#(uid)","f":{"habit":"\#(habit)","day":"\#(day)","at":"2026-01-01T00:00:00Z","tz":"UTC","value":\#(value)}}"#
        }
        func uid() -> String { UUID().uuidString.lowercased() }
        _ = try a.store.bulk.importEntries(
            rows: Self.entryRows(count: 900, habits: 3, from: 741_000), now: Fixtures.instant)
        try a.push(to: &log)
        let twice = uid()
        let specials: [() throws -> Void] = [
            // The stored change's items again, whole: every uid is stored.
            { Self.append("entry", stored.last?.items ?? "[]", by: a, to: &log) },
            // Whitespace: the reader does not take it; SQLite's JSON does.
            { Self.append("entry", "[ " + item(uid(), day: "2031-01-01") + " ]", by: a, to: &log) },
            // A uid twice in one change, and a value the table refuses.
            {
                let items = [
                    item(twice, day: "2031-01-02"), item(uid(), day: "2031-01-03", value: "-1"),
                    item(twice, day: "2031-01-04"), item(uid(), day: "2031-01-05"),
                ]
                Self.append("entry", "[" + items.joined(separator: ",") + "]", by: a, to: &log)
            },
            // A recorded step naming an entry (its routine is not stored: it waits).
            {
                Self.append(
                    "step", #"[{"uid":"\#(uid())","f":{"routine":"absent","entry":"\#(entry)","kind":"habit"}}]"#,
                    by: a, to: &log)
            },
            // An edit of an entry.
            {
                let some = try a.store.entries.list(habit: "Bulk 1")
                _ = try a.store.entries.editEntry(id: some[0].id, corrections: [.note("edited")])
                try a.push(to: &log)
            },
        ]
        try specials[special]()
        for (index, append) in specials.enumerated() where index != special { try append() }
        _ = try a.store.bulk.importEntries(
            rows: Self.entryRows(count: 600, habits: 2, from: 742_000), now: Fixtures.instant)
        try a.push(to: &log)

        // Each store pulls the first entry change alone (its entries are then stored),
        // then everything.
        var results: [[String]] = []
        var reports: [SyncApplyReport] = []
        for (name, bulkRows) in [("kept", AppDatabase.Bulk.bulkLoadRows), ("bulk", 100)] {
            let device = try Device(dir.path + "/\(name).sqlite")
            let fresh = try Self.schema(device.store)
            try Self.pull(device, stored, bulkRows: Int.max)
            reports.append(try Self.pull(device, log, bulkRows: bulkRows))
            // A waiting item's keys in one order (`JSONSerialization` writes them in its
            // dictionary's order, which differs between two dictionaries).
            results.append(
                try Self.dump(device.store).map { line in
                    guard line.hasPrefix("p "), let space = line.dropFirst(2).firstIndex(of: " "),
                        let item = try? JSONSerialization.jsonObject(with: Data(line[space...].utf8)),
                        let sorted = try? JSONSerialization.data(withJSONObject: item, options: .sortedKeys)
                    else { return line }
                    return line[..<space] + " " + String(decoding: sorted, as: UTF8.self)
                })
            #expect(try Self.schema(device.store) == fresh)
            try device.store.read { (db: Database) throws in
                #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
                #expect(try Bool.fetchOne(db, sql: "SELECT count(DISTINCT uid) = count(*) FROM habit_entry") == true)
            }
        }
        #expect(reports[0] == reports[1])
        #expect(Set(results[0]).symmetricDifference(results[1]).sorted() == [])
        // 1,200 + 900 + 600 entries, one through SQLite's JSON, two of the four items
        // naming a uid twice or a negative value.
        #expect(results[1].filter { $0.hasPrefix("e ") }.count == 1200 + 900 + 600 + 1 + 2)
        #expect(reports[1].problems.contains { $0.contains("refused") })
    }
}
