import EndToEndSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Schedules through the real binary (SPEC §10.1): `check` diagnostics, the import
/// line that reports a change, and `routine habit schedule`.
@Suite(.serialized) struct ScheduleCommandTests {
    private func write(_ e2e: EndToEnd, _ name: String, schedule: String) throws -> String {
        let path = e2e.url.appendingPathComponent(name).path
        let text = """
            routine: training
            start: [run]
            habits:
              Run:
            \(schedule)
            nodes:
              run: {habit: Run}
            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func checkReportsBothDaysAndEveryAtTheirLineAndColumn() throws {
        let e2e = try EndToEnd()
        let path = try write(e2e, "both.yaml", schedule: "    days: [mon, mon]\n    every: 0")
        let result = try e2e.run(["check", path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("both.yaml:6:5: error: habit 'Run' has both 'days' and 'every'"))
        let single = try write(e2e, "dup.yaml", schedule: "    days: [mon, Mon]")
        let dup = try e2e.run(["check", single])
        #expect(dup.status == 1)
        #expect(
            dup.stdout.contains(
                "dup.yaml:5:17: error: weekday 'mon' is listed twice in the days of 'Run' [invalid-value]"))
        let zero = try e2e.run(["check", try write(e2e, "zero.yaml", schedule: "    every: 0")])
        #expect(zero.stdout.contains("zero.yaml:5:12: error: 'every' of 'Run' must be at least 1"))
    }

    @Test func importThatChangesAScheduleSaysSoInOneLine() throws {
        let e2e = try EndToEnd()
        let first = try e2e.ok(["import", try write(e2e, "a.yaml", schedule: "    days: [mon, wed, fri]")])
        #expect(!first.contains("schedule of"))
        let second = try e2e.ok(["import", try write(e2e, "a.yaml", schedule: "    days: [tue, thu]")])
        #expect(second.contains("imported training as version 2\nschedule of Run: mon, wed, fri -> tue, thu\n"))
        let exported = try e2e.ok(["export", "training"])
        #expect(exported.contains("days: [tue, thu]"))
    }

    /// Issue 31 item 13: a schedule set by hand on a habit a routine file declares is the
    /// one `show` draws and `export` and `edit` write; `habit schedule` says it changes the
    /// file's declaration; a file that would set it back says so when imported, by
    /// `import` or by `edit`.
    @Test func aScheduleSetByHandIsTheOneShownExportedAndEdited() throws {
        let e2e = try EndToEnd()
        let path = try write(e2e, "a.yaml", schedule: "    days: [mon, wed, fri]")
        try e2e.ok(["import", path])
        let set = try e2e.ok(["habit", "schedule", "Run", "--days", "mon,wed,fri,sat"])
        #expect(
            set
                == "schedule of Run: mon, wed, fri -> mon, wed, fri, sat\n"
                + "routine 'training' declares Run's schedule (mon, wed, fri): this replaces it there too "
                + "('routine export training' and 'routine edit training' write the new one; the old file, "
                + "changed and imported, sets it back)\n")
        #expect(try e2e.ok(["show", "training"]).contains("due: mon, wed, fri, sat"))
        #expect(try e2e.ok(["export", "training"]).contains("days: [mon, wed, fri, sat]"))

        // `edit`, the editor adding only a comment: the schedule set by hand stays.
        let editor = try e2e.folder.write("comment.sh", "#!/bin/sh\nprintf '# a comment\\n' >> \"$1\"\n")
        chmod(editor, 0o755)
        let edited = try e2e.ok(["edit", "training"], extra: ["EDITOR": editor, "VISUAL": ""])
        #expect(!edited.contains("schedule of"), "\(edited)")
        #expect(try e2e.ok(["habit", "schedule", "Run"]) == "Run: mon, wed, fri, sat\n")

        // The old file, with only a comment added, set it back before without a word.
        try (try String(contentsOfFile: path, encoding: .utf8) + "\n# another comment\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let again = try e2e.ok(["import", path])
        #expect(again.contains("schedule of Run: mon, wed, fri, sat -> mon, wed, fri\n"), "\(again)")
        // `edit` of a file that sets it back says so too.
        let old = try e2e.folder.write(
            "old.sh", "#!/bin/sh\nsed -i 's/days: \\[.*\\]/days: [tue]/' \"$1\"\n")
        chmod(old, 0o755)
        // (routines/training.yaml is not the latest version now: `y` writes the latest first.)
        let back = try e2e.ok(["edit", "training"], input: "y\n", extra: ["EDITOR": old, "VISUAL": ""])
        #expect(back.contains("schedule of Run: mon, wed, fri -> tue\n"), "\(back)")
    }

    /// `habit target` sets the schedule too (a frequency): it says what `habit schedule`
    /// says of a routine file that declares another (issue 27: one rule for both).
    @Test func aFrequencySetByHandSaysWhichRoutineDeclaredAnotherSchedule() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["import", try write(e2e, "a.yaml", schedule: "    days: [mon, wed, fri]")])
        let set = try e2e.ok(["habit", "target", "Run", "--weekly", "3"])
        #expect(
            set
                == "schedule of Run: mon, wed, fri -> 3 per week\n"
                + "routine 'training' declares Run's schedule (mon, wed, fri): this replaces it there too "
                + "('routine export training' and 'routine edit training' write the new one; the old file, "
                + "changed and imported, sets it back)\n"
                + "Run: 3 per week\n")
        // A day target alone leaves the schedule, and says nothing of the file.
        #expect(try e2e.ok(["habit", "target", "Run", "--at-most", "2"]) == "Run: 3 per week · ≤ 2 a day\n")
    }

    @Test func habitScheduleSetsDaysEveryAndDaily() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "Stretch", "--new"])
        #expect(
            try e2e.ok(["habit", "schedule", "stretch", "--days", "fri,MON"])
                == "schedule of Stretch: daily -> mon, fri\n")
        #expect(
            try e2e.ok(["habit", "schedule", "Stretch", "--every", "3"])
                == "schedule of Stretch: mon, fri -> every 3 days\n")
        #expect(
            try e2e.ok(["habit", "schedule", "Stretch", "--every", "3"])
                == "schedule of Stretch unchanged: every 3 days\n")
        #expect(
            try e2e.ok(["habit", "schedule", "Stretch", "--daily"]) == "schedule of Stretch: every 3 days -> daily\n")
    }

    @Test func habitScheduleRefusesBadFlagsWithOneLine() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "Stretch", "--new"])
        for (arguments, fragment) in [
            (["--days", "mon", "--every", "2"], "give one of --days, --every and --daily (none shows the schedule)"),
            (["--days", "mon,mon"], "weekday 'mon' is given twice"),
            (["--days", "mon,frii"], "'frii' is not a weekday"),
            (["--days", ""], "'' is not a weekday"),
            (["--every", "0"], "--every must be a whole number of days from 1 to 10000"),
        ] {
            let result = try e2e.run(["habit", "schedule", "Stretch"] + arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains(fragment), "\(arguments): \(result.stderr)")
        }
        let unknown = try e2e.run(["habit", "schedule", "Strech", "--daily"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "routine: no habit named 'Strech'; did you mean 'Stretch'?\n")
    }
}
