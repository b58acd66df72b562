import Foundation
import RoutineCore
import RoutineStore

/// Entries: logged by hand, listed, corrected, deleted and brought back, exported and imported (SPEC §5, §9).
extension AppServices {
    /// Appends one entry by hand (`routine log`), creating the habit if it is new.
    public func logEntry(
        habit: String, value: Double?, unit: String?, dayKey: DayKey, timeZone: String, note: String?,
        createHabit: Bool = true
    ) throws -> EntryInfo {
        try store.entries.logEntry(
            habit: habit, value: value, unit: unit, dayKey: dayKey, at: time.now(), timeZone: timeZone, note: note,
            createHabit: createHabit)
    }

    /// Entries, oldest DayKey first (then by id), optionally for one habit and between two DayKeys (inclusive).
    public func entries(
        habit: String? = nil, from: DayKey? = nil, to: DayKey? = nil, includeDeleted: Bool = false
    ) throws -> [EntryInfo] {
        try store.entries.list(habit: habit, from: from, to: to, includeDeleted: includeDeleted)
    }

    /// The live entries a run wrote, in the order written.
    public func entries(runID: RunID) throws -> [EntryInfo] {
        try store.runs.entries(runID: runID)
    }

    /// One entry by id (deleted or not), or nil.
    public func entry(id: EntryID) throws -> EntryInfo? {
        try store.entries.entry(id: id)
    }

    /// Corrects an entry's value, checked against its habit's kind.
    public func editEntry(id: EntryID, value: Double?) throws -> EntryInfo {
        try store.entries.editEntry(id: id, value: value)
    }

    /// Applies corrections to one live entry in one transaction.
    public func editEntry(id: EntryID, corrections: [EntryCorrection]) throws -> EntryInfo {
        try store.entries.editEntry(id: id, corrections: corrections)
    }

    /// Soft-deletes several entries in one transaction.
    public func deleteEntries(ids: [EntryID]) throws -> [EntryInfo] {
        try store.entries.deleteEntries(ids: ids, at: time.now())
    }

    /// Brings back a deleted entry.
    public func undeleteEntry(id: EntryID) throws -> EntryInfo {
        try store.entries.undeleteEntry(id: id)
    }

    /// Live entries reduced for metrics, in one query.
    public func metricEntries(habitKeys: Set<HabitKey>? = nil, from: DayKey? = nil, to: DayKey) throws -> [MetricEntry]
    {
        try store.entries.metricEntries(habitKeys: habitKeys, from: from, to: to)
    }

    /// Live entries as rows, in day order then the order they were recorded, with the same filters as `entries`.
    public func exportEntryRows(
        habit: String? = nil, from: DayKey? = nil, to: DayKey? = nil, _ body: (EntryRow) throws -> Void
    ) throws {
        try store.bulk.exportEntryRows(habit: habit, from: from, to: to, body)
    }

    /// `importEntries(from:now:)` over rows already in memory.
    public func importEntries(rows: [EntryRow], now: Date, createHabits: Bool = true) throws -> EntryImportResult {
        try store.bulk.importEntries(rows: rows, now: now, createHabits: createHabits)
    }

    /// Writes checked entry rows in one transaction.
    public func importEntries(
        from source: inout some EntryRowSource, now: Date, createHabits: Bool = true
    ) throws
        -> EntryImportResult
    {
        try store.bulk.importEntries(from: &source, now: now, createHabits: createHabits)
    }

}
