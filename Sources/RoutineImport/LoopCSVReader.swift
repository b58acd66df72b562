import Foundation
import RoutineCore
import RoutineFile
import ZIPFoundation

/// Loop's CSV export: a zip with `Habits.csv` and a folder per habit, `NNN Name/`, holding
/// `Checkmarks.csv` (Loop's source: `core/io/HabitsCSVExporter.kt` writes the zip and the
/// folders, `core/models/HabitList.kt`'s `writeCSV` the header of `Habits.csv`). Before
/// v2.3.1 `Checkmarks.csv` had no header and raw values (`2024-01-05,2`); since, a header
/// `Date,Value,Notes` and values by name (`YES_MANUAL`, `SKIP`, or the number × 1000).
/// The wide `Checkmarks.csv` at the root is not read: a comma in a habit's name breaks it.
struct LoopCSVReader {
    let path: String

    func plan() throws -> ImportPlan {
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw ImportError(file: path, "not a readable zip file (\(error))")
        }
        var files: [String: Entry] = [:]
        for entry in archive {
            let name = entry.path
            let parts = name.split(separator: "/", omittingEmptySubsequences: false)
            if name.hasPrefix("/") || name.contains("\\") || parts.contains("..") {
                throw ImportError(file: path, "zip entry \(name) escapes its folder; nothing was read")
            }
            if entry.type == .file { files[name] = entry }
        }
        guard let habitsEntry = files["Habits.csv"] else {
            throw ImportError(file: path, "not a Loop CSV export: no Habits.csv in the zip")
        }
        var plan = ImportPlan(source: .loop)
        var habitByPosition: [Int: LoopImporter.PlannedHabitRecords] = [:]
        let habitsName = "\(path)/Habits.csv"
        var reader = CSVReader(try text(of: habitsEntry, in: archive, name: habitsName))
        guard let header = try csv({ try reader.next() }, name: habitsName) else { return plan }
        let columns = Dictionary(header.fields.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        guard let nameColumn = columns["Name"] else {
            throw ImportError(file: habitsName, line: header.line, "not Loop's Habits.csv: no Name column")
        }
        while let record = try csv({ try reader.next() }, name: habitsName) {
            func field(_ name: String) -> String {
                guard let index = columns[name], index < record.fields.count else { return "" }
                return record.fields[index]
            }
            func number(_ name: String, _ fallback: Int) throws -> Int {
                let text = field(name)
                if text.isEmpty { return fallback }
                guard let value = Int(text) else {
                    throw ImportError(file: habitsName, line: record.line, "\(name) \(text) is not a whole number")
                }
                return value
            }
            guard nameColumn < record.fields.count, let position = Int(field("Position")) else {
                throw ImportError(file: habitsName, line: record.line, "a habit needs a Position and a Name")
            }
            let habit = LoopImporter.Habit(
                name: record.fields[nameColumn], numerical: field("Type") == "NUMERICAL", unit: field("Unit"),
                numerator: try number("FrequencyNumerator", 1), denominator: try number("FrequencyDenominator", 1),
                targetType: field("Target Type") == "AT_MOST" ? 1 : 0,
                targetValue: Double(field("Target Value")) ?? 0, archived: field("Archived?") == "true",
                question: field("Question"), description: field("Description"))
            habitByPosition[position] = try LoopImporter.add(habit, to: &plan, file: habitsName)
        }
        // Each habit's folder: `NNN Name/Checkmarks.csv`, NNN its Position.
        for (name, entry) in files.sorted(by: { $0.key < $1.key }) where name.hasSuffix("/Checkmarks.csv") {
            let folder = name.dropLast("/Checkmarks.csv".count)
            guard !folder.contains("/"), let position = Int(folder.prefix(while: \.isNumber)),
                let habit = habitByPosition[position]
            else { continue }
            try readCheckmarks(
                try text(of: entry, in: archive, name: "\(path)/\(name)"), name: "\(path)/\(name)",
                habit: habit, into: &plan)
        }
        return plan
    }

    /// One habit's `Checkmarks.csv`, in either form.
    private func readCheckmarks(
        _ text: String, name: String, habit: LoopImporter.PlannedHabitRecords, into plan: inout ImportPlan
    ) throws {
        var reader = CSVReader(text)
        while let record = try csv({ try reader.next() }, name: name) {
            if record.fields.first == "Date" { continue }  // the v2.3.1 header
            guard record.fields.count >= 2, let day = DayKey(record.fields[0]) else {
                throw ImportError(file: name, line: record.line, "expected a date and a value")
            }
            let text = record.fields[1]
            let value: Int64
            switch text {
            case "YES_MANUAL": value = 2
            case "YES_AUTO": value = 1
            case "NO": value = 0
            case "SKIP": value = 3
            case "UNKNOWN": value = -1
            default:
                guard let number = Int64(text) else {
                    throw ImportError(file: name, line: record.line, "value \(text) is not one of Loop's")
                }
                value = number
            }
            LoopImporter.add(
                value: value, notes: record.fields.count > 2 ? record.fields[2] : nil, day: day,
                timestamp: SourceFile.midnight(day), habit: habit, to: &plan)
        }
    }

    /// The text of one member of the zip, refused past `SourceFile.maxBytes`.
    private func text(of entry: Entry, in archive: Archive, name: String) throws -> String {
        guard entry.uncompressedSize <= UInt64(SourceFile.maxBytes) else {
            throw ImportError(file: name, "too large (\(entry.uncompressedSize / 1_048_576) MB)")
        }
        var data = Data()
        do {
            _ = try archive.extract(entry) { chunk in
                data.append(chunk)
                if data.count > SourceFile.maxBytes { throw ImportError(file: name, "too large") }
            }
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError(file: name, "cannot be read from the zip (\(error))")
        }
        return try SourceFile.text(data, name: name)
    }
}

/// A CSV record, its `CSVError` turned into an `ImportError` naming the file.
func csv(_ next: () throws -> (line: Int, fields: [String])?, name: String) throws -> (line: Int, fields: [String])? {
    do {
        return try next()
    } catch let error as CSVError {
        throw ImportError(file: name, line: error.line, error.message)
    }
}
