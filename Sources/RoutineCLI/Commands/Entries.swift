import ArgumentParser
import Foundation
import RoutineCore
import RoutineStore

extension RoutineCommand {
    /// `routine log HABIT [VALUE]`: records an entry without a routine.
    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "log",
            abstract: "Record that you did a habit (a new habit is created: measured when a value is given).")

        @Argument(help: ArgumentHelp("The habit's name.", valueName: "habit"))
        var habit: String

        @Argument(help: ArgumentHelp("The amount, for a measured habit.", valueName: "value"))
        var value: String?

        @Option(help: "The unit of a new measured habit (e.g. km, min); else a plain count.")
        var unit: String?

        @Option(
            help: ArgumentHelp("The day to record it on, YYYY-MM-DD (default: today).", valueName: "day"),
            transform: DayArgument.parse)
        var day: DayKey?

        @Option(help: "A note to keep with the entry.")
        var note: String?

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if let value, Quantity.parse(value) == nil {
                throw ValidationError(
                    "'\(value)' is not an amount: use digits with an optional decimal fraction, like 12 or 2.5")
            }
        }

        func run() throws {
            let settings = try Settings(options: global)
            let store = try Session.shared.store(settings)
            let dayKey = day ?? settings.time.today
            let entry = try store.logEntry(
                habit: habit, value: value.flatMap(Quantity.parse), unit: unit, dayKey: dayKey,
                at: settings.time.now(), timeZone: settings.timeZoneName, note: note)
            let amount = entry.value.map { " " + JSONText.number($0) } ?? ""
            Output.line("logged \(entry.habit)\(amount) on \(entry.dayKey) (entry \(entry.id))")
        }
    }

    /// `routine entries`: lists entries, as text, JSON or CSV.
    struct Entries: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "entries", abstract: "List entries (CSV output is the backup format).")

        @Option(help: ArgumentHelp("Only this habit's entries.", valueName: "habit"))
        var habit: String?

        @Option(help: ArgumentHelp("From this day, YYYY-MM-DD.", valueName: "day"), transform: DayArgument.parse)
        var from: DayKey?

        @Option(help: ArgumentHelp("To this day, YYYY-MM-DD.", valueName: "day"), transform: DayArgument.parse)
        var to: DayKey?

        @Flag(help: "Include deleted entries.")
        var all = false

        @Option(help: "Output format.")
        var format: EntriesFormat = .text

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if all, format == .csv {
                throw ValidationError("--all does not go with --format csv (the backup holds live entries)")
            }
        }

        func run() throws {
            let settings = try Settings(options: global)
            guard let store = try Session.shared.existingStore(settings) else {
                if format == .json {
                    Output.line("[]")
                } else if format == .csv {
                    Output.line(AppDatabase.csvHeader.joined(separator: ","))
                }
                return
            }
            if format == .csv {
                Output.block(try store.entriesCSV(habit: habit, from: from, to: to))
                return
            }
            let entries = try store.entries(habit: habit, from: from, to: to, includeDeleted: all)
            switch format {
            case .json: Output.line(EntryCommands.json(entries))
            default: Output.block(EntryCommands.table(entries))
            }
        }
    }

    /// `routine delete ENTRY-ID`: soft-deletes an entry.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete an entry (it is kept, marked deleted; metrics ignore it).")

        @Argument(help: ArgumentHelp("The entry's id (see 'entries').", valueName: "entry-id"))
        var id: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let entry = try Session.shared.store(settings).deleteEntry(
                id: try EntryCommands.entryID(id), at: settings.time.now())
            Output.line("deleted entry \(entry.id): \(entry.habit) on \(entry.dayKey)")
        }
    }

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
            let store = try Session.shared.store(settings)
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

enum EntriesFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json, csv
}

/// Shared pieces of the entry commands.
enum EntryCommands {
    static func entryID(_ text: String) throws -> Int64 {
        guard let id = Int64(text), id > 0 else {
            throw CLIError("'\(text)' is not an entry id (see 'routine entries')")
        }
        return id
    }

    /// `routine edit ENTRY-ID --value V`.
    static func edit(id: String, value: String, settings: Settings) throws {
        guard let amount = Quantity.parse(value) else {
            throw CLIError.usage(
                "'\(value)' is not an amount: use digits with an optional decimal fraction, like 12 or 2.5")
        }
        let entry = try Session.shared.store(settings).editEntry(id: try entryID(id), value: amount)
        Output.line("entry \(entry.id): \(entry.habit) on \(entry.dayKey) is now \(JSONText.number(amount))")
    }

    static func json(_ entries: [EntryInfo]) -> String {
        let rows = entries.map { entry in
            let fields = [
                "\"id\":" + JSONText.string(String(entry.id)),
                "\"habit\":" + JSONText.string(entry.habit),
                "\"dayKey\":" + JSONText.string(entry.dayKey.description),
                "\"timestamp\":" + JSONText.string(iso8601(entry.timestamp)),
                "\"timeZone\":" + JSONText.string(entry.timeZone),
                "\"value\":" + JSONText.number(entry.value),
                "\"note\":" + (entry.note.map(JSONText.string) ?? "null"),
                "\"run\":" + (entry.runID.map(JSONText.string) ?? "null"),
                "\"deletedAt\":" + (entry.deletedAt.map { JSONText.string(iso8601($0)) } ?? "null"),
            ]
            return "{" + fields.joined(separator: ",") + "}"
        }
        return "[" + rows.joined(separator: ",\n") + "]"
    }

    static func table(_ entries: [EntryInfo]) -> String {
        if entries.isEmpty { return "No entries." }
        return entries.map { entry in
            var line = "\(entry.id)\t\(entry.dayKey)\t\(entry.habit)"
            if let value = entry.value { line += "\t\(JSONText.number(value))" }
            if let note = entry.note { line += "\t\(note)" }
            if entry.deletedAt != nil { line += "\t(deleted)" }
            return line
        }.joined(separator: "\n")
    }

    /// Where the first byte that is not UTF-8 is, in the terms of CSV errors: the 1-based
    /// line of the file and field number on that line (commas outside quotes, counted
    /// from the start of the line).
    static func firstInvalidUTF8(_ data: Data) -> (line: Int, column: Int) {
        var iterator = data.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        scan: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error, .emptyInput: break scan
            }
        }
        var line = 1
        var column = 1
        var quoted = false
        for byte in data.prefix(offset) {
            switch byte {
            case 0x0A:
                line += 1
                column = 1
            case 0x22: quoted.toggle()
            case 0x2C where !quoted: column += 1
            default: break
            }
        }
        return (line, column)
    }

    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
