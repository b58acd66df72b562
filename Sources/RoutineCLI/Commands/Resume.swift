import ArgumentParser
import Foundation
import RoutineCore
import RoutineStore

extension RoutineCommand {
    /// `routine resume [RUN-ID]`: continues a paused run at its first unanswered prompt.
    struct Resume: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "resume",
            abstract: "Continue a paused run (by default the most recently started one).")

        @Argument(help: ArgumentHelp("The run's id (see 'runs').", valueName: "run-id"))
        var runID: String?

        @Option(help: "Show prompts (text), or print one JSON transcript when the run stops (json).")
        var format: TextOrJSON = .text

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let store = try Session.shared.store(settings)
            let run: RunInfo
            if let runID {
                guard let found = try store.run(id: runID.lowercased()) else {
                    throw CLIError("no run with id '\(runID)'")
                }
                run = found
            } else {
                guard let found = try store.latestPausedRun() else { throw CLIError("no paused run to resume") }
                run = found
            }
            guard let stored = try store.routine(versionID: run.versionID) else {
                throw CLIError("run \(run.id) walks a routine version the store no longer has")
            }
            try store.claimRun(id: run.id, at: settings.time.now())
            var walker = try RunState.decode(run.state, routine: stored.routine)
            walker.refreshAlreadyDone(try store.liveHabitKeys(on: run.dayKey))
            walker.refreshContext(
                try store.dayContext(
                    habits: stored.routine.contextHabitNames, day: run.dayKey, excludingRun: run.id,
                    historyOf: stored.routine.conditionHabitNames, historyDepth: stored.routine.conditionDepth))
            walker.resume()
            if format == .text {
                Output.line("Resuming \(run.slug) for \(run.dayKey).")
            }
            var driver = RunDriver(
                walker: walker, mode: .real(store: store, runID: run.id), format: format, settings: settings,
                slug: run.slug)
            if case .endOfInput = try driver.drive() { Session.shared.endOfInput = true }
        }
    }
}
