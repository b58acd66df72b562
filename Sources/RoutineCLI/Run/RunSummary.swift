import RoutineApp
import RoutineCore

/// The few lines after a run in text mode: what was recorded (or would have been),
/// how to continue a paused run, and how the recorded habits are going.
struct RunSummary {
    let terminal: Terminal
    let style: Style
    /// Today's DayKey: a run of another day names it in the hint to come back.
    var today: DayKey? = nil

    func print(_ run: RunCoordinator) {
        let walker = run.walker
        let outcome = run.outcome()
        let recorded = outcome.recorded.map { entry in
            entry.value.map { "\(entry.habit) \(JSONValue.numberText($0))\(entry.unit.map { " " + $0 } ?? "")" }
                ?? entry.habit
        }
        let list = recorded.isEmpty ? "nothing" : recorded.joined(separator: ", ")
        switch (walker.status, run.isDryRun) {
        case (.completed, false) where !walker.leftForLater.isEmpty:
            // SPEC §17.4: what is left, and how to come back to it.
            let later = walker.leftForLater.joined(separator: ", ")
            terminal.show(
                style.green("Completed") + " for \(walker.dayKey); left for later: \(later); recorded \(list).")
            let command = terminal.isShell ? "run \(run.slug)" : "routine run \(run.slug)"
            let day = walker.dayKey == (today ?? walker.dayKey) ? "" : " --day \(walker.dayKey)"
            terminal.show("  '\(command)\(day)' again asks only those.")
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
        for streak in outcome.streaks {
            terminal.show("  \(streak.habit): \(streak.days)-day streak")
        }
    }
}
