import Foundation
import GRDB
import RoutineCore
import Testing

@testable import RoutineStore

/// Migration v13-uid-blobs (issue 32): the uids of entries, recorded steps and pauses are
/// kept as 16 bytes, and every one of them reads back as the text it had.
@Suite struct UIDBlobMigrationTests {
    /// Every uid of the three tables by row id, as text (before the migration the column
    /// holds the text; after, `StoredUID.textSQL` gives it).
    private static func uids(_ db: Database, blobs: Bool) throws -> [String] {
        var all: [String] = []
        for table in SyncSchema.blobUIDTables {
            let uid = blobs ? StoredUID.textSQL("uid") : "uid"
            all += try String.fetchAll(db, sql: "SELECT '\(table) ' || id || ' ' || \(uid) FROM \(table) ORDER BY id")
        }
        return all
    }

    /// A store with logged and deleted entries, a pause, imported answers and the sync
    /// capture triggers, made by this build and then taken back to v12.
    private static func oldStore(_ path: String) throws {
        let v12 = StoreMigrations.index(of: SyncSchema.blobUIDMigration)
        try OldStore.make(path, migrations: v12) { store in
            try store.sync.enableSync(device: UUID().uuidString.lowercased(), server: "server-1", at: Fixtures.instant)
            _ = try store.routines.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant)
            for day in 0..<20 {
                let entry = try store.entries.logEntry(
                    habit: "Meditate", value: Double(day), unit: nil, dayKey: Fixtures.day.adding(days: -day),
                    at: Fixtures.instant, timeZone: "UTC", note: day == 3 ? "ok" : nil)
                if day % 7 == 0 { _ = try store.entries.deleteEntry(id: entry.id, at: Fixtures.instant) }
            }
            _ = try store.pauses.addPause(
                habits: ["Meditate"], from: Fixtures.day, to: Fixtures.day.adding(days: 2), note: "away",
                at: Fixtures.instant)
            let answers = (1...5).map { day in
                AnswerRow(
                    uid: UUID(), dayKey: Fixtures.day.adding(days: -day), routine: "morning-checkin", node: "feeling",
                    question: nil, answer: "Okay", option: 2, timestamp: Fixtures.instant, timeZone: "UTC")
            }
            _ = try store.answers.importAnswers(answers)
        }
    }

    @Test func everyUIDKeepsItsTextAndTheSchemaIsAFreshStoresOne() throws {
        let dir = TempDir()
        let path = dir.path + "/old.sqlite"
        try Self.oldStore(path)
        let before = try DatabaseQueue(path: path)
        let texts = try before.read { try Self.uids($0, blobs: false) }
        let outbox = try before.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sync_outbox") }
        try before.close()
        #expect(texts.count == 20 + 1 + 5)
        #expect(texts.allSatisfy { $0.split(separator: " ").last?.count == 36 })

        let store = try AppDatabase.open(path: path)
        #expect(try store.appliedMigrations() == StoreMigrations.all.map(\.0))
        try store.read { db in
            #expect(try Self.uids(db, blobs: true) == texts)
            for table in SyncSchema.blobUIDTables {
                #expect(
                    try Int.fetchOne(
                        db, sql: "SELECT count(*) FROM \(table) WHERE typeof(uid) <> 'blob' OR length(uid) <> 16") == 0)
            }
            // The schema is the one a new store set up for sync has, triggers included.
            let fresh = try StoreRestoreCheck.expectedSchema(
                migrations: StoreMigrations.all.count, capturing: true)
            #expect(try StoreRestoreCheck.schema(db) == fresh)
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            // The migration itself sent nothing.
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM sync_outbox") == outbox)
        }
        // The public values show the same texts.
        let entries = try store.entries.list(includeDeleted: true).map { "habit_entry \($0.id) \($0.uid)" }
        #expect(entries.sorted() == texts.filter { $0.hasPrefix("habit_entry ") }.sorted())
        let answers = Set(try store.answers.all().map(\.uid))
        #expect(
            answers
                == Set(
                    texts.filter { $0.hasPrefix("run_step ") }.compactMap {
                        $0.split(separator: " ").last.map(String.init)
                    }))

        // What the capture triggers send names an entry, a step's entry and a pause by that text.
        let entry = try #require(try store.entries.list().first)
        _ = try store.entries.editEntry(id: entry.id, value: 99)
        let sent = try #require(try store.sync.outbox(limit: 1000).last).items()
        #expect(sent.contains("\"uid\":\"\(entry.uid)\""))
    }

    /// A uid text that is not a UUID (a store edited by hand: the column took any 36
    /// characters) becomes the name-based UUID of that text: the same on every device.
    @Test func aUIDThatIsNotAUUIDBecomesTheSameNameBasedOneEverywhere() throws {
        let dir = TempDir()
        var converted: [String] = []
        for name in ["a", "b"] {
            let path = dir.path + "/\(name).sqlite"
            try OldStore.make(path, migrations: StoreMigrations.index(of: SyncSchema.blobUIDMigration)) { store in
                _ = try store.entries.logEntry(
                    habit: "Read", value: nil, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant,
                    timeZone: "UTC", note: nil)
            }
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                let kept = try String.fetchOne(
                    db, sql: "SELECT sql FROM sqlite_master WHERE name = 'habit_entry_uid_kept'")
                try db.execute(sql: "DROP TRIGGER habit_entry_uid_kept")
                try db.execute(sql: "UPDATE habit_entry SET uid = 'not-a-uuid-but-thirty-six-characters'")
                try db.execute(sql: try #require(kept))
            }
            try queue.close()
            let store = try AppDatabase.open(path: path)
            converted.append(try #require(try store.entries.list().first).uid)
        }
        #expect(converted[0] == converted[1])
        #expect(converted[0] == StoredUID.text(StoredUID.migrated("not-a-uuid-but-thirty-six-characters")))
        #expect(UUID(uuidString: converted[0]) != nil)
    }

    /// The text form reads either case and always writes lower case; anything else is no uid.
    @Test func uidTextsReadAndWrite() throws {
        let uuid = UUID()
        let upper = uuid.uuidString
        #expect(StoredUID(text: upper)?.text == upper.lowercased())
        #expect(StoredUID(text: upper.lowercased())?.text == upper.lowercased())
        #expect(StoredUID.bytes(upper).map { StoredUID.blob($0) } == withUnsafeBytes(of: uuid.uuid) { Data($0) })
        for bad in [
            "", "x", String(upper.dropLast()), upper + "0", upper.replacingOccurrences(of: "-", with: "_"),
            "g" + upper.dropFirst(),
        ] {
            #expect(StoredUID(text: bad) == nil, "\(bad)")
        }
        let queue = try DatabaseQueue()
        try queue.read { db in
            let sql = "SELECT \(StoredUID.textSQL("x")) FROM (SELECT ? AS x)"
            let bytes = try #require(StoredUID.bytes(upper))
            #expect(try String.fetchOne(db, sql: sql, arguments: [StoredUID.blob(bytes)]) == upper.lowercased())
            #expect(try String.fetchOne(db, sql: sql, arguments: [nil as String?]) == nil)
        }
    }
}
