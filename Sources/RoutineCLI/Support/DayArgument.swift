import ArgumentParser
import RoutineCore

/// `--day`, `--from` and `--to` values: parsed into a `DayKey` by ArgumentParser itself,
/// so a malformed date is a usage error (exit 64) naming the flag.
enum DayArgument {
    static func parse(_ text: String) throws -> DayKey {
        guard let day = DayKey(text) else {
            throw ValidationError("expected a date as YYYY-MM-DD")
        }
        return day
    }
}
