import ArgumentParser
import Foundation
import RoutineCore
import RoutineStore

extension RoutineCommand {
    /// `routine import-entries FILE.csv`: loads entries in one transaction.
    struct ImportEntries: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import-entries",
            abstract: "Load entries from CSV (header habit,dayKey,value,note,timestamp,timeZone): all rows or none.")

        @Argument(help: ArgumentHelp("The CSV file.", valueName: "file"))
        var file: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let text: String
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                guard let decoded = String(data: data, encoding: .utf8) else {
                    let (line, column) = EntryCommands.firstInvalidUTF8(data)
                    throw CLIError("\(file):\(line):\(column): not UTF-8 text; nothing was imported")
                }
                text = decoded
            } catch let error as CLIError {
                throw error
            } catch {
                throw CLIError("cannot read \(file): \(error.localizedDescription)")
            }
            let store = try Session.current.store(settings)
            do {
                let count = try store.importEntries(
                    csv: text, defaultTimeZone: settings.timeZoneName, now: settings.time.now())
                Output.line("imported \(count) entr\(count == 1 ? "y" : "ies") from \(file)")
            } catch StoreError.invalidCSV(let line, let column, let message) {
                throw CLIError("\(file):\(line):\(column): \(message); nothing was imported")
            }
        }
    }
}
