import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore

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
                if let notice = try Self.newerVersionNotice(id, store: store, today: settings.time.today) {
                    Session.current.terminal.show(notice)
                }
            }
            try RunCommands.drive(coordinator, format: format, settings: settings)
        }

        /// A run keeps walking the version it started on (SPEC §4.3); when an `edit` or
        /// `import` has stored a newer one since, the person is told, with the command
        /// that walks the newer one instead (issue 19 item 12).
        static func newerVersionNotice(_ id: RunID, store: AppServices, today: DayKey) throws -> String? {
            guard let run = try store.run(id: id), let latest = try store.routine(slug: run.slug),
                latest.versionNumber > run.versionNumber
            else { return nil }
            let day = run.dayKey == today ? "" : " --day \(run.dayKey)"
            return
                "This run walks version \(run.versionNumber) of \(run.slug); version \(latest.versionNumber) is newer: "
                + "'routine run \(run.slug) --new\(day)' starts it instead."
        }
    }
}
