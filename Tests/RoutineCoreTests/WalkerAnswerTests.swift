import TestSupport
import Testing

@testable import RoutineCore

@Suite struct WalkerAnswerTests {
    private func walker(_ routine: Routine = morningRoutine()) -> Walker {
        Walker(routine: routine, dayKey: testDay)
    }

    /// A walker standing at the Meditate prompt (quantity, target 10 unless given).
    private func atMeditate(target: Double? = 10) -> Walker {
        var walker = walker(morningRoutine(meditateTarget: target))
        _ = walker.feed(["1", "n"])
        return walker
    }

    @Test func firstPromptIsTheStartQuestion() {
        let prompt = walker().prompt
        #expect(prompt?.node == "feeling")
        #expect(prompt?.kind == .question)
        #expect(prompt?.options == ["Great!", "Okay", "Not so good"])
        #expect(
            prompt?.render() == """
                How are you feeling today?
                  1. Great!
                  2. Okay
                  3. Not so good
                """)
    }

    @Test func questionAcceptsNumberTextAndUniquePrefix() {
        for (line, option) in [
            ("1", "Great!"), ("  2 ", "Okay"), ("03", "Not so good"), ("great!", "Great!"), ("OKAY", "Okay"),
            ("not", "Not so good"), ("G", "Great!"), ("\tnot so good\n", "Not so good"),
        ] {
            var walker = walker()
            let event = walker.handle(line)
            #expect(event.isAnswered, "\(line)")
            #expect(
                walker.steps.first?.answer
                    == .option(index: ["Great!", "Okay", "Not so good"].firstIndex(of: option) ?? -1, text: option),
                "\(line)")
        }
    }

    @Test func questionRejectsOutOfRangeAmbiguousAndUnknown() {
        var builder = RoutineBuilder()
        builder.question("q", "Pick", [("Good", []), ("Go", []), ("Grand", [])])
        let routine = builder.build(start: ["q"])
        for line in ["0", "4", "-1", "1.0", "x", "Goo d", "g", "gr x"] {
            var walker = walker(routine)
            let event = walker.handle(line)
            #expect(event.isRejected, "\(line)")
            #expect(walker.steps.isEmpty && walker.prompt?.node == "q", "\(line)")
        }
        var ambiguous = walker(routine)
        guard case .rejected(let hint) = ambiguous.handle("g") else {
            Issue.record("expected a rejection")
            return
        }
        #expect(hint.contains("1, 2, 3"))
        // An exact text wins over being a prefix of another option.
        var exact = walker(routine)
        _ = exact.handle("go")
        #expect(exact.steps.first?.answer == .option(index: 1, text: "Go"))
        var prefix = walker(routine)
        _ = prefix.handle("gr")
        #expect(prefix.steps.first?.answer == .option(index: 2, text: "Grand"))
    }

    @Test func aNumberBeyondTheOptionsCanStillMatchAText() {
        var builder = RoutineBuilder()
        builder.question("year", "Which year?", [("2025", []), ("2026", [])])
        var walker = walker(builder.build(start: ["year"]))
        _ = walker.handle("2026")
        #expect(walker.steps.first?.answer == .option(index: 1, text: "2026"))
    }

    @Test func emptyLinesAreNeverAnswers() {
        var walker = walker()
        #expect(walker.handle("") == .ignored)
        #expect(walker.handle("   \t ") == .ignored)
        #expect(walker.steps.isEmpty)
        #expect(walker.prompt?.node == "feeling")
    }

    @Test func binaryHabitAnswers() {
        for line in ["y", "Yes", "d", "DONE", " done "] {
            var walker = walker()
            _ = walker.handle("1")
            let event = walker.handle(line)
            #expect(event.effects.count == 1, "\(line)")
            #expect(walker.steps.last?.answer == .done(value: nil), "\(line)")
            #expect(walker.entries.map(\.habit) == ["Drink Water"])
        }
        for line in ["n", "No", "s", "SKIP"] {
            var walker = walker()
            _ = walker.handle("1")
            let event = walker.handle(line)
            #expect(event == .answered(effects: [], steppedOver: []), "\(line)")
            #expect(walker.steps.last?.answer == .skipped, "\(line)")
            #expect(walker.entries.isEmpty)
        }
        for line in ["1", "12", "yess", "ok", "nope", "y es"] {
            var walker = walker()
            _ = walker.handle("1")
            #expect(walker.handle(line).isRejected, "\(line)")
            #expect(walker.prompt?.node == "water")
        }
    }

    @Test func quantityHabitAcceptsPlainDecimals() {
        for (line, value) in [("12", 12.0), ("12.5", 12.5), (".5", 0.5), ("0", 0.0), ("007", 7.0), ("12.", 12.0)] {
            var walker = atMeditate()
            let event = walker.handle(line)
            #expect(walker.steps.last?.answer == .done(value: value), "\(line)")
            guard case .record(let entry) = event.effects.first else {
                Issue.record("no entry for \(line)")
                continue
            }
            #expect(entry.value == value && entry.habit == "Meditate" && entry.dayKey == testDay)
        }
    }

    @Test func quantityHabitRejectsOtherNumberForms() {
        let huge = String(repeating: "9", count: 400)
        for line in [
            "1e3", "-1", "+1", "nan", "inf", "Infinity", "1,500", "1,5,0", "1.2.3", ".", "١٢", "１２", "0x10", "5 kg",
            "100 s", "5 min/day", "12 min 3", huge,
        ] {
            var walker = atMeditate()
            #expect(walker.handle(line).isRejected, "\(line)")
            #expect(walker.prompt?.node == "meditate", "\(line)")
        }
    }

    /// Issue 19 item 16: a unit after the number, a decimal comma that cannot be a
    /// thousands separator, and another unit of the same kind when it converts exactly.
    @Test func quantityHabitTakesAmountsAsPeopleTypeThem() {
        for (line, value) in [
            ("12 min", 12.0), ("12min", 12), ("12 Minutes", 12), ("7,5", 7.5), ("7,5 min", 7.5), ("1 h", 60),
            ("90 s", 1.5), ("1,5 hours", 90),
        ] {
            var walker = atMeditate()
            _ = walker.handle(line)
            #expect(walker.steps.last?.answer == .done(value: value), "\(line)")
        }
        var walker = atMeditate()
        guard case .rejected(let wrongUnit) = walker.handle("5 kg") else {
            Issue.record("5 kg accepted for a habit in min")
            return
        }
        #expect(wrongUnit == "'kg' is not a unit of this habit, which is measured in min")
        guard case .rejected(let inexact) = walker.handle("100 s") else {
            Issue.record("100 s accepted")
            return
        }
        #expect(inexact == "100 s is not an exact amount of min: type it in min")
        guard case .rejected(let ambiguous) = walker.handle("1,500") else {
            Issue.record("1,500 accepted")
            return
        }
        #expect(ambiguous.hasPrefix("'1,500' could be 1500 or 1.500"))
    }

    @Test func quantityYesUsesTheTargetAndNeedsOne() {
        var withTarget = atMeditate(target: 10)
        _ = withTarget.handle("yes")
        #expect(withTarget.steps.last?.answer == .done(value: 10))

        var noTarget = atMeditate(target: nil)
        guard case .rejected(let hint) = noTarget.handle("y") else {
            Issue.record("expected a rejection")
            return
        }
        #expect(hint.contains("no target"))
        #expect(noTarget.prompt?.node == "meditate")
        _ = noTarget.handle("skip")
        #expect(noTarget.steps.last?.answer == .skipped)
    }

    @Test func quantityPromptShowsUnitAndTarget() {
        let prompt = atMeditate().prompt
        #expect(prompt?.isQuantity == true)
        #expect(prompt?.measure?.unit == "min")
        #expect(prompt?.target == 10)
        #expect(prompt?.render() == "Meditate: how much, in min? (a number, y = 10 min, n = skip, l = later)")
        #expect(
            atMeditate(target: nil).prompt?.render() == "Meditate: how much, in min? (a number, n = skip, l = later)")
    }

    @Test func hostKnowledgeMakesAHabitAQuantity() {
        let known: [HabitKey: HabitSpec] = [
            "drink water": HabitSpec(name: "Drink water", measure: Measure(unit: "glasses", type: "count"), target: 2)
        ]
        var walker = Walker(routine: morningRoutine(), dayKey: testDay, habitSpecs: known)
        _ = walker.handle("1")
        #expect(walker.prompt?.isQuantity == true)
        #expect(walker.prompt?.text == "Drink water", "the host's first spelling is shown")
        _ = walker.handle("y")
        #expect(walker.entries.first?.value == 2)

        // A host spec without a name keeps the routine's spelling.
        var unnamed = Walker(
            routine: morningRoutine(), dayKey: testDay, habitSpecs: ["journal": HabitSpec(name: "  ")])
        _ = unnamed.feed(["2", "y"])
        #expect(unnamed.prompt?.text == "Journal")
    }

    @Test func runCommandsWinOverOptionTexts() {
        var builder = RoutineBuilder()
        builder.question("q", "Pick", [("Help", ["h"]), ("Back", []), ("Pause", [])])
        builder.habit("h", "H")
        let routine = builder.build(start: ["q"])

        var help = walker(routine)
        guard case .help(let lines) = help.handle("HELP") else {
            Issue.record("help was not the command")
            return
        }
        #expect(!lines.isEmpty)
        #expect(help.steps.isEmpty)

        var back = walker(routine)
        #expect(back.handle("back") == .nothingToUndo)

        var pause = walker(routine)
        #expect(pause.handle(" Pause ") == .paused)
        #expect(pause.status == .paused && pause.prompt == nil)

        var byNumber = walker(routine)
        _ = byNumber.handle("1")
        #expect(byNumber.steps.first?.answer == .option(index: 0, text: "Help"))
        // A prefix of a command is an answer, not the command.
        var prefix = walker(routine)
        _ = prefix.handle("bac")
        #expect(prefix.steps.first?.answer == .option(index: 1, text: "Back"))
    }

    @Test func abortEndsTheRunAndKeepsEntries() {
        var walker = walker()
        _ = walker.feed(["1", "y"])
        #expect(walker.handle("abort") == .aborted)
        #expect(walker.status == .aborted)
        #expect(walker.prompt == nil)
        #expect(walker.entries.map(\.habit) == ["Drink Water"])
        #expect(walker.handle("y").isRejected, "an ended run takes no answers")
        #expect(walker.resume().isEmpty && walker.status == .aborted)
    }

    @Test func runCompletesWhenNoActivatedNodeIsLeft() {
        var walker = walker()
        let events = walker.feed(["okay", "y", "y"])
        #expect(events.allSatisfy { $0.isAnswered })
        #expect(walker.status == .completed)
        #expect(walker.prompt == nil)
        #expect(walker.stepSummary == ["feeling=Okay", "walk=done", "journal=done"])
    }

    @Test func hintsHelpAndMessagesSayWhatToType() {
        var walker = walker()
        let rejected = walker.handle("banana")
        #expect(rejected.message?.contains("number (1-3)") == true)
        let help = walker.handle("help")
        #expect(help.message?.contains("back") == true)
        #expect(help.message?.contains("pause") == true)
        #expect(walker.handle("back").message == "nothing to undo")
        _ = walker.handle("1")
        #expect(walker.prompt?.render() == "Drink Water: done? (y = done, n = skip, l = later)")
        #expect(walker.handle("maybe").message?.contains("y (done), n (skip) or l (later)") == true)
        _ = walker.handle("y")
        #expect(walker.handle("x").message?.contains("y for 10 min") == true)
        var finishing = walker
        #expect(finishing.handle("y").message == nil)
        #expect(finishing.status == .completed)
        #expect(walker.handle("pause").message?.contains("resume") == true)
    }

    @Test func runCommandListMatchesWhatIsAccepted() {
        #expect(Prompt.runCommands == AnswerReader.Command.allCases.map(\.rawValue))
        #expect(walker().prompt?.answerWords == ["Great!", "Okay", "Not so good"])
    }
}
