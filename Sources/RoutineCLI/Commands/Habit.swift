import ArgumentParser

extension RoutineCommand {
    /// `routine habit …`: one habit's schedule and lifecycle. One file per subcommand in
    /// Commands/Habit/.
    struct Habit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "habit",
            abstract:
                "Change a habit: its schedule; rename, merge, archive, unarchive or delete it (entries are kept by all but delete).",
            subcommands: [
                HabitSchedule.self, HabitTarget.self, Rename.self, Merge.self, Archive.self, Unarchive.self,
                HabitDelete.self,
            ])
    }
}
