import ArgumentParser
import RoutineApp
import RoutineCore

extension RoutineCommand.Habit {
    /// `routine habit schedule NAME [--days mon,wed | --every N | --daily]` (SPEC §10.1):
    /// sets a habit's schedule, or with no flag shows it.
    struct HabitSchedule: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schedule",
            abstract: "Show when a habit is due, or set it: on some weekdays, every N days, or daily.")

        @Argument(help: ArgumentHelp("The habit.", valueName: "habit"))
        var habit: String

        @Option(help: ArgumentHelp("Due on these weekdays (mon,tue,wed,thu,fri,sat,sun).", valueName: "days"))
        var days: String?

        @Option(help: ArgumentHelp("Due unless done in the N-1 days before (1 is daily).", valueName: "n"))
        var every: Int?

        @Flag(help: "Due every day (removes the schedule).")
        var daily = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            let given = [days != nil, every != nil, daily].filter { $0 }.count
            if given > 1 { throw ValidationError("give one of --days, --every and --daily (none shows the schedule)") }
            _ = try schedule()
        }

        /// The schedule the flags ask for; nil is daily.
        func schedule() throws -> Schedule? {
            if let every {
                guard every >= 1, every <= 10_000 else {
                    throw ValidationError("--every must be a whole number of days from 1 to 10000, not \(every)")
                }
                return .every(every)
            }
            guard let days else { return nil }
            var weekdays: [Weekday] = []
            for part in days.split(separator: ",", omittingEmptySubsequences: false) {
                let name = part.trimmingCharacters(in: .whitespaces)
                guard let day = Weekday(name: name) else {
                    let hint = Suggestion.hint(
                        Suggestion.closest(to: name.lowercased(), among: Weekday.allCases.map(\.description)))
                    throw ValidationError("'\(name)' is not a weekday: use mon, tue, wed, thu, fri, sat or sun\(hint)")
                }
                guard !weekdays.contains(day) else { throw ValidationError("weekday '\(day)' is given twice") }
                weekdays.append(day)
            }
            return Schedule.on(weekdays)
        }

        func run() throws {
            let settings = try Settings(options: global)
            let schedule = try self.schedule()
            let (store, info) = try HabitCommands.existingHabit(habit, settings: settings)
            guard days != nil || every != nil || daily else {
                Output.line("\(info.name): \(Schedule.describe(info.schedule))")
                return
            }
            let outcome = try HabitTargetsService.set(
                habit: info.name, schedule: .some(schedule), dayTarget: nil, store: store)
            if outcome.change == nil {
                Output.line("schedule of \(info.name) unchanged: \(Schedule.describe(schedule))")
            }
            HabitTargetText.render(outcome)
        }
    }
}
