/// Unit identity: units are compared case-insensitively, and common spellings of one
/// unit (`km`, `kilometer`, `kilometres`) fold to one canonical symbol.
public enum UnitName {
    /// The canonical symbol of a unit: a known spelling maps to its symbol (`Kilometres`
    /// → `km`); an unknown unit is trimmed, white space folded, and lower-cased.
    public static func canonical(_ unit: String) -> String {
        let folded = HabitName.key(unit)
        return aliases[folded] ?? folded
    }

    /// Known spellings, lower-case, to their symbol.
    static let aliases: [String: String] = {
        let groups: [String: [String]] = [
            "km": ["kms", "kilometer", "kilometers", "kilometre", "kilometres"],
            "m": ["meter", "meters", "metre", "metres"],
            "mi": ["mile", "miles"],
            "min": ["mins", "minute", "minutes"],
            "h": ["hr", "hrs", "hour", "hours"],
            "s": ["sec", "secs", "second", "seconds"],
            "kg": ["kgs", "kilogram", "kilograms", "kilogramme", "kilogrammes"],
            "g": ["gram", "grams", "gramme", "grammes"],
            "lb": ["lbs", "pound", "pounds"],
            "l": ["liter", "liters", "litre", "litres"],
            "ml": ["milliliter", "milliliters", "millilitre", "millilitres"],
            "kcal": ["calorie", "calories", "kilocalorie", "kilocalories"],
            "steps": ["step"],
            "pages": ["page"],
            "reps": ["rep", "repetition", "repetitions"],
            "glasses": ["glass"],
            "cups": ["cup"],
        ]
        var table: [String: String] = [:]
        for (symbol, spellings) in groups {
            for spelling in spellings { table[spelling] = symbol }
        }
        return table
    }()
}
