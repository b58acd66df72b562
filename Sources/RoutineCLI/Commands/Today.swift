import ArgumentParser
import RoutineApp
import RoutineCore

extension RoutineCommand {
    /// `routine today [--day D]`: each routine's state on the day and its habits (SPEC
    /// §13.2), as the day planner decides them.
    struct Today: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "today", abstract: "Each routine's state today, what is done, and what is still due.")

        @OptionGroup var output: FormatOption
        var format: TextOrJSON { output.format }

        @Flag(help: "List the habits that depend on your answers, optional and not-due ones, and archived habits.")
        var all = false

        @OptionGroup var dayOption: DayOption
        var day: DayArgument? { dayOption.day }

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let day = try settings.day(self.day)
            guard let store = try Session.current.existingStore(settings) else {
                let empty = TodayOverview(day: day, routines: [], stats: [], isToday: day == settings.time.today)
                Output.line(
                    format == .json ? empty.json : "Nothing tracked yet. Start with: routine run morning-checkin")
                return
            }
            let overview = try DayPlanner(store: store).today(
                day: day, time: settings.time, includeArchived: all, showAll: all)
            Output.line(format == .json ? overview.json : overview.text)
        }
    }
}
