import Foundation
import TestSupport
import Testing

@testable import RoutineCore

/// Faults found by hostile testing (issue 13) that the core answers for: saved walker
/// states that would trap, clocks outside years 0001–9999, and amounts near 1e308.
@Suite struct HostileInputTests {
    /// A paused morning run with one entry written (token 1), as the store saves it.
    private func savedRun() throws -> (Routine, [String: Any]) {
        let routine = morningRoutine()
        var walker = Walker(routine: routine, dayKey: testDay)
        _ = walker.feed(["1", "y", "pause"])
        #expect(walker.nextToken == 2)
        let data = try JSONEncoder().encode(walker)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (routine, try #require(object))
    }

    private func decode(_ object: [String: Any]) throws -> Walker {
        try JSONDecoder().decode(Walker.self, from: JSONSerialization.data(withJSONObject: object))
    }

    // Item 4: `nextToken` near Int.max decoded, then the next `done` trapped with an
    // arithmetic overflow (SIGILL, exit 132 in `resume`).
    @Test func aNextTokenNearIntMaxIsRefusedOnDecoding() throws {
        var (_, object) = try savedRun()
        #expect(throws: Never.self) { try decode(object) }
        for token in [Int.max, Int.max - 1, WalkerSnapshot.maxToken + 1, 0, -3] {
            object["nextToken"] = token
            #expect(throws: DecodingError.self, "nextToken \(token)") { try decode(object) }
        }
        object["nextToken"] = WalkerSnapshot.maxToken
        var walker = try decode(object)
        _ = walker.resume()
        // At the largest allowed token a `done` still counts on without trapping.
        #expect(walker.handle("y").isAnswered)
        #expect(walker.nextToken == WalkerSnapshot.maxToken + 1)
    }

    @Test func everyFieldOfASavedStateIsChecked() throws {
        let (routine, object) = try savedRun()
        let snapshot = try decode(object).snapshot
        #expect(throws: Never.self) { try Walker(routine: routine, snapshot: snapshot, status: .active) }

        var wrongKind = snapshot
        wrongKind.steps[0].kind = .habit
        #expect(throws: WalkerError.self) { try Walker(routine: routine, snapshot: wrongKind, status: .active) }

        var negative = snapshot
        negative.steps[1].answer = .done(value: -1)
        #expect(throws: WalkerError.self) { try Walker(routine: routine, snapshot: negative, status: .active) }

        var infinite = snapshot
        infinite.steps[1].answer = .done(value: .infinity)
        #expect(throws: WalkerError.self) { try Walker(routine: routine, snapshot: infinite, status: .active) }

        var badTarget = snapshot
        let key = try #require(badTarget.habitSpecs.keys.first)
        badTarget.habitSpecs[key]?.target = -.infinity
        #expect(throws: WalkerError.self) { try Walker(routine: routine, snapshot: badTarget, status: .active) }
    }

    // Item 9: out-of-range clocks were filed under odd days (0002-12-31, 4713-01-01,
    // 10000-01-01) and `log` then failed on a raw CHECK constraint.
    @Test func clocksOutsideYears1To9999AreRefusedAfterTheZoneShift() throws {
        let refused: [(String, String)] = [
            ("0000-01-01T00:00:00Z", "America/New_York"),
            ("-999999-01-01T00:00:00Z", "UTC"),
            ("9999-12-31T23:59:59Z", "Pacific/Kiritimati"),
            ("0001-01-01T00:00:00Z", "America/Los_Angeles"),
        ]
        for (now, zone) in refused {
            #expect(throws: TimeSettingsError.self, "\(now) in \(zone)") {
                try TimeContext.resolve(timeZone: zone, dayStart: nil, environment: ["ROUTINE_NOW": now])
            }
        }
        let error = #expect(throws: TimeSettingsError.self) {
            try TimeContext.resolve(
                timeZone: "Pacific/Kiritimati", dayStart: nil, environment: ["ROUTINE_NOW": "9999-12-31T23:59:59Z"])
        }
        #expect(error?.message.contains("falls on 10000-01-01 in Pacific/Kiritimati") == true)
        let accepted: [(String, String, String)] = [
            ("9999-12-31T23:59:59Z", "UTC", "9999-12-31"),
            ("9999-12-31T09:00:00Z", "Pacific/Kiritimati", "9999-12-31"),
            ("0001-01-01T00:00:00Z", "UTC", "0001-01-01"),
            ("0001-01-01T12:00:00Z", "America/New_York", "0001-01-01"),
            // Proleptic Gregorian, like DayKeys and stored timestamps (not ICU's Julian dates).
            ("1500-03-01T12:00:00Z", "UTC", "1500-03-01"),
        ]
        for (now, zone, day) in accepted {
            let context = try TimeContext.resolve(timeZone: zone, dayStart: nil, environment: ["ROUTINE_NOW": now])
            #expect(context.today.description == day, "\(now) in \(zone)")
        }
    }

    @Test func dayKeysOfInstantsAgreeWithTheCalendarInModernYears() {
        var calendar = Calendar(identifier: .gregorian)
        var generator = SystemRandomNumberGenerator()
        for zoneName in ["UTC", "Europe/Berlin", "America/St_Johns", "Asia/Kathmandu", "Pacific/Kiritimati"] {
            guard let zone = TimeZone(identifier: zoneName) else { continue }
            calendar.timeZone = zone
            for _ in 0..<300 {
                let instant = Date(
                    timeIntervalSince1970: Double(Int.random(in: -2_000_000_000...5_000_000_000, using: &generator)))
                let start = Int.random(in: 0..<1440, using: &generator)
                // Less than three hours after the clocks went back, the day may not step
                // back with them (see the next test): the calendar's answer is not ours.
                let shortlyBefore = instant.addingTimeInterval(-3 * 3600)
                if zone.secondsFromGMT(for: shortlyBefore) > zone.secondsFromGMT(for: instant) { continue }
                let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
                guard let year = parts.year, let month = parts.month, let day = parts.day,
                    let hour = parts.hour, let minute = parts.minute,
                    let date = DayKey(year: year, month: month, day: day)
                else { continue }
                let expected = hour * 60 + minute < start ? date.adding(days: -1) : date
                #expect(DayKey(instant: instant, timeZone: zone, dayStartMinutes: start) == expected)
            }
        }
    }

    // Decided (docs/time.md): a day never steps back. With the day start inside the hour
    // the autumn change repeats (Berlin, 02:30), 00:45Z (02:45 CEST) began the 25th and
    // 01:15Z (02:15 CET) fell back on the 24th.
    @Test func theDayDoesNotStepBackWhenTheClocksGoBack() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let start = try #require(TimeContext.parseDayStart("02:30"))
        func day(_ text: String, _ dayStart: Int = start) throws -> String {
            let instant = try #require(Instant.parse(text))
            return DayKey(instant: instant, timeZone: berlin, dayStartMinutes: dayStart).description
        }
        #expect(try day("2026-10-25T00:29:59Z") == "2026-10-24")  // 02:29:59 CEST
        #expect(try day("2026-10-25T00:45:00Z") == "2026-10-25")  // 02:45 CEST: the day starts
        #expect(try day("2026-10-25T00:59:59Z") == "2026-10-25")  // 02:59:59 CEST
        #expect(try day("2026-10-25T01:00:00Z") == "2026-10-25")  // 02:00 CET, the hour again
        #expect(try day("2026-10-25T01:15:00Z") == "2026-10-25")  // 02:15 CET
        #expect(try day("2026-10-25T01:30:00Z") == "2026-10-25")  // 02:30 CET
        #expect(try day("2026-10-25T22:59:59Z") == "2026-10-25")  // 23:59:59 CET
        #expect(try day("2026-10-26T01:29:59Z") == "2026-10-25")  // 02:29:59 the next night
        #expect(try day("2026-10-26T01:30:00Z") == "2026-10-26")
        // The other day starts are untouched: the wall clock decides as before.
        #expect(try day("2026-10-25T01:15:00Z", 0) == "2026-10-25")
        #expect(try day("2026-10-25T01:15:00Z", 180) == "2026-10-24")  // 02:15 CET, before 03:00
        #expect(try day("2026-10-25T02:00:00Z", 180) == "2026-10-25")  // 03:00 CET
        // Spring: 02:30 never shows on the clock; the day starts at 03:00 CEST.
        #expect(try day("2026-03-29T00:59:59Z") == "2026-03-28")  // 01:59:59 CET
        #expect(try day("2026-03-29T01:00:00Z") == "2026-03-29")  // 03:00 CEST
    }

    // Values near 1e308 were accepted and summed to `inf` in `stats`.
    @Test func amountsAboveTheMaximumAreRefusedWithOneLine() {
        let huge = "1" + String(repeating: "0", count: 308)
        #expect(Quantity.read(huge) == .tooLarge)
        #expect(Quantity.parse(huge) == nil)
        #expect(Quantity.read("1000000001") == .tooLarge)
        #expect(Quantity.read("1000000000") == .value(1_000_000_000))
        #expect(Quantity.read("12.5") == .value(12.5))
        #expect(Quantity.read("1e9") == .notAnAmount)
        let message = Quantity.problem(huge) ?? ""
        #expect(message.hasSuffix("is too large: amounts go up to 1000000000"))
        #expect(message.count < 100)

        var walker = Walker(routine: morningRoutine(), dayKey: testDay)
        _ = walker.feed(["1", "y"])
        #expect(walker.prompt?.text == "Meditate")
        guard case .rejected(let hint) = walker.handle(huge) else {
            Issue.record("a huge amount was not rejected")
            return
        }
        #expect(hint.contains("too large"))
        #expect(walker.handle("1000000000").isAnswered)
    }
}
