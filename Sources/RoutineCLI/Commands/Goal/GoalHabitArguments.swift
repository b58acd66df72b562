import ArgumentParser

/// What `goal link` and `goal unlink` take: a goal and a habit.
struct GoalHabitArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("The goal's id.", valueName: "goal-id"))
    var id: String

    @Argument(help: ArgumentHelp("The habit.", valueName: "habit"))
    var habit: String

    @OptionGroup var global: GlobalOptions
}
