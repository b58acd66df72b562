import TestSupport
import Testing

@testable import RoutineCore

/// `HabitDays` holds its dense days as codes into a palette of distinct states: whatever
/// way they are gathered (state by state, or by codes as the ledger gathers them), each
/// day reads back as its state, and the streaks are SPEC §17.2's, folded plainly here.
@Suite struct HabitDaysTests {
    private static let states: [DayState] = [
        .done, .done, .missed, .skipped, .paused, .declined, .later, .open, .partial(amount: 5, target: 8),
        .partial(amount: 2, target: 8), .notDue(.schedule("schedule: mon")), .notDue(.schedule("schedule: tue")),
        .notDue(.branchNotTaken), .notDue(.frequencyMet("frequency met: 3 of 3 this week")), .notDue(.archived),
        .possible(dependsOn: "mood"), .optional(reason: "schedule: sun"),
    ]

    @Test(arguments: [UInt64(7), 19, 53])
    func statesReadBackAndStreaksFoldPlainly(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        let first = 1_000 + g.below(20)
        var states: [DayState] = []
        for _ in 0..<g.below(200) {
            // Runs of one state (as days give them), and others between.
            let state = g.below(3) == 0 ? Self.states[g.below(Self.states.count)] : g.below(2) == 0 ? .done : .missed
            states.append(state)
        }
        let sparse: [Int: DayState] = g.below(2) == 0 ? [:] : [first + states.count + 3: .done]
        let dueDone = (0..<states.count).filter { states[$0] == .done && g.below(2) == 0 }.map { first + $0 }
        var codes = HabitDays.Codes()
        let done = codes.code(.done)
        for state in states {
            if state == .done { codes.append(code: done) } else { codes.append(state) }
        }
        let plain = HabitDays(first: first, states: states, sparse: sparse, dueDoneAscending: dueDone)
        let coded = HabitDays(first: first, codes: codes, sparse: sparse, dueDoneAscending: dueDone)
        #expect(plain == coded)
        #expect(plain.states == states)
        #expect(coded.states == states)
        for day in (first - 2)...(first + states.count + 5) {
            #expect(coded.state(day) == plain.state(day), "seed \(seed), day \(day)")
            #expect(coded.figures(at: day) == plain.figures(at: day), "seed \(seed), day \(day)")
            // SPEC §17.2, plainly: done extends, missed and skipped break, the rest neither.
            var (current, best) = (0, 0)
            for ordinal in first...max(first, day) {
                guard let state = plain.state(ordinal), ordinal <= day else { continue }
                if state == .done {
                    current += 1
                    best = max(best, current)
                } else if state == .missed || state == .skipped {
                    current = 0
                }
            }
            #expect(coded.figures(at: day).currentStreak == current, "seed \(seed), day \(day)")
            #expect(coded.figures(at: day).bestStreak == best, "seed \(seed), day \(day)")
        }
    }

    /// Each state's code (states without a payload have fixed slots, the others a
    /// dictionary) is the same every time it is asked, distinct from every other state's,
    /// and reads back as its state.
    @Test func eachStateHasOneCodeThatReadsBack() {
        let distinct = Self.states.reduce(into: [DayState]()) { if !$0.contains($1) { $0.append($1) } }
        var codes = HabitDays.Codes()
        // Asked in one order, then again in reverse: the codes stay.
        let first = distinct.map { codes.code($0) }
        #expect(distinct.reversed().map { codes.code($0) } == first.reversed())
        #expect(Set(first).count == distinct.count)
        for code in first { codes.append(code: code) }
        #expect(HabitDays(first: 10, codes: codes, dueDoneAscending: []).states == distinct)
    }
}
