import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore
import RoutineFile

extension RoutineCommand {
    /// `routine entries`: lists entries, as text, JSON or CSV.
    struct Entries: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "entries",
            abstract:
                "List entries (CSV output loads back with import-entries; 'routine backup' copies the whole store).")

        @Option(help: ArgumentHelp("Only this habit's entries.", valueName: "habit"), completion: .habitName)
        var habit: String?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "From this day, YYYY-MM-DD, today, yesterday, -N or a weekday (the most recent).", valueName: "day"),
            completion: .list(DayArgument.completions),
            transform: DayArgument.parse)
        var from: DayArgument?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "To this day, YYYY-MM-DD, today, -N, +N or a weekday (the coming one).", valueName: "day"),
            completion: .list(DayArgument.completions),
            transform: DayArgument.parseForward)
        var to: DayArgument?

        @OptionGroup var dayOption: DayOption

        @Flag(help: "Include deleted entries.")
        var all = false

        @Option(help: "Output format.")
        var format: EntriesFormat = .text

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if dayOption.day != nil, from != nil || to != nil {
                throw ValidationError("--day is one day; it does not go with --from or --to")
            }
            if all, format == .csv {
                throw ValidationError("--all does not go with --format csv (the backup holds live entries)")
            }
        }

        func run() throws {
            let settings = try Settings(options: global)
            guard let store = try Session.current.existingStore(settings) else {
                if format == .json {
                    Output.line("[]")
                } else if format == .csv {
                    Output.line(EntriesCSVWriter.header.joined(separator: ","))
                }
                return
            }
            let from = try (dayOption.day ?? from).map { try settings.day($0) }
            let to = try (dayOption.day ?? to).map { try settings.day($0) }
            if format == .csv {
                var csv = EntriesCSVWriter()
                try HabitCommands.suggesting(store) {
                    try store.exportEntryRows(habit: habit, from: from, to: to) { csv.append($0) }
                }
                Output.block(csv.text)
                return
            }
            let entries = try HabitCommands.suggesting(store) {
                try store.entries(habit: habit, from: from, to: to, includeDeleted: all)
            }
            switch format {
            case .json: Output.line(EntryCommands.json(entries))
            default: Output.block(EntryCommands.table(entries, units: try EntryCommands.units(store)))
            }
        }
    }
}
