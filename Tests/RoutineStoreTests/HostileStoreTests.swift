import Foundation
import RoutineCore
import Testing

@testable import RoutineStore

/// Faults found by hostile testing (issue 13) that the store answers for.
@Suite struct HostileStoreTests {
    // Item 7: `--store` a link to /dev/null had SQLite create `/dev/null-journal`.
    @Test func aStoreThatIsNotARegularFileIsRefusedBeforeSQLiteOpensIt() throws {
        let temp = TempDir()
        let fifo = temp.file("fifo.sqlite")
        #expect(mkfifo(fifo, 0o600) == 0)
        let targets = ["/dev/null", "/dev/zero", fifo, temp.path]
        for target in targets {
            let link = temp.file("link-\(UUID().uuidString).sqlite")
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
            let thrown = #expect(throws: StoreError.self, "\(target)") { try AppDatabase.open(path: link) }
            #expect(thrown?.message.contains("not a regular file") == true || target == temp.path, "\(target)")
            #expect(!FileManager.default.fileExists(atPath: target + "-journal"), "\(target)-journal")
            #expect(!FileManager.default.fileExists(atPath: link + "-journal"))
            #expect(!FileManager.default.fileExists(atPath: link + "-wal"))
        }
        #expect(throws: StoreError.notAFile(path: "/dev/null")) { try AppDatabase.open(path: "/dev/null") }
    }

    // Values near 1e308 were stored and summed to `inf`: every way a value enters the
    // store refuses one above `Quantity.maximum`.
    @Test func valuesAboveTheMaximumAreRefusedEverywhere() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Run", 5, unit: "km")
        #expect(throws: StoreError.self) { try store.log("Run", 1e308, unit: "km") }
        #expect(throws: StoreError.self) { try store.log("Run", Quantity.maximum * 2, unit: "km") }
        let entry = try #require(try store.entries.list().first)
        #expect(throws: StoreError.self) { try store.entries.editEntry(id: entry.id, value: 1e300) }
        #expect(throws: StoreError.self) {
            try store.goals.addGoal(
                title: "Far", target: 1e308, unit: "km", from: Fixtures.day, to: Fixtures.day, habits: ["Run"],
                at: Fixtures.instant)
        }
        let rows = [
            entryRow("Run", "2026-11-22", value: 3, line: 2), entryRow("Run", "2026-11-23", value: 1e308, line: 3),
        ]
        let thrown = #expect(throws: StoreError.self) {
            try store.bulk.importEntries(rows: rows, now: Fixtures.instant)
        }
        guard case .invalidEntryRow(let line, let column, let message)? = thrown else {
            Issue.record("not a row error: \(String(describing: thrown))")
            return
        }
        #expect(line == 3 && column == 4)
        #expect(message == StoreError.invalidValue(habit: "Run", value: 1e308).message)
        #expect(try store.entries.list().map(\.value) == [5])
        try store.log("Run", Quantity.maximum, unit: "km")
    }

    // Item 2: processes opening one new or older store at once both ran `CREATE TABLE`.
    // Here connections on threads race the same way; the binary is raced in
    // `ReliabilityMigrationRaceTests`.
    @Test func connectionsOpeningOneStoreAtOnceMigrateItOnce() throws {
        for old in [false, true] {
            for round in 0..<6 {
                let temp = TempDir()
                let path = temp.file("store.sqlite")
                if old {
                    do { _ = try AppDatabase.openMigrated(path: path, upTo: 1) }
                }
                let failures = Failures()
                DispatchQueue.concurrentPerform(iterations: 8) { worker in
                    do {
                        let store = try AppDatabase.open(path: path)
                        try store.log("Habit \(worker)")
                        store.close()
                    } catch {
                        failures.add("\(error)")
                    }
                }
                #expect(failures.all.isEmpty, "round \(round), old store \(old): \(failures.all)")
                let store = try AppDatabase.open(path: path)
                #expect(try store.appliedMigrations() == StoreMigrations.all.map(\.0))
                #expect(try store.entries.list().count == 8)
            }
        }
    }

    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ text: String) {
            lock.lock()
            list.append(text)
            lock.unlock()
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return list
        }
    }
}
