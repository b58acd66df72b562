import RoutineApp
import RoutineCore
import RoutineStore

/// The few lines after a run in text mode: what was recorded (or would have been),
/// how to continue a paused run, and how the recorded habits are going.
struct RunSummary {
    let terminal: Terminal
    let style: Style

    func print(_ run: RunCoordinator) {
        let walker = run.walker
        let entries = recorded(run)
        let recorded = entries.map { entry in
            entry.value.map { "\(entry.habit) \(JSONText.number($0))\(unit(of: entry.habit, walker))" } ?? entry.habit
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
            let id = run.runID.short
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

    /// What the run recorded: for a real run, its live entries as the store has them (the
    /// truth, also after a resume repaired the run's state from them); for a dry run, what
    /// the walker would write.
    private func recorded(_ run: RunCoordinator) -> [(habit: String, value: Double?)] {
        if !run.isDryRun, let store = run.store, let stored = try? store.entries(runID: run.runID) {
            return stored.map { ($0.habit, $0.value) }
        }
        return run.walker.entries.map { ($0.habit, $0.value) }
    }

    private func unit(of habit: String, _ walker: Walker) -> String {
        guard let unit = walker.habitSpecs[HabitKey(habit)]?.measure?.unit, unit != "count"
        else { return "" }
        return " " + unit
    }
}
