import Foundation
import Testing

@testable import RoutineCore

@Suite struct DayKeyTests {
    @Test func parsesAndFormatsRoundTrip() {
        for text in ["1970-01-01", "2024-02-29", "2026-11-22", "1999-12-31", "0001-01-01", "9999-12-31"] {
            #expect(DayKey(text)?.description == text)
        }
    }

    /// The fixed-width fast path writes what the padded form writes, at its edges too.
    @Test func descriptionIsPaddedAtEveryYear() {
        func padded(_ key: DayKey) -> String {
            func pad(_ value: Int, _ width: Int) -> String {
                let digits = String(abs(value))
                return String(repeating: "0", count: max(0, width - digits.count)) + digits
            }
            return "\(key.year < 0 ? "-" : "")\(pad(key.year, 4))-\(pad(key.month, 2))-\(pad(key.day, 2))"
        }
        let edges = [-719_893, -719_529, -719_528, -719_163, -719_162, 0, 2_932_896, 2_932_897, 2_933_262]
        for ordinal in edges + Array(stride(from: -720_000, through: 2_940_000, by: 997)) {
            let key = DayKey(ordinal: ordinal)
            #expect(key.description == padded(key), "\(ordinal)")
        }
        #expect(DayKey(ordinal: -719_528).description == "0000-01-01")
        #expect(DayKey(ordinal: -719_529).description == "-0001-12-31")
        #expect(DayKey(ordinal: 2_932_897).description == "10000-01-01")
    }

    @Test func rejectsImpossibleDates() {
        for text in ["2023-02-29", "2026-13-01", "2026-00-10", "2026-11-31", "26-11-22", "2026-1-22", "２０２６-11-22", ""]
        {
            #expect(DayKey(text) == nil, "\(text)")
        }
    }

    @Test func arithmeticCrossesMonthYearAndLeapDay() {
        #expect(DayKey("2024-02-28")!.adding(days: 1).description == "2024-02-29")
        #expect(DayKey("2024-02-29")!.adding(days: 1).description == "2024-03-01")
        #expect(DayKey("2026-12-31")!.adding(days: 1).description == "2027-01-01")
        #expect(DayKey("2027-01-01")!.adding(days: -7).description == "2026-12-25")
    }

    @Test func weekdayIsMondayZero() {
        #expect(DayKey("2026-11-23")!.weekday == 0)  // a Monday
        #expect(DayKey("2026-11-22")!.weekday == 6)  // a Sunday
    }

    @Test func dayStartShiftsEarlyHoursToThePreviousDay() {
        let utc = TimeZone(identifier: "UTC")!
        let instant = ISO8601DateFormatter().date(from: "2026-11-22T01:30:00Z")!
        #expect(DayKey(instant: instant, timeZone: utc).description == "2026-11-22")
        #expect(DayKey(instant: instant, timeZone: utc, dayStartMinutes: 180).description == "2026-11-21")
    }

    @Test func timeZonesOnBothSidesOfTheDateLine() {
        let instant = ISO8601DateFormatter().date(from: "2026-11-22T11:30:00Z")!
        #expect(
            DayKey(instant: instant, timeZone: TimeZone(identifier: "Pacific/Kiritimati")!).description == "2026-11-23")
        #expect(
            DayKey(instant: instant, timeZone: TimeZone(identifier: "Pacific/Pago_Pago")!).description == "2026-11-22")
        #expect(DayKey(instant: instant, timeZone: TimeZone(identifier: "Pacific/Midway")!).description == "2026-11-22")
    }

    @Test func parsesDayStart() {
        #expect(TimeContext.parseDayStart("03:00") == 180)
        #expect(TimeContext.parseDayStart("23:59") == 1439)
        #expect(TimeContext.parseDayStart("24:00") == nil)
        #expect(TimeContext.parseDayStart("3:00") == nil)
        #expect(TimeContext.parseDayStart("03:60") == nil)
    }
}

@Suite struct NameFoldingTests {
    @Test func habitNamesFoldCaseAndWhiteSpace() {
        #expect(HabitKey(" drink  water ") == HabitKey("Drink Water"))
        #expect(HabitName.display(" drink \t water ") == "drink water")
        #expect(HabitKey("Drink Water") != HabitKey("Drink Waters"))
    }

    @Test func unitSpellingsFoldToOneSymbol() {
        #expect(UnitName.canonical("km") == "km")
        #expect(UnitName.canonical("Kilometres") == "km")
        #expect(UnitName.canonical(" kilometer ") == "km")
        #expect(UnitName.canonical("Minutes") == "min")
        #expect(UnitName.canonical("Laps") == "laps")
    }
}
