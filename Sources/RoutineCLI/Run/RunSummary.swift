import RoutineCore
import RoutineStore

/// The few lines after a run in text mode: what was recorded (or would have been),
/// how to continue a paused run, and how the recorded habits are going.
enum RunSummary {
    static func print(walker: Walker, runID: String, dryRun: Bool, store: AppDatabase?, settings: Settings) {
        let entries = walker.entries
        let recorded = entries.map { entry in
            entry.value.map { "\(entry.habit) \(JSONText.number($0))\(unit(of: entry, walker))" } ?? entry.habit
        }
        let list = recorded.isEmpty ? "nothing" : recorded.joined(separator: ", ")
        let style = Output.style
        switch (walker.status, dryRun) {
        case (.completed, false):
            Output.line(style.green("Completed") + " for \(walker.dayKey): recorded \(list).")
        case (.completed, true):
            Output.line("Dry run complete; nothing was written. A real run would record \(list).")
        case (.aborted, _):
            Output.line(
                dryRun ? "Dry run aborted; nothing was written." : "Run aborted; recorded \(list), and that stays.")
        case (_, true):
            Output.line("Dry run paused; nothing was written.")
        case (_, false):
            let command = Session.shared.isREPL ? "resume \(runID)" : "routine resume \(runID)"
            Output.line("Paused; recorded \(list) so far. Continue with: \(command)")
        }
        guard !dryRun, let store, !entries.isEmpty,
            let stats = try? Metrics.stats(store: store, day: walker.dayKey, only: entries.map(\.habit))
        else { return }
        for habit in stats where habit.currentStreak >= 2 {
            Output.line("  \(habit.habit.name): \(habit.currentStreak)-day streak")
        }
    }

    private static func unit(of entry: EntryDraft, _ walker: Walker) -> String {
        guard let unit = walker.habitSpecs[entry.habitKey]?.measure?.unit, unit != "count"
        else { return "" }
        return " " + unit
    }
}
