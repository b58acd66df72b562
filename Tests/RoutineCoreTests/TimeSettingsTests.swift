import Foundation
import RoutineCore
import Testing

@Suite struct TimeSettingsTests {
    @Test func flagWinsOverEnvironment() throws {
        let context = try TimeContext.resolve(
            timeZone: "Asia/Tokyo", dayStart: "03:00",
            environment: ["TZ": "Europe/Paris", "ROUTINE_DAY_START": "05:00", "ROUTINE_NOW": "2026-11-22T06:30:00Z"])
        #expect(context.timeZone.identifier == "Asia/Tokyo")
        #expect(context.dayStartMinutes == 180)
        #expect(context.now() == Date(timeIntervalSince1970: 1_795_329_000))
        #expect(context.today == DayKey("2026-11-22"))  // 15:30 in Tokyo
    }

    @Test func environmentWhenNoFlag() throws {
        let context = try TimeContext.resolve(
            timeZone: nil, dayStart: "",
            environment: [
                "TZ": ":America/New_York", "ROUTINE_DAY_START": "03:00", "ROUTINE_NOW": "2026-11-22T06:30:00Z",
            ])
        #expect(context.timeZone.identifier == "America/New_York")
        // 01:30 in New York, before a 03:00 day start: the previous day.
        #expect(context.today == DayKey("2026-11-21"))
    }

    @Test func fractionalSecondsAndOffsetsAreAccepted() {
        #expect(
            Instant.parse("2026-11-22T07:30:00.250+01:00") == Date(timeIntervalSince1970: 1_795_329_000.25))
        #expect(Instant.parse("2026-11-22 06:30") == nil)
    }

    @Test func badValuesNameTheirSource() {
        #expect(throws: TimeSettingsError("unknown time zone 'Mars/Base' (--timezone)")) {
            try TimeContext.resolve(timeZone: "Mars/Base", dayStart: nil, environment: [:])
        }
        #expect(throws: TimeSettingsError.self) {
            try TimeContext.resolve(timeZone: nil, dayStart: nil, environment: ["TZ": "Nowhere/X"])
        }
        #expect(throws: TimeSettingsError.self) {
            try TimeContext.resolve(timeZone: nil, dayStart: "25:00", environment: [:])
        }
        #expect(throws: TimeSettingsError.self) {
            try TimeContext.resolve(timeZone: nil, dayStart: nil, environment: ["ROUTINE_DAY_START": "3am"])
        }
        #expect(throws: TimeSettingsError.self) {
            try TimeContext.resolve(timeZone: "UTC", dayStart: nil, environment: ["ROUTINE_NOW": "tomorrow"])
        }
    }
}
