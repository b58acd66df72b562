import RoutineCore

/// How `routine plan` draws the grid of the day planner (SPEC §13.3):
///
/// ```
/// Plan, 7 days from 2026-11-22
///              Sun Mon Tue Wed Thu Fri Sat
///               22  23  24  25  26  27  28
/// gym
///   Warm-up     ✓   ●   ●   ●   ●   ●   ●
///   Strength    ·   ●   ·   ●   ·   ●   ·
///   Long run    ○   ○   ○   ○   ○   ○   ○
/// ● due  ○ depends on your answers  · not due  ✓ done  – skipped
/// ```
///
/// Wider than the terminal, it wraps into blocks of whole weeks.
extension PlanGrid.Cell {
    /// `✓` done, `◐` partial (below its day target), `●` certain (due and not done),
    /// `○` possible or optional, `–` skipped or declined, `·` not due.
    var symbol: String {
        if let state {
            switch state {
            case .done: return "✓"
            case .partial: return "◐"
            case .open, .later, .missed: return "●"
            case .possible, .optional: return "○"
            case .skipped, .declined: return "–"
            case .paused, .notDue: return "·"
            }
        }
        switch outlook {
        case .done, .alreadyDone: return "✓"
        case .certain: return "●"
        case .possible, .optional: return "○"
        case .skipped, .declined: return "–"
        case .notDue: return "·"
        }
    }
}

extension PlanGrid {
    static let legend = "● due  ○ depends on your answers  · not due  ✓ done  – skipped"

    /// The grid as text lines no wider than `width` where it can be (no trailing spaces):
    /// a block of whole weeks at a time when all the days do not fit.
    func lines(width: Int = 80) -> [String] {
        guard let first = days.first else { return ["Plan: no days"] }
        let names = groups.flatMap { group in group.rows.map { HabitName.display($0.habit) } }
        let label = max(8, (names.map(\.count).max() ?? 0) + 2, (groups.compactMap(\.routine).map(\.count).max() ?? 0))
        let fit = max(1, (width - label) / 4)
        let perBlock = days.count <= fit ? days.count : (fit >= 7 ? fit / 7 * 7 : fit)
        func pad(_ text: String) -> String { text + String(repeating: " ", count: max(0, label - text.count)) }
        func cell(_ text: String) -> String { String(repeating: " ", count: max(0, 4 - text.count)) + text }
        var lines = ["Plan, \(days.count) day\(days.count == 1 ? "" : "s") from \(first)"]
        for start in stride(from: 0, to: days.count, by: perBlock) {
            let range = start..<min(days.count, start + perBlock)
            if start > 0 { lines.append("") }
            lines.append(pad("") + days[range].map { cell(String(Weekday($0).longName.prefix(3))) }.joined())
            lines.append(pad("") + days[range].map { cell(String($0.day)) }.joined())
            for group in groups {
                lines.append(group.routine ?? "By hand")
                for row in group.rows {
                    lines.append(
                        pad("  " + HabitName.display(row.habit)) + row.cells[range].map { cell($0.symbol) }.joined())
                }
            }
        }
        if groups.isEmpty { lines.append("No habits in any routine yet.") }
        // `◐` is named only when a cell shows it (a habit below its day target today).
        let partial = groups.contains { $0.rows.contains { $0.cells.contains { $0.symbol == "◐" } } }
        lines.append(Self.legend + (partial ? "  ◐ below its day target" : ""))
        return lines.map(StatsTable.trimTrailing)
    }

    func text(width: Int = 80) -> String { lines(width: width).joined(separator: "\n") }

    /// One line: `{"from","days":[…],"routines":[{"routine":slug|null,"habits":[{"habit",
    /// "due":[bool…],"days":[{"class","state"?,"reason"?,"dependsOn"?}…]}]}]}`; `due` is true
    /// where the habit is certain (today and before: due, SPEC §17.1), `state` is the
    /// ledger's for today and the days before it, and `routine` is null for the habits
    /// in no routine.
    var json: String { jsonValue.text }

    /// The document of `json` as the one JSON value.
    var jsonValue: JSONValue {
        func cellJSON(_ cell: Cell) -> JSONValue {
            if let state = cell.state {
                var out: JSONObject = ["class": .string(state.className), "state": .string(state.name)]
                if let detail = state.detail {
                    out.append(state.name == "possible" ? "dependsOn" : "reason", .string(detail))
                }
                return .object(out)
            }
            var out: JSONObject = ["class": .string(cell.outlook.name)]
            switch cell.outlook {
            case .possible(let why): out.append("dependsOn", .string(why))
            case .optional(let why), .notDue(let why): out.append("reason", .string(why))
            default: break
            }
            return .object(out)
        }
        let routines = groups.map { group -> JSONValue in
            let rows = group.rows.map { row -> JSONValue in
                [
                    "habit": .string(HabitName.display(row.habit)),
                    "due": .array(row.cells.map { .bool($0.state.map(\.isDue) ?? ($0.outlook == .certain)) }),
                    "days": .array(row.cells.map(cellJSON)),
                ]
            }
            return ["routine": JSONValue(group.routine), "habits": .array(rows)]
        }
        return [
            "from": JSONValue(days.first?.description), "days": JSONValue(days.map(\.description)),
            "routines": .array(routines),
        ]
    }
}
