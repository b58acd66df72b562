import Foundation
import GRDB
import RoutineCore

/// What an import from another tool wrote (or, in a dry run, would write).
public struct ImportOutcome: Sendable, Equatable {
    /// Shown names of the habits the import created, in plan order.
    public var createdHabits: [String] = []
    /// Shown names of existing habits it reused (SPEC §5.3).
    public var reusedHabits: [String] = []
    public var newEntries = 0
    public var newSkips = 0
    public var newAnswers = 0
    /// What became of the routine the answers belong to (nil when the import has none).
    public var routine: ImportResult.Outcome?
    /// Entries, skips and answers whose uid was already stored (an earlier import of the same source).
    public var alreadyImported = 0
    /// Schedules of reused habits the import changed.
    public var scheduleChanges: [ScheduleChange] = []

    public init() {}

    public var newRecords: Int { newEntries + newSkips + newAnswers }
}

/// One habit of an import as the store writes it: its declaration (name, measure,
/// schedule, targets), whether it is archived, and the unit of a quantity habit
/// (`""` a plain count; nil binary), whose measure the store finds or makes, and its
/// description (Loop's question), given to a habit that has none.
public struct ImportHabit: Sendable, Equatable {
    public var spec: HabitSpec
    public var unit: String?
    public var archived: Bool
    public var description: String?

    public init(spec: HabitSpec, unit: String?, archived: Bool, description: String? = nil) {
        self.spec = spec
        self.unit = unit
        self.archived = archived
        self.description = description
    }
}

extension AppDatabase.Bulk {
    /// Writes an import from another tool (SPEC §18.2) in one transaction: all or
    /// nothing. Habits go through the one get-or-create path (`HabitResolver`: an
    /// existing habit of that name is reused, with the measure check); a new habit
    /// the source archived is archived. Entries go in through the bulk inserter, each
    /// with the uid the plan gave it; skips are one-day pauses of their habit with theirs;
    /// `answers` go to `routine` (source text and graph), stored first as `import` stores
    /// a file (an unchanged one writes nothing), through the path `import-answers` takes.
    /// A record whose uid is stored already (an earlier import, even if since deleted)
    /// is counted, not written, so a second import changes nothing. With `dryRun` the
    /// same work is done and rolled back: the counts are the ones a real import gives.
    public func applyImport(
        habits: [ImportHabit], entries: [PlannedEntry], skips: [PlannedSkip],
        answers: [AnswerRow] = [], routine: (routine: Routine, source: String)? = nil, source: String, now: Date,
        dryRun: Bool
    ) throws -> ImportOutcome {
        try writeOrRollBack(rollBack: dryRun) { db in
            var outcome = ImportOutcome()
            if let routine {
                outcome.routine = try database.routines.importRoutine(
                    routine.routine, source: routine.source, at: now, in: db
                ).outcome
            }
            var resolver = HabitResolver(db: db, now: now)
            var rows: [HabitRow] = []
            for habit in habits {
                var spec = habit.spec
                if let unit = habit.unit {
                    spec.measure = try resolver.measure(forUnit: unit.isEmpty ? "count" : unit)
                }
                let existed = try resolver.find(spec.name) != nil
                let row = try resolver.habitForDeclaration(spec)
                if existed {
                    outcome.reusedHabits.append(row.name)
                } else {
                    outcome.createdHabits.append(row.name)
                    if habit.archived {
                        try HabitRecord.filter(key: row.id).updateAll(
                            db, HabitRecord.Columns.archivedAt.set(to: StoredInstant(now)))
                    }
                }
                // A description fills a habit that has none: one the person wrote stays, and
                // a second import finds the first one's and changes nothing.
                if let description = AppDatabase.cleanNote(habit.description) {
                    try AppDatabase.checkText(
                        description, what: "the description of \(row.name)", allowingLineBreaks: true)
                    try HabitRecord.filter(key: row.id).filter(HabitRecord.Columns.description == nil).updateAll(
                        db, HabitRecord.Columns.description.set(to: description))
                }
                rows.append(row)
            }
            outcome.scheduleChanges = resolver.scheduleChanges
            let empty = try Int.fetchOne(db, sql: "SELECT count(*) FROM habit_entry") == 0
            let capture = try SyncSnapshot.suspendEntryCapture(db)
            let indexes = try AppDatabase.dropEntryIndexesForBulkLoad(
                db, rowsAtMost: entries.count, includingUIDs: empty)
            var inserter = try EntryBulkInserter(db)
            // The within-file duplicate check on the uid's 16 bytes: hashing its text was a
            // twentieth of a ten-year import.
            var seen: Set<UUID> = []
            seen.reserveCapacity(entries.count)
            for entry in entries {
                guard seen.insert(entry.uid).inserted else {
                    outcome.alreadyImported += 1
                    continue
                }
                let uid = AppDatabase.uidBytes(entry.uid)
                if !empty, try inserter.exists(uid: uid) {
                    outcome.alreadyImported += 1
                    continue
                }
                let row = rows[entry.habit]
                let note = AppDatabase.cleanNote(entry.note)
                try AppDatabase.checkText(
                    note, what: "the note of \(row.name) on \(entry.dayKey)", allowingLineBreaks: true)
                try inserter.insert(
                    habitID: row.id, dayKey: entry.dayKey, timestamp: entry.timestamp,
                    timeZone: "UTC", value: try row.entryValue(entry.value, orTarget: false), note: note, uid: uid)
                outcome.newEntries += 1
            }
            try inserter.finish()
            for sql in indexes { try db.execute(sql: sql) }
            try SyncSnapshot.resumeEntryCapture(db, capture)
            // Every skip comes with its uid: the trigger that gives a pause without one a
            // uid is set aside while they go in (SQLite entered it for each row).
            let pauseTriggers = skips.isEmpty ? [] : try AppDatabase.setAside(db, triggers: ["pause_uid_default"])
            let pauses = try OneDayPauseInserter(db, note: "skipped in \(source)", createdAt: Instant.format(now))
            for skip in skips {
                let uid = AppDatabase.uidBytes(skip.uid)
                if try pauses.exists(uid: uid) {
                    outcome.alreadyImported += 1
                    continue
                }
                let day = skip.dayKey.description
                // A pause's note is one line: the source's own note follows, its breaks as spaces.
                let said = AppDatabase.cleanNote(skip.note).map {
                    pauses.note + ": " + $0.split(whereSeparator: \.isNewline).joined(separator: " ")
                }
                try AppDatabase.checkText(said, what: "the note of a skip of \(rows[skip.habit].name) on \(day)")
                try pauses.insert(day: day, habitID: rows[skip.habit].id, uid: uid, note: said)
                outcome.newSkips += 1
            }
            for sql in pauseTriggers { try db.execute(sql: sql) }
            let answered = try AppDatabase.Answers.insertAnswers(answers, in: db)
            outcome.newAnswers = answered.imported
            outcome.alreadyImported += answered.alreadyPresent
            return outcome
        }
    }

    /// `write`, or with `rollBack` the same work in a transaction that is rolled back
    /// (a dry run sees exactly what the write would do, and leaves nothing). Either runs
    /// with the large page cache of a bulk load (`withLargePageCache`): ten years of an
    /// import write every page of the entry table and its indexes.
    func writeOrRollBack<T>(rollBack: Bool, _ body: (Database) throws -> T) throws -> T {
        guard rollBack else { return try write { db in try db.withLargePageCache { try body(db) } } }
        guard !isReadOnly else { throw StoreError.readOnly(path: path) }
        do {
            return try writer.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try db.withLargePageCache { try body(db) }
                    return .rollback
                }
                guard let result else { throw StoreError.database(path: path, detail: "a dry run returned nothing") }
                return result
            }
        } catch {
            throw StoreErrorMapper.map(error, path: path)
        }
    }
}
