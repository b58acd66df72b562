import ArgumentParser
import RoutineCore
import RoutineStore

extension RoutineCommand {
    /// `routine today`: what is done and what is still open today.
    struct Today: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "today", abstract: "What is done today, and what is still open.")

        @Flag(help: "Include archived habits.")
        var all = false

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "The day to show, YYYY-MM-DD, today, yesterday, -N or a weekday (default: today).", valueName: "day"),
            transform: DayArgument.parse)
        var day: DayArgument?

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let day = settings.day(day)
            guard let store = try Session.current.existingStore(settings) else {
                Output.line("Nothing tracked yet. Start with: routine run morning-checkin")
                return
            }
            let stats = try Metrics.stats(store: store, day: day, includeArchived: all)
            Output.block(TodaySummary(stats: stats, day: day).text)
        }
    }
}
