import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore

extension RoutineCommand {
    /// `routine undelete ENTRY-ID`: brings back a soft-deleted entry.
    struct Undelete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undelete", abstract: "Bring back a deleted entry (metrics count it again).")

        @Argument(help: ArgumentHelp("The entry's id (see 'entries --all').", valueName: "entry-id"))
        var id: EntryID

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let entry = try Session.current.store(settings).undeleteEntry(id: id)
            Output.line("restored entry \(entry.id): \(entry.habit) on \(entry.dayKey)")
        }
    }
}
