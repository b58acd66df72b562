import Foundation
import RoutineCore
import Testing

@testable import RoutineStore

@Suite struct ConcurrencyTests {
    @Test func threadsOnSeparateConnectionsLoseNothing() async throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        let stores = try (0..<4).map { _ in try AppDatabase.open(path: path) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask {
                    for step in 0..<50 {
                        try store.log(step % 2 == 0 ? "Stretch" : " stretch ", day: Fixtures.day.adding(days: -index))
                    }
                }
            }
            try await group.waitForAll()
        }
        let check = try AppDatabase.open(path: path)
        #expect(try check.entries.list().count == 200)
        #expect(try check.habits.all().count == 1)
    }

    @Test func sqlite3ProcessesWritingAtTheSameTimeLoseNothing() throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        let store = try AppDatabase.open(path: path)
        try store.log("Stretch")  // habit id 1, which the sqlite3 processes write to
        let insert = """
            INSERT INTO habit_entry (habit_id, day_key, timestamp, time_zone)
            VALUES (1, '2026-11-21', '2026-11-21T07:00:00.000Z', 'UTC');
            """
        let script = "for i in $(seq 1 40); do sqlite3 -cmd '.timeout 10000' \"$1\" \"$2\" || exit 1; done"
        let children = try (0..<2).map { _ -> Process in
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/bin/sh")
            child.arguments = ["-c", script, "sh", path, insert]
            try child.run()
            return child
        }
        for _ in 0..<60 { try store.log("Stretch") }
        for child in children {
            child.waitUntilExit()
            #expect(child.terminationStatus == 0)
        }
        #expect(try store.entries.list().count == 1 + 60 + 80)
        #expect(store.integrityCheck())
    }
}

@Suite struct RunClaimRaceTests {
    @Test func exactlyOneOfManyConcurrentClaimsWins() async throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        let owner = try AppDatabase.open(path: path)
        let version = try owner.routines.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant).versionID
        let id = try owner.runs.startRun(
            versionID: version, dayKey: Fixtures.day, timeZone: "UTC", state: Data(), now: Fixtures.instant)
        try owner.runs.finishRun(runID: id, status: .paused, state: nil)
        let contenders = try (0..<6).map { _ in try AppDatabase.open(path: path) }
        let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
            for store in contenders {
                group.addTask {
                    do {
                        try store.runs.claimRun(id: id)
                        return true
                    } catch StoreError.runInUse {
                        return false
                    }
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(wins == 1)
        #expect(try owner.runs.run(id: id)?.status == .active)
    }
}
