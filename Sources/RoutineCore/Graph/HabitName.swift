import Foundation

/// Habit identity: names are compared case-insensitively, with surrounding white
/// space trimmed and inner runs of white space folded to one space, in Unicode NFC.
/// The one definition, from the walker's known-done set to the store's `name_key`.
public enum HabitName {
    /// The longest display name the store holds (its schema's CHECK says the same).
    public static let maxLength = 200

    /// The display form: trimmed, inner white space folded, case kept.
    public static func display(_ name: String) -> String {
        name.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The identity key: `display(name)` lower-cased, in NFC. " drink  water " and
    /// "Drink Water" have the same key, and so have "Café" typed composed and decomposed
    /// (SQLite compares the stored keys byte for byte).
    public static func key(_ name: String) -> String {
        let key = display(name).lowercased()
        // ASCII is already NFC: the common case skips Foundation's normalisation.
        return key.utf8.allSatisfy { $0 < 0x80 } ? key : key.precomposedStringWithCanonicalMapping
    }
}
