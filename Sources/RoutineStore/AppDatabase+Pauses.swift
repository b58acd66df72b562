import Foundation
import GRDB
import RoutineCore

extension AppDatabase.Pauses {
    /// Records a pause of `habits` (every habit when empty) from `from` to `to`.
    /// Every named habit must exist (a pause creates no habit); `from` ≤ `to`.
    public func addPause(
        habits: [String], from: DayKey, to: DayKey, note: String?, at now: Date
    ) throws -> PauseInfo {
        guard from <= to else { throw StoreError.invalidPause("it ends (\(to)) before it starts (\(from))") }
        let cleanNote = note?.trimmingCharacters(in: .whitespacesAndNewlines)
        // What a control character is has one home (`TerminalText`: a tab is none, SPEC
        // §11); a pause's note is one line, unlike an entry's.
        try AppDatabase.checkText(cleanNote, what: "the pause's note")
        return try write { db in
            var ids: [Int64] = []
            for name in habits {
                guard let row = try HabitResolver.lookup(db, name) else {
                    throw StoreError.unknownHabit(HabitName.display(name))
                }
                if !ids.contains(row.id) { ids.append(row.id) }
            }
            var record = PauseRecord(
                fromDay: from, toDay: to, note: cleanNote.flatMap { $0.isEmpty ? nil : $0 },
                createdAt: StoredInstant(now))
            try record.insert(db)
            let id = record.id ?? db.lastInsertedRowID
            for (position, habitID) in ids.enumerated() {
                try PauseHabitRecord(pauseID: id, habitID: habitID, position: position).insert(db)
            }
            guard let pause = try fetchPauses(db, id: id).first else { throw StoreError.unknownPause(id) }
            return pause
        }
    }

    /// Every pause, by start day then id.
    public func all() throws -> [PauseInfo] {
        try read { db in try readCache.pauses(db) { try fetchPauses(db, id: nil) } }
    }

    /// The pauses as the core reads them (metrics, due-ness, the walker's snapshot).
    public func pauseSpans() throws -> [PauseSpan] {
        try all().map(\.span)
    }

    /// Removes a pause (`routine unpause ID`) and returns what it was.
    @discardableResult
    public func deletePause(id: Int64) throws -> PauseInfo {
        try write { db in
            guard let pause = try fetchPauses(db, id: id).first else { throw StoreError.unknownPause(id) }
            try PauseRecord.deleteOne(db, key: id)
            return pause
        }
    }

    private func fetchPauses(_ db: Database, id: Int64?) throws -> [PauseInfo] {
        // Plain SQL, as the query interface would write it: its request types cost their
        // first use at run time, 2 M instructions of `today --short` (docs/PERFORMANCE.md, "short20").
        return try PauseRecord.fetchAllChecked(
            db, sql: "SELECT * FROM pause" + (id == nil ? "" : " WHERE id = ?") + " ORDER BY from_day, id",
            arguments: id.map { [$0] } ?? []
        ).compactMap { pause in
            guard let pauseID = pause.id else { return nil }
            let habits = try AppDatabase.linkedHabits(db, table: "pause_habit", owner: "pause_id", id: pauseID)
            return PauseInfo(
                id: pauseID, habits: habits.map(\.name), habitKeys: habits.map(\.nameKey), from: pause.fromDay,
                to: pause.toDay, note: pause.note, createdAt: pause.createdAt.date)
        }
    }
}
