import ArgumentParser
import Foundation
import RoutineCore
import RoutineStore

extension RoutineCommand {
    /// `routine run NAME|FILE`: walks a routine, one prompt at a time.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Walk a routine one prompt at a time, recording what you do.",
            discussion: """
                NAME is a stored routine; a FILE is imported first (as 'import' would) and \
                refused if it has errors. With --dry-run nothing is written anywhere; a file \
                is then only checked. Answers: an option's number or text, y/done, n/skip, a \
                number for a measured habit; 'back', 'pause', 'abort' and 'help' at any prompt.
                """)

        @Argument(help: ArgumentHelp("A stored routine's name, or a routine file.", valueName: "routine-or-file"))
        var routine: String

        @Flag(help: "Walk without writing anything to any store.")
        var dryRun = false

        @Option(
            help: ArgumentHelp("Run for another day (backfill), YYYY-MM-DD.", valueName: "day"),
            transform: DayArgument.parse)
        var day: DayKey?

        @Option(help: "Show prompts (text), or print one JSON transcript when the run stops (json).")
        var format: TextOrJSON = .text

        @OptionGroup var global: GlobalOptions

        func validate() throws {
        }

        func run() throws {
            let settings = try Settings(options: global)
            let dayKey = day ?? settings.time.today
            let ending: RunDriver.Ending
            if dryRun {
                ending = try dryRunWalk(settings: settings, dayKey: dayKey)
            } else {
                ending = try realRun(settings: settings, dayKey: dayKey)
            }
            if case .endOfInput = ending { Session.shared.endOfInput = true }
        }

        private func dryRunWalk(settings: Settings, dayKey: DayKey) throws -> RunDriver.Ending {
            let loaded = try RoutineSource.load(routine, settings: settings, allowStore: true)
            let store = loaded.stored == nil ? nil : try Session.shared.existingStore(settings)
            let walker = Walker(
                routine: loaded.routine, dayKey: dayKey, habitSpecs: try store?.habitSpecs() ?? [:],
                alreadyDone: try store?.liveHabitKeys(on: dayKey) ?? [],
                context: try store?.dayContext(
                    habits: loaded.routine.contextHabitNames, day: dayKey,
                    historyOf: loaded.routine.conditionHabitNames, historyDepth: loaded.routine.conditionDepth)
                    ?? .empty(dayKey))
            var driver = RunDriver(
                walker: walker, mode: .dryRun(store: store, runID: settings.time.newID()), format: format,
                settings: settings, slug: loaded.routine.slug)
            return try driver.drive()
        }

        private func realRun(settings: Settings, dayKey: DayKey) throws -> RunDriver.Ending {
            let store = try Session.shared.store(settings)
            let stored: StoredRoutine
            if RoutineSource.isSlug(routine) {
                guard let found = try store.routine(slug: routine) else {
                    throw RoutineSource.unknownRoutine(routine, store: store)
                }
                stored = found
            } else {
                let loaded = try RoutineSource.file(routine)
                let result = try RoutineSource.importFile(loaded, into: store, at: settings.time.now())
                guard let found = try store.routine(versionID: result.versionID) else {
                    throw CLIError("\(routine) was imported but cannot be read back")
                }
                stored = found
            }
            let walker = Walker(
                routine: stored.routine, dayKey: dayKey, habitSpecs: try store.habitSpecs(),
                alreadyDone: try store.liveHabitKeys(on: dayKey),
                context: try store.dayContext(
                    habits: stored.routine.contextHabitNames, day: dayKey,
                    historyOf: stored.routine.conditionHabitNames, historyDepth: stored.routine.conditionDepth))
            let runID = try store.startRun(
                versionID: stored.versionID, dayKey: dayKey, timeZone: settings.timeZoneName,
                state: try RunState.encode(walker), now: settings.time.now())
            var driver = RunDriver(
                walker: walker, mode: .real(store: store, runID: runID), format: format, settings: settings,
                slug: stored.routine.slug)
            return try driver.drive()
        }
    }
}
