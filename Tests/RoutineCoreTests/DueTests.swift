import Testing

@testable import RoutineCore

/// SPEC §10.1–10.2's due-ness as pure functions, at the edges.
@Suite struct DueTests {
    private let monday = DayKey("2026-11-23")!

    @Test func weekdaysOfDayKeys() {
        #expect(Weekday(monday) == .mon)
        #expect(Weekday(monday.adding(days: 6)) == .sun)
        // DST changes (Europe 2026-03-29, US 2026-11-01) are plain days: a DayKey has no clock.
        #expect(Weekday(DayKey("2026-03-29")!) == .sun)
        #expect(Weekday(DayKey("2026-11-01")!) == .sun)
        #expect(Weekday(DayKey("1970-01-01")!) == .thu)
        #expect(Weekday(name: "SAT") == .sat)
        #expect(Weekday(name: "saturday") == nil)
    }

    @Test func noScheduleIsDueEveryDay() {
        for offset in 0..<7 {
            #expect(
                Due.status(schedule: nil, paused: false, day: monday.adding(days: offset), lastDoneBefore: nil) == .due)
        }
    }

    @Test func daysScheduleIsDueOnItsWeekdaysOnly() {
        let schedule = Schedule.days([.mon, .wed, .fri])
        let due = (0..<7).map {
            Due.status(schedule: schedule, paused: false, day: monday.adding(days: $0), lastDoneBefore: nil).isDue
        }
        #expect(due == [true, false, true, false, true, false, false])
        #expect(
            Due.status(schedule: schedule, paused: false, day: monday.adding(days: 1), lastDoneBefore: nil).reason
                == "schedule: mon, wed, fri")
    }

    @Test func everyNIsDueUnlessDoneInTheNMinusOneDaysBefore() {
        let every3 = Schedule.every(3)
        func due(_ last: Int?) -> Bool {
            Due.status(
                schedule: every3, paused: false, day: monday, lastDoneBefore: last.map { monday.adding(days: -$0) }
            ).isDue
        }
        #expect(due(nil))  // never done: due (the first day ever)
        #expect(!due(1))
        #expect(!due(2))
        #expect(due(3))
        #expect(due(400))
        // every: 1 is daily whatever was done yesterday.
        #expect(
            Due.status(schedule: .every(1), paused: false, day: monday, lastDoneBefore: monday.adding(days: -1)) == .due
        )
        #expect(
            Due.status(schedule: every3, paused: false, day: monday, lastDoneBefore: monday.adding(days: -1)).reason
                == "schedule: every 3 days")
    }

    @Test func aPauseWinsOverTheScheduleOnEveryDayItSpans() {
        let pause = PauseSpan(from: monday, to: monday.adding(days: 2), habitKeys: ["Run"])
        let spans = [pause]
        #expect(!Due.isDue(habit: "run", on: monday, schedule: nil, pauses: spans, doneDays: []))
        #expect(!Due.isDue(habit: "RUN", on: monday.adding(days: 2), schedule: nil, pauses: spans, doneDays: []))
        #expect(Due.isDue(habit: "run", on: monday.adding(days: 3), schedule: nil, pauses: spans, doneDays: []))
        #expect(Due.isDue(habit: "run", on: monday.adding(days: -1), schedule: nil, pauses: spans, doneDays: []))
        #expect(Due.isDue(habit: "Swim", on: monday, schedule: nil, pauses: spans, doneDays: []))
        let holiday = PauseSpan(from: monday, to: monday)
        #expect(!Due.isDue(habit: "Swim", on: monday, schedule: nil, pauses: [holiday], doneDays: []))
        #expect(Due.status(schedule: .days([.mon]), paused: true, day: monday, lastDoneBefore: nil).reason == "paused")
    }

    @Test func isDueReadsOnlyEntriesBeforeTheDay() {
        let every2 = Schedule.every(2)
        #expect(Due.isDue(habit: "a", on: monday, schedule: every2, pauses: [], doneDays: [monday]))
        #expect(Due.isDue(habit: "a", on: monday, schedule: every2, pauses: [], doneDays: [monday.adding(days: 1)]))
        #expect(!Due.isDue(habit: "a", on: monday, schedule: every2, pauses: [], doneDays: [monday.adding(days: -1)]))
    }

    @Test func schedulesKeepTheirStoredText() {
        for schedule in [Schedule.days([.mon, .sun]), .every(1), .every(10_000)] {
            #expect(Schedule(storedText: schedule.storedText) == schedule)
        }
        for bad in ["days:", "days:mon,mon", "days:moon", "every:0", "every:-1", "every:x", "weekly", ""] {
            #expect(Schedule(storedText: bad) == nil, "\(bad)")
        }
    }
}
