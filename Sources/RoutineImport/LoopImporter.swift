import Foundation
import GRDB
import GRDBSQLite
import RoutineCore

/// Loop Habit Tracker (iSoron/uhabits): its database backup (`.db`) or its CSV export
/// (`.zip`), told apart by their first bytes. What maps to what is SPEC §18.2 and
/// docs/importing.md; the formats, from Loop's source:
/// - the tables: `uhabits-core/src/jvmMain/resources/migrations/09.sql` … `25.sql`;
/// - the values of a repetition: `core/models/Entry.kt` (SKIP 3, YES_MANUAL 2, YES_AUTO 1,
///   NO 0, UNKNOWN −1; numerical habits store value × 1000);
/// - the habit types: `core/models/HabitType.kt` (YES_NO 0, NUMERICAL 1) and
///   `core/models/NumericalHabitType.kt` (AT_LEAST 0, AT_MOST 1).
public struct LoopImporter: Importer {
    /// The newest schema (`PRAGMA user_version`) this reads: Loop 2.x's `25.sql`.
    public static let newestSchema = 25

    public init() {}

    public func plan(path: String) throws -> ImportPlan {
        _ = try SourceFile.checkedSize(path, limit: Int.max)
        let head = Self.firstBytes(path, count: 16)
        if head.starts(with: Array("SQLite format 3\0".utf8)) { return try LoopDatabaseReader(path: path).plan() }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            return try LoopCSVReader(path: path).plan()
        }
        throw ImportError(
            file: path, "not a Loop Habit Tracker backup (.db) or CSV export (.zip): neither SQLite nor zip")
    }

    static func firstBytes(_ path: String, count: Int) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return Array((try? handle.read(upToCount: count)) ?? Data())
    }

    /// A Loop habit as both formats give it.
    struct Habit {
        var name: String
        var numerical: Bool
        var unit: String
        var numerator: Int
        var denominator: Int
        var targetType: Int
        var targetValue: Double
        var archived: Bool
        var question: String
        var description: String
    }

    /// A habit of the plan as its repetitions need it: its index, its measure, and the
    /// uids of its records (SPEC §18.2: of its name and the day) with the name hashed once.
    struct PlannedHabitRecords {
        var index: Int
        var numerical: Bool
        var entryUIDs: UUIDv5.Prefix
        var skipUIDs: UUIDv5.Prefix
    }

    /// Adds a Loop habit to the plan, mapped by SPEC §18.2; where its repetitions go.
    static func add(_ habit: Habit, to plan: inout ImportPlan, file: String) throws -> PlannedHabitRecords {
        guard habit.numerator >= 1, habit.denominator >= habit.numerator, habit.denominator <= 366 else {
            throw ImportError(
                file: file,
                "habit \(habit.name): frequency \(habit.numerator)/\(habit.denominator) is not one of Loop's")
        }
        // Only numerical habits have targets; an at-least of 0 is none (every day reaches it).
        var target: DayTarget?
        if habit.numerical {
            if habit.targetType == 1 {
                target = .atMost(habit.targetValue)
            } else if habit.targetValue > 0 {
                target = .atLeast(habit.targetValue)
            }
        }
        let text = [habit.question, habit.description].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }.joined(separator: "\n")
        let index = plan.addHabit(
            PlannedHabit(
                name: habit.name, unit: habit.numerical ? habit.unit : nil,
                frequency: .fraction(habit.numerator, habit.denominator), target: target, archived: habit.archived,
                description: text.isEmpty ? nil : text))
        let name = plan.habits[index].name
        return PlannedHabitRecords(
            index: index, numerical: habit.numerical, entryUIDs: plan.uidPrefix(name),
            skipUIDs: plan.uidPrefix("skip", name))
    }

    /// Adds one repetition: YES_MANUAL and numerical values are entries, SKIP a one-day
    /// pause; YES_AUTO, NO and UNKNOWN record nothing (Loop derives them).
    static func add(
        value: Int64, notes: String?, day: DayKey, timestamp: Date, habit: PlannedHabitRecords,
        to plan: inout ImportPlan
    ) {
        let note = notes.flatMap { $0.isEmpty ? nil : $0 }
        if habit.numerical {
            // A numerical habit: the value × 1000, except SKIP (3): Loop skips a
            // measurable habit by storing Entry.SKIP itself (iSoron/uhabits #1319; 0.003
            // cannot be typed, values having two decimals).
            if value == 3 {
                plan.skips.append(
                    PlannedSkip(habit: habit.index, dayKey: day, uid: habit.skipUIDs.uid(day.description), note: note))
                return
            }
            guard value > 0 else { return }
            plan.entries.append(
                PlannedEntry(
                    habit: habit.index, dayKey: day, value: Double(value) / 1000, note: note, timestamp: timestamp,
                    uid: habit.entryUIDs.uid(day.description)))
            return
        }
        switch value {
        case 2:
            plan.entries.append(
                PlannedEntry(
                    habit: habit.index, dayKey: day, value: nil, note: note, timestamp: timestamp,
                    uid: habit.entryUIDs.uid(day.description)))
        case 3:
            plan.skips.append(
                PlannedSkip(habit: habit.index, dayKey: day, uid: habit.skipUIDs.uid(day.description), note: note))
        default: break
        }
    }
}

/// Loop's `.db`, opened with SQLite read-only (never written).
struct LoopDatabaseReader {
    let path: String

    func plan() throws -> ImportPlan {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "loop"
        // A write-ahead log beside the file holds rows the file does not: reading the
        // file alone would lose them, and SQLite would write to apply it.
        let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        guard wal == 0 else {
            throw ImportError(
                file: path, "has a write-ahead log beside it (\(path)-wal): make the backup again from Loop's settings")
        }
        // `immutable=1`: SQLite reads the file and nothing else, with no lock and no
        // journal or shared-memory file beside it (a WAL-mode backup made them, even
        // read-only). Debian's SQLite takes URIs (SQLITE_USE_URI).
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "/-._~"))
        let absolute = URL(fileURLWithPath: path).path
        let uri =
            "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?immutable=1"
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: uri, configuration: configuration)
        } catch {
            throw ImportError(file: path, "cannot be opened as a Loop database: \(Self.message(error))")
        }
        defer { try? queue.close() }
        do {
            return try queue.read { db in try read(db) }
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError(file: path, "not a readable Loop database: \(Self.message(error))")
        }
    }

    /// A whole number of the current repetition row (a real one if it is whole), nil for NULL.
    private func integer(_ handle: OpaquePointer, _ column: Int32) throws -> Int64? {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_NULL: return nil
        case SQLITE_INTEGER: return sqlite3_column_int64(handle, column)
        case SQLITE_FLOAT:
            if let whole = Int64(exactly: sqlite3_column_double(handle, column)) { return whole }
        default: break
        }
        throw ImportError(file: path, "a repetition's habit, timestamp or value is not a whole number")
    }

    static func message(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }

    private func read(_ db: Database) throws -> ImportPlan {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        guard try db.tableExists("Habits"), try db.tableExists("Repetitions") else {
            throw ImportError(file: path, "not a Loop Habit Tracker database: no Habits and Repetitions tables")
        }
        guard version <= LoopImporter.newestSchema else {
            throw ImportError(
                file: path,
                "Loop database schema version \(version) is newer than this routine reads (up to \(LoopImporter.newestSchema))"
            )
        }
        let habitColumns = Set(try db.columns(in: "Habits").map { $0.name.lowercased() })
        let repetitionColumns = Set(try db.columns(in: "Repetitions").map { $0.name.lowercased() })
        func column(_ name: String, in columns: Set<String>, else fallback: String) -> String {
            columns.contains(name) ? name : fallback
        }
        // Schemas before 23 kept the question in `description`; before 18 there were no
        // targets or units, before 16 no types and no repetition values (every row a check).
        let hasQuestion = habitColumns.contains("question")
        let habitSQL = """
            SELECT id, name, \(column("type", in: habitColumns, else: "0")),
              \(column("unit", in: habitColumns, else: "''")), freq_num, freq_den,
              \(column("target_type", in: habitColumns, else: "0")),
              \(column("target_value", in: habitColumns, else: "0")), archived,
              \(hasQuestion ? "question" : "description"), \(hasQuestion ? "description" : "''"),
              reminder_hour, reminder_min
            FROM Habits ORDER BY position, id
            """
        var plan = ImportPlan(source: .loop)
        var habitByID: [Int64: LoopImporter.PlannedHabitRecords] = [:]
        var reminders: [String: [String]] = [:]
        for row in try Row.fetchAll(db, sql: habitSQL) {
            let id: Int64 = row[0]
            let habit = LoopImporter.Habit(
                name: (row[1] as String?) ?? "", numerical: ((row[2] as Int64?) ?? 0) == 1,
                unit: (row[3] as String?) ?? "", numerator: Int((row[4] as Int64?) ?? 1),
                denominator: Int((row[5] as Int64?) ?? 1), targetType: Int((row[6] as Int64?) ?? 0),
                targetValue: (row[7] as Double?) ?? 0, archived: ((row[8] as Int64?) ?? 0) != 0,
                question: (row[9] as String?) ?? "", description: (row[10] as String?) ?? "")
            habitByID[id] = try LoopImporter.add(habit, to: &plan, file: path)
            if let hour = row[11] as Int64?, let minute = row[12] as Int64?, (0..<24).contains(hour),
                (0..<60).contains(minute)
            {
                reminders[String(format: "%02d:%02d", hour, minute), default: []].append(habit.name)
            }
        }
        if !reminders.isEmpty {
            let times = reminders.keys.sorted()
            plan.suggestions.append(
                "Loop reminded you at "
                    + times.map { "\($0) (\(reminders[$0, default: []].joined(separator: ", ")))" }.joined(
                        separator: ", ")
                    + ": routine remind install " + times.map { "--at \($0)" }.joined(separator: " "))
        }
        let repetitionSQL = """
            SELECT habit, timestamp, \(column("value", in: repetitionColumns, else: "2")),
              \(column("notes", in: repetitionColumns, else: "NULL"))
            FROM Repetitions ORDER BY habit, timestamp
            """
        // Read through SQLite's C API: ten years of a hundred habits are 365,000 rows, and
        // GRDB's rows (a `DatabaseValue` a column, converted generically) cost more than the scan.
        let repetitions = try db.makeStatement(sql: repetitionSQL)
        let handle = repetitions.sqliteStatement
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code),
                    message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            guard let habitID = try integer(handle, 0), let habit = habitByID[habitID],
                let milliseconds = try integer(handle, 1)
            else { continue }
            let day = DayKey(ordinal: Int(milliseconds.floorDivided(by: 86_400_000)))
            guard day.isInSupportedRange else {
                throw ImportError(
                    file: path,
                    "repetition of \(plan.habits[habit.index].sourceName) at \(milliseconds) ms: not a date")
            }
            var notes: String?
            if sqlite3_column_type(handle, 3) != SQLITE_NULL, let text = sqlite3_column_text(handle, 3) {
                notes = String(cString: text)
            }
            LoopImporter.add(
                value: try integer(handle, 2) ?? 2, notes: notes, day: day,
                timestamp: Date(timeIntervalSince1970: Double(milliseconds) / 1000), habit: habit, to: &plan)
        }
        return plan
    }
}

extension Int64 {
    /// Division rounding towards minus infinity (a time before 1970 is on the day before).
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
