import RoutineCore
import RoutineRuns
import RoutineStore

/// The few lines after a run in text mode: what was recorded (or would have been),
/// how to continue a paused run, and how the recorded habits are going.
struct RunSummary {
    let terminal: Terminal
    let style: Style

    func print(_ run: RunCoordinator) {
        let walker = run.walker
        let entries = walker.entries
        let recorded = entries.map { entry in
            entry.value.map { "\(entry.habit) \(JSONText.number($0))\(unit(of: entry, walker))" } ?? entry.habit
        }
        let list = recorded.isEmpty ? "nothing" : recorded.joined(separator: ", ")
        switch (walker.status, run.isDryRun) {
        case (.completed, false):
            terminal.show(style.green("Completed") + " for \(walker.dayKey): recorded \(list).")
        case (.completed, true):
            terminal.show("Dry run complete; nothing was written. A real run would record \(list).")
        case (.aborted, let dryRun):
            terminal.show(
                dryRun ? "Dry run aborted; nothing was written." : "Run aborted; recorded \(list), and that stays.")
        case (_, true):
            terminal.show("Dry run paused; nothing was written.")
        case (_, false):
            let id = String(run.runID.prefix(8))
            let command = terminal.isShell ? "resume \(id)" : "routine resume \(id)"
            terminal.show("Paused; recorded \(list) so far. Continue with: \(command)")
        }
        guard !run.isDryRun, let store = run.store, !entries.isEmpty,
            let stats = try? Metrics.stats(store: store, day: walker.dayKey, only: entries.map(\.habit))
        else { return }
        for habit in stats where habit.currentStreak >= 2 {
            terminal.show("  \(habit.habit.name): \(habit.currentStreak)-day streak")
        }
    }

    private func unit(of entry: EntryDraft, _ walker: Walker) -> String {
        guard let unit = walker.habitSpecs[entry.habitKey]?.measure?.unit, unit != "count"
        else { return "" }
        return " " + unit
    }
}
