import EndToEndSupport
import Foundation
import Testing

/// `routine habit target` and the views of SPEC §18.1 through the real binary.
@Suite struct HabitTargetCommandTests {
    @Test func targetShowsSetsAndRefusesInOneLine() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "Drink water", "--new"])
        #expect(try e2e.ok(["habit", "target", "drink water"]) == "Drink water: daily\n")
        #expect(
            try e2e.ok(["habit", "target", "Drink water", "--weekly", "5", "--at-least", "8"])
                == "schedule of Drink water: daily -> 5 per week\nDrink water: 5 per week · ≥ 8 a day\n")
        let bad = try e2e.run(["habit", "target", "Drink water", "--at-least", "2.5"])
        #expect(bad.status == 1 && bad.stderr.contains("a whole number, not 2.5"))
        #expect(try e2e.run(["habit", "target", "Drink water", "--per", "8/7"]).status == 64)
        #expect(try e2e.run(["habit", "target", "Drink water", "--per", "3/7", "--daily"]).status == 64)
        #expect(try e2e.run(["habit", "target", "Drink water", "--at-least", "2", "--at-most", "3"]).status == 64)
        #expect(try e2e.run(["habit", "target", "Nope", "--per", "1/7"]).status == 1)
        #expect(try e2e.ok(["habits"]).contains("5 per week · ≥ 8 a day"))
        // Below the target: partial, shown with its progress in today and stats.
        #expect(try e2e.ok(["today"]).contains("· Drink water: 1/8"))
        let stats = try #require(try e2e.json(["stats", "--format", "json"]) as? [[String: Any]])
        #expect(stats.first?["state"] as? String == "partial")
        #expect(stats.first?["dayTarget"] as? String == "at-least:8")
        #expect((stats.first?["frequency"] as? [String: Int]) == ["times": 5, "period": 7])
        let today = try #require(try e2e.json(["today", "--format", "json"]) as? [String: Any])
        let byHand = try #require(today["byHand"] as? [String: Any])
        let habits = try #require(byHand["habits"] as? [[String: Any]])
        #expect(habits.first?["progress"] as? String == "1/8")
        try e2e.ok(["habit", "target", "Drink water", "--daily", "--no-target"])
        #expect(try e2e.ok(["habit", "target", "Drink water"]) == "Drink water: daily\n")
    }

    /// `habit describe`, `habit schedule` and `habit target` find their habit through one
    /// guard: the same line for an empty store and for a name no habit has, shown or set.
    @Test func theOneHabitCommandsAnswerAMissingHabitAlike() throws {
        let e2e = try EndToEnd()
        let commands = [
            ["describe"], ["describe", "Walk daily"], ["schedule"], ["schedule", "--daily"], ["target"],
            ["target", "--weekly", "3"],
        ]
        for command in commands {
            let empty = try e2e.run(["habit", command[0], "Medit"] + command.dropFirst())
            #expect(empty.status == 1 && empty.stdout.isEmpty, "\(command)")
            #expect(empty.stderr == "routine: no habit named 'Medit' (the store is empty)\n", "\(command)")
        }
        try e2e.ok(["log", "Meditate", "--new"])
        for command in commands {
            let unknown = try e2e.run(["habit", command[0], "Meditat"] + command.dropFirst())
            #expect(unknown.status == 1 && unknown.stdout.isEmpty, "\(command)")
            #expect(
                unknown.stderr == "routine: no habit named 'Meditat'; did you mean 'Meditate'?\n", "\(command)")
        }
        #expect(try e2e.ok(["habit", "describe", "meditate", "Ten breaths"]) == "Meditate: Ten breaths\n")
    }
}
