import Foundation
import GRDB
import RoutineCore

/// The persistence of one group of tables: a view of the store that shares its
/// connection, cache and run locks (`store.entries`, `store.habits`, …).
///
/// `AppDatabase` owns the connection (open, close, the transactions, backup and restore)
/// and the statements several groups share (`insertEntry`, `checkText`, `habitInfo`, …);
/// each group is the home of its tables' reads and writes, in the file it always had
/// (`AppDatabase+Entries.swift` is `Entries`'). The use cases over them are RoutineApp's.
protocol StoreTables: Sendable {
    var database: AppDatabase { get }
}

extension StoreTables {
    var writer: DatabaseQueue { database.writer }
    var readCache: ReadCache { database.readCache }
    var runLocks: RunLocks { database.runLocks }
    var path: String { database.path }
    var isReadOnly: Bool { database.isReadOnly }

    func read<T>(_ body: (Database) throws -> T) throws -> T { try database.read(body) }
    func write<T>(_ body: (Database) throws -> T) throws -> T { try database.write(body) }
    func write<T>(checkingForeignKeys: Bool, _ body: (Database) throws -> T) throws -> T {
        try database.write(checkingForeignKeys: checkingForeignKeys, body)
    }
}

extension AppDatabase {
    /// Entries: logged, listed, edited, deleted and undeleted (`habit_entry`).
    public struct Entries: StoreTables { let database: AppDatabase }
    /// Habits and their measures: read, renamed, merged, archived, deleted, their
    /// schedules and day targets set by hand (`habit`, `measure`, `habit_alias`).
    public struct Habits: StoreTables { let database: AppDatabase }
    /// Goals and the habits linked to them (`goal`, `goal_habit`).
    public struct Goals: StoreTables { let database: AppDatabase }
    /// Pauses (`pause`, `pause_habit`).
    public struct Pauses: StoreTables { let database: AppDatabase }
    /// Routines and their versions (`routine`, `routine_version` and the graph's tables).
    public struct Routines: StoreTables { let database: AppDatabase }
    /// Runs and their steps: started, claimed, written, finished, read back (`run`,
    /// `run_step`).
    public struct Runs: StoreTables { let database: AppDatabase }
    /// Answers to questions, read and imported (`run_step`'s answered steps).
    public struct Answers: StoreTables { let database: AppDatabase }
    /// What a run reads of the past, as asked: entry tallies and past answers.
    public struct History: StoreTables { let database: AppDatabase }
    /// The ledger's reads (SPEC §17): entries, steps and runs in one pass.
    public struct Ledger: StoreTables { let database: AppDatabase }
    /// Sync capture and application (SPEC §16): identity, outbox, cursors, pulled changes.
    public struct Sync: StoreTables { let database: AppDatabase }
    /// Rows in bulk: entries to and from files, an importer's plan in one transaction.
    public struct Bulk: StoreTables { let database: AppDatabase }

    public var entries: Entries { Entries(database: self) }
    public var habits: Habits { Habits(database: self) }
    public var goals: Goals { Goals(database: self) }
    public var pauses: Pauses { Pauses(database: self) }
    public var routines: Routines { Routines(database: self) }
    public var runs: Runs { Runs(database: self) }
    public var answers: Answers { Answers(database: self) }
    public var history: History { History(database: self) }
    public var ledger: Ledger { Ledger(database: self) }
    public var sync: Sync { Sync(database: self) }
    public var bulk: Bulk { Bulk(database: self) }
}
