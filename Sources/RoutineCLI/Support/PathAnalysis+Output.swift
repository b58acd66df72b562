import RoutineCore

/// `routine paths`' text and JSON, drawn from RoutineCore's `PathAnalysis`.
extension PathAnalysis {
    /// The JSON document of `routine paths --format json`, on one line:
    /// `{"routine","combinations","longestChain","habits":[{"habit","on"}]}` plus
    /// `"paths":[{"answers":[{"node","question","option"}],"habits":[…]}]` when listed.
    /// `combinations` is a JSON number with all its digits, however many.
    func json() -> String { jsonValue.text }

    /// The document of `json()` as the one JSON value.
    var jsonValue: JSONValue {
        var out: JSONObject = [
            "routine": .string(routine), "combinations": .digits(combinations.description),
            "longestChain": .integer(longestChain),
            "habits": .array(habits.map { ["habit": .string($0.habit), "on": .string($0.on.rawValue)] }),
        ]
        if let paths {
            out.append(
                "paths",
                .array(
                    paths.map { path in
                        var item: JSONObject = [
                            "answers": .array(
                                path.answers.map {
                                    [
                                        "node": .string($0.node), "question": .string($0.question),
                                        "option": .string($0.option),
                                    ]
                                }),
                            "habits": JSONValue(path.habits),
                        ]
                        if let weekdays = path.weekdays {
                            item.append("weekdays", JSONValue(weekdays.map(\.description)))
                        }
                        return .object(item)
                    }))
        }
        return .object(out)
    }

    /// A short report for a terminal, one item per line, no trailing newline:
    ///
    ///     Morning Check-in (morning-checkin)
    ///     combinations: 3
    ///     longest chain: 3 prompts
    ///     habits:
    ///       some   Drink Water
    ///     ...
    ///     paths (first 2 of 3):
    ///       1. feeling: Great! -> Drink Water, Meditate
    /// What `every`, `some` and `none` mean, in one line.
    static let legend = "(every: asked however you answer; some: on some answers or days; none: never asked)"

    func text() -> String {
        var lines: [String] = []
        lines.append(title == routine ? routine : "\(title) (\(routine))")
        lines.append("combinations: \(combinations)")
        lines.append("longest chain: \(longestChain) prompt\(longestChain == 1 ? "" : "s")")
        if habits.isEmpty {
            lines.append("habits: none")
        } else {
            lines.append("habits:")
            for habit in habits {
                let label = habit.on.rawValue
                lines.append("  " + label + String(repeating: " ", count: 7 - label.count) + habit.habit)
            }
            lines.append(Self.legend)
        }
        if let paths {
            let shown = BigCount(UInt64(paths.count))
            lines.append(shown == combinations ? "paths:" : "paths (first \(paths.count) of \(combinations)):")
            for (index, path) in paths.enumerated() {
                let answers = path.answers.map { "\($0.node): \($0.option)" }
                let left = answers.isEmpty ? "(no questions)" : answers.joined(separator: ", ")
                let right = path.habits.isEmpty ? "(no habits)" : path.habits.joined(separator: ", ")
                let days = path.weekdays.map { " (" + $0.map(\.description).joined(separator: ", ") + ")" } ?? ""
                lines.append("  \(index + 1). \(left) -> \(right)\(days)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
