import ArgumentParser

extension RoutineCommand {
    /// `routine habit …`: one habit's schedule and lifecycle. One file per subcommand in
    /// Commands/Habit/.
    struct Habit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "habit",
            abstract:
                "Change a habit: its schedule, targets or description; rename, merge, archive, unarchive or delete it (entries are kept by all but delete).",
            subcommands: [
                HabitSchedule.self, HabitTarget.self, Describe.self, Rename.self, Merge.self, Archive.self,
                Unarchive.self,
                HabitDelete.self,
            ])
    }
}
