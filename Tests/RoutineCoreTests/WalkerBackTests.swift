import TestSupport
import Testing

@testable import RoutineCore

@Suite struct WalkerBackTests {
    private func walker(_ routine: Routine = morningRoutine(), done: Set<HabitKey> = []) -> Walker {
        Walker(routine: routine, dayKey: testDay, alreadyDone: done)
    }

    @Test func backAtTheFirstPromptHasNothingToUndo() {
        var walker = walker()
        #expect(walker.handle("back") == .nothingToUndo)
        #expect(walker.prompt?.node == "feeling")
    }

    @Test func backRetractsTheEntryAndAsksAgain() {
        var walker = walker()
        let answered = walker.feed(["1", "y"])
        guard case .record(let entry) = answered[1].effects.first else {
            Issue.record("no entry recorded")
            return
        }
        #expect(walker.prompt?.node == "meditate")
        #expect(walker.handle("back") == .wentBack(effects: [.retract(token: entry.token)], steppedOver: []))
        #expect(walker.prompt?.node == "water")
        #expect(walker.entries.isEmpty)
        #expect(walker.stepSummary == ["feeling=Great!"])
        // Answering again writes a new entry with a fresh token.
        guard case .record(let again) = walker.handle("y").effects.first else {
            Issue.record("no entry recorded")
            return
        }
        #expect(again.token != entry.token)
    }

    @Test func backOverASkipWritesNothingAndBackOverAQuestionChangesTheBranch() {
        var walker = walker()
        _ = walker.feed(["1", "n"])
        #expect(walker.handle("back") == .wentBack(effects: [], steppedOver: []))
        #expect(walker.prompt?.node == "water")
        #expect(walker.handle("back") == .wentBack(effects: [], steppedOver: []))
        #expect(walker.prompt?.node == "feeling")
        #expect(walker.handle("back") == .nothingToUndo)
        _ = walker.feed(["okay", "y", "y"])
        #expect(walker.stepSummary == ["feeling=Okay", "walk=done", "journal=done"])
        #expect(walker.status == .completed)
    }

    @Test func backStepsOverAlreadyDoneSteps() {
        // water is known done: after "Great!" it is stepped over; back from meditate
        // undoes the question, not the already-done step.
        var walker = walker(done: ["drink water"])
        guard case .answered(_, let stepped) = walker.handle("1") else {
            Issue.record("not answered")
            return
        }
        #expect(stepped.map(\.node) == ["water"])
        #expect(walker.prompt?.node == "meditate")
        #expect(walker.handle("back") == .wentBack(effects: [], steppedOver: []))
        #expect(walker.prompt?.node == "feeling")
        #expect(walker.steps.isEmpty)
        #expect(walker.handle("back") == .nothingToUndo)
    }

    @Test func backAtAFirstPromptAfterAlreadyDoneStepsHasNothingToUndo() {
        var builder = RoutineBuilder()
        builder.habit("a", "A", next: ["b"])
        builder.habit("b", "B")
        var walker = walker(builder.build(start: ["a"]), done: ["a"])
        #expect(walker.stepSummary == ["a=already-done"])
        #expect(walker.prompt?.node == "b")
        #expect(walker.handle("back") == .nothingToUndo)
        #expect(walker.stepSummary == ["a=already-done"])
    }

    @Test func alreadyDoneHabitsAreSteppedOverAndActivateTheirNext() {
        var walker = walker(done: ["go for a walk"])
        _ = walker.handle("okay")
        #expect(walker.stepSummary == ["feeling=Okay", "walk=already-done"])
        #expect(walker.prompt?.node == "journal", "walk's next is activated as if done")
        #expect(walker.entries.isEmpty, "entries of others are not this run's")
    }

    @Test func everythingDoneCompletesAtOnce() {
        var builder = RoutineBuilder()
        builder.habit("a", "A", next: ["b"])
        builder.habit("b", "B")
        let walker = walker(builder.build(start: ["a"]), done: ["A", "  b "])
        #expect(walker.status == .completed)
        #expect(walker.prompt == nil)
        #expect(walker.stepSummary == ["a=already-done", "b=already-done"])
    }

    @Test func aHabitOnTwoNodesIsAskedOnceWhenDoneAndAgainWhenSkipped() {
        var builder = RoutineBuilder()
        builder.habit("first", "Stretch", next: ["middle"])
        builder.habit("middle", "Water", next: ["second"])
        builder.habit("second", " stretch ")
        let routine = builder.build(start: ["first"])

        var done = walker(routine)
        _ = done.feed(["y", "y"])
        #expect(done.stepSummary == ["first=done", "middle=done", "second=already-done"])
        #expect(done.status == .completed)
        #expect(done.entries.map(\.habit) == ["Stretch", "Water"])

        var skipped = walker(routine)
        _ = skipped.feed(["n", "y"])
        #expect(skipped.prompt?.node == "second")
        #expect(skipped.prompt?.text == "Stretch", "one shown name per habit")
        _ = skipped.handle("y")
        #expect(skipped.stepSummary == ["first=skipped", "middle=done", "second=done"])

        // Back from the end undoes middle (and the already-done step after it).
        _ = done.handle("back")
        #expect(done.status == .completed, "a completed run takes no more commands")
    }

    @Test func backOverTheFirstOfARepeatedHabitAsksTheSecondAgain() {
        var builder = RoutineBuilder()
        builder.habit("first", "Stretch", next: ["middle"])
        builder.habit("middle", "Water", next: ["second"])
        builder.habit("second", "Stretch", next: ["last"])
        builder.habit("last", "Last")
        var walker = walker(builder.build(start: ["first"]))
        _ = walker.feed(["y", "y"])
        #expect(walker.stepSummary == ["first=done", "middle=done", "second=already-done"])
        #expect(walker.prompt?.node == "last")
        // Undo middle: the already-done step after it goes too.
        guard case .wentBack(let effects, _) = walker.handle("back") else {
            Issue.record("did not go back")
            return
        }
        #expect(effects.count == 1)
        #expect(walker.prompt?.node == "middle")
        // Undo first: second must be asked on its own now.
        _ = walker.handle("back")
        #expect(walker.prompt?.node == "first")
        _ = walker.feed(["n", "n"])
        #expect(walker.prompt?.node == "second")
    }

    @Test func refreshStepsOverTheCurrentPromptWhenDoneElsewhere() {
        var walker = walker()
        _ = walker.handle("1")
        #expect(walker.prompt?.node == "water")
        let stepped = walker.refreshAlreadyDone(["Drink Water", "meditate"])
        #expect(stepped.map(\.node) == ["water", "meditate"])
        #expect(walker.status == .completed)
        #expect(walker.stepSummary == ["feeling=Great!", "water=already-done", "meditate=already-done"])
    }

    @Test func backForgetsKnowledgeOfTheRetractedEntry() {
        // A resumed run is told its own entries are done; going back over one must ask it.
        var walker = walker()
        _ = walker.feed(["1", "y"])
        walker.refreshAlreadyDone(["drink water"])
        _ = walker.handle("back")
        #expect(walker.prompt?.node == "water")
        #expect(!walker.knownDone.contains("drink water"))
        // A host that knows of another live entry says so, and the prompt is stepped over.
        #expect(walker.refreshAlreadyDone(["drink water"]).map(\.node) == ["water"])
        #expect(walker.prompt?.node == "meditate")
    }
}
