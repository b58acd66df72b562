import ArgumentParser
import Foundation
import RoutineFile

extension RoutineCommand {
    /// `routine list`: the stored routines.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the stored routines.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let routines = try Session.current.existingStore(settings)?.routines() ?? []
            if routines.isEmpty {
                Output.line("No routines yet. Import some with: routine import routines/")
                return
            }
            let style = Output.style
            let width = routines.map(\.slug.count).max() ?? 0
            for routine in routines {
                let padded = routine.slug.padding(toLength: width, withPad: " ", startingAt: 0)
                Output.line(
                    "\(style.bold(padded))  \(routine.title)  "
                        + style.dim("v\(routine.latestVersion), \(routine.nodeCount) nodes"))
            }
        }
    }
}
