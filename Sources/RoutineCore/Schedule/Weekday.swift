/// A day of the week, as written in schedules and conditions (`mon` … `sun`).
///
/// Raw values follow `DayKey.weekday`: 0 is Monday, 6 is Sunday.
public enum Weekday: Int, Codable, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    case mon, tue, wed, thu, fri, sat, sun

    /// The weekday of a DayKey.
    public init(_ day: DayKey) {
        self = Weekday(rawValue: day.weekday) ?? .mon
    }

    /// A weekday name, case-insensitively (`Mon`, `mon`, `MON`); the three-letter names only.
    public init?(name: String) {
        guard let day = Weekday.allCases.first(where: { $0.description == name.lowercased() }) else { return nil }
        self = day
    }

    public var description: String { Self.names[rawValue] }

    /// `Monday` … `Sunday`.
    public var longName: String { Self.longNames[rawValue] }

    private static let names = CalendarNames.shortWeekdays.map { $0.lowercased() }
    private static let longNames = CalendarNames.weekdays

    public static func < (a: Weekday, b: Weekday) -> Bool { a.rawValue < b.rawValue }
}
