import RoutineApp
import RoutineCore

/// `routine habits --format json`: each habit as stored, one compact line.
enum HabitListing {
    /// `[{"name","kind","unit","type","schedule","dayTarget","archived","description"}]`:
    /// `schedule` as a file writes it (`days:mon,wed`, `every:3`, `per:3/7`) or null for
    /// daily, `dayTarget` `at-least:8`/`at-most:0` or null, `description` the habit's
    /// (Loop's question, `habit describe`) or null.
    static func json(_ habits: [HabitInfo]) -> JSONValue {
        .array(
            habits.map { habit in
                [
                    "name": .string(habit.name),
                    "kind": .string(habit.kind.rawValue),
                    "unit": JSONValue(habit.unit),
                    "type": JSONValue(habit.type),
                    "schedule": JSONValue(habit.schedule?.storedText),
                    "dayTarget": JSONValue(habit.dayTarget?.storedText),
                    "archived": .bool(habit.isArchived),
                    "description": JSONValue(habit.description),
                ]
            })
    }

    /// The first line of a habit's description, as the `habits` table shows it.
    static func brief(_ description: String?) -> String {
        description?.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    }
}
