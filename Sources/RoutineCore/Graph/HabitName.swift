import Foundation

/// Habit identity: names are compared case-insensitively, with surrounding white
/// space trimmed and inner runs of white space folded to one space, in Unicode NFC.
/// The one definition, from the walker's known-done set to the store's `name_key`.
public enum HabitName {
    /// The longest display name the store holds (its schema's CHECK says the same).
    public static let maxLength = 200

    /// The length `maxLength` limits, the one way it is counted everywhere (`check`,
    /// `import`, `log --new`, `habit rename`): Unicode scalars of the display form, which
    /// is what SQLite's `length()` in the schema's CHECK counts. "👍🏽" is two, a
    /// decomposed "é" two, so 101 of either are too long in every command alike.
    public static func length(_ name: String) -> Int {
        display(name).unicodeScalars.count
    }

    /// The display form: trimmed, inner white space folded, case kept.
    public static func display(_ name: String) -> String {
        name.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The identity key: `display(name)` lower-cased, in NFC. " drink  water " and
    /// "Drink Water" have the same key, and so have "Café" typed composed and decomposed
    /// (SQLite compares the stored keys byte for byte).
    public static func key(_ name: String) -> String {
        // The common case, printable ASCII without leading, trailing or doubled spaces,
        // is only lower-casing (a 100,000-node file folds every habit name): A-Z lowered
        // byte by byte, read in place (the standard library's lower-casing walks Unicode's
        // case tables, and a `for` over the UTF-8 view cost as much again).
        var scanned = name
        let simple = scanned.withUTF8 { bytes -> String? in
            var previousSpace = true
            for byte in bytes {
                let isSpace = byte == 0x20
                guard byte > 0x20 && byte < 0x7F || (isSpace && !previousSpace) else { return nil }
                previousSpace = isSpace
            }
            guard !previousSpace else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                for index in 0..<bytes.count {
                    let byte = bytes[index]
                    buffer[index] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                }
                return bytes.count
            }
        }
        if let simple { return simple }
        let key = display(name).lowercased()
        // ASCII is already NFC: the common case skips Foundation's normalisation.
        return key.utf8.allSatisfy { $0 < 0x80 } ? key : key.precomposedStringWithCanonicalMapping
    }
}

/// A habit's identity (`HabitName.key` of its name), as a type: a key cannot be mixed up
/// with a display name, and every set and table of habits is keyed by it, from the
/// walker's known-done set to the store's `name_key` column.
public struct HabitKey: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The folded text: what the store keeps in `name_key`.
    public let rawValue: String

    /// The key of a habit named `name` (any spelling: " drink  WATER " is "drink water").
    public init(_ name: String) {
        rawValue = HabitName.key(name)
    }

    /// A key read back from where a key was stored (already folded).
    public init(stored: String) {
        rawValue = stored
    }

    /// A literal names a habit, in any spelling (tests, fixed names).
    public init(stringLiteral name: String) {
        self.init(name)
    }

    public var description: String { rawValue }

    public static func < (a: HabitKey, b: HabitKey) -> Bool { a.rawValue < b.rawValue }
}

/// Encoded as the bare folded text, as saved walkers always held it.
extension HabitKey: Codable {
    public init(from decoder: Decoder) throws {
        self.init(stored: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A table keyed by habit encodes as a JSON object (`{"meditate": …}`), as it did when
/// its keys were strings, so saved walkers read back.
extension HabitKey: CodingKeyRepresentable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public var codingKey: CodingKey { Key(stringValue: rawValue) }

    public init?<T: CodingKey>(codingKey: T) {
        self.init(stored: codingKey.stringValue)
    }
}
