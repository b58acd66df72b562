import Foundation
import RoutineCore

/// The answers CSV (SPEC §14.2): `answers --format csv` writes it, `import-answers`
/// reads it back. Header `uid,dayKey,routine,node,question,answer,option,timestamp,timeZone`,
/// in that order; RFC 4180 quoting, LF line ends; a routine, question or answer that a
/// spreadsheet would run as a formula starts with `'` (`CSVReader.textCell`).
public enum AnswersCSV {
    /// The whole file for `rows`: `headerLine`, then `line(_:)` of each row.
    public static func write(_ rows: [AnswerRow]) -> String {
        var text = headerLine
        for row in rows { text += line(row) }
        return text
    }

    /// The header, with its line end.
    public static let headerLine = AnswerRow.header.joined(separator: ",") + "\n"

    /// One row, with its line end (what `answers --format csv` streams, row by row).
    public static func line(_ row: AnswerRow) -> String {
        let fields = [
            row.uid?.uuidString.lowercased() ?? "", row.dayKey.description, CSVReader.textCell(row.routine),
            CSVReader.quoted(row.node), CSVReader.textCell(row.question ?? ""), CSVReader.textCell(row.answer),
            row.option.map(String.init) ?? "", Instant.format(row.timestamp), CSVReader.quoted(row.timeZone),
        ]
        return fields.joined(separator: ",") + "\n"
    }

    /// Every row of `csv`, checked; throws `CSVError` (line and column) at the first
    /// problem, so that a caller imports all rows or none. `timestamp` and `timeZone`
    /// may be empty (now, `defaultTimeZone`), and so may `uid`, `question` and `option`.
    public static func read(_ csv: String, defaultTimeZone: String, now: Date) throws -> [AnswerRow] {
        var reader = CSVReader(csv)
        guard let header = try reader.next() else { return [] }
        let names = header.fields.map { $0.replacingOccurrences(of: "\u{FEFF}", with: "").lowercased() }
        guard names == AnswerRow.header.map({ $0.lowercased() }) else {
            throw CSVError(
                line: header.line, column: 1,
                message:
                    "the header must be \(AnswerRow.header.joined(separator: ",")) (as 'answers --format csv' writes it)"
            )
        }
        var rows: [AnswerRow] = []
        while let (line, fields) = try reader.next() {
            rows.append(try row(fields, line: line, defaultTimeZone: defaultTimeZone, now: now))
        }
        return rows
    }

    /// The free texts, neutralised when written (`CSVReader.textCell`).
    private static let textColumns: Set<String> = ["routine", "question", "answer"]

    private static func row(_ fields: [String], line: Int, defaultTimeZone: String, now: Date) throws -> AnswerRow {
        func fail(_ name: String, _ message: String) -> CSVError {
            CSVError(line: line, column: AnswerRow.column(name), message: message)
        }
        guard fields.count == AnswerRow.header.count else {
            throw CSVError(
                line: line, column: min(fields.count, AnswerRow.header.count) + 1,
                message: "expected \(AnswerRow.header.count) fields, found \(fields.count)")
        }
        func field(_ name: String) -> String {
            let text = EntriesCSVReader.trimmed(fields[AnswerRow.column(name) - 1])
            return textColumns.contains(name) ? CSVReader.text(fromCell: text) : text
        }
        for name in ["routine", "node", "question", "answer", "timeZone"] {
            if let scalar = TerminalText.firstControl(in: field(name)) {
                throw fail(name, "the \(name) holds the control character \(TerminalText.name(scalar))")
            }
        }
        var uid: UUID?
        if !field("uid").isEmpty {
            guard let parsed = UUID(uuidString: field("uid")) else {
                throw fail("uid", "not a uid (a UUID such as 1b4e28ba-2fa1-4d2b-883f-0016d3cca427): '\(clip("uid"))'")
            }
            uid = parsed
        }
        guard let day = DayKey(field("dayKey")), day.isInSupportedRange else {
            throw fail("dayKey", "not a day (YYYY-MM-DD): '\(clip("dayKey"))'")
        }
        for name in ["routine", "node", "answer"] where field(name).isEmpty {
            throw fail(name, "the \(name) is empty")
        }
        var option: Int?
        if !field("option").isEmpty {
            guard let number = Int(field("option")), number >= 1, number <= 10_000 else {
                throw fail("option", "not an option number (1, 2, …): '\(clip("option"))'")
            }
            option = number
        }
        var timestamp = now
        if !field("timestamp").isEmpty {
            guard let parsed = Instant.parse(field("timestamp")) else {
                throw fail("timestamp", "not an instant (ISO 8601, e.g. 2026-11-22T07:30:00Z): '\(clip("timestamp"))'")
            }
            timestamp = parsed
        }
        let zone = field("timeZone").isEmpty ? defaultTimeZone : field("timeZone")
        guard TimeZone(identifier: zone) != nil else {
            throw fail("timeZone", "unknown time zone '\(EntriesCSVReader.clip(zone))'")
        }
        func clip(_ name: String) -> String { EntriesCSVReader.clip(field(name)) }
        return AnswerRow(
            uid: uid, dayKey: day, routine: field("routine"), node: field("node"),
            question: field("question").isEmpty ? nil : field("question"), answer: field("answer"), option: option,
            timestamp: timestamp, timeZone: zone, line: line)
    }
}
