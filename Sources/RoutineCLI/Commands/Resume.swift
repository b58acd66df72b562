import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore
import RoutineStore

extension RoutineCommand {
    /// `routine resume [RUN-ID]`: continues a paused run at its first unanswered prompt.
    struct Resume: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "resume",
            abstract: "Continue a paused run (by default the most recently started one).")

        @Argument(
            help: ArgumentHelp("The run's id, or its first 4 or more characters (see 'runs').", valueName: "run-id"))
        var runID: RunReference?

        @OptionGroup var output: FormatOption
        var format: TextOrJSON { output.format }

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let store = try Session.current.store(settings)
            let id: RunID
            if let runID {
                id = try runID.runID(in: store)
            } else {
                guard let found = try store.latestPausedRun() else { throw CLIError("no paused run to resume") }
                id = found.id
            }
            let coordinator = try RunCoordinator.resume(
                id, store: store, time: settings.time, timeZoneName: settings.timeZoneName)
            if format == .text {
                Session.current.terminal.show("Resuming \(coordinator.slug) for \(coordinator.walker.dayKey).")
            }
            try RunCommands.drive(coordinator, format: format, settings: settings)
        }
    }
}
