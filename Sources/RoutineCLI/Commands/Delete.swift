import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore

extension RoutineCommand {
    /// `routine delete ENTRY-ID...`: soft-deletes entries, all or none.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete entries (they are kept, marked deleted; metrics ignore them; 'undelete' brings one back)."
        )

        @Argument(help: ArgumentHelp("The entries' ids (see 'entries').", valueName: "entry-id"))
        var ids: [EntryID]

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if ids.isEmpty { throw ValidationError("name the entry to delete by its id (see 'entries')") }
            if Set(ids).count != ids.count { throw ValidationError("an entry id is given twice") }
        }

        func run() throws {
            let settings = try Settings(options: global)
            let entries = try Session.current.store(settings).deleteEntries(ids: ids)
            for entry in entries { Output.line("deleted entry \(entry.id): \(entry.habit) on \(entry.dayKey)") }
        }
    }
}
