import RoutineApp
import RoutineCore

/// `routine habits --format json`: each habit as stored, one compact line.
enum HabitListing {
    /// `[{"name","kind","unit","type","schedule","dayTarget","archived","description"}]`:
    /// `schedule` as a file writes it (`days:mon,wed`, `every:3`, `per:3/7`) or null for
    /// daily, `dayTarget` `at-least:8`/`at-most:0` or null, `description` the habit's
    /// (Loop's question, `habit describe`) or null.
    static func json(_ habits: [HabitInfo]) -> String {
        "["
            + habits.map { habit in
                JSONText.object([
                    "name": JSONText.string(habit.name),
                    "kind": JSONText.string(habit.kind.rawValue),
                    "unit": JSONText.string(habit.unit),
                    "type": JSONText.string(habit.type),
                    "schedule": JSONText.string(habit.schedule?.storedText),
                    "dayTarget": JSONText.string(habit.dayTarget?.storedText),
                    "archived": String(habit.isArchived),
                    "description": JSONText.string(habit.description),
                ])
            }.joined(separator: ",") + "]"
    }

    /// The first line of a habit's description, as the `habits` table shows it.
    static func brief(_ description: String?) -> String {
        description?.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    }
}
