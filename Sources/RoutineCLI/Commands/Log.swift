import ArgumentParser
import Foundation
import RoutineCore
import RoutineStore

extension RoutineCommand {
    /// `routine log HABIT [VALUE]`: records an entry without a routine.
    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "log",
            abstract: "Record that you did a habit (a new habit is created: measured when a value is given).")

        @Argument(help: ArgumentHelp("The habit's name.", valueName: "habit"))
        var habit: String

        @Argument(help: ArgumentHelp("The amount, for a measured habit.", valueName: "value"))
        var value: String?

        @Option(help: "The unit of a new measured habit (e.g. km, min); else a plain count.")
        var unit: String?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "The day to record it on, YYYY-MM-DD, today, yesterday, -N or a weekday (default: today).",
                valueName: "day"),
            transform: DayArgument.parse)
        var day: DayArgument?

        @Option(help: "A note to keep with the entry.")
        var note: String?

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if let value, Quantity.parse(value) == nil {
                throw ValidationError(
                    "'\(value)' is not an amount: use digits with an optional decimal fraction, like 12 or 2.5")
            }
        }

        func run() throws {
            let settings = try Settings(options: global)
            let store = try Session.shared.store(settings)
            let dayKey = settings.day(day)
            let entry = try store.logEntry(
                habit: habit, value: value.flatMap(Quantity.parse), unit: unit, dayKey: dayKey,
                at: settings.time.now(), timeZone: settings.timeZoneName, note: note)
            let unit = try EntryCommands.units(store)[HabitName.key(entry.habit)]
            let amount = entry.value.map { " " + MetricNumber.text($0, unit: unit) } ?? ""
            Output.line("logged \(entry.habit)\(amount) on \(entry.dayKey) (entry \(entry.id))")
        }
    }
}
