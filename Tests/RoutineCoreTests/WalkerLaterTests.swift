import Foundation
import TestSupport
import Testing

@testable import RoutineCore

/// `l`/`later` at a habit prompt, and the pass that asks only what was left (SPEC §17.4).
@Suite struct WalkerLaterTests {
    /// Start: Water, then a question whose option A leads to Nap → Walk; Read after.
    private func dayRoutine() -> Routine {
        var builder = RoutineBuilder()
        builder.habit("water", "Water", next: ["mood"])
        builder.question("mood", "Mood?", [("Fine", ["nap"]), ("Tired", [])], next: ["read"])
        builder.habit("nap", "Nap", next: ["walk"])
        builder.habit("walk", "Walk")
        builder.habit("read", "Read")
        return builder.build("day", start: ["water"])
    }

    @Test func laterIsAnAnswerAtHabitPromptsOnly() {
        var walker = Walker(routine: dayRoutine(), dayKey: testDay)
        #expect(walker.handle("L").isAnswered)
        #expect(walker.steps.first?.answer == .later)
        #expect(walker.steps.first?.answer.label == "later")
        // At a question, "later" is not an option.
        #expect(walker.handle("later").isRejected)
        #expect(walker.prompt?.node == "mood")
    }

    @Test func laterActivatesNextLikeASkipAndWritesNothing() {
        var walker = Walker(routine: dayRoutine(), dayKey: testDay)
        let events = walker.feed(["y", "1", "later", "l", "n"])
        #expect(events.allSatisfy { $0.isAnswered })
        #expect(walker.stepSummary == ["water=done", "mood=Fine", "nap=later", "walk=later", "read=skipped"])
        #expect(walker.entries.map(\.habit) == ["Water"])
        #expect(walker.status == .completed)
        #expect(walker.leftForLater == ["Nap", "Walk"])
    }

    @Test func backUndoesLater() {
        var walker = Walker(routine: dayRoutine(), dayKey: testDay)
        _ = walker.feed(["y", "1", "l"])
        guard case .wentBack = walker.back() else {
            Issue.record("expected back to undo the later")
            return
        }
        #expect(walker.prompt?.node == "nap")
        #expect(walker.leftForLater.isEmpty)
    }

    @Test func promptHintAndHelpNameLater() {
        var walker = Walker(routine: dayRoutine(), dayKey: testDay)
        #expect(walker.prompt?.render() == "Water: done? (y = done, n = skip, l = later)")
        #expect(walker.prompt?.answerWords.contains("later") == true)
        guard case .help(let lines) = walker.handle("help") else {
            Issue.record("expected help")
            return
        }
        #expect(lines.contains { $0.hasPrefix("l or later leaves it for later") })
        guard case .rejected(let hint) = walker.handle("maybe") else {
            Issue.record("expected a rejection")
            return
        }
        #expect(hint.contains("l (later)"))
    }

    @Test func aSecondPassAsksOnlyWhatWasLeftAndKeepsTheOtherAnswers() throws {
        var walker = Walker(routine: dayRoutine(), dayKey: testDay)
        _ = walker.feed(["y", "1", "l", "l", "n"])
        let reopenedOK = walker.reopenForLater()
        #expect(reopenedOK)
        var reopened = try walker.roundTripped()
        #expect(reopened.status == .active)
        #expect(reopened.prompt?.node == "nap")
        let done = reopened.handle("y")
        #expect(done.effects.count == 1)
        #expect(reopened.prompt?.node == "walk")
        _ = reopened.handle("n")
        #expect(reopened.status == .completed)
        #expect(reopened.stepSummary == ["water=done", "mood=Fine", "nap=done", "walk=skipped", "read=skipped"])
        #expect(reopened.entries.map(\.habit) == ["Water", "Nap"])
        #expect(reopened.leftForLater.isEmpty)
        // Nothing left: no second pass.
        let again = reopened.reopenForLater()
        #expect(!again)
    }

    @Test func backInThePassUndoesOnlyThePassAnswers() {
        var walker = Walker(routine: dayRoutine(), dayKey: testDay)
        _ = walker.feed(["y", "1", "l", "l", "n"])
        walker.reopenForLater()
        guard case .nothingToUndo = walker.back() else {
            Issue.record("the morning's answers stand: nothing to undo in the pass")
            return
        }
        let token = walker.nextToken
        _ = walker.handle("y")
        guard case .wentBack(let effects, _) = walker.back() else {
            Issue.record("expected back to undo the pass's answer")
            return
        }
        #expect(effects == [.retract(token: token)])
        #expect(walker.prompt?.node == "nap")
        #expect(walker.steps[2].answer == .later)
    }

    @Test func laterAgainInThePassMovesOnAndStaysLater() {
        var walker = Walker(routine: dayRoutine(), dayKey: testDay)
        _ = walker.feed(["y", "1", "l", "l", "n"])
        walker.reopenForLater()
        _ = walker.feed(["l", "y"])
        #expect(walker.status == .completed)
        #expect(walker.leftForLater == ["Nap"])
        // A third pass asks Nap alone.
        let third = walker.reopenForLater()
        #expect(third)
        #expect(walker.prompt?.node == "nap")
    }

    @Test func aHabitLeftForLaterAndLoggedIsAlreadyDone() {
        var walker = Walker(routine: dayRoutine(), dayKey: testDay)
        _ = walker.feed(["y", "1", "l", "l", "n"])
        walker.refreshAlreadyDone([HabitKey("Nap")])
        walker.reopenForLater()
        #expect(walker.steps[2].answer == .alreadyDone)
        #expect(walker.prompt?.node == "walk")
        walker.refreshAlreadyDone([HabitKey("Nap"), HabitKey("Walk")])
        #expect(walker.status == .completed)
        #expect(walker.steps[3].answer == .alreadyDone)
    }

    @Test func aDamagedPassDoesNotDecode() throws {
        var walker = Walker(routine: dayRoutine(), dayKey: testDay)
        _ = walker.feed(["y", "1", "l", "l", "n"])
        walker.reopenForLater()
        let data = try JSONEncoder().encode(walker)
        guard var object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            Issue.record("not an object")
            return
        }
        object["laterPass"] = [9]
        let damaged = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Walker.self, from: damaged) }
    }
}
