/// Habit identity: names are compared case-insensitively, with surrounding white
/// space trimmed and inner runs of white space folded to one space.
public enum HabitName {
    /// The longest display name the store holds (its schema's CHECK says the same).
    public static let maxLength = 200

    /// The display form: trimmed, inner white space folded, case kept.
    public static func display(_ name: String) -> String {
        name.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The identity key: `display(name)` lower-cased. " drink  water " and "Drink Water"
    /// have the same key.
    public static func key(_ name: String) -> String {
        display(name).lowercased()
    }
}
