import ArgumentParser
import Foundation
import RoutineStore

extension RoutineCommand {
    /// `routine runs`: runs and their status, most recent first.
    struct Runs: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "runs",
            abstract:
                "List runs, most recent first (paused ones can be resumed; ids may be shortened to 4+ characters).")

        @Flag(help: "Only paused runs.")
        var paused = false

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let runs = try Session.current.existingStore(settings)?.runs(status: paused ? .paused : nil) ?? []
            if runs.isEmpty {
                Output.line(paused ? "No paused runs." : "No runs yet.")
                return
            }
            for run in runs {
                Output.line(
                    "\(run.id.short)  \(run.dayKey)  \(run.slug) v\(run.versionNumber)  \(run.status.rawValue)")
            }
        }
    }
}
