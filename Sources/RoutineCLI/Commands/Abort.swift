import ArgumentParser
import Foundation
import RoutineApp

extension RoutineCommand {
    /// `routine abort RUN-ID`: ends a paused run; what it recorded stays.
    struct Abort: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "abort",
            abstract: "End a paused run without continuing it (what it recorded stays).")

        @Argument(
            help: ArgumentHelp("The run's id, or its first 4 or more characters (see 'runs').", valueName: "run-id"))
        var runID: RunReference

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let store = try Session.current.store(settings)
            let id = try runID.runID(in: store)
            try RunCoordinator.abort(id, store: store, time: settings.time)
            Output.line("aborted run \(id.short); what it recorded stays")
        }
    }
}
