import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore

extension RoutineCommand {
    /// `routine run NAME|FILE`: walks a routine, one prompt at a time.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Walk a routine one prompt at a time, recording what you do.",
            discussion: """
                NAME is a stored routine; a FILE is imported first (as 'import' would) and \
                refused if it has errors. With --dry-run nothing is written anywhere; a file \
                is then only checked. A routine has one unfinished run per day: when its run \
                for that day is paused, 'run' continues it (--new abandons it and starts \
                afresh); when its completed run left habits for later, 'run' asks only those. \
                Answers: an option's number or text, y/done, n/skip, l/later, a number for a \
                measured habit; 'back', 'pause', 'abort' and 'help' at any prompt.
                """)

        @Argument(
            help: ArgumentHelp("A stored routine's name, or a routine file.", valueName: "routine-or-file"),
            completion: .routineOrFile)
        var routine: String

        @Flag(help: "Walk without writing anything to any store.")
        var dryRun = false

        @Flag(help: "Abort the routine's paused run for that day, if any, and start afresh.")
        var new = false

        @OptionGroup var dayOption: DayOption
        var day: DayArgument? { dayOption.day }

        @OptionGroup var output: FormatOption
        var format: TextOrJSON { output.format }

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if dryRun && new { throw ValidationError("--new starts a real run; it does not go with --dry-run") }
        }

        func run() throws {
            let settings = try Settings(options: global)
            let dayKey = try settings.day(day)
            let coordinator = dryRun ? try dryRunWalk(settings: settings, dayKey: dayKey) : try open(settings, dayKey)
            try RunCommands.drive(coordinator, format: format, settings: settings)
        }

        private func dryRunWalk(settings: Settings, dayKey: DayKey) throws -> RunCoordinator {
            let loaded = try RoutineSource.load(routine, settings: settings, allowStore: true)
            let store = loaded.stored == nil ? nil : try Session.current.existingStore(settings)
            return try RunCoordinator.dryRun(routine: loaded.routine, dayKey: dayKey, store: store, time: settings.time)
        }

        private func open(_ settings: Settings, _ dayKey: DayKey) throws -> RunCoordinator {
            let store = try Session.current.store(settings)
            let stored: StoredRoutine
            if Slug.isValid(routine) {
                guard let found = try store.routine(slug: routine) else {
                    throw RoutineSource.unknownRoutine(routine, store: store)
                }
                stored = found
            } else {
                let loaded = try RoutineSource.file(routine, store: store)
                let result = try RoutineSource.importFile(loaded, into: store)
                guard let found = try store.routine(versionID: result.versionID) else {
                    throw CLIError("\(routine) was imported but cannot be read back")
                }
                stored = found
            }
            let (coordinator, opening) = try RunCoordinator.open(
                stored, dayKey: dayKey, store: store, time: settings.time, timeZoneName: settings.timeZoneName,
                startNew: new)
            let terminal = Session.current.terminal
            switch opening {
            case .started:
                break
            case .resumed(let run):
                let hint = terminal.isShell ? "run \(run.slug) --new" : "routine run \(run.slug) --new"
                terminal.note(
                    "Resuming the paused run of \(run.slug) for \(run.dayKey) (\(run.id.short)); '\(hint)' starts afresh."
                )
            case .restarted(let abandoned):
                terminal.note("Aborted the paused run \(abandoned.short); starting afresh.")
            case .laterAgain(let run, let habits):
                let hint = terminal.isShell ? "run \(run.slug) --new" : "routine run \(run.slug) --new"
                terminal.note(
                    "Asking what the run of \(run.slug) for \(run.dayKey) (\(run.id.short)) left for later: "
                        + "\(habits.joined(separator: ", ")); your other answers stand ('\(hint)' starts afresh).")
            }
            return coordinator
        }
    }
}

/// What `run` and `resume` share.
enum RunCommands {
    /// Walks the run on the session's terminal; end of input inside the run is passed up
    /// (as `EndOfInput`) so that the shell leaves too.
    static func drive(_ coordinator: RunCoordinator, format: TextOrJSON, settings: Settings) throws {
        if coordinator.wasRepaired {
            Session.current.terminal.note(
                "The saved state of run \(coordinator.runID.short) disagreed with its entries; repaired from them.")
        }
        let today = settings.time.today
        if format == .text, coordinator.walker.dayKey != today {
            // A backfill run says which day it records, before its first prompt.
            Session.current.terminal.show("Recording for \(coordinator.walker.dayKey), not today (\(today)).")
        }
        var driver = RunDriver(
            coordinator: coordinator, format: format, terminal: Session.current.terminal, style: settings.style,
            today: today)
        if try driver.drive() == .endOfInput { throw EndOfInput() }
    }
}

/// Input ended inside a run (Ctrl-D, the end of piped input, `quit` in the shell): the run
/// is paused and the command succeeded; the shell leaves too.
struct EndOfInput: Error {}
