import Foundation
import GRDB
import RoutineCore
import Testing

@testable import RoutineStore

@Suite struct FileStoreTests {
    private func mode(_ path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o777
    }

    @Test func newStoreIsCreatedWith0600InANew0700Directory() throws {
        let temp = TempDir()
        let path = temp.file("deep/er/store.sqlite")
        let store = try AppDatabase.open(path: path)
        try store.log("Stretch")
        #expect(mode(path) == 0o600)
        #expect(mode(path + "-wal") == 0o600)
        #expect(mode(temp.file("deep/er")) == 0o700)
        #expect(try store.appliedMigrations() == StoreMigrations.all.map(\.0))
    }

    @Test func newStoreIs0600EvenUnderAPermissiveUmask() throws {
        let temp = TempDir()
        let previous = umask(0)
        defer { umask(previous) }
        let path = temp.file("store.sqlite")
        _ = try AppDatabase.open(path: path)
        #expect(mode(path) == 0o600)
    }

    @Test func reopeningKeepsData() throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        do {
            let store = try AppDatabase.open(path: path)
            try store.log("Run", 5, unit: "km")
        }
        let again = try AppDatabase.open(path: path)
        #expect(try again.entries.list().map(\.value) == [5])
        #expect(again.integrityCheck())
    }

    @Test func directoryThatCannotBeMadeIsAClearError() throws {
        let temp = TempDir()
        let blocker = temp.file("file")
        _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
        #expect(throws: StoreError.self) { try AppDatabase.open(path: blocker + "/sub/store.sqlite") }
        do {
            _ = try AppDatabase.open(path: blocker + "/sub/store.sqlite")
        } catch let error as StoreError {
            #expect(error.message.contains(blocker))
        }
    }

    @Test func pathThatIsADirectoryIsRefused() throws {
        let temp = TempDir()
        #expect(throws: StoreError.cannotCreateFile(path: temp.path, reason: "it is a directory")) {
            try AppDatabase.open(path: temp.path)
        }
    }

    @Test func readOnlyStoreCanBeReadButNotWritten() throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        do {
            let store = try AppDatabase.open(path: path)
            try store.log("Stretch")
            _ = try store.routines.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant)
        }
        chmod(path, 0o444)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let store = try AppDatabase.open(path: path)
        #expect(store.isReadOnly)
        #expect(try store.entries.list().count == 1)
        #expect(try store.routines.all().count == 1)
        #expect(try store.entries.metricEntries(to: Fixtures.day).count == 1)
        #expect(throws: StoreError.readOnly(path: path)) { try store.log("Stretch") }
        let version = try #require(try store.routines.all().first?.versionID)
        #expect(throws: StoreError.readOnly(path: path)) {
            try store.runs.startRun(
                versionID: version, dayKey: Fixtures.day, timeZone: "UTC", state: Data(), now: Fixtures.instant)
        }
        #expect(throws: StoreError.readOnly(path: path)) {
            try store.bulk.importEntries(rows: [entryRow("A")], now: Fixtures.instant)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func unreadableStoreIsAClearError() throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        _ = try AppDatabase.open(path: path)
        chmod(path, 0o000)
        #expect(throws: StoreError.unreadable(path: path)) { try AppDatabase.open(path: path) }
    }

    @Test func fileThatIsNotADatabaseIsLeftUntouched() throws {
        let temp = TempDir()
        let path = temp.file("notes.txt")
        let text = Data("These are my precious notes, not a database.\n".utf8 + Array(repeating: 65, count: 5000))
        try text.write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.notADatabase(path: path)) { try AppDatabase.open(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
    }

    @Test func garbageFilledFileIsLeftUntouched() throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        var generator = SystemRandomNumberGenerator()
        let garbage = Data((0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.self) { try AppDatabase.open(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test func truncatedStoreIsRefusedAndLeftUntouched() throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        do {
            let store = try AppDatabase.open(path: path)
            _ = try store.routines.importRoutine(
                Fixtures.morning(), source: String(repeating: "# padding\n", count: 2000), at: Fixtures.instant)
            for day in 0..<300 { try store.log("Run", 5, unit: "km", day: Fixtures.day.adding(days: -day)) }
        }
        let full = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(full.count > 8 * 4096)
        let cut = full.prefix(full.count / 2)
        try cut.write(to: URL(fileURLWithPath: path))
        var refused = false
        do {
            _ = try AppDatabase.open(path: path)
        } catch let error as StoreError {
            refused = true
            switch error {
            case .corrupt, .notADatabase: break
            default: Issue.record("unexpected error \(error)")
            }
        }
        #expect(refused)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == cut)
    }

    @Test func storeMadeWithTheFirstMigrationUpgradesWithNothingLost() throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        try OldStore.make(path, migrations: 1) { filled in
            _ = try filled.routines.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant)
            try filled.log("Run", 5, unit: "km")
            try filled.log("Stretch")
        }
        #expect(try AppDatabase.openMigrated(path: path, upTo: 1).appliedMigrations() == ["v1"])
        let store = try AppDatabase.open(path: path)
        #expect(try store.appliedMigrations() == StoreMigrations.all.map(\.0))
        #expect(try store.entries.list().map(\.habit) == ["Run", "Stretch"])
        #expect(try store.entries.list().allSatisfy { $0.uid.count == 36 })
        #expect(try store.routines.routine(slug: "morning-checkin")?.routine == Fixtures.morning())
        let goal = try store.goals.addGoal(
            title: "Run far", target: 100, unit: "kilometres", from: Fixtures.day, to: Fixtures.day.adding(days: 30),
            habits: ["run"], at: Fixtures.instant)
        #expect(goal.habits == ["Run"])
    }

    @Test func storeFromANewerVersionIsRefused() throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        do {
            let store = try AppDatabase.open(path: path)
            try store.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
            }
        }
        #expect(throws: StoreError.newerSchema(path: path, version: RoutineVersion.current)) {
            try AppDatabase.open(path: path)
        }
    }

    /// `restore` compares a backup's schema to what the migrations make (issue 19 item
    /// 7): a store left at every earlier migration is accepted, and upgraded.
    @Test func restoreAcceptsEveryEarlierSchema() throws {
        let temp = TempDir()
        for count in 1...StoreMigrations.all.count {
            let old = temp.file("old\(count).sqlite")
            do {
                let store = try AppDatabase.openMigrated(path: old, upTo: count)
                try store.read { _ in }
                store.close()
            }
            let target = temp.file("restored\(count).sqlite")
            #expect(try AppDatabase.restore(from: old, to: target) == StoreMigrations.all.count - count)
            #expect(try AppDatabase.open(path: target).appliedMigrations() == StoreMigrations.all.map(\.0))
        }
    }

    @Test func readOnlyOldStoreSaysItNeedsAnUpgrade() throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        do { _ = try AppDatabase.openMigrated(path: path, upTo: 1) }
        chmod(path, 0o444)
        #expect(throws: StoreError.readOnlyNeedsUpgrade(path: path)) { try AppDatabase.open(path: path) }
    }

    @Test func journalIsWALAndWritesAreSynchronousFull() throws {
        let temp = TempDir()
        let store = try AppDatabase.open(path: temp.file("store.sqlite"))
        let (journal, synchronous, foreignKeys) = try store.read { db in
            (
                try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA synchronous"),
                try Int.fetchOne(db, sql: "PRAGMA foreign_keys")
            )
        }
        #expect(journal == "wal")
        #expect(synchronous == 2)
        #expect(foreignKeys == 1)
    }
}

@Suite struct LockedStoreTests {
    @Test func storeLockedLongerThanTheTimeoutIsAClearErrorAndLosesNothing() throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        let store = try AppDatabase.open(path: path, busyTimeout: 0.2)
        try store.log("Stretch")
        var config = Configuration()
        config.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: path, configuration: config)
        try other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        #expect(throws: StoreError.locked(path: path)) { try store.log("Stretch") }
        // Reads still work while another process writes (WAL).
        #expect(try store.entries.list().count == 1)
        try other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        try store.log("Stretch")
        #expect(try store.entries.list().count == 2)
    }

    @Test func defaultPathFollowsTheEnvironment() {
        #expect(
            AppDatabase.defaultPath(environment: ["ROUTINE_STORE": "/s/x.sqlite", "XDG_DATA_HOME": "/d"])
                == "/s/x.sqlite")
        #expect(
            AppDatabase.defaultPath(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/routine/store.sqlite")
        #expect(
            AppDatabase.defaultPath(environment: ["ROUTINE_STORE": "", "XDG_DATA_HOME": "", "HOME": "/h"])
                == "/h/.local/share/routine/store.sqlite")
    }
}

@Suite struct HostileContentTests {
    @Test func valuesOfTheWrongTypeAreErrorsNotCrashes() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Run", 5, unit: "km")
        _ = try store.routines.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant)
        // What someone could write by hand with sqlite3: text where numbers belong.
        try store.write { db in
            try db.execute(sql: "UPDATE habit_entry SET value = 'lots'")
            try db.execute(sql: "UPDATE habit SET target = x'00ff' WHERE name_key = 'meditate'")
        }
        #expect(throws: StoreError.self) { try store.entries.list() }
        #expect(throws: StoreError.self) { try store.entries.metricEntries(to: Fixtures.day) }
        #expect(throws: StoreError.self) { try store.habits.all() }
        // The export reads columns through SQLite's own conversions: no crash either way.
        try? store.bulk.exportEntryRows { _ in }
        do {
            _ = try store.entries.list()
        } catch let error as StoreError {
            guard case .corrupt = error else {
                Issue.record("expected corrupt, got \(error)")
                return
            }
        }
    }
}

@Suite struct FullDiskTests {
    /// SQLite's page limit stands in for a full disk: the write fails with SQLITE_FULL.
    @Test func aFullDiskIsAClearErrorAndKeepsWhatWasWritten() throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        let store = try AppDatabase.open(path: path)
        try store.log("Stretch")
        try store.write { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            _ = try Int.fetchOne(db, sql: "PRAGMA max_page_count = \(pages + 1)")
        }
        let rows = (0..<2000).map { day in
            entryRow("Stretch", Fixtures.day.adding(days: -day).description, note: String(repeating: "n", count: 200))
        }
        #expect(throws: StoreError.diskFull(path: path)) {
            try store.bulk.importEntries(rows: rows, now: Fixtures.instant)
        }
        #expect(try store.entries.list().count == 1)
        #expect(store.integrityCheck())
    }
}
