import ArgumentParser
import Foundation
import RoutineCore
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

        @OptionGroup var output: FormatOption

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let runs = try Session.current.existingStore(settings)?.runs(status: paused ? .paused : nil) ?? []
            if output.format == .json {
                Output.line(Self.json(runs))
                return
            }
            if runs.isEmpty {
                Output.line(paused ? "No paused runs." : "No runs yet.")
                return
            }
            for run in runs {
                Output.line(
                    "\(run.id.short)  \(run.dayKey)  \(run.slug) v\(run.versionNumber)  \(run.status.rawValue)")
            }
        }

        /// `[{"id","routine","version","dayKey","status","startedAt","updatedAt","timeZone"}]`,
        /// most recent first; whole ids, instants in ISO 8601 UTC.
        static func json(_ runs: [RunInfo]) -> String {
            let rows = runs.map { run in
                let fields = [
                    "\"id\":" + JSONText.string(run.id.rawValue),
                    "\"routine\":" + JSONText.string(run.slug),
                    "\"version\":\(run.versionNumber)",
                    "\"dayKey\":" + JSONText.string(run.dayKey.description),
                    "\"status\":" + JSONText.string(run.status.rawValue),
                    "\"startedAt\":" + JSONText.string(Instant.formatSeconds(run.startedAt)),
                    "\"updatedAt\":" + JSONText.string(Instant.formatSeconds(run.updatedAt)),
                    "\"timeZone\":" + JSONText.string(run.timeZone),
                ]
                return "{" + fields.joined(separator: ",") + "}"
            }
            return "[" + rows.joined(separator: ",\n") + "]"
        }
    }
}
