import ArgumentParser
import Foundation
import RoutineFile

extension RoutineCommand {
    /// `routine list`: the stored routines.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the stored routines.")

        @Flag(help: "Include archived routines (marked as such).")
        var all = false

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let store = try Session.current.existingStore(settings)
            let routines = try store?.routines(includeArchived: all) ?? []
            if routines.isEmpty {
                let archived = try store?.routines(includeArchived: true).count ?? 0
                Output.line(
                    archived > 0
                        ? "No routines to show (\(archived) archived: 'routine list --all' shows them)."
                        : "No routines yet. Import some with: routine import routines/")
                return
            }
            let style = settings.style
            let width = routines.map(\.slug.count).max() ?? 0
            for routine in routines {
                let padded = routine.slug.padding(toLength: width, withPad: " ", startingAt: 0)
                Output.line(
                    "\(style.bold(padded))  \(routine.title)  "
                        + style.dim(
                            "v\(routine.latestVersion), \(routine.nodeCount) nodes"
                                + (routine.isArchived ? ", archived" : "")))
            }
        }
    }
}
