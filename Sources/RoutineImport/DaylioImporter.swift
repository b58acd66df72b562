import Foundation
import RoutineCore
import RoutineFile

/// Daylio's CSV export: `full_date,date,weekday,time,mood,activities,note_title,note`
/// (SPEC §18.2; older exports have no `note_title`), newest first, several rows a day;
/// columns are found by their header names. Each activity (split on ` | `) is a binary
/// habit done that day.
public struct DaylioImporter: Importer {
    public init() {}

    public func plan(path: String) throws -> ImportPlan {
        var reader = CSVReader(try SourceFile.text(path))
        guard let header = try csv({ try reader.next() }, name: path) else {
            throw ImportError(file: path, "not a Daylio CSV: the file is empty")
        }
        let columns = Dictionary(
            header.fields.enumerated().map { ($1.trimmingCharacters(in: .whitespaces), $0) },
            uniquingKeysWith: { a, _ in a })
        guard let dateColumn = columns["full_date"], let activityColumn = columns["activities"],
            let moodColumn = columns["mood"]
        else {
            throw ImportError(
                file: path, line: header.line, "not a Daylio CSV: no full_date, mood and activities columns")
        }
        var plan = ImportPlan(source: .daylio)
        var indexByName: [HabitKey: Int] = [:]
        var done: Set<[Int]> = []
        var moods = 0
        var notes = 0
        while let record = try csv({ try reader.next() }, name: path) {
            func field(_ index: Int?) -> String {
                guard let index, index < record.fields.count else { return "" }
                return record.fields[index].trimmingCharacters(in: .whitespaces)
            }
            guard let day = DayKey(field(dateColumn)), day.isInSupportedRange else {
                throw ImportError(file: path, line: record.line, "full_date \(field(dateColumn)) is not YYYY-MM-DD")
            }
            if !field(moodColumn).isEmpty { moods += 1 }
            if !field(columns["note"]).isEmpty || !field(columns["note_title"]).isEmpty { notes += 1 }
            for activity in field(activityColumn).components(separatedBy: " | ") {
                let name = activity.trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { continue }
                let index: Int
                if let known = indexByName[HabitKey(name)] {
                    index = known
                } else {
                    index = plan.addHabit(PlannedHabit(name: name))
                    indexByName[HabitKey(name)] = index
                }
                // An activity done twice in a day is one done day.
                guard done.insert([index, day.ordinal]).inserted else { continue }
                plan.entries.append(
                    PlannedEntry(
                        habit: index, dayKey: day, value: nil, note: nil, timestamp: SourceFile.midnight(day),
                        uid: plan.uid(plan.habits[index].name, day.description)))
            }
        }
        if moods > 0 {
            plan.notMapped.append("\(moods) moods: answers to a routine daylio are not imported yet")
        }
        if notes > 0 { plan.notMapped.append("\(notes) notes: they belong to the moods, not imported yet") }
        return plan
    }
}
