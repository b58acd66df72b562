import ArgumentParser
import RoutineApp
import RoutineCore

extension RoutineCommand.Goal {
    struct GoalShow: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a goal's progress.")

        @Argument(help: ArgumentHelp("The goal's id or title (see 'goal list').", valueName: "goal"))
        var goal: GoalReference

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let store = try Session.current.store(settings)
            let info = try goal.goal(in: store)
            let spec = try GoalService.spec(info, store: store)
            let progress = try GoalService.progress(spec, info: info, store: store)
            Output.block(GoalView.show(goal: spec, progress: progress, day: settings.time.today))
        }
    }
}
