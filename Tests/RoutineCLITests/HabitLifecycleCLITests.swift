import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `routine habit …` and "no habit by accident" through the binary (SPEC §11).
@Suite struct HabitLifecycleCLITests {
    @Test func logOfAnUnknownNameSuggestsAndCreatesNothing() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled()
        let result = try e2e.run(["log", "Meditat", "10"])
        #expect(result.status == 1)
        #expect(result.stderr == "routine: no habit named 'Meditat'; did you mean 'Meditate'? --new creates it\n")
        #expect(try !e2e.ok(["habits"]).contains("Meditat "))
        let far = try e2e.run(["log", "Zzzz"])
        #expect(far.stderr == "routine: no habit named 'Zzzz'; --new creates it\n")
        try e2e.ok(["log", "--new", "Zzzz"])
        #expect(try e2e.entries().map { $0.string("habit") } == ["Zzzz"])
    }

    @Test func anArchivedHabitIsNeverAskedAndLeavesThePlan() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        try e2e.ok(["habit", "archive", "Drink Water"])
        #expect(try !e2e.ok(["plan", "--days", "2"]).contains("Drink Water"))
        #expect(try e2e.ok(["plan", "--days", "2", "--all"]).contains("Drink Water"))
        let run = try e2e.ok(["run", "morning-checkin", "--format", "json"], input: "1\n12\ny\n")
        #expect(
            run.contains(
                #"{"node":"water","kind":"habit","habit":"Drink Water","answer":"not-due","reason":"archived"}"#))
        #expect(try e2e.entries().compactMap { $0.string("habit") } == ["Meditate", "Journal"])
    }

    @Test func replAsksBeforeCreatingAHabit() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled()
        let out = try e2e.ok(["repl"], input: "log Meditat 10\nn\nn\nlog Stretching\ny\nquit\n")
        #expect(
            out.contains(
                "No habit named 'Meditat'. Did you mean 'Meditate'? [Y/n]\nCreate a new habit 'Meditat'? [y/N]\nnothing logged"
            ))
        #expect(out.contains("no habit named 'Stretching'\nCreate a new habit 'Stretching'? [y/N]"))
        #expect(try e2e.entries().map { $0.string("habit") } == ["Stretching"])
    }

    /// Issue 19 item 17: the habit the person likely meant is offered before creating one,
    /// and an empty answer takes it; a prefix (`Medit`) is suggested too.
    @Test func logOffersTheMeantHabitFirst() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        let out = try e2e.ok(["repl"], input: "log Meditat 10\n\nlog medit 5\ny\nquit\n")
        #expect(out.contains("Did you mean 'Meditate'? [Y/n]\nlogged Meditate 10 min on 2026-11-22 (entry 1)"))
        #expect(out.contains("logged Meditate 5 min on 2026-11-22 (entry 2)"))
        #expect(!out.contains("Create a new habit"))
        let shell = try e2e.run(["log", "Medit", "5"])
        #expect(shell.status == 1)
        #expect(shell.stderr == "routine: no habit named 'Medit'; did you mean 'Meditate'? --new creates it\n")
        #expect(try e2e.entries().map { $0.string("habit") } == ["Meditate", "Meditate"])
    }

    @Test func renameMergeArchiveUnarchiveDelete() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        try e2e.ok(["log", "Meditate", "10"])
        try e2e.ok(["log", "--new", "Sitting", "5", "--unit", "min"])
        try e2e.ok(["log", "--new", "Typo"])

        #expect(try e2e.ok(["habit", "rename", "Meditate", "Sit"]) == "renamed habit 'Meditate' to 'Sit'\n")
        #expect(try e2e.ok(["show", "morning-checkin"]).contains("Sit"))
        // The routine records under the new name: no habit comes back from the old spelling.
        try e2e.ok(["run", "morning-checkin"], input: "1\ny\n15\ny\n")
        #expect(try !e2e.ok(["habits"]).contains("Meditate"))
        let onto = try e2e.run(["habit", "rename", "Sit", "Journal"])
        #expect(onto.status == 1 && onto.stderr.contains("habit merge"))

        #expect(try e2e.ok(["habit", "merge", "Sitting", "Sit"]).contains("1 entry moved"))
        let wrong = try e2e.run(["habit", "merge", "Journal", "Sit"])
        #expect(wrong.status == 1 && wrong.stderr.contains("measures must agree"))

        try e2e.ok(["habit", "archive", "Sit"])
        #expect(try !e2e.ok(["habits"]).contains("Sit "))
        #expect(try !e2e.ok(["today"]).contains("Sit"))
        #expect(try !e2e.ok(["stats"]).contains("Sit"))
        #expect(try e2e.ok(["habits", "--all"]).contains("(archived)"))
        #expect(try e2e.ok(["stats", "--all"]).contains("Sit"))
        try e2e.ok(["habit", "unarchive", "sit"])
        #expect(try e2e.ok(["habits"]).contains("Sit "))

        let used = try e2e.run(["habit", "delete", "Typo"])
        #expect(used.status == 1 && used.stderr.contains("habit archive"))
        let unknown = try e2e.run(["habit", "archive", "Jurnal"])
        #expect(unknown.stderr == "routine: no habit named 'Jurnal'; did you mean 'Journal'?\n")
        #expect(try e2e.entries().count == 5)
    }

    /// kill -9 during `habit merge` of a large history: all of FROM's entries moved, or
    /// none.
    @Test func killNineDuringMerge() throws {
        let e2e = try EndToEnd()
        var csv = "habit,dayKey,value,unit\n"
        for row in 0..<30_000 {
            csv += "\(row % 2 == 0 ? "Sitting" : "Meditate"),2026-01-\(String(format: "%02d", row % 28 + 1)),5,min\n"
        }
        try e2e.ok(["import-entries", "--new", try e2e.folder.write("bulk.csv", csv)])
        var generator = SeededGenerator(seed: 0x3E26)
        var outcomes: [String] = []
        for _ in 0..<6 {
            let process = try ReliabilityProcess(
                Binary.url.path, ["habit", "merge", "Sitting", "Meditate"], environment: e2e.environment)
            usleep(UInt32.random(in: 0...120_000, using: &generator))
            process.kill9()
            _ = process.wait(timeout: 20)
            #expect(try StoreProbe.integrity(e2e.store) == "ok")
            let sitting = try StoreProbe.count(
                e2e.store,
                "SELECT count(*) FROM habit_entry e JOIN habit h ON h.id = e.habit_id WHERE h.name = 'Sitting'")
            #expect(sitting == 15_000 || sitting == 0, "a killed merge left \(sitting) entries behind")
            outcomes.append(sitting == 0 ? "merged" : "not merged")
            if sitting == 0 { break }
        }
        #expect(try StoreProbe.count(e2e.store, "SELECT count(*) FROM habit_entry") == 30_000)
        print("habit merge kill -9: \(outcomes)")
    }
}
