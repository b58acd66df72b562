import ArgumentParser
import RoutineApp
import RoutineCore

extension RoutineCommand.Habit {
    /// `routine habit target NAME [--per N/P | --weekly N | --monthly N | --daily]
    /// [--at-least V | --at-most V | --no-limit]` (SPEC §18.1): sets a habit's frequency and
    /// day target by hand, or with no flag shows them.
    struct HabitTarget: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "target",
            abstract:
                "Show a habit's frequency and day target, or set them (N done days in P, at least or at most V a day).")

        @Argument(help: ArgumentHelp("The habit.", valueName: "habit"))
        var habit: String

        @Option(help: ArgumentHelp("At least N done days in every P days, e.g. 3/7.", valueName: "n/p"))
        var per: String?

        @Option(help: ArgumentHelp("N done days a week: --per N/7.", valueName: "n"))
        var weekly: Int?

        @Option(help: ArgumentHelp("N done days in 30: --per N/30.", valueName: "n"))
        var monthly: Int?

        @Flag(help: "No frequency: due every day (removes a schedule too).")
        var daily = false

        @Option(
            name: .customLong("at-least"),
            help: ArgumentHelp("A day is done when its sum (or number of entries) reaches V.", valueName: "v"))
        var atLeast: Double?

        @Option(
            name: .customLong("at-most"),
            help: ArgumentHelp("A day is done when its sum (or number of entries) is at most V.", valueName: "v"))
        var atMost: Double?

        @Flag(name: .customLong("no-target"), help: "Remove the day target: any entry makes the day done.")
        var noTarget = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if [per != nil, weekly != nil, monthly != nil, daily].filter({ $0 }).count > 1 {
                throw ValidationError("give one of --per, --weekly, --monthly and --daily")
            }
            if [atLeast != nil, atMost != nil, noTarget].filter({ $0 }).count > 1 {
                throw ValidationError("give one of --at-least, --at-most and --no-target")
            }
            _ = try frequency()
        }

        /// The frequency asked for: nil when none of its flags is given, `.some(nil)` for --daily.
        func frequency() throws -> Schedule?? {
            if daily { return .some(nil) }
            let (n, p): (Int, Int)
            if let weekly {
                (n, p) = (weekly, 7)
            } else if let monthly {
                (n, p) = (monthly, 30)
            } else if let per {
                let parts = per.split(separator: "/", omittingEmptySubsequences: false).map {
                    Int($0.trimmingCharacters(in: .whitespaces))
                }
                guard parts.count == 2, let first = parts[0], let second = parts[1] else {
                    throw ValidationError("--per must be N/P, like 3/7 (N done days in every P), not '\(per)'")
                }
                (n, p) = (first, second)
            } else {
                return nil
            }
            guard let schedule = Schedule.frequency(n, p) else {
                throw ValidationError(
                    "a frequency is N done days in P with 1 ≤ N ≤ P ≤ \(Schedule.maximumPeriod), not \(n)/\(p)")
            }
            return .some(schedule)
        }

        /// The day target asked for: nil when none of its flags is given, `.some(nil)` for --no-target.
        var dayTarget: DayTarget?? {
            if noTarget { return .some(nil) }
            if let atLeast { return .some(.atLeast(atLeast)) }
            if let atMost { return .some(.atMost(atMost)) }
            return nil
        }

        func run() throws {
            let settings = try Settings(options: global)
            let frequency = try self.frequency()
            let (store, info) = try HabitCommands.existingHabit(habit, settings: settings)
            guard frequency != nil || dayTarget != nil else {
                Output.line("\(info.name): \(HabitTargetText.describe(info))")
                return
            }
            let outcome: HabitTargetsService.Outcome
            do {
                outcome = try HabitTargetsService.set(
                    habit: info.name, schedule: frequency, dayTarget: dayTarget, store: store)
            } catch StoreError.invalidDayTarget(_, let problem) {
                throw CLIError("\(info.name): \(problem)")
            }
            HabitTargetText.render(outcome)
            Output.line("\(outcome.habit.name): \(HabitTargetText.describe(outcome.habit))")
        }
    }
}

/// How a habit's frequency and day target read in one line: `3 per week · ≥ 8 a day`,
/// `daily`, `every 2 days · ≤ 0 a day`.
enum HabitTargetText {
    static func describe(_ habit: HabitInfo) -> String {
        var parts = [Schedule.describe(habit.schedule)]
        if let target = habit.dayTarget { parts.append(target.text(unit: habit.unit)) }
        return parts.joined(separator: " · ")
    }

    /// The lines of a schedule set by hand: its change, and each routine whose file
    /// declares another schedule for the habit (`habit schedule` and `habit target` alike).
    static func render(_ outcome: HabitTargetsService.Outcome) {
        guard let change = outcome.change else { return }
        Output.line(change.line)
        let name = outcome.habit.name
        for (slug, declared) in outcome.declaredElsewhere {
            Output.line(
                "routine '\(slug)' declares \(name)'s schedule (\(Schedule.describe(declared))): "
                    + "this replaces it there too ('routine export \(slug)' and 'routine edit \(slug)' write "
                    + "the new one; the old file, changed and imported, sets it back)")
        }
    }
}
