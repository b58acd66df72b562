import ArgumentParser
import RoutineCore
import Testing

@testable import RoutineCLI

@Suite struct DayArgumentTests {
    /// 2026-11-23 is a Monday.
    private let monday = DayKey(year: 2026, month: 11, day: 23)!

    private func day(_ word: String) -> String? {
        DayArgument(word)?.resolve(today: monday).description
    }

    @Test func datesAndRelativeWords() {
        #expect(day("2026-01-31") == "2026-01-31")
        #expect(day("today") == "2026-11-23")
        #expect(day("Yesterday") == "2026-11-22")
        #expect(day("-1") == "2026-11-22")
        #expect(day("-30") == "2026-10-24")
        #expect(day("-0") == "2026-11-23")
    }

    @Test func weekdaysAreTheMostRecentSuchDayTodayIncluded() {
        #expect(day("monday") == "2026-11-23")
        #expect(day("mon") == "2026-11-23")
        #expect(day("sunday") == "2026-11-22")
        #expect(day("TUE") == "2026-11-17")
        #expect(day("friday") == "2026-11-20")
    }

    @Test func otherWordsAreRefused() {
        for word in [
            "", "+", "-", "-x", "+x", "-9999999", "+999999", "2026-02-30", "mo", "mond", "yesterday2", "next",
            "next 3", "nextmon", "tomorrow2",
        ] {
            #expect(DayArgument(word) == nil, "\(word)")
        }
    }

    /// Issue 19 item 15: a future day wherever one makes sense.
    @Test func forwardWordsNameFutureDays() {
        #expect(day("tomorrow") == "2026-11-24")
        #expect(day("+1") == "2026-11-24")
        #expect(day("+7") == "2026-11-30")
        #expect(day("next mon") == "2026-11-30")
        #expect(day("Next-Sun") == "2026-11-29")
        #expect(day("next tue") == "2026-11-24")
    }

    /// Where a range ends or a plan starts, a bare weekday is the coming one, today included.
    @Test func aWeekdayEndingARangePointsForward() throws {
        func forward(_ word: String, today: DayKey) throws -> String {
            try DayArgument.parseForward(word).resolve(today: today).description
        }
        let thursday = DayKey(year: 2026, month: 11, day: 26)!
        #expect(try forward("sun", today: thursday) == "2026-11-29")
        #expect(try forward("thu", today: thursday) == "2026-11-26")
        #expect(try forward("wed", today: thursday) == "2026-12-02")
        #expect(try forward("yesterday", today: thursday) == "2026-11-25")
        #expect(try forward("2026-11-01", today: thursday) == "2026-11-01")
        #expect(try DayArgument.parse("sun").resolve(today: thursday).description == "2026-11-22")
    }

    @Test func aMistypedWordIsAUsageErrorWithASuggestion() {
        #expect(throws: ValidationError.self) { try DayArgument.parse("yestrday") }
        do {
            _ = try DayArgument.parse("yestrday")
        } catch {
            #expect("\(error)".hasSuffix("did you mean 'yesterday'?"))
        }
        do {
            _ = try DayArgument.parse("2026-13-01")
        } catch {
            #expect(!"\(error)".contains("did you mean"))
        }
    }

    @Test func theWordIsResolvedWithTheSettingsOfTheCommand() throws {
        // 01:30 in Tokyo on Monday the 23rd, before a 03:00 day start: today is Sunday the 22nd.
        let env = [
            "TZ": "Asia/Tokyo", "ROUTINE_DAY_START": "03:00", "ROUTINE_NOW": "2026-11-22T16:30:00Z",
            "HOME": "/nonexistent",
        ]
        let settings = try Settings(options: GlobalOptions.parse([]), environment: env)
        #expect(try settings.day(DayArgument("yesterday")).description == "2026-11-21")
        #expect(try settings.day(DayArgument("sunday")).description == "2026-11-22")
        #expect(try settings.day(nil).description == "2026-11-22")
    }
}
