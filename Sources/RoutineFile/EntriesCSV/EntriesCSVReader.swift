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
    /// Habit names and zones already read (a zone known good: `TimeZone(identifier:)` is
    /// not cheap at 365,000 rows).
    private var texts = TextCache()
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
    ///
    /// Read from the record's bytes where they lie: a day, a number, an instant and a uid
    /// are parsed from them, and the habit's name and the time zone are the same `String`s
    /// as on the rows before (`TextCache`), so that a row of a large file makes no string
    /// but its note and unit (issue 32). A text is made for a message only.
    public mutating func next() throws -> EntryRow? {
        guard let line = try reader.nextRecord() else { return nil }
        var texts = TextCache()
        swap(&texts, &self.texts)
        defer { swap(&texts, &self.texts) }
        let (columns, defaultTimeZone, now) = (columns, defaultTimeZone, now)
        return try reader.withFields { fields in
            try Self.row(
                fields, line: line, columns: columns, defaultTimeZone: defaultTimeZone, now: now, texts: &texts)
        }
    }

    private static func row(
        _ fields: CSVReader.Fields, line: Int, columns: EntriesCSVColumns, defaultTimeZone: String, now: Date,
        texts: inout TextCache
    ) throws -> EntryRow {
        func fail(_ column: Int?, _ message: String) -> CSVError {
            CSVError(line: line, column: (column ?? 0) + 1, message: message)
        }
        func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String { clip(String(decoding: bytes, as: UTF8.self)) }
        guard fields.count == columns.count else {
            throw fail(min(fields.count, columns.count), "expected \(columns.count) fields, found \(fields.count)")
        }
        var uid: UUID?
        if let column = columns.uid {
            try withTrimmed(fields[column]) { bytes in
                guard !bytes.isEmpty else { return }
                guard let parsed = CSVReader.uid(utf8: bytes) else {
                    throw fail(
                        column, "not a uid (a UUID such as 1b4e28ba-2fa1-4d2b-883f-0016d3cca427): '\(text(bytes))'")
                }
                uid = parsed
            }
        }
        let dayKey = try withTrimmed(fields[columns.dayKey]) { bytes in
            guard let dayKey = DayKey(utf8: bytes) else {
                throw fail(columns.dayKey, "not a day (YYYY-MM-DD): '\(text(bytes))'")
            }
            return dayKey
        }
        var value: Double?
        if let column = columns.value {
            try withTrimmed(fields[column]) { bytes in
                guard !bytes.isEmpty else { return }
                switch Quantity.read(utf8: bytes, form: .data) {
                case .value(let number): value = number
                case .tooLarge: throw fail(column, Quantity.tooLargeMessage(text(bytes)))
                case .notAnAmount: throw fail(column, "not a value (a number ≥ 0): '\(text(bytes))'")
                }
            }
        }
        var timestamp = now
        var timestampGiven = false
        var timestampText: Instant.StoredText?
        if let column = columns.timestamp {
            try withTrimmed(fields[column]) { bytes in
                guard !bytes.isEmpty else { return }
                guard let parsed = Instant.parse(utf8: bytes) else {
                    throw fail(column, "not an ISO 8601 timestamp: '\(text(bytes))'")
                }
                timestamp = parsed
                timestampText = Instant.storedText(utf8: bytes)
                timestampGiven = true
            }
        }
        var zone = defaultTimeZone
        if let column = columns.timeZone {
            try withTrimmed(fields[column]) { bytes in
                guard !bytes.isEmpty else { return }
                guard let known = texts.zone(bytes) else {
                    throw fail(column, "unknown time zone '\(text(bytes))'")
                }
                zone = known
            }
        }
        // The unit and the note as before, from their text: they are most often empty.
        func string(_ column: Int?) -> String? {
            guard let column, !fields[column].isEmpty else { return nil }
            return fields.string(column)
        }
        let unitField = string(columns.unit)
        let noteField = string(columns.note)
        var unit: String?
        if let unitField {
            let unitText = CSVReader.text(fromCell: trimmed(unitField))
            if !unitText.isEmpty { unit = unitText }
        }
        // The note's first, then the unit's; an empty field holds none.
        func noControl(_ field: String?, _ what: String, _ column: Int?) throws {
            guard let field,
                let scalar = TerminalText.firstControl(in: field, allowingLineBreaks: column == columns.note)
            else { return }
            throw fail(column, "\(what) holds the control character \(TerminalText.name(scalar))")
        }
        try noControl(noteField, "the note", columns.note)
        try noControl(unitField, "the unit", columns.unit)
        return EntryRow(
            habit: texts.habit(fields[columns.habit]), dayKey: dayKey, value: value, unit: unit,
            note: noteField.map { CSVReader.text(fromCell: $0) }.flatMap { $0.isEmpty ? nil : $0 },
            timestamp: timestamp,
            timeZone: zone, uid: uid, line: line, timestampGiven: timestampGiven, timestampText: timestampText)
    }

    /// A field's bytes with surrounding spaces and tabs removed, as `trimmed` removes
    /// them; the common case (none) reads two bytes and makes no string.
    static func withTrimmed<Value>(
        _ field: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Value
    ) rethrows -> Value {
        guard let first = field.first, let last = field.last, first == 32 || first == 9 || last == 32 || last == 9
        else { return try body(field) }
        var text = trimmed(String(decoding: field, as: UTF8.self))
        return try text.withUTF8(body)
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
