import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore
import RoutineLSP

extension RoutineCommand {
    /// `routine lsp`: the language server for editors (docs/authoring.md). Speaks the
    /// Language Server Protocol on standard input and output.
    ///
    /// The store (`--store`, `ROUTINE_STORE`, the config file or the default path) is
    /// read only when that file exists, opened read-only on the server's own thread,
    /// never created, migrated or written.
    struct Lsp: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lsp",
            abstract: "Run the language server for routine files (LSP over standard input and output).",
            discussion: "Editors start it; see docs/authoring.md for Neovim, Helix, Emacs and VS Code.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            // In the shell it would read the terminal as protocol messages.
            guard !Session.current.isREPL else {
                throw CLIError("lsp is for editors to start: see docs/authoring.md")
            }
            let settings = try Settings(options: global)
            Output.flush()
            let time = settings.time
            let status = LanguageServer(store: Self.reader(settings), today: { time.today }).run()
            throw ExitCode(status)
        }

        /// Reads every habit's stats (as `routine stats` computes them today, from the
        /// ledger: its state today and its streak) and its last live entry (`figures`
        /// false: the habits alone); nil when no store exists at the configured path.
        static func reader(_ settings: Settings) -> StoreReader? {
            let path = settings.storePath
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            let time = settings.time
            return { figures in
                let store = try AppServices.openForReading(path: path, time: time)
                defer { store.close() }
                let day = time.today
                let habits = try store.habits(includeArchived: false)
                guard figures else {
                    return habits.map { habit in
                        StoredHabit(
                            name: habit.name, measure: habit.measure, schedule: habit.schedule, streak: 0,
                            lastDay: nil, lastValue: nil, hasFigures: false, description: habit.description)
                    }
                }
                let stats = try HabitFigures.stats(store: store, day: day, time: time)
                var last: [HabitKey: (day: DayKey, value: Double?)] = [:]
                for entry in try store.metricEntries(to: day)
                where entry.dayKey >= (last[entry.habitKey]?.day ?? entry.dayKey) {
                    last[entry.habitKey] = (entry.dayKey, entry.value)
                }
                let figures = Dictionary(stats.map { ($0.habit.key, $0) }, uniquingKeysWith: { a, _ in a })
                return habits.map { habit in
                    StoredHabit(
                        name: habit.name, measure: habit.measure, schedule: habit.schedule,
                        streak: figures[habit.key]?.currentStreak ?? 0, lastDay: last[habit.key]?.day,
                        lastValue: last[habit.key]?.value, today: figures[habit.key]?.state,
                        description: habit.description)
                }
            }
        }
    }
}
