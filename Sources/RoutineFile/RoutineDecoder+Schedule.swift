import RoutineCore

/// Schedules under `habits:` (SPEC §10.1): `days: [mon, wed]` or `every: N`, not both.
extension RoutineDecoder {
    /// The longest interval accepted (about 27 years): beyond it a schedule means "never".
    static let maxInterval = 10_000

    /// The schedule of one habit declaration, reporting every problem as `invalid-value`
    /// at the offending value (for both keys at once: the later key).
    mutating func schedule(days: YAMLPair?, every: YAMLPair?, habit: String) -> Schedule? {
        if let days, let every {
            let later =
                days.key.location.line > every.key.location.line
                    || (days.key.location.line == every.key.location.line
                        && days.key.location.column > every.key.location.column)
                ? days : every
            invalid(later.key, "habit '\(habit)' has both 'days' and 'every': give one schedule")
            return nil
        }
        if let days { return weekdays(days.value, habit: habit) }
        if let every { return interval(every.value, habit: habit) }
        return nil
    }

    /// `days:` as a non-empty list of distinct weekday names (`mon` … `sun`, any case).
    private mutating func weekdays(_ value: YAMLNode, habit: String) -> Schedule? {
        guard case .sequence(let items) = value.kind else {
            invalid(
                value, "the days of '\(habit)' must be a list of weekdays like [mon, wed, fri], not \(value.kindName)")
            return nil
        }
        guard !items.isEmpty else {
            invalid(value, "the days of '\(habit)' must name at least one weekday")
            return nil
        }
        var days: [Weekday] = []
        var valid = true
        for item in items {
            guard let name = item.text, let day = Weekday(name: name.trimmingCharacters(in: .whitespaces)) else {
                let shown = item.text.map { "'\($0)'" } ?? item.kindName
                let hint =
                    item.text.map {
                        Suggestion.hint(
                            Suggestion.closest(to: $0.lowercased(), among: Weekday.allCases.map(\.description)))
                    } ?? ""
                invalid(item, "\(shown) is not a weekday: use mon, tue, wed, thu, fri, sat or sun\(hint)")
                valid = false
                continue
            }
            if days.contains(day) {
                invalid(item, "weekday '\(day)' is listed twice in the days of '\(habit)'")
                valid = false
                continue
            }
            days.append(day)
        }
        return valid ? Schedule.on(days) : nil
    }

    /// `every:` as a whole number of days, at least 1.
    private mutating func interval(_ value: YAMLNode, habit: String) -> Schedule? {
        guard let raw = value.text?.trimmingCharacters(in: .whitespaces) else {
            invalid(value, "'every' of '\(habit)' must be a whole number of days, not \(value.kindName)")
            return nil
        }
        guard !raw.isEmpty, raw.utf8.allSatisfy({ (48...57).contains($0) }) else {
            invalid(value, "'every' of '\(habit)' must be a whole number of days (1 or more), not '\(raw)'")
            return nil
        }
        guard let n = Int(raw), n <= Self.maxInterval else {
            invalid(value, "'every' of '\(habit)' must be at most \(Self.maxInterval) days")
            return nil
        }
        guard n >= 1 else {
            invalid(value, "'every' of '\(habit)' must be at least 1 (every: 1 is daily)")
            return nil
        }
        return .every(n)
    }
}
