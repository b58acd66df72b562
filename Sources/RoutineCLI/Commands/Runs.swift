import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore

extension RoutineCommand {
    /// `routine runs`: runs and their status, most recent first; `runs show RUN` one run's steps.
    struct Runs: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "runs",
            abstract:
                "List runs, most recent first (paused ones can be resumed; ids may be shortened to 4+ characters).",
            subcommands: [RunsList.self, RunsShow.self], defaultSubcommand: RunsList.self)
    }

    /// `routine runs [list]`: the listing.
    struct RunsList: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List runs, most recent first.")

        @Flag(help: "Only paused runs.")
        var paused = false

        @OptionGroup var output: FormatOption

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let runs = try Session.current.existingStore(settings)?.runs(status: paused ? .paused : nil) ?? []
            if output.format == .json {
                Output.json(RunsText.json(runs))
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
    }

    /// `routine runs show RUN`: one run's transcript, step by step, with times.
    struct RunsShow: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one run: each step with its answer or outcome and when it was recorded.",
            discussion: "Steps undone with 'back' are listed where they were made, marked undone.")

        @Argument(help: ArgumentHelp("The run's id, or its first 4+ characters.", valueName: "run"))
        var runID: RunReference

        @Option(help: "Output format.")
        var format: TextOrJSON = .text

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            guard let store = try Session.current.existingStore(settings) else {
                throw StoreError.unknownRun(runID.text)
            }
            let id = try runID.runID(in: store)
            guard let info = try store.run(id: id) else { throw StoreError.unknownRun(runID.text) }
            let steps = try store.steps(runID: id, includeRetracted: true)
            switch format {
            case .json: Output.json(RunsText.json(info, steps: steps))
            case .text:
                var units: [String: String] = [:]
                for step in steps where step.kind == .habit && step.value != nil && units[step.text] == nil {
                    units[step.text] = try store.habit(named: step.text)?.unit
                }
                Output.block(RunsText.transcript(info, steps: steps, units: units))
            }
        }
    }
}
