import Foundation
import TestSupport
import Testing

@testable import RoutineCLI
@testable import RoutineCore

@Suite struct TranscriptTests {
    private func run(_ lines: [String], routine: Routine = morningRoutine(), done: Set<HabitKey> = []) -> Walker {
        var walker = Walker(routine: routine, dayKey: testDay, alreadyDone: done)
        _ = walker.feed(lines)
        return walker
    }

    @Test func specExampleTranscript() {
        let walker = run(["Great!", "y", "y"])
        #expect(
            Transcript.json(run: "r-1", walker: walker, dryRun: false)
                == #"{"run":"r-1","routine":"morning-checkin","dayKey":"2026-11-22","status":"completed","dryRun":false,"#
                + #""steps":[{"node":"feeling","kind":"question","prompt":"How are you feeling today?","answer":"Great!"},"#
                + #"{"node":"water","kind":"habit","habit":"Drink Water","answer":"done"},"#
                + #"{"node":"meditate","kind":"habit","habit":"Meditate","answer":"done","value":10}],"#
                + #""entries":[{"habit":"Drink Water","dayKey":"2026-11-22","value":null},"#
                + #"{"habit":"Meditate","dayKey":"2026-11-22","value":10}]}"#)
    }

    @Test func skippedAlreadyDoneAndFractionalValues() {
        let walker = run(["1", "n", "12.5"], done: [])
        #expect(
            Transcript.json(run: "x", walker: walker, dryRun: true)
                == #"{"run":"x","routine":"morning-checkin","dayKey":"2026-11-22","status":"completed","dryRun":true,"#
                + #""steps":[{"node":"feeling","kind":"question","prompt":"How are you feeling today?","answer":"Great!"},"#
                + #"{"node":"water","kind":"habit","habit":"Drink Water","answer":"skipped"},"#
                + #"{"node":"meditate","kind":"habit","habit":"Meditate","answer":"done","value":12.5}],"#
                + #""entries":[{"habit":"Meditate","dayKey":"2026-11-22","value":12.5}]}"#)

        let known = run(["2", "y"], done: ["journal"])
        #expect(
            Transcript.json(run: "x", walker: known, dryRun: false)
                == #"{"run":"x","routine":"morning-checkin","dayKey":"2026-11-22","status":"completed","dryRun":false,"#
                + #""steps":[{"node":"feeling","kind":"question","prompt":"How are you feeling today?","answer":"Okay"},"#
                + #"{"node":"walk","kind":"habit","habit":"Go for a walk","answer":"done"},"#
                + #"{"node":"journal","kind":"habit","habit":"Journal","answer":"already-done"}],"#
                + #""entries":[{"habit":"Go for a walk","dayKey":"2026-11-22","value":null}]}"#)
    }

    @Test func undoneStepsAndRejectedAnswersDoNotAppear() {
        var walker = run(["1", "y", "back", "n", "banana", "back", "back", "3"])
        walker.pause()
        #expect(
            Transcript.json(run: "p", walker: walker, dryRun: false)
                == #"{"run":"p","routine":"morning-checkin","dayKey":"2026-11-22","status":"paused","dryRun":false,"#
                + #""steps":[{"node":"feeling","kind":"question","prompt":"How are you feeling today?","answer":"Not so good"}],"#
                + #""entries":[]}"#)
    }

    @Test func abortedRunKeepsItsEntries() {
        let walker = run(["2", "done", "abort"])
        #expect(
            Transcript.json(run: "a", walker: walker, dryRun: false)
                == #"{"run":"a","routine":"morning-checkin","dayKey":"2026-11-22","status":"aborted","dryRun":false,"#
                + #""steps":[{"node":"feeling","kind":"question","prompt":"How are you feeling today?","answer":"Okay"},"#
                + #"{"node":"walk","kind":"habit","habit":"Go for a walk","answer":"done"}],"#
                + #""entries":[{"habit":"Go for a walk","dayKey":"2026-11-22","value":null}]}"#)
    }

    @Test func textIsEscaped() {
        var builder = RoutineBuilder()
        builder.question("q", "Say \"hi\"\\\n\u{1}?", [("Ünïcode ✓", ["h"])])
        builder.habit("h", "Tab\there")
        let walker = run(["1", "y"], routine: builder.build("esc", start: ["q"]))
        #expect(
            Transcript.json(run: "e", walker: walker, dryRun: false)
                == #"{"run":"e","routine":"esc","dayKey":"2026-11-22","status":"completed","dryRun":false,"#
                + #""steps":[{"node":"q","kind":"question","prompt":"Say \"hi\"\\\n\u0001?","answer":"Ünïcode ✓"},"#
                + #"{"node":"h","kind":"habit","habit":"Tab here","answer":"done"}],"#
                + #""entries":[{"habit":"Tab here","dayKey":"2026-11-22","value":null}]}"#)
    }

    @Test func theHandWrittenFormIsJSONWithEveryField() throws {
        let walker = run(["1", "y", "7"])
        let transcript = Transcript(run: "r", walker: walker, dryRun: false)
        let parsed = try #require(
            try JSONSerialization.jsonObject(with: Data(transcript.json().utf8)) as? [String: Any])
        #expect(Set(parsed.keys) == ["run", "routine", "dayKey", "status", "dryRun", "steps", "entries"])
        let steps = try #require(parsed["steps"] as? [[String: Any]])
        #expect(steps.count == walker.steps.count)
        #expect(steps.first?["prompt"] as? String == walker.steps.first?.text)
        let entries = try #require(parsed["entries"] as? [[String: Any]])
        #expect(entries.map { $0["habit"] as? String } == walker.entries.map(\.habit))
        #expect(entries.allSatisfy { $0.keys.contains("value") }, "value is written, null for a binary habit")
    }

    @Test func numbersAreWrittenPlainly() {
        #expect(JSONValue.number(10).text == "10")
        #expect(JSONValue.number(0).text == "0")
        #expect(JSONValue.number(12.5).text == "12.5")
        #expect(JSONValue.number(0.1).text == "0.1")
        #expect(JSONValue.number(1e20).text == "1e+20")
        #expect(JSONValue.number(Double.nan).text == "null")
    }

    @Test func bundledTrainingRun() {
        var walker = Walker(routine: trainingRoutine(), dayKey: testDay)
        let events = walker.feed(["y", "run", "y", "", "5.5", "d"])
        #expect(events[2].message?.contains("no target") == true, "Run has no target")
        #expect(events[3] == .ignored)
        #expect(
            Transcript.json(run: "t", walker: walker, dryRun: false)
                == #"{"run":"t","routine":"training","dayKey":"2026-11-22","status":"completed","dryRun":false,"#
                + #""steps":[{"node":"warm-up","kind":"habit","habit":"Warm-up","answer":"done","value":10},"#
                + #"{"node":"session","kind":"question","prompt":"What is today's session?","answer":"Run"},"#
                + #"{"node":"run","kind":"habit","habit":"Run","answer":"done","value":5.5},"#
                + #"{"node":"stretch","kind":"habit","habit":"Stretch","answer":"done","value":10}],"#
                + #""entries":[{"habit":"Warm-up","dayKey":"2026-11-22","value":10},"#
                + #"{"habit":"Run","dayKey":"2026-11-22","value":5.5},"#
                + #"{"habit":"Stretch","dayKey":"2026-11-22","value":10}]}"#)
    }
}
