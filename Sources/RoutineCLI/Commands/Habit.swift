import ArgumentParser

extension RoutineCommand {
    /// `routine habit …`: a habit's lifecycle. One file per subcommand in Commands/Habit/.
    struct Habit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "habit",
            abstract: "Rename, merge, archive, unarchive or delete a habit (entries are kept by all but delete).",
            subcommands: [Rename.self, Merge.self, Archive.self, Unarchive.self, HabitDelete.self])
    }
}
