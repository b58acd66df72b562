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
    /// (`AnswersCSVReader` gives the same rows one at a time.)
    public static func read(_ csv: String, defaultTimeZone: String, now: Date) throws -> [AnswerRow] {
        guard var reader = try AnswersCSVReader(csv: csv, defaultTimeZone: defaultTimeZone, now: now) else {
            return []
        }
        var rows: [AnswerRow] = []
        while let row = try reader.next() { rows.append(row) }
        return rows
    }
}

/// The rows of an answers CSV (`AnswersCSV`), read and checked one at a time, so that
/// `import-answers` of a million rows holds one row, not all of them.
public struct AnswersCSVReader: AnswerRowSource {
    private var reader: CSVReader
    private let defaultTimeZone: String
    private let now: Date
    /// Zones already known good: `TimeZone(identifier:)` is not cheap at a million rows.
    private var zones: Set<String> = []

    /// Reads and checks the header. Throws `CSVError` for a header that is not
    /// `AnswersCSV`'s; nil for an empty text (nothing to import).
    public init?(csv: String, defaultTimeZone: String, now: Date) throws {
        try self.init(reader: CSVReader(csv), defaultTimeZone: defaultTimeZone, now: now)
    }

    /// The same over a file read a chunk at a time (`CSVReader.init(file:)`): a file of a
    /// million answers is never all in memory. The file must be UTF-8 already.
    public init?(file: FileHandle, defaultTimeZone: String, now: Date) throws {
        try self.init(reader: CSVReader(file: file), defaultTimeZone: defaultTimeZone, now: now)
    }

    private init?(reader: CSVReader, defaultTimeZone: String, now: Date) throws {
        self.reader = reader
        guard let header = try self.reader.next() else { return nil }
        let names = header.fields.map { $0.replacingOccurrences(of: "\u{FEFF}", with: "").lowercased() }
        guard names == AnswerRow.header.map({ $0.lowercased() }) else {
            throw CSVError(
                line: header.line, column: 1,
                message:
                    "the header must be \(AnswerRow.header.joined(separator: ",")) (as 'answers --format csv' writes it)"
            )
        }
        self.defaultTimeZone = defaultTimeZone
        self.now = now
    }

    /// The next row, checked; throws `CSVError` for the first field that is wrong.
    public mutating func next() throws -> AnswerRow? {
        guard let (line, fields) = try reader.next() else { return nil }
        return try row(fields, line: line)
    }

    // The 0-based columns, in `AnswerRow.header`'s order.
    private static let uidColumn = 0, dayColumn = 1, routineColumn = 2, nodeColumn = 3, questionColumn = 4
    private static let answerColumn = 5, optionColumn = 6, timestampColumn = 7, zoneColumn = 8

    private mutating func row(_ fields: [String], line: Int) throws -> AnswerRow {
        func fail(_ name: String, _ message: String) -> CSVError {
            CSVError(line: line, column: AnswerRow.column(name), message: message)
        }
        guard fields.count == AnswerRow.header.count else {
            throw CSVError(
                line: line, column: min(fields.count, AnswerRow.header.count) + 1,
                message: "expected \(AnswerRow.header.count) fields, found \(fields.count)")
        }
        // Each field once: trimmed, and the free texts without the writer's formula mark.
        func plain(_ column: Int) -> String { EntriesCSVReader.trimmed(fields[column]) }
        func text(_ column: Int) -> String { CSVReader.text(fromCell: plain(column)) }
        let routine = text(Self.routineColumn)
        let node = plain(Self.nodeColumn)
        let question = text(Self.questionColumn)
        let answer = text(Self.answerColumn)
        let zoneText = plain(Self.zoneColumn)
        // In the columns' order, without an array per row.
        func noControl(_ name: String, _ value: String) throws {
            if let scalar = TerminalText.firstControl(in: value) {
                throw fail(name, "the \(name) holds the control character \(TerminalText.name(scalar))")
            }
        }
        try noControl("routine", routine)
        try noControl("node", node)
        try noControl("question", question)
        try noControl("answer", answer)
        try noControl("timeZone", zoneText)
        var uid: UUID?
        let uidText = plain(Self.uidColumn)
        if !uidText.isEmpty {
            guard let parsed = Self.uid(uidText) else {
                throw fail(
                    "uid", "not a uid (a UUID such as 1b4e28ba-2fa1-4d2b-883f-0016d3cca427): '\(clip(uidText))'")
            }
            uid = parsed
        }
        let dayText = plain(Self.dayColumn)
        guard let day = DayKey(dayText), day.isInSupportedRange else {
            throw fail("dayKey", "not a day (YYYY-MM-DD): '\(clip(dayText))'")
        }
        func notEmpty(_ name: String, _ value: String) throws {
            if value.isEmpty { throw fail(name, "the \(name) is empty") }
        }
        try notEmpty("routine", routine)
        try notEmpty("node", node)
        try notEmpty("answer", answer)
        var option: Int?
        let optionText = plain(Self.optionColumn)
        if !optionText.isEmpty {
            guard let number = Int(optionText), number >= 1, number <= 10_000 else {
                throw fail("option", "not an option number (1, 2, …): '\(clip(optionText))'")
            }
            option = number
        }
        var timestamp = now
        let timestampText = plain(Self.timestampColumn)
        if !timestampText.isEmpty {
            guard let parsed = Instant.parse(timestampText) else {
                throw fail(
                    "timestamp", "not an instant (ISO 8601, e.g. 2026-11-22T07:30:00Z): '\(clip(timestampText))'")
            }
            timestamp = parsed
        }
        let zone = zoneText.isEmpty ? defaultTimeZone : zoneText
        if !zones.contains(zone) {
            guard TimeZone(identifier: zone) != nil else {
                throw fail("timeZone", "unknown time zone '\(clip(zone))'")
            }
            zones.insert(zone)
        }
        return AnswerRow(
            uid: uid, dayKey: day, routine: routine, node: node, question: question.isEmpty ? nil : question,
            answer: answer, option: option, timestamp: timestamp, timeZone: zone, line: line)
    }

    private func clip(_ text: String) -> String { EntriesCSVReader.clip(text) }

    /// A uid cell (`CSVReader.uid(utf8:)`).
    static func uid(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8(CSVReader.uid(utf8:))
    }
}
