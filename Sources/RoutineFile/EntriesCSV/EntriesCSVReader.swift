import Foundation
import RoutineCore

/// Reads entries from CSV text (SPEC §5.5, §11) into checked `EntryRow`s, one row at a
/// time.
///
/// Columns are found by header name (case-insensitive, a byte-order mark ignored):
/// `habit` and `dayKey` are required; `uid`, `value`, `unit`, `note`, `timestamp`
/// (ISO 8601; default `now`) and `timeZone` (default `defaultTimeZone`) are optional;
/// any other column, or one named twice, is an error. Every check that needs no
/// database is made here, each naming the row's line and the field's column:
/// the field count, a day, a number ≥ 0 within `Quantity.maximum`, an instant, a known
/// time zone, a UUID, no control character in the note or the unit. The store applies
/// the rest (the habit, its kind and measure, uids already stored). One leading `'` of a
/// habit, unit or note is the writer's mark against spreadsheet formulas, and dropped
/// (`CSVReader.text(fromCell:)`).
public struct EntriesCSVReader: EntryRowSource {
    private var reader: CSVReader
    private let columns: EntriesCSVColumns
    private let defaultTimeZone: String
    private let now: Date
    /// Zones already known good: `TimeZone(identifier:)` is not cheap at 365,000 rows.
    private var zones: Set<String> = []
    public let rowsAtMost: Int

    /// Reads the header. Throws `CSVError` for a header that cannot be read; nil for an
    /// empty text (nothing to import).
    public init?(csv: String, defaultTimeZone: String, now: Date) throws {
        reader = CSVReader(csv)
        guard let header = try reader.next() else { return nil }
        columns = try EntriesCSVColumns(header: header.fields, line: header.line)
        reader.longField = columns.note.map { $0 + 1 }
        self.defaultTimeZone = defaultTimeZone
        self.now = now
        rowsAtMost = reader.lineFeedCount
    }

    public var carriesUIDs: Bool { columns.uid != nil }

    public func column(of field: EntryRow.Field) -> Int {
        let index =
            switch field {
            case .habit: columns.habit
            case .value: columns.value ?? columns.habit
            case .unit: columns.unit ?? columns.value ?? columns.habit
            }
        return index + 1
    }

    /// The next row, checked; throws `CSVError` for the first field that is wrong.
    public mutating func next() throws -> EntryRow? {
        guard let (line, fields) = try reader.next() else { return nil }
        func fail(_ column: Int?, _ message: String) -> CSVError {
            CSVError(line: line, column: (column ?? 0) + 1, message: message)
        }
        guard fields.count == columns.count else {
            throw fail(min(fields.count, columns.count), "expected \(columns.count) fields, found \(fields.count)")
        }
        var uid: UUID?
        if let column = columns.uid {
            let text = Self.trimmed(fields[column])
            if !text.isEmpty {
                guard let parsed = UUID(uuidString: text) else {
                    throw fail(
                        column, "not a uid (a UUID such as 1b4e28ba-2fa1-4d2b-883f-0016d3cca427): '\(Self.clip(text))'")
                }
                uid = parsed
            }
        }
        let dayText = Self.trimmed(fields[columns.dayKey])
        guard let dayKey = DayKey(dayText) else {
            throw fail(columns.dayKey, "not a day (YYYY-MM-DD): '\(Self.clip(dayText))'")
        }
        var value: Double?
        if let column = columns.value {
            let text = Self.trimmed(fields[column])
            if !text.isEmpty {
                switch Quantity.read(text, form: .data) {
                case .value(let number): value = number
                case .tooLarge: throw fail(column, Quantity.tooLargeMessage(Self.clip(text)))
                case .notAnAmount: throw fail(column, "not a value (a number ≥ 0): '\(Self.clip(text))'")
                }
            }
        }
        var timestamp = now
        var timestampGiven = false
        if let column = columns.timestamp {
            let text = Self.trimmed(fields[column])
            if !text.isEmpty {
                guard let parsed = Instant.parse(text) else {
                    throw fail(column, "not an ISO 8601 timestamp: '\(Self.clip(text))'")
                }
                timestamp = parsed
                timestampGiven = true
            }
        }
        var zone = defaultTimeZone
        if let column = columns.timeZone {
            let text = Self.trimmed(fields[column])
            if !text.isEmpty {
                if !zones.contains(text) {
                    guard TimeZone(identifier: text) != nil else {
                        throw fail(column, "unknown time zone '\(Self.clip(text))'")
                    }
                    zones.insert(text)
                }
                zone = text
            }
        }
        var unit: String?
        if let column = columns.unit {
            let text = Self.trimmed(fields[column])
            let unitText = CSVReader.text(fromCell: text)
            if !unitText.isEmpty { unit = unitText }
        }
        for (column, what) in [(columns.note, "the note"), (columns.unit, "the unit")] {
            guard let column,
                let scalar = TerminalText.firstControl(in: fields[column], allowingLineBreaks: column == columns.note)
            else { continue }
            throw fail(column, "\(what) holds the control character \(TerminalText.name(scalar))")
        }
        return EntryRow(
            habit: CSVReader.text(fromCell: fields[columns.habit]), dayKey: dayKey, value: value, unit: unit,
            note: columns.note.map { CSVReader.text(fromCell: fields[$0]) }.flatMap { $0.isEmpty ? nil : $0 },
            timestamp: timestamp,
            timeZone: zone, uid: uid, line: line, timestampGiven: timestampGiven)
    }

    /// Surrounding spaces and tabs removed; the common case (none) costs two byte reads.
    static func trimmed(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last else { return text }
        if first != 32, first != 9, last != 32, last != 9 { return text }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// At most 40 characters of hostile text in an error line.
    static func clip(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "…"
    }
}

/// Where each known column is in an entries CSV header (0-based).
struct EntriesCSVColumns {
    /// The header's field count; every row must have as many.
    var count: Int
    var habit, dayKey: Int
    var uid, value, unit, note, timestamp, timeZone: Int?

    static let known = ["uid", "habit", "daykey", "value", "unit", "note", "timestamp", "timezone"]

    init(header: [String], line: Int) throws {
        var positions: [String: Int] = [:]
        for (index, raw) in header.enumerated() {
            var name = raw.trimmingCharacters(in: .whitespaces).lowercased()
            if index == 0, name.hasPrefix("\u{FEFF}") { name.removeFirst() }
            guard Self.known.contains(name) else {
                throw CSVError(
                    line: line, column: index + 1,
                    message:
                        "unknown column '\(EntriesCSVReader.clip(raw))' (columns: \(EntriesCSVWriter.header.joined(separator: ", ")))"
                )
            }
            guard positions[name] == nil else {
                throw CSVError(line: line, column: index + 1, message: "column '\(name)' appears twice")
            }
            positions[name] = index
        }
        guard let habit = positions["habit"] else {
            throw CSVError(line: line, column: 1, message: "missing required column 'habit'")
        }
        guard let dayKey = positions["daykey"] else {
            throw CSVError(line: line, column: 1, message: "missing required column 'dayKey'")
        }
        count = header.count
        self.habit = habit
        self.dayKey = dayKey
        value = positions["value"]
        note = positions["note"]
        timestamp = positions["timestamp"]
        timeZone = positions["timezone"]
        unit = positions["unit"]
        uid = positions["uid"]
    }
}
