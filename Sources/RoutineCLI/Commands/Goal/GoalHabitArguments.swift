import ArgumentParser

/// What `goal link` and `goal unlink` take: a goal and a habit.
struct GoalHabitArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("The goal's id or title (see 'goal list').", valueName: "goal"))
    var goal: GoalReference

    @Argument(help: ArgumentHelp("The habit.", valueName: "habit"))
    var habit: String

    @OptionGroup var global: GlobalOptions
}
