import Foundation
import RoutineCore
import RoutineStore

/// `routine habits --format json`: each habit as stored, one compact line.
public enum HabitListing {
    /// `[{"name","kind","unit","type","schedule","dayTarget","archived","description"}]`:
    /// `schedule` as a file writes it (`days:mon,wed`, `every:3`, `per:3/7`) or null for
    /// daily, `dayTarget` `at-least:8`/`at-most:0` or null, `description` the habit's
    /// (Loop's question, `habit describe`) or null.
    public static func json(_ habits: [HabitInfo]) -> String {
        "["
            + habits.map { habit in
                let fields: [(String, String)] = [
                    ("name", JSONText.string(habit.name)),
                    ("kind", JSONText.string(habit.kind.rawValue)),
                    ("unit", JSONText.string(habit.unit)),
                    ("type", JSONText.string(habit.type)),
                    ("schedule", JSONText.string(habit.schedule?.storedText)),
                    ("dayTarget", JSONText.string(habit.dayTarget?.storedText)),
                    ("archived", String(habit.isArchived)),
                    ("description", JSONText.string(habit.description)),
                ]
                return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
            }.joined(separator: ",") + "]"
    }

    /// The first line of a habit's description, as the `habits` table shows it.
    public static func brief(_ description: String?) -> String {
        description?.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    }
}
