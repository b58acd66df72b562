import Foundation
import RoutineCore
import RoutineFile

/// HabitBull's CSV: `HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText`
/// (SPEC §18.2; the same columns Loop's own `core/io/HabitBullCSVImporter.kt` reads, with
/// dates as `yyyy-MM-dd` or `MM/dd/yyyy`). A value of 1 is a check, 0 nothing; a habit
/// with any other value is a quantity (a plain count).
public struct HabitBullImporter: Importer {
    static let header = ["HabitName", "HabitDescription", "HabitCategory", "CalendarDate", "Value", "CommentText"]

    public init() {}

    public func plan(path: String) throws -> ImportPlan {
        var reader = CSVReader(try SourceFile.text(path))
        guard let header = try csv({ try reader.next() }, name: path),
            Array(header.fields.prefix(Self.header.count)) == Self.header
        else {
            throw ImportError(
                file: path, line: 1, "not a HabitBull CSV: expected the header \(Self.header.joined(separator: ","))")
        }
        struct Row {
            var day: DayKey
            var value: Double
            var note: String
        }
        var plan = ImportPlan(source: .habitbull)
        var indexByName: [String: Int] = [:]
        var rows: [Int: [DayKey: Row]] = [:]
        var categories: Set<String> = []
        while let record = try csv({ try reader.next() }, name: path) {
            func fail(_ message: String) -> ImportError { ImportError(file: path, line: record.line, message) }
            guard record.fields.count >= 5 else { throw fail("expected 6 columns, found \(record.fields.count)") }
            let name = record.fields[0].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw fail("HabitName is empty") }
            guard let day = Self.day(record.fields[3]) else {
                throw fail("CalendarDate \(record.fields[3]) is not yyyy-MM-dd or MM/dd/yyyy")
            }
            // The one amount grammar, as data (an export may write an exponent).
            let value: Double
            switch Quantity.read(record.fields[4], form: .data) {
            case .value(let number): value = number
            case .tooLarge: throw fail(Quantity.tooLargeMessage(record.fields[4].trimmingCharacters(in: .whitespaces)))
            case .notAnAmount: throw fail("Value \(record.fields[4]) is not a number ≥ 0")
            }
            let index: Int
            if let known = indexByName[name] {
                index = known
            } else {
                let description = record.fields[1].trimmingCharacters(in: .whitespaces)
                index = plan.addHabit(PlannedHabit(name: name, description: description.isEmpty ? nil : description))
                indexByName[name] = index
            }
            if !record.fields[2].isEmpty { categories.insert(record.fields[2]) }
            rows[index, default: [:]][day] = Row(
                day: day, value: value, note: record.fields.count > 5 ? record.fields[5] : "")
        }
        if !categories.isEmpty {
            plan.notMapped.append(
                "categories \(categories.sorted().joined(separator: ", ")): routine has no habit categories")
        }
        for index in plan.habits.indices {
            let days = rows[index] ?? [:]
            let quantity = days.values.contains { $0.value != 0 && $0.value != 1 }
            if quantity { plan.habits[index].unit = "" }
            let name = plan.habits[index].name
            for (day, row) in days.sorted(by: { $0.key < $1.key }) where row.value != 0 {
                let note = row.note.trimmingCharacters(in: .whitespaces)
                plan.entries.append(
                    PlannedEntry(
                        habit: index, dayKey: day, value: quantity ? row.value : nil, note: note.isEmpty ? nil : note,
                        timestamp: SourceFile.midnight(day), uid: plan.uid(name, day.description)))
            }
        }
        return plan
    }

    /// `yyyy-MM-dd` or `MM/dd/yyyy`.
    static func day(_ text: String) -> DayKey? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let day = DayKey(text) { return day.isInSupportedRange ? day : nil }
        let parts = text.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 3, let day = DayKey(year: parts[2], month: parts[0], day: parts[1]) else { return nil }
        return day.isInSupportedRange ? day : nil
    }
}
