import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore

extension RoutineCommand {
    /// `routine log HABIT [VALUE]`: records an entry without a routine.
    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "log",
            abstract: "Record that you did a habit (--new creates a habit: measured when a value is given).")

        @Argument(
            help: ArgumentHelp(
                "The habit's name, then for a measured habit the amount: 12, 7.5 or 7,5, with a unit if you like "
                    + "(log Read 25 min, log Go for a walk; quotes are needed only when the words could be read "
                    + "two ways).",
                valueName: "habit [value]"),
            completion: .habitName)
        var words: [String]

        @Option(
            help:
                "The unit the value is in (e.g. km, min), converted to the habit's as '1.5km' is; a new habit is measured in it."
        )
        var unit: String?

        @OptionGroup var dayOption: DayOption
        var day: DayArgument? { dayOption.day }

        @Option(help: "A note to keep with the entry.")
        var note: String?

        @Flag(help: "Create the habit if there is none of that name.")
        var new = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if LogWords.readings(words).isEmpty { throw ValidationError("name the habit to log") }
        }

        func run() throws {
            let settings = try Settings(options: global)
            let store = try Session.current.store(settings)
            let dayKey = try settings.day(day)
            var create = new
            let reading: LogWords.Reading
            switch try LogWords.resolve(words, store: store) {
            case .reading(let found, _)?: reading = found
            case .ambiguous(let readings)?:
                let shown = readings.map { reading in
                    "'\(reading.habit)'" + (reading.amount.map { " with \($0)" } ?? "")
                }
                throw CLIError(
                    "'\(words.joined(separator: " "))' can be read as \(shown.joined(separator: " or ")): "
                        + "quote the habit's name")
            case nil: throw ValidationError("name the habit to log")
            }
            var habit = reading.habit
            let value = reading.amount
            if let value, let problem = TypedAmount.problem(value) { throw ValidationError(problem) }
            if let value, let unit, let typed = TypedAmount.parts(value)?.unit,
                UnitName.canonical(typed) != UnitName.canonical(unit)
            {
                throw ValidationError("the amount '\(value)' has its own unit; --unit \(unit) says another")
            }
            if !create, try store.habit(named: habit) == nil {
                // In the REPL a person is there to ask; at the shell the line says how.
                guard Session.current.isREPL else {
                    throw HabitCommands.unknownHabit(habit, store: store, extra: "--new creates it")
                }
                guard let choice = try Self.ask(about: habit, store: store) else {
                    Output.line("nothing logged")
                    return
                }
                (habit, create) = choice
            }
            let (amount, newUnit) = try typedAmount(value, for: habit, store: store)
            let entry = try store.logEntry(
                habit: habit, value: amount, unit: newUnit, dayKey: dayKey,
                timeZone: settings.timeZoneName, note: note, createHabit: create)
            let stored = try store.habit(named: entry.habit)
            let shown = entry.value.map { " " + MetricNumber.text($0, unit: stored?.unit) } ?? ""
            Output.line("logged \(entry.habit)\(shown) on \(entry.dayKey) (entry \(entry.id))")
            if stored?.measure == nil {
                // SPEC §17.7: a binary habit done twice on a day is recorded, and said so.
                let count = try store.entries(habit: entry.habit, from: entry.dayKey, to: entry.dayKey).count
                if count >= 2 {
                    let day = entry.dayKey == settings.time.today ? "today" : "on \(entry.dayKey)"
                    let delete = Session.current.isREPL ? "delete \(entry.id)" : "routine delete \(entry.id)"
                    Output.line("\(entry.habit): \(Self.ordinal(count)) entry \(day); \(delete) takes it back")
                }
            }
        }

        /// `2nd`, `3rd`, `11th`, `21st`.
        static func ordinal(_ number: Int) -> String {
            let suffix =
                switch (number % 10, number % 100) {
                case (_, 11...13): "th"
                case (1, _): "st"
                case (2, _): "nd"
                case (3, _): "rd"
                default: "th"
                }
            return "\(number)\(suffix)"
        }

        /// The value as typed, in the habit's unit (`5km`, `1.5 km`, `1.5 --unit km` for a
        /// habit in m: `--unit` is read as a unit typed after the number, one grammar), and
        /// the unit to create a new habit in: `--unit`, else the one typed with the value.
        private func typedAmount(_ value: String?, for habit: String, store: AppServices) throws -> (Double?, String?) {
            guard let value, let parts = TypedAmount.parts(value) else { return (nil, unit) }
            let stored = try store.habit(named: habit)
            guard let measure = stored?.measure ?? unit.map({ Measure(unit: $0, type: "") }) else {
                // A new habit takes the unit typed; a binary one refuses any value (the store says so).
                return (parts.number, stored == nil ? parts.unit : nil)
            }
            var typed = value
            if parts.unit == nil, let unit, UnitName.canonical(unit) != UnitName.canonical(measure.unit) {
                typed = value + " " + unit
            }
            switch TypedAmount.read(typed, unit: measure.unit) {
            case .value(let amount): return (amount, stored?.measure?.unit ?? unit)
            case .problem(let problem): throw CLIError("\(stored?.name ?? habit): \(problem)")
            }
        }

        /// In the REPL, for a name no habit has: the likely meant habit first (`Did you
        /// mean 'Meditate'? [Y/n]`), then creating the name as typed. Nil: log nothing.
        static func ask(about habit: String, store: AppServices) throws -> (habit: String, create: Bool)? {
            let terminal = Session.current.terminal
            // The questions may go straight to libedit: names are shown escaped here.
            let shown = TerminalText.escaped(HabitName.display(habit))
            if let meant = HabitCommands.suggestion(for: habit, store: store) {
                let question = "No habit named '\(shown)'. Did you mean '\(TerminalText.escaped(meant))'? [Y/n]"
                if terminal.confirm(question, byDefault: true) { return (meant, false) }
            } else {
                Output.line("no habit named '\(shown)'")
            }
            guard terminal.confirm("Create a new habit '\(shown)'? [y/N]", byDefault: false) else { return nil }
            return (habit, true)
        }
    }
}
