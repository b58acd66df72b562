import Foundation
import TestSupport
import Testing

@testable import RoutineCore

/// SPEC §13.1's classes on the cases daily use found, and §13.4's optional asking.
@Suite struct OutlookTests {
    private func classes(_ walker: Walker) -> [String: String] {
        var result: [String: String] = [:]
        for habit in walker.outlook().habits {
            switch habit.outlook {
            case .possible(let why): result[habit.name] = "possible (\(why))"
            case .optional(let why): result[habit.name] = "optional (\(why))"
            case .notDue(let why): result[habit.name] = "not-due (\(why))"
            default: result[habit.name] = habit.outlook.name
            }
        }
        return result
    }

    /// The bundled morning check-in: every answer leads to Journal, through other habits.
    private func checkin() -> Routine {
        var builder = RoutineBuilder()
        builder.question(
            "feeling", "How are you feeling today?",
            [("Great!", ["water", "meditate"]), ("Okay", ["water", "walk"]), ("Not so good", ["read"])])
        builder.habit("water", "Drink Water")
        builder.habit("meditate", "Meditate", next: ["journal"])
        builder.habit("walk", "Go for a walk", next: ["journal"])
        builder.habit("read", "Read a book", next: ["journal"])
        builder.habit("journal", "Journal")
        return builder.build("morning-checkin", start: ["feeling"])
    }

    /// The bundled training log, with Swim on its pool days.
    private func training() -> Routine {
        checked {
            try trainingRoutine().changed { parts in
                for index in parts.habits.indices where parts.habits[index].name == "Swim" {
                    parts.habits[index].schedule = .days([.tue, .thu, .sun])
                }
            }
        }
    }

    @Test func branchesThatMeetAgainMakeTheMeetingNodeCertain() {
        let walker = Walker(routine: checkin(), dayKey: testDay, context: .empty(testDay))
        let got = classes(walker)
        #expect(got["Journal"] == "certain")
        #expect(got["Drink Water"] == "possible (your answer to “How are you feeling today?”)")
        #expect(got["Read a book"] == "possible (your answer to “How are you feeling today?”)")
        #expect(walker.outlook().certainKeys == [HabitKey("Journal")])
    }

    /// The issue's `ev.yaml`: Run behind `answer(q) == "Fine"`, Tea behind `done(Water)`.
    private func evening() -> Routine {
        var builder = RoutineBuilder()
        builder.question("q", "How was the day?", [("Fine", []), ("Tired", [])])
        builder.habit("water", "Water")
        builder.habit("run", "Run")
        builder.habit("tea", "Tea")
        builder.habit("stretch", "Stretch")
        let routine = builder.build("ev", start: ["q", "water", "run", "tea", "stretch"])
        return checked {
            try routine.changed { parts in
                parts.nodes[2].when = "answer(q) == \"Fine\""
                parts.nodes[3].when = "done(Water)"
            }
        }
    }

    @Test func conditionsTheRunCanChangeArePossibleNeverDropped() {
        let walker = Walker(routine: evening(), dayKey: testDay, context: .empty(testDay))
        let got = classes(walker)
        #expect(got["Water"] == "certain")
        #expect(got["Stretch"] == "certain")
        #expect(got["Run"] == "possible (when: answer(q) == \"Fine\")")
        #expect(got["Tea"] == "possible (when: done(Water))")
        // A run answering Fine, then y, asks both.
        var run = walker
        _ = run.feed(["Fine", "y"])
        #expect(run.prompt?.text == "Run")
        #expect(classes(run)["Run"] == "certain")
        #expect(classes(run)["Tea"] == "certain")
    }

    @Test func aConditionOnAnAnswerAlreadyGivenIsDecided() {
        var run = Walker(routine: evening(), dayKey: testDay, context: .empty(testDay))
        _ = run.feed(["Tired", "n"])
        let got = classes(run)
        #expect(got["Run"] == "not-due (when: answer(q) == \"Fine\")")
        #expect(got["Tea"] == "not-due (when: done(Water))")
        #expect(got["Water"] == "skipped")
    }

    @Test func aHabitNotScheduledButChosenIsOptionalAndAskedSo() throws {
        let saturday = DayKey("2026-11-28") ?? testDay
        var walker = Walker(routine: training(), dayKey: saturday, context: .empty(saturday))
        let swim = try #require(walker.outlook().habits.first { $0.name == "Swim" })
        #expect(swim.outlook == .optional(reason: "schedule: tue, thu, sun"))
        _ = walker.feed(["y", "Swim"])
        let prompt = try #require(walker.prompt)
        #expect(prompt.notDueReason == "schedule: tue, thu, sun")
        #expect(
            prompt.render() == "Swim — not due today (tue, thu, sun); done anyway? (a number in m, y = 1000 m, n = no)")
        _ = walker.handle("y")
        #expect(walker.entries.map(\.habit) == ["Warm-up", "Swim"])
        #expect(walker.status == .completed)
    }

    @Test func declinedIsAStepNotASkipAndBackUndoesIt() throws {
        let saturday = DayKey("2026-11-28") ?? testDay
        var walker = Walker(routine: training(), dayKey: saturday, context: .empty(saturday))
        _ = walker.feed(["y", "Swim", ""])
        #expect(walker.stepSummary == ["warm-up=done", "session=Swim", "swim=declined"])
        #expect(walker.steps.last?.answer.label == "declined")
        #expect(walker.steps.last?.reason == "schedule: tue, thu, sun")
        // On a holiday, a declined Run still activates Stretch; back asks Run again.
        let context = DayContext(day: testDay, pauses: [PauseSpan(from: testDay, to: testDay)])
        var holiday = Walker(routine: training(), dayKey: testDay, context: context)
        _ = holiday.feed(["Run", ""])
        #expect(holiday.prompt?.node == "stretch")
        _ = holiday.handle("back")
        #expect(holiday.prompt?.node == "run")
        _ = holiday.handle("n")
        #expect(holiday.stepSummary == ["warm-up=not-due", "session=Run", "run=declined"])
        let restored = try walker.roundTripped()
        #expect(restored.stepSummary == walker.stepSummary)
    }

    @Test func onAHolidayWhatTheAnswerLedToIsOptionalAndStartNodesAreNot() {
        let pause = PauseSpan(from: testDay, to: testDay)
        let context = DayContext(day: testDay, pauses: [pause])
        var walker = Walker(routine: training(), dayKey: testDay, context: context)
        // Warm-up is a start node: not asked; the session's habits are optional.
        #expect(classes(walker)["Warm-up"] == "not-due (paused)")
        #expect(classes(walker)["Run"] == "optional (paused)")
        _ = walker.feed(["Run", "5"])
        #expect(walker.entries.map(\.habit) == ["Run"])
        // Stretch follows Run, which the answer led to: optional too.
        #expect(walker.prompt?.text == "Stretch")
        #expect(walker.prompt?.notDueReason == "paused")
    }

    @Test func aFinishedRunLeavesNothingToAsk() {
        var walker = Walker(routine: morningRoutine(), dayKey: testDay, context: .empty(testDay))
        _ = walker.feed(["Okay", "y", "n"])
        #expect(walker.status == .completed)
        let got = classes(walker)
        #expect(got["Go for a walk"] == "done")
        #expect(got["Journal"] == "skipped")
        #expect(got["Meditate"] == "not-due (not reached)")
    }
}
