import RoutineCore

/// Schedules under `habits:` (SPEC §10.1, §18.1): `days: [mon, wed]`, `every: N` or a
/// frequency (`per: N/P`, `weekly: N`, `monthly: N`), one of them; and day targets.
extension RoutineDecoder {
    /// The longest interval accepted (about 27 years): beyond it a schedule means "never".
    static let maxInterval = 10_000

    /// The keys that say when a habit is due: at most one per habit (SPEC §18.1: `every`,
    /// `days` and `per` exclude each other; `weekly` and `monthly` are forms of `per`).
    /// A quantity habit's `weekly` is its weekly sum goal, not a frequency.
    static let scheduleKeys = ["days", "every", "per", "weekly", "monthly"]

    /// The schedule of one habit declaration, reporting every problem as `invalid-value`
    /// at the offending value (for two schedule keys at once: at the later key).
    mutating func schedule(_ fields: Fields, habit: String, isQuantity: Bool) -> Schedule? {
        let given = Self.scheduleKeys.compactMap { key -> (String, YAMLPair)? in
            guard key != "weekly" || !isQuantity, let pair = fields[key] else { return nil }
            return (key, pair)
        }.sorted { Self.precedes($0.1.key.location, $1.1.key.location) }
        // Each value is checked, so every bad one is reported, then the conflict.
        let schedules = given.map { one($0.0, $0.1, habit: habit) }
        if given.count > 1 {
            invalid(given[1].1.key, "habit '\(habit)' has both '\(given[0].0)' and '\(given[1].0)': give one schedule")
            return nil
        }
        return schedules.first ?? nil
    }

    /// The schedule one key gives.
    private mutating func one(_ key: String, _ pair: YAMLPair, habit: String) -> Schedule? {
        switch key {
        case "days": return weekdays(pair.value, habit: habit)
        case "every": return interval(pair.value, habit: habit)
        case "per": return frequency(pair.value, habit: habit)
        default:
            let period = key == "weekly" ? 7 : 30
            guard let n = wholeNumber(pair.value, what: "'\(key)' of '\(habit)'", days: period) else { return nil }
            guard n <= period else {
                invalid(
                    pair.value,
                    "'\(key)' of '\(habit)' is per: N/\(period) (done days in \(period)): at most \(period), not \(n)"
                        + (key == "weekly" ? "; for a weekly count of entries give the habit a measure" : ""))
                return nil
            }
            return .per(n, period)
        }
    }

    /// Whether `a` comes before `b` in the file.
    static func precedes(_ a: SourceLocation, _ b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    /// `per: N/P`: N done days in every P DayKeys, 1 ≤ N ≤ P ≤ 366.
    private mutating func frequency(_ value: YAMLNode, habit: String) -> Schedule? {
        let shape = "'per' of '\(habit)' must be N/P: at least N done days in every P (like 3/7)"
        guard let raw = value.text?.trimmingCharacters(in: .whitespaces) else {
            invalid(value, "\(shape), not \(value.kindName)")
            return nil
        }
        let parts = raw.split(separator: "/", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } })
        else {
            invalid(value, "\(shape), not '\(raw)'")
            return nil
        }
        let maximum = Schedule.maximumPeriod
        guard let n = Int(parts[0]), let p = Int(parts[1]), p <= maximum else {
            invalid(value, "'per' of '\(habit)': the period must be at most \(maximum) days, not '\(parts[1])'")
            return nil
        }
        guard n >= 1, p >= 1 else {
            invalid(value, "'per' of '\(habit)': N and P must be at least 1, not '\(raw)'")
            return nil
        }
        guard let schedule = Schedule.frequency(n, p) else {
            invalid(value, "'per' of '\(habit)': \(n) done days cannot fit in \(p) (N must be at most P)")
            return nil
        }
        return schedule
    }

    /// A whole number ≥ 1 (`weekly:`/`monthly:` of a binary habit).
    private mutating func wholeNumber(_ value: YAMLNode, what: String, days: Int) -> Int? {
        guard let raw = value.text?.trimmingCharacters(in: .whitespaces) else {
            invalid(value, "\(what) must be a whole number of days (1 to \(days)), not \(value.kindName)")
            return nil
        }
        guard !raw.isEmpty, raw.utf8.allSatisfy({ (48...57).contains($0) }), let n = Int(raw.prefix(9)), n >= 1 else {
            invalid(value, "\(what) must be a whole number of days (1 to \(days)), not '\(raw)'")
            return nil
        }
        return raw.count > 9 ? Int.max : n
    }

    /// `at-least:` or `at-most:` (SPEC §18.1): one of them, a number (whole for a habit
    /// without a measure, which counts entries), `at-least` above 0.
    mutating func dayTarget(_ fields: Fields, habit: String, isQuantity: Bool) -> DayTarget? {
        let least = fields["at-least"]
        let most = fields["at-most"]
        if let least, let most {
            let later = Self.precedes(least.key.location, most.key.location) ? most : least
            invalid(later.key, "habit '\(habit)' has both 'at-least' and 'at-most': give one day target")
            return nil
        }
        guard let pair = least ?? most else { return nil }
        let key = least != nil ? "at-least" : "at-most"
        guard
            let value = positiveNumber(
                pair.value, what: "'\(key)' of '\(habit)'", whole: !isQuantity, allowZero: key == "at-most")
        else { return nil }
        let target: DayTarget = key == "at-least" ? .atLeast(value) : .atMost(value)
        if let problem = DayTargetRule.problem(target, isQuantity: isQuantity) {
            invalid(pair.value, "'\(key)' of '\(habit)': \(problem)")
            return nil
        }
        return target
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
