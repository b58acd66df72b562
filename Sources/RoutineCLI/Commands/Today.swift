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

        @Flag(
            help:
                "One line for a shell prompt or a status bar: what is left (open or later) and how many are done; nothing when nothing is left."
        )
        var short = false

        @OptionGroup var dayOption: DayOption
        var day: DayArgument? { dayOption.day }

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if short && format == .json {
                throw ValidationError("--short is one line of text; it takes no --format json")
            }
            if short && all { throw ValidationError("--short names only what is left; it takes no --all") }
            if short && day != nil {
                throw ValidationError("--short is about today; it takes no --day (routine today --day D shows a day)")
            }
        }

        func run() throws {
            // A prompt runs it: a failed automatic sync waits for a command a person reads.
            if short { Session.current.autoSyncQuiet = true }
            let settings = try Settings(options: global)
            let day = try settings.day(self.day)
            guard let store = try Session.current.existingStore(settings) else {
                if short { return }
                let empty = TodayOverview(day: day, routines: [], stats: [], isToday: day == settings.time.today)
                Output.line(
                    format == .json ? empty.json : "Nothing tracked yet. Start with: routine run morning-checkin")
                return
            }
            let overview = try DayPlanner(store: store).today(
                day: day, time: settings.time, includeArchived: all, showAll: all, statesOnly: short)
            if short {
                // Nothing at all when nothing is left: a prompt shows nothing.
                if let line = overview.shortLine { Output.line(line) }
                return
            }
            Output.line(format == .json ? overview.json : overview.text)
        }
    }
}
