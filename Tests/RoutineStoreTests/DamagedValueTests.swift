import Foundation
import GRDB
import RoutineCore
import Testing

@testable import RoutineStore

/// A stored value that does not read back as its type — written by hand with `sqlite3`,
/// past the schema's CHECKs — is `StoreError.corrupt` naming the table, the row and the
/// column (issue 17 item 4). Before, each read a default: a day `2026-02-30` was
/// 1970-01-01, a status `done` was `aborted`, a schedule `days:funday` was daily, a pause
/// with a damaged day vanished.
@Suite struct DamagedValueTests {
    /// The one line a damaged store gives, or a recorded issue.
    private func detail(_ body: () throws -> Void) -> String? {
        do {
            try body()
            Issue.record("nothing was thrown")
        } catch StoreError.corrupt(_, let detail) {
            return detail
        } catch {
            Issue.record("not a corrupt store: \(error)")
        }
        return nil
    }

    private func damage(_ store: AppDatabase, _ sql: String) throws {
        try store.write { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            defer { try? db.execute(sql: "PRAGMA ignore_check_constraints = OFF") }
            try db.execute(sql: sql)
        }
    }

    @Test func aDayThatIsNoDateIsDamagedNot1970() throws {
        let store = try AppDatabase.inMemory()
        let entry = try store.log("Stretch")
        try damage(store, "UPDATE habit_entry SET day_key = '2026-02-30'")
        let expected = "table habit_entry, row \(entry.id): day_key holds '2026-02-30', not a day (YYYY-MM-DD)"
        #expect(detail { _ = try store.entries.list() } == expected)
        // The bulk readers: metrics, the CSV backup, a run's history.
        #expect(detail { _ = try store.entries.metricEntries(to: Fixtures.day) } == expected)
        #expect(detail { try store.bulk.exportEntryRows { _ in } } == expected)
        let stretch = try #require(try store.habits.habit(named: "Stretch"))
        #expect(
            detail { _ = try store.history.entryTallies(whole: [stretch.id: stretch.key], to: Fixtures.day) }
                == expected)
    }

    @Test func anInstantThatIsNoInstantIsDamaged() throws {
        let store = try AppDatabase.inMemory()
        let entry = try store.log("Stretch")
        try damage(store, "UPDATE habit SET created_at = 'yesterday'")
        #expect(
            detail { _ = try store.habits.all() }
                == "table habit, row 1: created_at holds 'yesterday', not an instant (YYYY-MM-DDTHH:MM:SS.sssZ)")
        try damage(store, "UPDATE habit SET created_at = '2026-11-22T06:40:00.000Z'")
        try damage(store, "UPDATE habit_entry SET deleted_at = '2026-13-01T00:00:00.000Z'")
        #expect(
            detail { _ = try store.entries.list(includeDeleted: true) }?.hasPrefix(
                "table habit_entry, row \(entry.id): deleted_at holds") == true)
    }

    /// A recorded step's day, instant or kind that does not read back (issue 27): before,
    /// the day was 1970-01-01, the instant 1970's first second and the kind `habit`.
    @Test func aStepsDayInstantOrKindThatDoesNotReadBackIsDamaged() throws {
        let dir = TempDir()
        let path = dir.file("store.sqlite")
        try FileManager.default.copyItem(atPath: StepRecoveryFixtureTests.fixture.path, toPath: path)
        let store = try AppDatabase.open(path: path)
        let run = try store.runs.resolveRunID("fe778545")
        let uid = try #require(try store.runs.steps(runID: run).first?.uid)
        let prefix = "table run_step, row \(uid): "
        let step = "\(StoredUID.textSQL("uid")) = '\(uid)'"
        try damage(store, "UPDATE run_step SET day_key = '2026-02-30' WHERE \(step)")
        #expect(
            detail { _ = try store.runs.steps(runID: run) } == prefix
                + "day_key holds '2026-02-30', not a day (YYYY-MM-DD)")
        try damage(store, "UPDATE run_step SET day_key = '2026-11-22', recorded_at = 'soon' WHERE \(step)")
        #expect(detail { _ = try store.runs.steps(runID: run) }?.hasPrefix(prefix + "recorded_at holds 'soon'") == true)
        try damage(
            store, "UPDATE run_step SET recorded_at = '2026-11-22T06:40:00.000Z', kind = 'chore' WHERE \(step)")
        #expect(
            detail { _ = try store.runs.steps(runID: run, includeRetracted: true) }
                == prefix + "kind holds 'chore', not 'question' or 'habit'")
    }

    @Test func aRunStatusThatIsNoStatusIsDamagedNotAborted() throws {
        let store = try AppDatabase.inMemory()
        let versionID = try store.routines.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant)
            .versionID
        let id = try store.runs.startRun(
            versionID: versionID, dayKey: Fixtures.day, timeZone: "UTC", state: Data("{}".utf8), now: Fixtures.instant)
        store.runs.releaseRun(id: id)
        try damage(store, "UPDATE run SET status = 'done'")
        let expected =
            "table run, row \(id): status holds 'done', not a run status (active, paused, completed, aborted)"
        #expect(detail { _ = try store.runs.all() } == expected)
        #expect(detail { _ = try store.runs.run(id: id) } == expected)
        #expect(detail { try store.runs.claimRun(id: id) } == expected)
    }

    @Test func aScheduleThatDoesNotParseIsDamagedNotDaily() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Stretch")
        try store.write { db in try db.execute(sql: "UPDATE habit SET schedule = 'days:funday'") }
        #expect(
            detail { _ = try store.habits.habit(named: "Stretch") }
                == "table habit, row 1: schedule holds 'days:funday', not a schedule (days:mon,… or every:N)")
    }

    @Test func aPauseOrGoalWithADamagedDayIsDamagedNotIgnored() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Stretch")
        let pause = try store.pauses.addPause(
            habits: [], from: Fixtures.day, to: Fixtures.day, note: nil, at: Fixtures.instant)
        try damage(store, "UPDATE pause SET to_day = '2026-11-31'")
        #expect(
            detail { _ = try store.pauses.all() }
                == "table pause, row \(pause.id): to_day holds '2026-11-31', not a day (YYYY-MM-DD)")
        try damage(store, "DELETE FROM pause")
        let goal = try store.goals.addGoal(
            title: "Stretch often", target: 5, unit: nil, from: Fixtures.day, to: Fixtures.day, habits: ["Stretch"],
            at: Fixtures.instant)
        try damage(store, "UPDATE goal SET from_day = 'soon'")
        #expect(
            detail { _ = try store.goals.all() }
                == "table goal, row \(goal.id): from_day holds 'soon', not a day (YYYY-MM-DD)")
    }

    @Test func aValueOfTheWrongTypeNamesItsColumn() throws {
        let store = try AppDatabase.inMemory()
        let entry = try store.log("Run", 5, unit: "km")
        try damage(store, "UPDATE habit_entry SET value = 'five'")
        #expect(
            detail { _ = try store.entries.list() }
                == "table habit_entry, row \(entry.id): value holds 'five', not a number"
        )
    }

    @Test func aRoutineVersionWithADamagedInstantIsDamaged() throws {
        let store = try AppDatabase.inMemory()
        let versionID = try store.routines.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant)
            .versionID
        try damage(store, "UPDATE routine_version SET imported_at = ''")
        let expected =
            "table routine_version, row \(versionID): imported_at holds '', not an instant (YYYY-MM-DDTHH:MM:SS.sssZ)"
        #expect(detail { _ = try store.routines.all() } == expected)
        #expect(detail { _ = try store.routines.routine(slug: "morning-checkin") } == expected)
    }

    /// A version and its routine are read in one statement: a damaged slug still names
    /// the routine's row, not the version's.
    @Test func aRoutineWithADamagedSlugNamesTheRoutinesRow() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.routines.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant)
        // A second version: its id is not its routine's.
        let versionID = try store.routines.importRoutine(Fixtures.morning(), source: "m2", at: Fixtures.instant)
            .versionID
        let routineID = try store.writer.read { db in
            try Int64.fetchOne(db, sql: "SELECT routine_id FROM routine_version WHERE id = ?", arguments: [versionID])
        }
        #expect(routineID != versionID)
        try damage(store, "UPDATE routine SET slug = x'ff'")
        #expect(
            detail { _ = try store.routines.routine(versionID: versionID) }
                == "table routine, row \(routineID ?? -1): slug holds a blob of 1 bytes, not text")
    }
}
