import EndToEndSupport
import Foundation
import RoutineCore
import RoutineFile
import TestSupport
import Testing

@testable import RoutineApp
@testable import RoutineStore

/// SPEC §17.3's property: on random routines and three weeks of random use — runs with
/// answers, skips, declines and stops, `log`s, imports, pauses, schedule changes, steps
/// pulled from another device, `later` — `today`, `review`, `stats`, `plan` and `habits`
/// state the same of every (habit, day), and the streaks equal a plain reference computed
/// from the states as SPEC §17.2 words it.
@Suite struct LedgerPropertyTests {
    /// Monday 2026-11-02: the first of three weeks; today is Sunday 11-22, 20:00 UTC.
    static let first = DayKey("2026-11-02") ?? DayKey(ordinal: 0)
    static var days: [DayKey] { (0..<21).map { first.adding(days: $0) } }
    static let habitNames = ["A", "B", "C", "D"]

    static func routine(_ g: inout SeededGenerator) -> String {
        let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        func schedule() -> String {
            switch g.below(4) {
            case 0: return "    days: [\(weekdays.filter { _ in g.below(2) == 0 }.first ?? "sat"), sun]\n"
            case 1: return "    every: \(2 + g.below(2))\n"
            default: return "    weekly: \(1 + g.below(3))\n"
            }
        }
        var text = "routine: prop\nstart: [q]\nhabits:\n"
        for name in ["A", "B", "C"] { text += "  \(name):\n" + schedule() }
        let when = g.below(2) == 0 ? ", when: 'weekday in [\(weekdays[g.below(7)]), \(weekdays[g.below(7)])]'" : ""
        text += """
            nodes:
              q:
                question: How?
                options:
                  - {text: X, next: [a]}
                  - {text: Y, next: [b, c]}
              a: {habit: A, next: [c]}
              b: {habit: B\(when)}
              c: {habit: C}

            """
        return text
    }

    /// Three weeks of random use of `store`.
    static func history(
        _ store: AppDatabase, _ routine: StoredRoutine, _ g: inout SeededGenerator
    ) throws {
        for day in days {
            let date = day.description
            switch g.below(10) {
            case 0...4: try randomRun(store, routine, day, lines: ["y", "n", "", "y"], &g)
            case 5:
                // Pulled from another device: an answer and a habit's outcome, no run here.
                try LedgerTests.insertStep(
                    store, day: date, node: "q", kind: "question", text: "How?", outcome: "answered", option: "Y",
                    routine: "prop")
                try LedgerTests.insertStep(
                    store, day: date, node: "b", kind: "habit", text: "B",
                    outcome: ["skipped", "done", "later"][g.below(3)],
                    routine: "prop")
            default: break
            }
            if g.below(4) == 0 { try LedgerTests.log(store, habitNames[g.below(4)], date) }
            if g.below(12) == 0 {
                _ = try store.bulk.importEntries(
                    rows: [EntryRow(habit: "D", dayKey: day, timestamp: LedgerTests.time.now(), timeZone: "UTC")],
                    now: LedgerTests.time.now())
            }
            if g.below(15) == 0 {
                _ = try store.pauses.addPause(
                    habits: g.below(2) == 0 ? [] : ["A"], from: day, to: day.adding(days: g.below(3)), note: nil,
                    at: LedgerTests.time.now())
            }
            if g.below(20) == 0 {
                _ = try store.habits.setSchedule(habit: "C", to: [nil, .every(2), .days([.mon, .thu])][g.below(3)])
            }
        }
    }

    /// A run on `day`: an answer, then up to three of `lines` at its habit prompts; a
    /// run left at a prompt is paused (unfinished).
    static func randomRun(
        _ store: AppDatabase, _ routine: StoredRoutine, _ day: DayKey, lines: [String], _ g: inout SeededGenerator
    ) throws {
        let answers = [["1", "2"][g.below(2)]] + (0..<3).map { _ in lines[g.below(lines.count)] }
        var (run, _) = try RunCoordinator.open(
            routine, dayKey: day, store: store, time: LedgerTests.time, timeZoneName: "UTC")
        for line in answers.prefix(1 + g.below(4)) where run.walker.prompt != nil { _ = try run.handle(line) }
        if run.walker.prompt != nil { run.pause() }
        try run.finish()
    }

    /// SPEC §17.2 read plainly from the states: walking back from D, done extends, missed
    /// and skipped break, the rest neither.
    static func reference(_ states: [DayState], at index: Int) -> (current: Int, previous: Int, best: Int) {
        func current(_ end: Int) -> Int {
            var count = 0
            var i = end
            while i >= 0 {
                if states[i] == .done { count += 1 } else if states[i].breaksStreak { break }
                i -= 1
            }
            return count
        }
        return (current(index), index > 0 ? current(index - 1) : 0, (0...index).map(current).max() ?? 0)
    }

    @Test(arguments: [UInt64(11), 23, 37])
    func everyViewStatesTheSameOfEveryHabitAndDay(seed: UInt64) throws {
        var g = SeededGenerator(seed: seed)
        let (store, _, folder) = try LedgerTests.store(Self.routine(&g), at: Self.first.adding(days: -1))
        _ = folder
        let routine = try #require(try store.routines.routine(slug: "prop"))
        try LedgerTests.log(store, "D", Self.first.description)
        try Self.history(store, routine, &g)
        let time = LedgerTests.time
        let planner = DayPlanner(store: store)
        let last = try #require(Self.days.last)
        let ledger = try HabitLedger.build(planner: planner, through: last, time: time)
        let keys = try store.habits.all().map(\.key)
        let plan = try planner.plan(from: Self.first, count: 21, time: time)
        let weeks = try (0..<3).map { week in
            try ReviewService.review(
                store: store, span: .week, day: Self.first.adding(days: 7 * week + 6), weekStart: 0, time: time,
                goals: [])
        }
        for (index, day) in Self.days.enumerated() {
            let label = "seed \(seed), \(day)"
            let today = try planner.today(day: day, time: time)
            let stats = try HabitFigures.stats(store: store, day: day, time: time)
            let week = weeks[index / 7]
            for key in keys {
                let state = ledger.state(key, day)
                // today: every section naming the habit says its state.
                for section in today.sections {
                    for item in section.items where item.stats.habit.key == key {
                        #expect(item.state == state, "\(label) today \(key)")
                    }
                }
                // review: the day's state by name.
                if let row = week.habits.first(where: { HabitKey($0.name) == key }) {
                    #expect(row.states[day.weekday] == state.name, "\(label) review \(key)")
                } else {
                    #expect(!state.isDue && state != .done, "\(label) review leaves out \(key), \(state)")
                }
                // plan: the cell's state.
                for group in plan.groups {
                    for row in group.rows where HabitKey(row.habit) == key {
                        #expect(row.cells[index].state == state, "\(label) plan \(key)")
                    }
                }
                // stats: the streaks of SPEC §17.2 from the states, and due-ness.
                let figures = try #require(stats.first { $0.habit.key == key })
                let first = ledger.days[key]?.first ?? day.ordinal
                let span = (min(first, day.ordinal)...day.ordinal).map { ledger.state(key, DayKey(ordinal: $0)) }
                let expected = Self.reference(span, at: span.count - 1)
                #expect(figures.currentStreak == expected.current, "\(label) streak \(key)")
                #expect(figures.previousStreak == expected.previous, "\(label) previous \(key)")
                #expect(figures.bestStreak == expected.best, "\(label) best \(key)")
                #expect(figures.doneToday == (state == .done), "\(label) done \(key)")
                if state.isDue { #expect(figures.due, "\(label) due \(key)") }
                if figures.doneToday {
                    #expect(figures.currentStreak == figures.previousStreak + 1, "\(label) +1 \(key)")
                }
            }
        }
        // habits: the same figures as stats on today.
        let habits = try HabitFigures.stats(store: store, day: last, time: time)
        #expect(habits == (try HabitFigures.stats(store: store, day: last, time: time, planner: planner)))
    }
}
