import Foundation
import GRDB
import RoutineCore

/// A pause as stored (SPEC §10.2): the person's statement that some habits (or, with no
/// habit, every habit) are not due from one DayKey to another, inclusive.
public struct PauseInfo: Sendable, Equatable {
    public var id: Int64
    /// Shown names of the paused habits, as linked; empty pauses every habit.
    public var habits: [String]
    /// `HabitName.key`s of `habits`, in the same order.
    public var habitKeys: [String]
    public var from: DayKey
    public var to: DayKey
    public var note: String?
    public var createdAt: Date

    /// The core's view of this pause.
    public var span: PauseSpan { PauseSpan(from: from, to: to, habitKeys: habitKeys) }
}

extension AppDatabase {
    /// Records a pause of `habits` (every habit when empty) from `from` to `to`.
    /// Every named habit must exist (a pause creates no habit); `from` ≤ `to`.
    public func addPause(
        habits: [String], from: DayKey, to: DayKey, note: String?, at now: Date
    ) throws -> PauseInfo {
        guard from <= to else { throw StoreError.invalidPause("it ends (\(to)) before it starts (\(from))") }
        let cleanNote = note?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let cleanNote, cleanNote.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw StoreError.invalidPause("the note holds a control character")
        }
        return try write { db in
            var ids: [Int64] = []
            for name in habits {
                guard let row = try HabitResolver.lookup(db, name) else {
                    throw StoreError.unknownHabit(HabitName.display(name))
                }
                if !ids.contains(row.id) { ids.append(row.id) }
            }
            try db.execute(
                sql: "INSERT INTO pause (from_day, to_day, note, created_at) VALUES (?, ?, ?, ?)",
                arguments: [
                    from.description, to.description, cleanNote.flatMap { $0.isEmpty ? nil : $0 },
                    Instant.format(now),
                ])
            let id = db.lastInsertedRowID
            for (position, habitID) in ids.enumerated() {
                try db.execute(
                    sql: "INSERT INTO pause_habit (pause_id, habit_id, position) VALUES (?, ?, ?)",
                    arguments: [id, habitID, position])
            }
            guard let pause = try fetchPauses(db, id: id).first else { throw StoreError.unknownPause(id) }
            return pause
        }
    }

    /// Every pause, by start day then id.
    public func pauses() throws -> [PauseInfo] {
        try read { db in try fetchPauses(db, id: nil) }
    }

    /// The pauses as the core reads them (metrics, due-ness, the walker's snapshot).
    public func pauseSpans() throws -> [PauseSpan] {
        try pauses().map(\.span)
    }

    /// Removes a pause (`routine unpause ID`) and returns what it was.
    @discardableResult
    public func deletePause(id: Int64) throws -> PauseInfo {
        try write { db in
            guard let pause = try fetchPauses(db, id: id).first else { throw StoreError.unknownPause(id) }
            try db.execute(sql: "DELETE FROM pause WHERE id = ?", arguments: [id])
            return pause
        }
    }

    private func fetchPauses(_ db: Database, id: Int64?) throws -> [PauseInfo] {
        var sql = "SELECT id, from_day, to_day, note, created_at FROM pause"
        var arguments: StatementArguments = []
        if let id {
            sql += " WHERE id = ?"
            arguments = [id]
        }
        sql += " ORDER BY from_day, id"
        let links = try Row.fetchAll(
            db,
            sql: """
                SELECT l.pause_id, h.name, h.name_key FROM pause_habit l JOIN habit h ON h.id = l.habit_id
                ORDER BY l.pause_id, l.position
                """)
        var habitsOf: [Int64: [(String, String)]] = [:]
        for link in links {
            habitsOf[try link.decode(atIndex: 0), default: []].append(
                (try link.decode(atIndex: 1), try link.decode(atIndex: 2)))
        }
        return try Row.fetchAll(db, sql: sql, arguments: arguments).compactMap { row in
            let pauseID: Int64 = try row.decode(atIndex: 0)
            // A day written by hand that is not a date: the pause is unreadable, so ignored.
            guard let from = DayKey(try row.decode(atIndex: 1) as String),
                let to = DayKey(try row.decode(atIndex: 2) as String)
            else { return nil }
            let habits = habitsOf[pauseID] ?? []
            return PauseInfo(
                id: pauseID, habits: habits.map(\.0), habitKeys: habits.map(\.1), from: from, to: to,
                note: try row.decode(atIndex: 3),
                createdAt: Instant.parse(try row.decode(atIndex: 4)) ?? Date(timeIntervalSince1970: 0))
        }
    }
}
