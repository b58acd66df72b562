import Foundation
import TestSupport
import Testing

@testable import RoutineCore

/// The walker with schedules and pauses (SPEC §10.4): habit nodes that are not due are
/// `not-due` steps with a reason, activate nothing, are stepped over by `back`, and are
/// evaluated afresh on resume.
@Suite struct WalkerDueTests {
    /// 2026-11-22 is a Sunday.
    private let sunday = testDay

    /// start: [water, meditate]; meditate → journal.
    private func routine(meditate schedule: Schedule?) -> Routine {
        var builder = RoutineBuilder()
        builder.habit("water", "Drink Water")
        builder.habit("meditate", "Meditate", next: ["journal"])
        builder.habit("journal", "Journal")
        builder.habits = [HabitSpec(name: "Meditate", schedule: schedule)]
        return builder.build("r", start: ["water", "meditate"])
    }

    @Test func aHabitNotScheduledTodayIsANotDueStepThatActivatesNothing() throws {
        var walker = Walker(
            routine: routine(meditate: .days([.mon, .wed, .fri])), dayKey: sunday, context: .empty(sunday))
        _ = walker.feed(["y"])
        #expect(walker.status == .completed)
        #expect(walker.stepSummary == ["water=done", "meditate=not-due"])
        #expect(walker.steps[1].reason == "schedule: mon, wed, fri")
        #expect(walker.steps[1].kind == .habit && walker.steps[1].text == "Meditate")  // its JSON: TranscriptTests
        #expect(walker.steps[1].value == nil)
        #expect(walker.entries.map(\.habit) == ["Drink Water"])
    }

    @Test func withoutAContextEverythingIsDue() {
        var walker = Walker(routine: routine(meditate: .days([.mon])), dayKey: sunday)
        _ = walker.feed(["y", "y", "n"])
        #expect(walker.stepSummary == ["water=done", "meditate=done", "journal=skipped"])
    }

    @Test func aPausedHabitIsNotDueWithReasonPaused() {
        let context = DayContext(day: sunday, pauses: [PauseSpan(from: sunday, to: sunday, habitKeys: ["Drink Water"])])
        let walker = Walker(routine: routine(meditate: nil), dayKey: sunday, context: context)
        #expect(walker.steps.map(\.reason) == ["paused"])
        #expect(walker.prompt?.node == "meditate")
    }

    @Test func everyNReadsTheHistorySnapshot() {
        let recent = DayContext(day: sunday, history: ["meditate": [DayTally(day: sunday.adding(days: -1))]])
        let walker = Walker(routine: routine(meditate: .every(2)), dayKey: sunday, context: recent)
        #expect(walker.prompt?.node == "water")
        var next = walker
        _ = next.feed(["y"])
        #expect(next.stepSummary == ["water=done", "meditate=not-due"])
        #expect(next.steps[1].reason == "schedule: every 2 days")
        let old = DayContext(day: sunday, history: ["Meditate": [DayTally(day: sunday.adding(days: -2))]])
        var due = Walker(routine: routine(meditate: .every(2)), dayKey: sunday, context: old)
        _ = due.feed(["y"])
        #expect(due.prompt?.node == "meditate")
    }

    @Test func alreadyDoneWinsOverNotDue() {
        let walker = Walker(
            routine: routine(meditate: .days([.mon])), dayKey: sunday, alreadyDone: ["meditate"],
            context: .empty(sunday))
        #expect(walker.prompt?.node == "water")
        var next = walker
        _ = next.feed(["n"])
        // Done by hand on a day it was not due: shown as done, its next activated.
        #expect(next.stepSummary == ["water=skipped", "meditate=already-done"])
        #expect(next.prompt?.node == "journal")
    }

    @Test func backStepsOverNotDueSteps() {
        var builder = RoutineBuilder()
        builder.habit("water", "Drink Water", next: ["meditate"])
        builder.habit("meditate", "Meditate")
        builder.habit("journal", "Journal")
        builder.habits = [HabitSpec(name: "Meditate", schedule: .days([.mon]))]
        let routine = builder.build("r", start: ["water", "journal"])
        var walker = Walker(routine: routine, dayKey: sunday, context: .empty(sunday))
        _ = walker.feed(["y"])
        #expect(walker.stepSummary == ["water=done", "meditate=not-due"])
        #expect(walker.prompt?.node == "journal")
        guard case .wentBack(let effects, _) = walker.back() else {
            Issue.record("back did not go back")
            return
        }
        #expect(effects == [.retract(token: 1)])
        #expect(walker.steps.isEmpty)
        #expect(walker.prompt?.node == "water")
    }

    @Test func notDueStepsSurviveASaveAndResumeEvaluatesAfresh() throws {
        // start: [water, meditate, journal-ish]: pause Meditate today, answer water, save.
        let pause = PauseSpan(from: sunday, to: sunday, habitKeys: ["Journal"])
        var walker = Walker(
            routine: routine(meditate: .days([.sun])), dayKey: sunday, context: DayContext(day: sunday, pauses: [pause])
        )
        _ = walker.feed(["y"])
        #expect(walker.prompt?.node == "meditate")
        walker.pause()
        var restored = try walker.roundTripped()
        #expect(restored.context == nil)
        // On resume the pause is gone: Journal is asked after Meditate.
        restored.refreshContext(.empty(sunday))
        restored.resume()
        _ = restored.feed(["y"])
        #expect(restored.prompt?.node == "journal")
        // With the pause still there, Journal is not due.
        var paused = try walker.roundTripped()
        paused.refreshContext(DayContext(day: sunday, pauses: [pause]))
        paused.resume()
        _ = paused.feed(["y"])
        #expect(paused.stepSummary == ["water=done", "meditate=done", "journal=not-due"])
        #expect(paused.status == .completed)
        // A completed run with not-due steps saves and restores.
        let again = try paused.roundTripped()
        #expect(again.stepSummary == paused.stepSummary)
    }
}
