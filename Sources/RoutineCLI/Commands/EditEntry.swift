import ArgumentParser
import RoutineApp
import RoutineCore

extension RoutineCommand {
    /// `routine edit entry ID --value V --note TEXT` (short: `edit ID --value V`): corrects
    /// one entry, the only way to correct a metric (SPEC §6).
    struct EditEntry: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "entry",
            abstract: "Correct an entry's value and/or note (an empty note removes it).")

        @Argument(help: ArgumentHelp("The entry's id (see 'entries').", valueName: "entry-id"))
        var id: EntryID

        @Option(help: "The entry's corrected value.")
        var value: String?

        @Option(help: "The entry's corrected note (empty removes it).")
        var note: String?

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard value != nil || note != nil else {
                throw ValidationError("say what to correct: --value V, --note TEXT, or both")
            }
        }

        func run() throws {
            try EntryCommands.edit(id: id, value: value, note: note, settings: try Settings(options: global))
        }
    }
}
