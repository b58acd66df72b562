import Foundation
import GRDB
import RoutineCore

extension AppDatabase {
    /// The CSV columns, in the order `entriesCSV` writes them (SPEC §11). Files with the
    /// earlier header `habit,dayKey,value,note,timestamp,timeZone` are still read.
    public static let csvHeader = ["uid", "habit", "dayKey", "value", "unit", "note", "timestamp", "timeZone"]

    /// Live entries as CSV (RFC 4180 quoting, LF line ends) with the header
    /// `uid,habit,dayKey,value,unit,note,timestamp,timeZone`; the same filters as
    /// `entries`. `unit` is the habit's measure (empty for a binary habit), so that a
    /// fresh store recreates the habit as it was. Values are written so that
    /// `importEntries` reads back the same number.
    public func entriesCSV(habit: String? = nil, from: DayKey? = nil, to: DayKey? = nil) throws -> String {
        try read { db in
            var (clauses, arguments) = try Self.entryFilter(db, habit: habit, from: from, to: to)
            clauses.append("e.deleted_at IS NULL")
            var out = Self.csvHeader.joined(separator: ",") + "\n"
            // Stored day keys and timestamps are already in their canonical text forms.
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT h.name, e.day_key, e.value, e.note, e.timestamp, e.time_zone, e.uid, m.unit
                    FROM habit_entry e JOIN habit h ON h.id = e.habit_id LEFT JOIN measure m ON m.id = h.measure_id
                    WHERE \(clauses.joined(separator: " AND ")) ORDER BY e.day_key, e.id
                    """, arguments: arguments)
            while let row = try rows.next() {
                let value: Double? = try row.decode(atIndex: 2)
                let note: String? = try row.decode(atIndex: 3)
                let uid: String? = try row.decode(atIndex: 6)
                let unit: String? = try row.decode(atIndex: 7)
                out += uid ?? ""
                out += ","
                out += CSVParser.quoted(try row.decode(atIndex: 0))
                out += ","
                out += try row.decode(atIndex: 1) as String
                out += ","
                if let value { out += Self.formatValue(value) }
                out += ","
                if let unit { out += CSVParser.quoted(unit) }
                out += ","
                if let note { out += CSVParser.quoted(note) }
                out += ","
                out += try row.decode(atIndex: 4) as String
                out += ","
                out += CSVParser.quoted(try row.decode(atIndex: 5))
                out += "\n"
            }
            return out
        }
    }

    /// Reads entries from CSV in one transaction: all rows or none.
    ///
    /// Columns are found by header name (case-insensitive): `habit` and `dayKey` are
    /// required; `value`, `note`, `timestamp` (ISO 8601; default `now`), `timeZone`
    /// (default `defaultTimeZone`) and `unit` (for habits the import creates) are optional;
    /// any other column is an error. Each row follows `logEntry`'s rules and goes through
    /// the same get-or-create path. The first bad row throws `StoreError.invalidCSV`
    /// with its line and column (field number). Returns the number of entries written.
    public func importEntries(csv: String, defaultTimeZone: String, now: Date) throws -> Int {
        try importEntriesReport(csv: csv, defaultTimeZone: defaultTimeZone, now: now).imported
    }

    /// `importEntries`, also counting the rows skipped because their `uid` is already
    /// stored (or came earlier in the same file): importing a file twice changes nothing.
    /// A `uid` that is not a UUID is an error at its line:column; one is made for a row
    /// without a uid.
    public func importEntriesReport(csv: String, defaultTimeZone: String, now: Date) throws -> CSVImportResult {
        var parser = CSVParser(csv)
        guard let header = try parser.next() else { return CSVImportResult(imported: 0, alreadyPresent: 0) }
        let columns = try CSVColumns(header: header.fields, line: header.line)
        parser.longField = columns.note.map { $0 + 1 }
        return try write { db in
            // A big import touches every page of the entry table and its indexes: with
            // SQLite's default 2 MB page cache it spills pages to the WAL mid-transaction
            // and reads them back (about 100,000 reads and 120,000 writes for 365,000
            // rows). A cache of up to 64 MB for this transaction keeps them in memory.
            let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
            try db.execute(sql: "PRAGMA cache_size = -65536")
            defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
            let indexes = try Self.dropEntryIndexesForBulkLoad(db, csv: csv)
            var resolver = HabitResolver(db: db, now: now)
            let inserter = try EntryBulkInserter(db)
            let nowText = Instant.format(now)
            var zones: Set<String> = []
            var count = 0
            var skipped = 0
            var seenUIDs: Set<String> = []
            while let (line, fields) = try parser.next() {
                func fail(_ column: Int?, _ message: String) -> StoreError {
                    .invalidCSV(line: line, column: (column ?? 0) + 1, message: message)
                }
                guard fields.count == columns.count else {
                    throw fail(
                        min(fields.count, columns.count), "expected \(columns.count) fields, found \(fields.count)")
                }
                var uid = Self.newUID()
                if let column = columns.uid {
                    let text = Self.trimmed(fields[column])
                    if !text.isEmpty {
                        guard let parsed = UUID(uuidString: text) else {
                            throw fail(
                                column,
                                "not a uid (a UUID such as 1b4e28ba-2fa1-4d2b-883f-0016d3cca427): '\(Self.clip(text))'")
                        }
                        uid = parsed.uuidString.lowercased()
                        if try !seenUIDs.insert(uid).inserted || inserter.exists(uid: uid) {
                            skipped += 1
                            continue
                        }
                    }
                }
                // DayKey accepts only exact YYYY-MM-DD, so the text is already canonical.
                let dayText = Self.trimmed(fields[columns.dayKey])
                guard DayKey(dayText) != nil else {
                    throw fail(columns.dayKey, "not a day (YYYY-MM-DD): '\(Self.clip(dayText))'")
                }
                var value: Double?
                if let column = columns.value {
                    let text = Self.trimmed(fields[column])
                    if !text.isEmpty {
                        guard let number = Self.parseValue(text) else {
                            throw fail(column, "not a value (a number ≥ 0): '\(Self.clip(text))'")
                        }
                        guard Quantity.isAllowed(number) else {
                            throw fail(column, Quantity.tooLargeMessage(Self.clip(text)))
                        }
                        value = number
                    }
                }
                var stamp = nowText
                if let column = columns.timestamp {
                    let text = Self.trimmed(fields[column])
                    if !text.isEmpty {
                        guard let parsed = Instant.parse(text) else {
                            throw fail(column, "not an ISO 8601 timestamp: '\(Self.clip(text))'")
                        }
                        stamp = Instant.isCanonical(text) ? text : Instant.format(parsed)
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
                    if !text.isEmpty { unit = text }
                }
                for (column, what) in [(columns.note, "the note"), (columns.unit, "the unit")] {
                    guard let column,
                        let scalar = TerminalText.firstControl(
                            in: fields[column], allowingLineBreaks: column == columns.note)
                    else { continue }
                    throw fail(column, "\(what) holds the control character \(TerminalText.name(scalar))")
                }
                let resolved: (HabitRow, Double?)
                do {
                    resolved = try resolver.habitForEntry(fields[columns.habit], value: value, unit: unit)
                } catch let error as StoreError {
                    throw fail(columns.blame(error), error.message)
                }
                try inserter.insert(
                    habitID: resolved.0.id, dayKey: dayText, timestamp: stamp, timeZone: zone, value: resolved.1,
                    note: columns.note.flatMap { Self.cleanNote(fields[$0]) }, uid: uid)
                count += 1
            }
            for sql in indexes { try db.execute(sql: sql) }
            return CSVImportResult(imported: count, alreadyPresent: skipped)
        }
    }

    /// For an import larger than the entries already stored (and at least 50,000
    /// lines), drops the entry table's indexes and returns their SQL, to be run again
    /// after the rows are in: building an index once from sorted keys is cheaper than
    /// updating it row by row. All in the import's transaction, so a failed import
    /// rolls the indexes back with the rows. The uid index stays: each row is looked up
    /// in it.
    static func dropEntryIndexesForBulkLoad(_ db: Database, csv: String) throws -> [String] {
        var lines = 0
        for byte in csv.utf8 where byte == 10 { lines += 1 }
        guard lines >= 50_000 else { return [] }
        let stored = try Int.fetchOne(db, sql: "SELECT count(*) FROM habit_entry") ?? 0
        guard lines > stored else { return [] }
        let indexes = try Row.fetchAll(
            db,
            sql: """
                SELECT name, sql FROM sqlite_master
                WHERE type = 'index' AND tbl_name = 'habit_entry' AND sql IS NOT NULL
                  AND name <> 'habit_entry_uid' ORDER BY name
                """)
        var statements: [String] = []
        for index in indexes {
            let name: String = index["name"]
            try db.execute(sql: "DROP INDEX \(name.quotedDatabaseIdentifier)")
            statements.append(index["sql"])
        }
        return statements
    }

    /// Surrounding spaces and tabs removed; the common case (none) costs two byte reads.
    static func trimmed(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last else { return text }
        if first != 32, first != 9, last != 32, last != 9 { return text }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// A number written so that it reads back the same: integers without a fraction,
    /// others in Swift's shortest round-trip form.
    static func formatValue(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A CSV value: digits with an optional fraction and exponent; nil for anything else
    /// (signs, `nan`, `inf`, hex, overflow).
    static func parseValue(_ text: String) -> Double? {
        var sawDigit = false
        var state = 0  // 0 integer part, 1 fraction, 2 exponent sign, 3 exponent digits
        for byte in text.utf8 {
            switch (state, byte) {
            case (0, 48...57), (1, 48...57): sawDigit = true
            case (0, UInt8(ascii: ".")): state = 1
            case (0, UInt8(ascii: "e")), (0, UInt8(ascii: "E")), (1, UInt8(ascii: "e")), (1, UInt8(ascii: "E")):
                guard sawDigit else { return nil }
                state = 2
            case (2, UInt8(ascii: "+")), (2, UInt8(ascii: "-")): state = 3
            case (2, 48...57), (3, 48...57): state = 3
            default: return nil
            }
        }
        guard sawDigit, state != 2, let value = Double(text), value.isFinite, value >= 0 else { return nil }
        return value
    }

    /// At most 40 characters of hostile text in an error line.
    static func clip(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "…"
    }
}

/// Where each known column is in a CSV header.
struct CSVColumns {
    var count: Int
    var uid: Int?
    var habit: Int
    var dayKey: Int
    var value: Int?
    var note: Int?
    var timestamp: Int?
    var timeZone: Int?
    var unit: Int?

    static let known = ["uid", "habit", "daykey", "value", "unit", "note", "timestamp", "timezone"]

    init(header: [String], line: Int) throws {
        var positions: [String: Int] = [:]
        for (index, raw) in header.enumerated() {
            var name = raw.trimmingCharacters(in: .whitespaces).lowercased()
            if index == 0, name.hasPrefix("\u{FEFF}") { name.removeFirst() }
            guard Self.known.contains(name) else {
                throw StoreError.invalidCSV(
                    line: line, column: index + 1,
                    message:
                        "unknown column '\(AppDatabase.clip(raw))' (columns: \(AppDatabase.csvHeader.joined(separator: ", ")))"
                )
            }
            guard positions[name] == nil else {
                throw StoreError.invalidCSV(line: line, column: index + 1, message: "column '\(name)' appears twice")
            }
            positions[name] = index
        }
        guard let habit = positions["habit"] else {
            throw StoreError.invalidCSV(line: line, column: 1, message: "missing required column 'habit'")
        }
        guard let dayKey = positions["daykey"] else {
            throw StoreError.invalidCSV(line: line, column: 1, message: "missing required column 'dayKey'")
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

    /// The column an entry-rule error is about.
    func blame(_ error: StoreError) -> Int? {
        switch error {
        case .valueForBinaryHabit, .valueRequired, .invalidValue: value ?? habit
        case .unitMismatch: unit ?? value ?? habit
        default: habit
        }
    }
}

/// What `importEntriesReport` did: rows written, and rows skipped because their uid was
/// already stored.
public struct CSVImportResult: Sendable, Equatable {
    public var imported: Int
    public var alreadyPresent: Int
}
