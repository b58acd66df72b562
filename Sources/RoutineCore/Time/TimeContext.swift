import Foundation

/// The injected sources of time and identity: the current instant, the active time
/// zone, the day-start hour, and new ids. Never read from globals inside the core.
public struct TimeContext: Sendable {
    public var now: @Sendable () -> Date
    public var timeZone: TimeZone
    /// Minutes after local midnight at which the user's day starts (0–1439).
    public var dayStartMinutes: Int
    public var newID: @Sendable () -> String

    public init(
        now: @escaping @Sendable () -> Date,
        timeZone: TimeZone,
        dayStartMinutes: Int = 0,
        newID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.now = now
        self.timeZone = timeZone
        self.dayStartMinutes = dayStartMinutes
        self.newID = newID
    }

    /// The DayKey of the current instant.
    public var today: DayKey { DayKey(instant: now(), timeZone: timeZone, dayStartMinutes: dayStartMinutes) }

    /// Parses `HH:MM` (00:00–23:59) into minutes after midnight.
    public static func parseDayStart(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), hours < 24, minutes < 60
        else { return nil }
        return hours * 60 + minutes
    }
}
