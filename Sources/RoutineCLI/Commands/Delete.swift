import ArgumentParser
import Foundation
import RoutineCore
import RoutineStore

extension RoutineCommand {
    /// `routine delete ENTRY-ID`: soft-deletes an entry.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete an entry (it is kept, marked deleted; metrics ignore it).")

        @Argument(help: ArgumentHelp("The entry's id (see 'entries').", valueName: "entry-id"))
        var id: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let entry = try Session.current.store(settings).deleteEntry(
                id: try EntryCommands.entryID(id), at: settings.time.now())
            Output.line("deleted entry \(entry.id): \(entry.habit) on \(entry.dayKey)")
        }
    }
}
