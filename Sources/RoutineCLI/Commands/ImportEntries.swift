import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore
import RoutineFile

extension RoutineCommand {
    /// `routine import-entries FILE.csv`: loads entries in one transaction.
    struct ImportEntries: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import-entries",
            abstract:
                "Load entries from CSV (header uid,habit,dayKey,value,unit,note,timestamp,timeZone): all rows or none; rows already stored are skipped.",
            discussion: """
                A row is already stored when its uid is, or (without a uid) when an entry with the same habit, \
                day, value, note and timestamp is. Habits the store does not have are refused unless --new is \
                given, as for 'routine log'. CSV carries entries only (no schedules, pauses, goals or routines): \
                'routine backup' copies the whole store.
                """
        )

        @Argument(help: ArgumentHelp("The CSV file.", valueName: "file"), completion: .file(extensions: ["csv"]))
        var file: String

        @Flag(help: "Create the habits the file names that the store does not have.")
        var new = false

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let text = try EntryCommands.readUTF8(file)
            let store = try Session.current.store(settings)
            do {
                let now = settings.time.now()
                var result = EntryImportResult(imported: 0, alreadyPresent: 0)
                if var rows = try EntriesCSVReader(csv: text, defaultTimeZone: settings.timeZoneName, now: now) {
                    result = try store.importEntries(from: &rows, now: now, createHabits: new)
                }
                let count = result.imported
                var line = "imported \(count) entr\(count == 1 ? "y" : "ies") from \(file)"
                if result.alreadyPresent > 0 { line += "; \(result.alreadyPresent) already present" }
                Output.line(line)
            } catch let error as CSVError {
                throw CLIError("\(file):\(error.line):\(error.column): \(error.message); nothing was imported")
            } catch StoreError.unknownHabitInRow(let line, let column, let name) {
                let unknown = HabitCommands.unknownHabit(name, store: store, extra: "--new creates the habits")
                throw CLIError("\(file):\(line):\(column): \(unknown.message); nothing was imported")
            } catch StoreError.invalidEntryRow(let line, let column, let message) {
                throw CLIError("\(file):\(line):\(column): \(message); nothing was imported")
            }
        }
    }
}
