import Foundation
import RoutineCore

/// Writes entries as CSV (SPEC §5.5, §11): the header
/// `uid,habit,dayKey,value,unit,note,timestamp,timeZone`, RFC 4180 quoting, LF line
/// ends; a habit, unit or note that a spreadsheet would run as a formula starts with
/// `'` (`CSVReader.textCell`). Everything written reads back through `EntriesCSVReader` as the same row:
/// values in their shortest round-trip form, instants in the store's millisecond form.
public struct EntriesCSVWriter {
    /// The columns, in the order they are written. Files with the earlier header
    /// `habit,dayKey,value,note,timestamp,timeZone` are still read.
    public static let header = ["uid", "habit", "dayKey", "value", "unit", "note", "timestamp", "timeZone"]

    /// The header line and every row appended so far.
    public private(set) var text = header.joined(separator: ",") + "\n"

    public init() {}

    /// One row; a row without a uid is written with an empty one, its unit empty for a
    /// binary habit.
    public mutating func append(_ row: EntryRow) {
        if let uid = row.uid { text += uid.uuidString.lowercased() }
        text += ","
        text += CSVReader.textCell(row.habit)
        text += ","
        text += row.dayKey.description
        text += ","
        if let value = row.value { text += Self.formatValue(value) }
        text += ","
        if let unit = row.unit { text += CSVReader.textCell(unit) }
        text += ","
        if let note = row.note { text += CSVReader.textCell(note) }
        text += ","
        text += Instant.format(row.timestamp)
        text += ","
        text += CSVReader.quoted(row.timeZone)
        text += "\n"
    }

    /// A number written so that it reads back the same: integers without a fraction,
    /// others in Swift's shortest round-trip form.
    static func formatValue(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
