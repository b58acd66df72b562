import Foundation
import RoutineCore
import RoutineFile

/// Daylio's CSV export: `full_date,date,weekday,time,mood,activities,note_title,note`
/// (SPEC §18.2; older exports have no `note_title`), newest first, several rows a day;
/// columns are found by their header names. Each activity (split on ` | `) is a binary
/// habit done that day; each mood an answer to the question `mood` of a routine `daylio`
/// whose options are the moods met (oldest first), at the row's time.
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
        var moods: [(day: DayKey, time: String, mood: String, note: String?)] = []
        var notes = 0
        while let record = try csv({ try reader.next() }, name: path) {
            func field(_ index: Int?) -> String {
                guard let index, index < record.fields.count else { return "" }
                return record.fields[index].trimmingCharacters(in: .whitespaces)
            }
            guard let day = DayKey(field(dateColumn)), day.isInSupportedRange else {
                throw ImportError(file: path, line: record.line, "full_date \(field(dateColumn)) is not YYYY-MM-DD")
            }
            if !field(moodColumn).isEmpty {
                let time = field(columns["time"])
                guard time.isEmpty || Self.minutes(time) != nil else {
                    throw ImportError(file: path, line: record.line, "time \(time) is not HH:MM")
                }
                moods.append(
                    (
                        day, time, field(moodColumn),
                        Self.note(title: field(columns["note_title"]), field(columns["note"]))
                    ))
            } else if Self.note(title: field(columns["note_title"]), field(columns["note"])) != nil {
                notes += 1
            }
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
        // Newest first in the file: the options in the order the moods were first met.
        var options: [String] = []
        // Moods that differ only in case or spaces are one option (SPEC §2's duplicate rule);
        // each answer keeps its text as written.
        func option(_ mood: String) -> Int? { options.firstIndex { Option.matchKey($0) == Option.matchKey(mood) } }
        for mood in moods.reversed() where option(mood.mood) == nil { options.append(mood.mood) }
        if !options.isEmpty {
            plan.question = PlannedQuestion(
                slug: "daylio", title: "Daylio", node: "mood", question: "How was your day?", options: options)
        }
        var seenAt: [String: Int] = [:]
        for mood in moods.reversed() {
            // Two moods at one minute of one day are two records: the second is numbered.
            let key = "\(mood.day) \(mood.time)"
            let number = seenAt[key, default: 0]
            seenAt[key] = number + 1
            let minutes = Self.minutes(mood.time) ?? 0
            plan.answers.append(
                AnswerRow(
                    uid: plan.uid("mood", mood.day.description, mood.time, String(number)), dayKey: mood.day,
                    routine: "daylio", node: "mood", question: nil, answer: mood.mood,
                    option: option(mood.mood).map { $0 + 1 },
                    timestamp: SourceFile.midnight(mood.day).addingTimeInterval(Double(minutes * 60)), timeZone: "UTC",
                    note: mood.note))
        }
        if notes > 0 {
            plan.notMapped.append(
                "\(notes) note\(notes == 1 ? "" : "s") of rows without a mood: a note goes with its answer")
        }
        return plan
    }

    /// A row's note: its title and its text (Daylio keeps both; older exports only the
    /// text), the title on a line of its own; nil when both are empty.
    static func note(title: String, _ text: String) -> String? {
        let parts = [title, text].filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: "\n")
    }

    /// `HH:MM` (Daylio writes `08:30`; older exports `8:30 am`) as minutes after midnight.
    public static func minutes(_ text: String) -> Int? {
        let lowered = text.lowercased()
        let pm = lowered.hasSuffix("pm")
        let am = lowered.hasSuffix("am")
        let clock = (am || pm) ? String(lowered.dropLast(2)).trimmingCharacters(in: .whitespaces) : lowered
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<60).contains(minute)
        else { return nil }
        if am || pm {
            guard (1...12).contains(hour) else { return nil }
            return ((hour % 12) + (pm ? 12 : 0)) * 60 + minute
        }
        guard (0..<24).contains(hour) else { return nil }
        return hour * 60 + minute
    }
}
