/// When two measures are one: the rule the validator (a habit declared twice in a file),
/// the store's import (a declaration against the stored habit), conflict checks and
/// habit merges all ask, in one place.
extension Measure {
    /// The measure's one form: the unit by `UnitName.canonical` (`Kilometres` → `km`),
    /// the type by `HabitName.key` (trimmed, white space folded, lower-cased, NFC). The
    /// store keeps this form.
    public var canonical: Measure {
        Measure(unit: UnitName.canonical(unit), type: HabitName.key(type))
    }

    /// Whether `a` and `b` are one measure (nil is binary): equal canonical forms. Both
    /// sides are folded, so a measure stored in another spelling (by a build whose unit
    /// aliases were fewer, or by hand) is still the measure it names.
    public static func same(_ a: Measure?, _ b: Measure?) -> Bool {
        a?.canonical == b?.canonical
    }
}
