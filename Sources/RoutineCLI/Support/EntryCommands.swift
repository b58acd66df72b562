import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore

/// Shared pieces of the entry commands.
enum EntryCommands {
    /// `routine edit ENTRY-ID [--value V] [--note TEXT]`: both in one write. The value is
    /// read as people type it, in the entry's habit's unit (`1500 m` for a habit in km).
    static func edit(id: EntryID, value: String?, note: String?, settings: Settings) throws {
        if let value, let problem = TypedAmount.problem(value) { throw CLIError.usage(problem) }
        let store = try Session.current.store(settings)
        var corrections: [EntryCorrection] = []
        if let value {
            guard let entry = try store.entry(id: id) else { throw CLIError("no entry with id \(id)") }
            switch TypedAmount.read(value, unit: try store.habit(named: entry.habit)?.unit) {
            case .value(let amount): corrections.append(.value(amount))
            case .problem(let problem): throw CLIError("\(entry.habit): \(problem)")
            }
        }
        if let note { corrections.append(.note(note)) }
        let entry = try store.editEntry(id: id, corrections: corrections)
        var changes: [String] = []
        if value != nil {
            let unit = try store.habit(named: entry.habit)?.unit
            changes.append("is now \(entry.value.map { RunsText.amount($0, unit: unit) } ?? "done")")
        }
        if note != nil { changes.append(entry.note.map { "has the note '\($0)'" } ?? "has no note") }
        Output.line("entry \(entry.id): \(entry.habit) on \(entry.dayKey) " + changes.joined(separator: " and "))
    }

    /// `entries --format json`: one array, an entry a line, keys in SPEC §6's order.
    static func json(_ entries: [EntryInfo]) -> String {
        JSONValue.lines(
            entries.lazy.map { entry -> JSONValue in
                [
                    "id": .string(entry.id.description), "uid": .string(entry.uid), "habit": .string(entry.habit),
                    "dayKey": .string(entry.dayKey.description),
                    "timestamp": .string(Instant.formatSeconds(entry.timestamp)), "timeZone": .string(entry.timeZone),
                    "value": JSONValue(entry.value), "note": JSONValue(entry.note),
                    "run": JSONValue(entry.runID?.rawValue),
                    "deletedAt": JSONValue(entry.deletedAt.map(Instant.formatSeconds)),
                ]
            })
    }

    /// The text form of `routine entries`: a header, then one aligned row per entry,
    /// values with their habit's unit (`units` maps `HabitName.key` to a unit).
    static func table(_ entries: [EntryInfo], units: [HabitKey: String]) -> String {
        if entries.isEmpty { return "No entries." }
        let header = ["id", "day", "habit", "value", "note"]
        let rows = entries.map { entry -> [String] in
            let value = entry.value.map {
                JSONValue.numberText($0) + (units[HabitKey(entry.habit)].map { " " + $0 } ?? "")
            }
            var note = entry.note ?? ""
            if entry.deletedAt != nil { note += note.isEmpty ? "(deleted)" : " (deleted)" }
            return [entry.id.description, entry.dayKey.description, entry.habit, value ?? "", note]
        }
        return StatsTable.aligned([header] + rows, rightAligned: [0])
    }

    /// The units of the store's measured habits, by `HabitName.key`.
    static func units(_ store: AppServices) throws -> [HabitKey: String] {
        var units: [HabitKey: String] = [:]
        for habit in try store.habits() {
            if let measure = habit.measure { units[habit.key] = measure.unit }
        }
        return units
    }

    /// The text of a CSV file to import; a file that cannot be read, or is not UTF-8
    /// (`FILE:line:col`), is one line and nothing is imported.
    static func readUTF8(_ file: String) throws -> String {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw CLIError("cannot read \(file): \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            let (line, column) = firstInvalidUTF8(data)
            throw CLIError("\(file):\(line):\(column): not UTF-8 text; nothing was imported")
        }
        return text
    }

    /// A regular file to import, opened and checked to be UTF-8 a chunk at a time, so that
    /// its text is never all in memory (`import-answers` of a million rows); the same
    /// errors as `readUTF8`. Nil for a file that is not a regular one (a pipe, a device):
    /// that one is read whole by `readUTF8`.
    static func openUTF8(_ file: String) throws -> FileHandle? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: file)
        guard attributes?[.type] as? FileAttributeType == .typeRegular,
            let handle = FileHandle(forReadingAtPath: file)
        else {
            return nil
        }
        do {
            // A character cut by the chunk's end waits for the next chunk.
            var carried: [UInt8] = []
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                var bytes = carried
                chunk.withUnsafeBytes { bytes.append(contentsOf: $0.bindMemory(to: UInt8.self)) }
                let complete = bytes.count - incompleteTail(bytes)
                guard String(validating: bytes[..<complete], as: UTF8.self) != nil else {
                    throw notUTF8(file)
                }
                carried = Array(bytes[complete...])
            }
            guard carried.isEmpty else { throw notUTF8(file) }
            try handle.seek(toOffset: 0)
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError("cannot read \(file): \(error.localizedDescription)")
        }
        return handle
    }

    /// `readUTF8`'s error for a file that is not UTF-8, read whole to place it (an error
    /// path only).
    private static func notUTF8(_ file: String) -> CLIError {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: file)) else {
            return CLIError("cannot read \(file)")
        }
        let (line, column) = firstInvalidUTF8(data)
        return CLIError("\(file):\(line):\(column): not UTF-8 text; nothing was imported")
    }

    /// How many bytes at the end of `bytes` begin a UTF-8 sequence they do not finish.
    static func incompleteTail(_ bytes: [UInt8]) -> Int {
        // A lead byte among the last three, and fewer bytes after it than it announces.
        for back in stride(from: 1, through: min(3, bytes.count), by: 1) {
            let byte = bytes[bytes.count - back]
            if byte & 0xC0 == 0x80 { continue }  // a continuation byte: look further back
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return length > back ? back : 0
        }
        return 0
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

}
