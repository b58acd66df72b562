import EndToEndSupport
import Foundation
import RoutineCore
import RoutineFile
import TestSupport
import Testing

@testable import RoutineApp
@testable import RoutineCLI
@testable import RoutineStore

/// `today` reads the habits by hand through a window of days first (`todayLedger`, issue
/// 26), and their whole history only when what it prints reaches before the window: what
/// it prints is what the whole history gives, on the random histories of
/// `LedgerWindowTests` (a habit by hand done nearly every day, whose streak often crosses
/// the window; `every:`, `per:` and at-most habits by hand; pauses; routines run with
/// `--day` before their habits were created), at each of the last days.
@Suite struct TodayWindowTests {
    /// What `today` prints of a habit (text and JSON), from its figures.
    struct Printed: Equatable {
        var name: String
        var state: DayState
        var due: Bool
        var streaks: [Int]
        var momentum: Int
        var today: [Double?]
        var week: [Double?]
        var period: [Int?]
        var lastDone: DayKey?

        init(_ item: TodayOverview.Item) {
            let stats = item.stats
            name = item.name
            state = item.state
            due = stats.due
            streaks = [stats.currentStreak, stats.previousStreak]
            momentum = stats.momentum
            today = [stats.doneToday ? 1 : 0, Double(stats.todayCount), stats.todaySum]
            week = [Double(stats.weekCount), stats.weekSum, stats.weekComplete ? 1 : 0]
            period = [stats.periodDone, stats.periodStreak]
            lastDone = stats.previousStreak == 1 ? stats.lastDoneBefore : nil
        }
    }

    @Test(arguments: [UInt64(5), 17, 29, 41])
    func whatTodayPrintsIsTheWholeHistorys(seed: UInt64) throws {
        var g = SeededGenerator(seed: seed)
        let first = LedgerWindowTests.first
        let (store, _, folder) = try LedgerTests.store(LedgerPropertyTests.routine(&g), at: first.adding(days: 30))
        _ = folder
        let routine = try #require(try store.routines.routine(slug: "prop"))
        try LedgerWindowTests.history(store, routine, &g)
        let time = LedgerTests.time
        let planner = DayPlanner(store: store)
        var windowed = 0
        for back in 0..<14 {
            let day = time.today.adding(days: -back)
            let whole = try planner.today(day: day, time: time, span: nil)
            let window = try planner.today(day: day, time: time, span: 28)
            let label = "seed \(seed), \(day)"
            #expect(window.text == whole.text, "\(label)")
            #expect(
                window.sections.map { $0.items.map(Printed.init) } == whole.sections.map { $0.items.map(Printed.init) },
                "\(label)")
            let evaluated = try planner.todayLedger(day: day, time: time, span: 28).evaluatedCount
            let all = try planner.todayLedger(day: day, time: time, span: nil).evaluatedCount
            // (More when a habit by hand is read through the window and then whole.)
            if evaluated < all { windowed += 1 }
        }
        // Some habit by hand was read through the window alone (else this tests nothing).
        #expect(windowed > 0, "seed \(seed)")
    }
}
