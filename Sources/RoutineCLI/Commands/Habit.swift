import ArgumentParser

extension RoutineCommand {
    /// `routine habit …`: change one habit's properties (each subcommand in Commands/Habit/).
    struct Habit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "habit",
            abstract: "Change a habit: its schedule.",
            subcommands: [HabitSchedule.self])
    }
}
