import Foundation
import GRDB
import RoutineCore
import Testing

@testable import RoutineStore

/// Two stores exchanging their outboxes directly (the server's part played by an array):
/// what the capture triggers write and what applying does, without PostgreSQL.
@Suite struct SyncStoreTests {
    /// A store set up for sync with a fake server log it pushes to.
    final class Device {
        let store: AppDatabase
        let id: String
        var seq: Int64 = 0

        init(_ path: String) throws {
            store = try AppDatabase.open(path: path)
            id = UUID().uuidString.lowercased()
            try store.sync.enableSync(device: id, server: "server-1", at: Fixtures.instant)
        }

        /// Moves the outbox to `log`, as a push does.
        func push(to log: inout [IncomingChange]) throws {
            let changes = try store.sync.outbox(limit: 100_000)
            guard let last = changes.last else { return }
            let first = seq + 1
            for change in changes {
                seq += 1
                log.append(
                    IncomingChange(
                        device: id, seq: seq, clock: change.clock, kind: change.kind, items: try change.items()))
            }
            try store.sync.markPushed(upTo: last.localID, firstSeq: first, lastSeq: seq, device: id)
        }

        /// Applies what `log` holds beyond this store's cursors, in clock order.
        @discardableResult
        func pull(from log: [IncomingChange]) throws -> SyncApplyReport {
            let cursors = try store.sync.syncCursors()
            let news = log.filter { $0.seq > cursors[$0.device, default: 0] }
                .sorted { ($0.clock, $0.device, $0.seq) < ($1.clock, $1.device, $1.seq) }
            return try store.sync.applySyncChanges(news, readRoutine: { _ in nil }, at: Fixtures.instant)
        }
    }

    static func entries(_ store: AppDatabase) throws -> [String] {
        try store.entries.list(habit: nil, from: nil, to: nil, includeDeleted: true).map {
            "\($0.uid) \($0.habit) \($0.dayKey) \($0.value.map { "\($0)" } ?? "-") \($0.note ?? "-") \($0.deletedAt == nil)"
        }.sorted()
    }

    static func habits(_ store: AppDatabase) throws -> [String] {
        try store.habits.all().map {
            "\($0.name) \($0.measure.map { "\($0.unit)/\($0.type)" } ?? "binary") \($0.target ?? -1) \($0.archivedAt == nil)"
        }.sorted()
    }

    @Test func entriesEditsAndDeletesTravelBothWays() throws {
        let dir = TempDir()
        let a = try Device(dir.path + "/a.sqlite")
        let b = try Device(dir.path + "/b.sqlite")
        var log: [IncomingChange] = []
        let read = try a.store.entries.logEntry(
            habit: "Read", value: nil, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC",
            note: "a book")
        _ = try b.store.entries.logEntry(
            habit: "Run", value: 5, unit: "km", dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC", note: nil)
        try a.push(to: &log)
        try b.push(to: &log)
        try a.pull(from: log)
        try b.pull(from: log)
        #expect(try Self.entries(a.store) == Self.entries(b.store))
        #expect(try Self.entries(a.store).count == 2)
        #expect(try Self.habits(a.store) == Self.habits(b.store))

        // An edit on A and a delete on B of the same entry, while apart: both fields win.
        _ = try a.store.entries.editEntry(id: read.id, value: nil)
        let onB = try #require(try b.store.entries.list(habit: "Read", from: nil, to: nil, includeDeleted: true).first)
        _ = try b.store.entries.deleteEntry(id: onB.id, at: Fixtures.instant)
        try a.push(to: &log)
        try b.push(to: &log)
        try a.pull(from: log)
        try b.pull(from: log)
        #expect(try Self.entries(a.store) == Self.entries(b.store))
        #expect(
            try a.store.entries.list(habit: "Read", from: nil, to: nil, includeDeleted: true).first?.deletedAt != nil)
        // Pulling again changes nothing and doubles nothing.
        try a.pull(from: log)
        #expect(try Self.entries(a.store).count == 2)
    }

    @Test func aHabitMadeUnderOneNameOnTwoDevicesIsOneHabit() throws {
        let dir = TempDir()
        let a = try Device(dir.path + "/a.sqlite")
        let b = try Device(dir.path + "/b.sqlite")
        var log: [IncomingChange] = []
        for device in [a, b] {
            _ = try device.store.entries.logEntry(
                habit: "Stretch", value: nil, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC",
                note: nil)
        }
        try a.push(to: &log)
        try b.push(to: &log)
        let report = try a.pull(from: log)
        try b.pull(from: log)
        try a.push(to: &log)
        try b.push(to: &log)
        try a.pull(from: log)
        try b.pull(from: log)
        #expect(try a.store.habits.all().map(\.name) == ["Stretch"])
        #expect(try Self.habits(a.store) == Self.habits(b.store))
        #expect(try Self.entries(a.store) == Self.entries(b.store))
        #expect(try Self.entries(a.store).count == 2)
        #expect(report.sameDay.map(\.habit) == ["Stretch"])
    }

    /// A count logged twice a day on one device is that device's own: a pull names a
    /// day only when its live entries come from two devices (SPEC §16.3), whether the
    /// two arrive in one pull or the second a sync later.
    @Test func oneDevicesOwnEntriesOfADayAreNotNamedTwoDevicesAre() throws {
        let dir = TempDir()
        let a = try Device(dir.path + "/a.sqlite")
        let b = try Device(dir.path + "/b.sqlite")
        let c = try Device(dir.path + "/c.sqlite")
        var log: [IncomingChange] = []
        func water(_ device: Device, day: DayKey = Fixtures.day) throws {
            _ = try device.store.entries.logEntry(
                habit: "Water", value: 1, unit: "glasses", dayKey: day, at: Fixtures.instant, timeZone: "UTC",
                note: nil)
        }
        try water(a)
        try water(a)
        try a.push(to: &log)
        #expect(try b.pull(from: log).sameDay.isEmpty)
        try water(a)
        try a.push(to: &log)
        #expect(try b.pull(from: log).sameDay.isEmpty)
        // Now b logs the same day: a and c learn of two devices' entries.
        try water(b)
        try b.push(to: &log)
        let named = try a.pull(from: log).sameDay
        #expect(named.map(\.habit) == ["Water"])
        #expect(named.first?.ids.count == 4)
        let atC = try c.pull(from: log).sameDay
        #expect(atC.map(\.habit) == ["Water"])
        #expect(atC.first?.ids.count == 4)
        // Another day, a alone: nobody names it.
        try water(a, day: Fixtures.day.adding(days: 1))
        try water(a, day: Fixtures.day.adding(days: 1))
        try a.push(to: &log)
        #expect(try b.pull(from: log).sameDay.isEmpty)
        #expect(try c.pull(from: log).sameDay.isEmpty)
    }

    /// A change's new entries go in with one statement; a change SQLite refuses as a
    /// whole (one entry breaks a rule) goes item by item, so the others still apply and
    /// the one is named; a change naming a uid twice (made, then edited) is taken item
    /// by item, in order.
    @Test func aChangeGoesInWholeOrItemByItem() throws {
        let dir = TempDir()
        let a = try Device(dir.path + "/a.sqlite")
        let b = try Device(dir.path + "/b.sqlite")
        var log: [IncomingChange] = []
        _ = try a.store.entries.logEntry(
            habit: "Read", value: nil, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC", note: nil
        )
        try a.push(to: &log)
        try b.pull(from: log)
        let habit = try #require(try b.store.read { db in try String.fetchOne(db, sql: "SELECT uid FROM habit") })
        func item(_ uid: String, value: String = "null", note: String = "null") -> String {
            #"{"uid":"\#(uid)","f":{"habit":"\#(habit)","day":"2026-11-2\#(uid.prefix(1))","at":"2026-11-20T07:00:00.000Z","tz":"UTC","value":\#(value),"note":\#(note),"deleted":null}}"#
        }
        let good = "1" + UUID().uuidString.lowercased().dropFirst()
        let bad = "2" + UUID().uuidString.lowercased().dropFirst()
        let twice = "3" + UUID().uuidString.lowercased().dropFirst()
        let refused = try b.store.sync.applySyncChanges(
            [
                IncomingChange(
                    device: a.id, seq: a.seq + 1, clock: 1 << 60, kind: "entry",
                    items: "[\(item(good)),\(item(bad, value: "-1"))]")
            ],
            readRoutine: { _ in nil }, at: Fixtures.instant)
        #expect(refused.applied == 1)
        #expect(refused.problems.count == 1)
        #expect(refused.problems.first?.contains("CHECK") == true)
        let edited = try b.store.sync.applySyncChanges(
            [
                IncomingChange(
                    device: a.id, seq: a.seq + 2, clock: (1 << 60) + 1, kind: "entry",
                    items: "[\(item(twice)),\(item(twice, note: "\"later\""))]")
            ],
            readRoutine: { _ in nil }, at: Fixtures.instant)
        #expect(edited.applied == 2)
        let stored = try b.store.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(StoredUID.textSQL("uid")) AS uid, note FROM habit_entry
                    WHERE \(StoredUID.textSQL("uid")) IN (?, ?, ?)
                    """, arguments: [good, bad, twice]
            )
            .map { "\($0["uid"] as String) \($0["note"] as String? ?? "-")" }.sorted()
        }
        #expect(stored == ["\(good) -", "\(twice) later"])
    }

    @Test func renamesMergesPausesAndGoalsConverge() throws {
        let dir = TempDir()
        let a = try Device(dir.path + "/a.sqlite")
        let b = try Device(dir.path + "/b.sqlite")
        var log: [IncomingChange] = []
        for habit in ["Walk", "Stroll"] {
            _ = try a.store.entries.logEntry(
                habit: habit, value: nil, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC",
                note: nil)
        }
        try a.push(to: &log)
        try b.pull(from: log)
        // Apart: A merges Stroll into Walk; B logs Stroll again and pauses it; B adds a goal.
        try a.store.habits.mergeHabit("Stroll", into: "Walk")
        _ = try b.store.entries.logEntry(
            habit: "Stroll", value: nil, unit: nil, dayKey: DayKey("2026-11-23")!, at: Fixtures.instant,
            timeZone: "UTC", note: nil)
        _ = try b.store.pauses.addPause(
            habits: ["Stroll"], from: DayKey("2026-12-01")!, to: DayKey("2026-12-05")!, note: "trip",
            at: Fixtures.instant)
        _ = try b.store.goals.addGoal(
            title: "Walks", target: 10, unit: nil, from: Fixtures.day, to: DayKey("2026-12-31")!, habits: ["Walk"],
            at: Fixtures.instant)
        try a.store.habits.renameHabit("Walk", to: "Daily walk")
        try a.push(to: &log)
        try b.push(to: &log)
        try a.pull(from: log)
        try b.pull(from: log)
        #expect(try a.store.habits.all().map(\.name) == ["Daily walk"])
        #expect(try Self.habits(a.store) == Self.habits(b.store))
        #expect(try Self.entries(a.store) == Self.entries(b.store))
        #expect(try Self.entries(a.store).count == 3)
        #expect(try a.store.pauses.all().map(\.habits) == [["Daily walk"]])
        #expect(try b.store.pauses.all().map(\.habits) == [["Daily walk"]])
        #expect(try a.store.goals.all().map(\.title) == ["Walks"])
        let goal = try #require(try b.store.goals.all().first)
        try b.store.goals.deleteGoal(id: goal.id)
        try b.push(to: &log)
        try a.pull(from: log)
        #expect(try a.store.goals.all().isEmpty)
    }

    @Test func aStoreThatNeverSetUpSyncWritesNoChange() throws {
        let dir = TempDir()
        let store = try AppDatabase.open(path: dir.path + "/plain.sqlite")
        _ = try store.entries.logEntry(
            habit: "Read", value: nil, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC", note: nil
        )
        #expect(try store.sync.syncIdentity() == nil)
        #expect(try store.sync.outbox(limit: 10).isEmpty)
        // Setting it up later sends what it holds, once.
        try store.sync.enableSync(device: UUID().uuidString.lowercased(), server: "s", at: Fixtures.instant)
        let snapshot = try store.sync.outbox(limit: 10)
        #expect(snapshot.map(\.kind) == ["habit", "entry"])
        try store.sync.enableSync(device: UUID().uuidString.lowercased(), server: "s", at: Fixtures.instant)
        #expect(try store.sync.outbox(limit: 10).count == 2)
    }

    @Test func aBulkImportSendsItsRowsInBatchesAndCaptureComesBack() throws {
        let dir = TempDir()
        let a = try Device(dir.path + "/a.sqlite")
        let b = try Device(dir.path + "/b.sqlite")
        var log: [IncomingChange] = []
        try a.push(to: &log)
        let rows = (0..<2500).map { index in
            EntryRow(
                habit: "Bulk \(index % 5)", dayKey: DayKey(ordinal: 740_000 + index / 5), timestamp: Fixtures.instant,
                timeZone: "UTC")
        }
        _ = try a.store.bulk.importEntries(rows: rows, now: Fixtures.instant)
        let outbox = try a.store.sync.outbox(limit: 100)
        #expect(outbox.filter { $0.kind == "entry" }.count == 3)
        _ = try a.store.entries.logEntry(
            habit: "Read", value: nil, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC", note: nil
        )
        #expect(try a.store.sync.outbox(limit: 100).count == outbox.count + 2)
        try a.push(to: &log)
        try b.pull(from: log)
        #expect(try Self.entries(b.store) == Self.entries(a.store))
        #expect(try Self.entries(b.store).count == 2501)
    }

    /// A pull sets the entry table's insert triggers aside while its entries go in (none
    /// acts on them) and puts them back as they were: an entry logged after the pull is
    /// captured, one written without a uid gets one, and the schema is the one before.
    @Test func aPullPutsBackTheEntryTriggersItSetAside() throws {
        let dir = TempDir()
        let a = try Device(dir.path + "/a.sqlite")
        let b = try Device(dir.path + "/b.sqlite")
        var log: [IncomingChange] = []
        let rows = (0..<1500).map { index in
            EntryRow(
                habit: "Bulk \(index % 3)", dayKey: DayKey(ordinal: 740_000 + index / 3), timestamp: Fixtures.instant,
                timeZone: "UTC")
        }
        _ = try a.store.bulk.importEntries(rows: rows, now: Fixtures.instant)
        try a.push(to: &log)
        func schema(_ store: AppDatabase) throws -> [String] {
            try store.read { db in
                try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
            }
        }
        let before = try schema(b.store)
        #expect(before.contains { $0.contains("sync_habit_entry_insert") })
        #expect(before.contains { $0.contains("habit_entry_uid_default") })
        let report = try b.pull(from: log)
        #expect(report.applied >= 1500)
        #expect(report.sameDay.isEmpty)
        #expect(try schema(b.store) == before)
        #expect(try Self.entries(b.store) == Self.entries(a.store))
        let outbox = try b.store.sync.outbox(limit: 100).count
        _ = try b.store.entries.logEntry(
            habit: "Bulk 1", value: nil, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC",
            note: nil)
        #expect(try b.store.sync.outbox(limit: 100).count == outbox + 1)
        try b.store.write { db in
            try db.execute(
                sql: """
                    INSERT INTO habit_entry (habit_id, day_key, timestamp, time_zone)
                    SELECT id, '2026-01-01', '2026-01-01T00:00:00.000Z', 'UTC' FROM habit LIMIT 1
                    """)
        }
        #expect(
            try b.store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM habit_entry WHERE uid IS NULL") }
                == 0)
        // Pulled again, nothing is new and nothing changes.
        #expect(try b.pull(from: log).applied == 0)
        #expect(try schema(b.store) == before)
    }

    /// A device whose clock runs ten years ahead: what another device does after pulling
    /// its changes still comes after them (the hybrid clock never goes behind what it saw).
    @Test func aClockYearsAheadStillOrdersWhatComesAfter() throws {
        let dir = TempDir()
        let a = try Device(dir.path + "/a.sqlite")
        let b = try Device(dir.path + "/b.sqlite")
        var log: [IncomingChange] = []
        let entry = try a.store.entries.logEntry(
            habit: "Read", value: nil, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC", note: nil
        )
        try a.push(to: &log)
        try b.pull(from: log)
        let tenYears: Int64 = 3650 * 86_400_000 << 16
        try a.store.write { db in try db.execute(sql: "UPDATE sync_self SET hlc = hlc + ?", arguments: [tenYears]) }
        _ = try a.store.entries.editEntry(id: entry.id, corrections: [.note("from the future")])
        try a.push(to: &log)
        try b.pull(from: log)
        let onB = try #require(try b.store.entries.list().first)
        #expect(onB.note == "from the future")
        _ = try b.store.entries.editEntry(id: onB.id, corrections: [.note("written after")])
        try b.push(to: &log)
        try a.pull(from: log)
        #expect(try a.store.entries.list().first?.note == "written after")
        #expect(try b.store.entries.list().first?.note == "written after")
    }

    /// The capture triggers come with `enableSync`: a store that never syncs has none (no
    /// cost at start-up or in a bulk load), and a backup of one that does restores.
    @Test func captureTriggersComeWithSyncAndABackupOfThemRestores() throws {
        let dir = TempDir()
        let plain = try AppDatabase.open(path: dir.path + "/plain.sqlite")
        #expect(try plain.read { try SyncSchema.hasCaptureTriggers($0) } == false)
        let device = try Device(dir.path + "/a.sqlite")
        #expect(try device.store.read { try SyncSchema.hasCaptureTriggers($0) })
        _ = try device.store.entries.logEntry(
            habit: "Read", value: nil, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC", note: nil
        )
        try device.store.backup(to: dir.path + "/backup.sqlite")
        let target = dir.path + "/restored.sqlite"
        _ = try AppDatabase.restore(from: dir.path + "/backup.sqlite", to: target)
        let restored = try AppDatabase.open(path: target)
        #expect(try restored.sync.syncIdentity()?.device == device.id)
        #expect(try restored.sync.outbox(limit: 10).map(\.kind) == ["habit", "entry"])
    }
}
