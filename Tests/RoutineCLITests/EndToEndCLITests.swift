import EndToEndSupport
import Foundation
import Testing

/// The command line through the real built binary: check, dry runs, paths, import and
/// friends, exit statuses and global options before and after the subcommand.
@Suite(.serialized) struct EndToEndCLITests {
    /// One file per diagnostic class, with the exact first line `check` must print.
    private static let diagnosticFiles: [(name: String, text: String, line: String, status: Int32)] = [
        (
            "syntax", "routine: s\nstart: [a\nnodes: {}\n",
            "syntax.yaml:3:6: error: did not find expected ',' or ']' (while parsing a flow sequence) [syntax]", 1
        ),
        (
            "unknown-key", "routine: u\nstart: [a]\nnodes:\n  a:\n    habit: A\n    nxt: []\n",
            "unknown-key.yaml:6:5: error: unknown key 'nxt' in the node 'a'; did you mean 'next'? [unknown-key]", 1
        ),
        (
            "missing-key", "routine: m\nnodes:\n  a:\n    habit: A\n",
            "missing-key.yaml:1:1: error: missing key 'start' in the routine file [missing-key]", 1
        ),
        (
            "invalid-value", "routine: v\nstart: [a]\nnodes:\n  a:\n    habit: A\n    next: 3\n",
            "invalid-value.yaml:6:11: error: 'next' must be a list of node refs, not text [invalid-value]", 1
        ),
        (
            "duplicate-node", "routine: d\nstart: [a]\nnodes:\n  a:\n    habit: A\n  a:\n    habit: B\n",
            "duplicate-node.yaml:6:3: error: node id 'a' is already defined at line 4 [duplicate-node]", 1
        ),
        (
            "undefined-node", "routine: n\nstart: [a]\nnodes:\n  a:\n    habit: A\n    next: [ghost]\n",
            "undefined-node.yaml:6:12: error: node 'ghost' is not defined [undefined-node]", 1
        ),
        (
            "cycle",
            "routine: c\nstart: [a]\nnodes:\n  a:\n    habit: A\n    next: [b]\n  b:\n    habit: B\n    next: [a]\n",
            "cycle.yaml:9:12: error: cycle: a -> b -> a [cycle]", 1
        ),
        (
            "empty-question", "routine: e\nstart: [q]\nnodes:\n  q:\n    question: Why?\n    options: []\n",
            "empty-question.yaml:5:5: error: question 'q' has no options [empty-question]", 1
        ),
        (
            "duplicate-option",
            "routine: o\nstart: [q]\nnodes:\n  q:\n    question: Why?\n    options:\n      - text: Yes\n      - text: yes\n",
            "duplicate-option.yaml:8:15: error: option 'yes' of question 'q' repeats the option at line 7 [duplicate-option]",
            1
        ),
        (
            "measure-conflict",
            "routine: mc\nstart: [a]\nhabits:\n  Run:\n    measure: { unit: km, type: distance }\n  run:\n    measure: { unit: min, type: time }\nnodes:\n  a:\n    habit: Run\n",
            "measure-conflict.yaml:7:14: error: habit 'run' is given measure min/time here but measure km/distance at line 4 [measure-conflict]",
            1
        ),
        (
            "unreachable-node", "routine: w\nstart: [a]\nnodes:\n  a:\n    habit: A\n  b:\n    habit: B\n",
            "unreachable-node.yaml:6:3: warning: node 'b' is not reachable from start [unreachable-node]", 0
        ),
        (
            "single-option",
            "routine: so\nstart: [q]\nnodes:\n  q:\n    question: Why?\n    options:\n      - text: Because\n",
            "single-option.yaml:5:5: warning: question 'q' has only one option [single-option]", 0
        ),
        (
            "repeated-habit", "routine: r\nstart: [a]\nnodes:\n  a:\n    habit: A\n    next: [b]\n  b:\n    habit: a\n",
            "repeated-habit.yaml:8:12: warning: habit 'a' at node 'b' can follow the same habit on one path; it is asked only if the earlier one was skipped [repeated-habit]",
            0
        ),
    ]

    @Test func checkPassesTheBundledRoutinesStrictlyAsFilesAndAsAFolder() throws {
        let e2e = try EndToEnd()
        let folder = try e2e.run(["check", "--strict", EndToEnd.routines.path])
        #expect(folder.status == 0)
        #expect(folder.stdout == "3 files checked: 0 errors, 0 warnings\n")
        let files = try e2e.run(["check"] + EndToEnd.bundled.map(EndToEnd.routineFile))
        #expect(files.status == 0)
        #expect(files.stdout == "3 files checked: 0 errors, 0 warnings\n")
        // check never touches a store.
        #expect(!FileManager.default.fileExists(atPath: e2e.store))
    }

    /// `routine check routines/*.yaml`: the shell's glob names the test files beside the
    /// routines too; each is checked as a test file (its shape, as `routine test` reads
    /// it), not as a routine file missing `start:`.
    @Test func checkNamesTheTestFilesAShellGlobGivesAndChecksThemAsTestFiles() throws {
        let e2e = try EndToEnd()
        let repository = EndToEnd.routines.deletingLastPathComponent()
        let glob = try FileManager.default.contentsOfDirectory(atPath: EndToEnd.routines.path)
            .filter { $0.hasSuffix(".yaml") }.sorted().map { "routines/" + $0 }
        #expect(glob.contains("routines/morning-checkin.test.yaml"))
        let all = try e2e.run(["check", "--strict"] + glob, currentDirectory: repository)
        #expect(all.status == 0, "\(all.stdout)\(all.stderr)")
        #expect(all.stdout == "\(glob.count) files checked: 0 errors, 0 warnings\n")
        #expect(all.stderr.isEmpty)

        // A broken test file named outright: its own diagnostic at line:col, counted, exit 1.
        let broken = "routine: morning-checkin.yaml\ncases:\n  - day: 2026-11-23\n    stauts: completed\n"
        _ = try e2e.folder.write("morning.test.yaml", broken)
        let text = try e2e.run(["check", EndToEnd.routineFile("morning-checkin"), "morning.test.yaml"])
        #expect(text.status == 1)
        #expect(
            text.stdout
                == "morning.test.yaml:4:5: error: unknown key 'stauts' in the case; did you mean 'status'? [unknown-key]\n"
                + "2 files checked: 1 error, 0 warnings\n")
        let json = try e2e.run(["check", "--format", "json", "morning.test.yaml"])
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let files = object?["files"] as? [[String: Any]]
        let diagnostic = (files?.first?["diagnostics"] as? [[String: Any]])?.first
        #expect(diagnostic?["code"] as? String == "unknown-key")
        #expect(diagnostic?["line"] as? Int == 4)
        #expect(diagnostic?["column"] as? Int == 5)
        #expect(object?["errors"] as? Int == 1)
        // A test file that cannot be read is one line, as a routine file is.
        let missing = try e2e.run(["check", "gone.test.yaml"])
        #expect(missing.status == 1)
        #expect(missing.stdout.hasPrefix("gone.test.yaml: error: cannot read file: no such file [syntax]\n"))
    }

    @Test func checkReportsEveryDiagnosticClassAtItsLineAndColumn() throws {
        let e2e = try EndToEnd()
        for fixture in Self.diagnosticFiles {
            _ = try e2e.folder.write("\(fixture.name).yaml", fixture.text)
            let result = try e2e.run(["check", "\(fixture.name).yaml"])
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == fixture.line, "\(fixture.name)")
            #expect(result.status == fixture.status, "\(fixture.name): \(result.stdout)")
            #expect(lines.last?.hasPrefix("1 file checked: ") == true, "\(fixture.name)")
        }
        // Not UTF-8: a syntax error too, never a crash.
        try Data([0x72, 0x6f, 0x75, 0x74, 0x69, 0x6e, 0x65, 0x3a, 0x20, 0xff, 0xfe, 0x0a])
            .write(to: e2e.url.appendingPathComponent("latin.yaml"))
        let latin = try e2e.run(["check", "latin.yaml"])
        #expect(latin.status == 1)
        #expect(latin.stdout.hasPrefix("latin.yaml:"))
        #expect(latin.stdout.contains("[syntax]"))
        // A folder: every file, one summary with the totals.
        let folder = try e2e.run(["check", "."])
        #expect(folder.status == 1)
        #expect(folder.stdout.hasSuffix("14 files checked: 11 errors, 4 warnings\n"), "\(folder.stdout)")
    }

    @Test func byteOrderMarksCRLFAndWideCharactersKeepPositionsInCharacters() throws {
        let e2e = try EndToEnd()
        // A byte order mark is not content: the file is clean and imports.
        try (Data([0xEF, 0xBB, 0xBF]) + Data("routine: bom\nstart: [a]\nnodes:\n  a: {habit: A}\n".utf8))
            .write(to: e2e.url.appendingPathComponent("bom.yaml"))
        let bom = try e2e.run(["check", "bom.yaml"])
        #expect(bom.status == 0, "\(bom.stdout)")
        #expect(try e2e.ok(["import", "bom.yaml"]) == "imported bom (version 1)\n")
        // Columns count characters, not bytes; CRLF ends lines like LF.
        _ = try e2e.folder.write("wide.yaml", "routine: w\nstart: [a]\nnodes:\n  a: {habit: Café ☕, nxt: []}\n")
        #expect(
            try e2e.run(["check", "wide.yaml"]).stdout.hasPrefix(
                "wide.yaml:4:22: error: unknown key 'nxt' in the node 'a'; did you mean 'next'? [unknown-key]"))
        _ = try e2e.folder.write(
            "crlf.yaml", "routine: c\r\nstart: [a]\r\nnodes:\r\n  a:\r\n    habit: A\r\n    nxt: []\r\n")
        #expect(try e2e.run(["check", "crlf.yaml"]).stdout.hasPrefix("crlf.yaml:6:5: error: unknown key 'nxt'"))
    }

    @Test func exportQuotesWhatYAMLWouldMisreadAndReimportsToTheSameGraph() throws {
        let e2e = try EndToEnd()
        _ = try e2e.folder.write(
            "tricky.yaml",
            """
            routine: tricky
            title: "Tricky: quotes # and 'colons'"
            start: [q]
            habits:
              "Run: 5k #1":
                measure: { unit: kilometres, type: distance }
                target: 5.5
            nodes:
              q:
                question: "What now? - a: b"
                options:
                  - text: "Yes"
                    next: [h1]
                  - text: "null"
                    next: [{ id: "x.y_z-1", habit: "  Spaced   habit  " }]
                  - text: "- dash"
                  - text: "'quoted' \\"double\\""
                    next: [h1]
                  - text: "Café ☕ 日本"
                next: [h2]
              h1:
                habit: "Run: 5k #1"
              h2:
                habit: "@at"

            """)
        try e2e.ok(["check", "--strict", "tricky.yaml"])
        try e2e.ok(["import", "tricky.yaml"])
        let yaml = try e2e.ok(["export", "tricky"])
        _ = try e2e.folder.write("exported.yaml", yaml)
        try e2e.ok(["check", "--strict", "exported.yaml"])
        let other = try EndToEnd()
        try other.ok(["import", e2e.url.appendingPathComponent("exported.yaml").path])
        for format in ["yaml", "json", "dot", "mermaid"] {
            #expect(
                try other.ok(["export", "tricky", "--format", format])
                    == e2e.ok(["export", "tricky", "--format", format]))
        }
        let run = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try other.ok(["run", "tricky", "--format", "json"], input: "2\ny\nn\n").utf8))
                as? [String: Any])
        let steps = try #require(run["steps"] as? [[String: Any]])
        #expect(steps.map { $0.string("answer") ?? "?" } == ["null", "done", "skipped"])
        #expect(steps.map { $0.string("habit") ?? "-" } == ["-", "Spaced habit", "@at"])
    }

    @Test func strictTurnsWarningsIntoAFailureWithoutChangingTheirSeverity() throws {
        let e2e = try EndToEnd()
        _ = try e2e.folder.write(
            "warn.yaml",
            "routine: warn\nstart: [q]\nnodes:\n  q:\n    question: Q?\n    options:\n      - text: Only\n        next: [h]\n  h:\n    habit: H\n  stray:\n    habit: S\n"
        )
        let plain = try e2e.run(["check", "warn.yaml"])
        let strict = try e2e.run(["check", "--strict", "warn.yaml"])
        let strictAfter = try e2e.run(["check", "warn.yaml", "--strict"])
        #expect(plain.status == 0)
        #expect(strict.status == 1)
        #expect(strictAfter.status == 1)
        #expect(plain.stdout == strict.stdout)
        #expect(
            plain.stdout == """
                warn.yaml:5:5: warning: question 'q' has only one option [single-option]
                warn.yaml:11:3: warning: node 'stray' is not reachable from start [unreachable-node]
                1 file checked: 0 errors, 2 warnings

                """)
    }

    @Test func checkJSONListsEveryFileCleanOnesToo() throws {
        let e2e = try EndToEnd()
        _ = try e2e.folder.write("files/clean.yaml", "routine: clean\nstart: [a]\nnodes:\n  a:\n    habit: A\n")
        _ = try e2e.folder.write("files/deeper/cycle.yml", Self.diagnosticFiles[6].text)
        _ = try e2e.folder.write("files/notes.txt", "not a routine")
        let result = try e2e.run(["check", "--format", "json", "files"])
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("}\n") && !result.stdout.hasSuffix("\n\n"))
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(document.keys) == ["files", "errors", "warnings"])
        #expect(document["errors"] as? Int == 1)
        #expect(document["warnings"] as? Int == 0)
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String ?? "" }.sorted() == ["files/clean.yaml", "files/deeper/cycle.yml"])
        let clean = try #require(files.first { ($0["path"] as? String) == "files/clean.yaml" })
        #expect((clean["diagnostics"] as? [Any])?.isEmpty == true)
        let cycle = try #require(files.first { ($0["path"] as? String) == "files/deeper/cycle.yml" })
        let diagnostic = try #require((cycle["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["severity"] as? String == "error")
        #expect(diagnostic["code"] as? String == "cycle")
        #expect(diagnostic["line"] as? Int == 9)
        #expect(diagnostic["column"] as? Int == 12)
        #expect(diagnostic["message"] as? String == "cycle: a -> b -> a")
    }

    @Test func checkOfAMissingPathIsAnErrorNamingIt() throws {
        let e2e = try EndToEnd()
        let result = try e2e.run(["check", "nope.yaml"])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("nope.yaml: error: "))
        #expect(result.stdout.hasSuffix("1 file checked: 1 error, 0 warnings\n"))
        let json = try e2e.run(["check", "--format", "json", "nope.yaml"])
        #expect(json.status == 1)
        #expect(json.stdout.contains("\"line\":null,\"column\":null"))
    }

    @Test func dryRunOfAFileReasksBadAnswersAndTouchesNoStore() throws {
        let e2e = try EndToEnd()
        let file = EndToEnd.routineFile("morning-checkin")
        let result = try e2e.run(
            ["run", file, "--dry-run"], input: EndToEnd.lines(["back", "7", "Great", "back", "nope", "2"]))
        #expect(result.status == 0)
        let question = "How are you feeling today?\n  1. Great!\n  2. Okay\n  3. Not so good\n"
        let hint = "choose an option by its number (1-3) or its text; 'help' lists what you can type\n"
        #expect(
            result.stdout
                == question + "nothing to undo\n" + question + hint + question
                + "Meditate: how much, in min? (a number, y = 10 min, n = skip, l = later)\n" + question + hint
                + question
                + "Drink Water: done? (y = done, n = skip, l = later)\n" + "Dry run paused; nothing was written.\n")
        #expect(!FileManager.default.fileExists(atPath: e2e.store))
    }

    @Test func dryRunJSONReportsPausedAtEndOfInputAndSendsHintsToStandardError() throws {
        let e2e = try EndToEnd()
        let result = try e2e.run(
            ["run", EndToEnd.routineFile("morning-checkin"), "--dry-run", "--format", "json"],
            input: EndToEnd.lines(["back", "1", "maybe", "7", "back", "n", "y"]))
        #expect(result.status == 0)
        #expect(result.stderr.contains("nothing to undo"))
        #expect(result.stderr.contains("a number"))
        let transcript = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(transcript["status"] as? String == "paused")
        #expect(transcript["dryRun"] as? Bool == true)
        #expect(isUUID(transcript["run"] as? String ?? ""))
        let steps = try #require(transcript["steps"] as? [[String: Any]])
        // 7 for Meditate, then back (Meditate asked again), skipped, Drink Water done; input ends at Journal.
        #expect(steps.map { $0["answer"] as? String ?? "?" } == ["Great!", "skipped", "done"])
        let entries = try #require(transcript["entries"] as? [[String: Any]])
        #expect(entries.map { $0["habit"] as? String ?? "?" } == ["Drink Water"])
        #expect(!FileManager.default.fileExists(atPath: e2e.store))
    }

    @Test func aDryRunCountsWhatItWouldHaveWrittenAsAlreadyDone() throws {
        let e2e = try EndToEnd()
        _ = try e2e.folder.write("repeat.yaml", Self.diagnosticFiles[12].text)
        let done = try e2e.run(["run", "repeat.yaml", "--dry-run", "--format", "json"], input: "y\n")
        #expect(done.status == 0)
        #expect(done.stderr.contains("[repeated-habit]"), "warnings go to standard error")
        #expect(
            done.stdout.contains(
                #""steps":[{"node":"a","kind":"habit","habit":"A","answer":"done"},{"node":"b","kind":"habit","habit":"A","answer":"already-done"}]"#
            ))
        let skipped = try e2e.run(["run", "repeat.yaml", "--dry-run", "--format", "json"], input: "n\ny\n")
        #expect(
            skipped.stdout.contains(
                #""steps":[{"node":"a","kind":"habit","habit":"A","answer":"skipped"},{"node":"b","kind":"habit","habit":"A","answer":"done"}]"#
            ))
        #expect(!FileManager.default.fileExists(atPath: e2e.store))
    }

    @Test func dryRunOfABrokenFileStopsBeforeAnyPrompt() throws {
        let e2e = try EndToEnd()
        _ = try e2e.folder.write("cycle.yaml", Self.diagnosticFiles[6].text)
        let result = try e2e.run(["run", "cycle.yaml", "--dry-run"], input: "1\n")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("cycle.yaml:9:12: error: cycle: a -> b -> a [cycle]"))
        #expect(result.stderr.contains("routine: cycle.yaml has 1 error; nothing was done"))
    }

    @Test func pathsInTextAndJSON() throws {
        let e2e = try EndToEnd()
        let text = try e2e.ok(["paths", EndToEnd.routineFile("morning-checkin")])
        #expect(
            text == """
                Morning Check-in (morning-checkin)
                combinations: 3
                longest chain: 4 prompts
                habits:
                  some   Meditate
                  some   Drink Water
                  some   Go for a walk
                  some   Read a book
                  every  Journal
                (every: asked however you answer; some: on some answers or days; none: never asked)

                """)
        let json = try e2e.ok(["paths", EndToEnd.routineFile("morning-checkin"), "--format", "json"])
        #expect(
            json == """
                {"routine":"morning-checkin","combinations":3,"longestChain":4,"habits":[{"habit":"Meditate","on":"some"},\
                {"habit":"Drink Water","on":"some"},{"habit":"Go for a walk","on":"some"},{"habit":"Read a book","on":"some"},\
                {"habit":"Journal","on":"every"}]}

                """)
        let listed = try #require(
            try JSONSerialization.jsonObject(
                with: Data(
                    try e2e.ok([
                        "paths", EndToEnd.routineFile("evening-journal"), "--format", "json", "--list", "--limit", "2",
                    ])
                    .utf8)) as? [String: Any])
        #expect(listed["combinations"] as? Int == 300)
        #expect((listed["paths"] as? [Any])?.count == 2)
        // A stored routine by name gives the same report as its file.
        try e2e.importBundled()
        #expect(try e2e.ok(["paths", "morning-checkin"]) == text)
    }

    @Test func importListShowAndExport() throws {
        let e2e = try EndToEnd()
        let imported = try e2e.ok(["import", EndToEnd.routines.path])
        #expect(
            imported
                == "imported evening-journal (version 1)\nimported morning-checkin (version 1)\nimported training (version 1)\n"
        )
        #expect(try e2e.ok(["import", EndToEnd.routineFile("training")]).contains("unchanged"))
        #expect(
            try e2e.ok(["list"]) == """
                evening-journal  Evening Journal  v1, 17 nodes
                morning-checkin  Morning Check-in  v1, 6 nodes
                training         Training Log  v1, 8 nodes

                """)
        let show = try e2e.ok(["show", "morning-checkin"])
        #expect(show.hasPrefix("Morning Check-in (morning-checkin)\n└─ ? How are you feeling today?  (feeling)\n"))
        #expect(show.contains("Meditate · 10 min  (meditate)"))
        #expect(show.contains("→ journal (below)") && show.contains("   └─ Journal  (journal)"))
        let dot = try e2e.ok(["export", "morning-checkin", "--format", "dot"])
        #expect(dot.hasPrefix("digraph"))
        let mermaid = try e2e.ok(["export", "morning-checkin", "--format", "mermaid"])
        #expect(mermaid.hasPrefix("flowchart") || mermaid.hasPrefix("graph"))
        let json = try JSONSerialization.jsonObject(
            with: Data(try e2e.ok(["export", "training", "--format", "json"]).utf8))
        #expect((json as? [String: Any])?["routine"] as? String == "training")
        let yaml = try e2e.ok(["export", "morning-checkin"])
        #expect(yaml.hasPrefix("routine: morning-checkin\ntitle: Morning Check-in\nstart: [feeling]\n"))
        // A broken file is not imported (all or nothing) and the command fails.
        _ = try e2e.folder.write("broken.yaml", Self.diagnosticFiles[6].text)
        let broken = try e2e.run(["import", "broken.yaml"])
        #expect(broken.status == 1)
        #expect(try !e2e.ok(["list"]).contains("\nc "))
    }

    @Test func exitStatusesForSuccessFailureAndUsageErrors() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled()
        #expect(try e2e.run(["list"]).status == 0)
        let unknownRoutine = try e2e.run(["run", "morning-chekin"])
        #expect(unknownRoutine.status == 1)
        #expect(
            unknownRoutine.stderr == "routine: no routine named 'morning-chekin'; did you mean 'morning-checkin'?\n")
        #expect(try e2e.run(["delete", "999"]).status == 1)
        #expect(try e2e.run(["show", "nothing-here"]).status == 1)
        let unknownFlag = try e2e.run(["check", "--bogus", "x"])
        #expect(unknownFlag.status == 64)
        // One line, and where the whole usage is (issue 19 item 20).
        #expect(unknownFlag.stderr == "routine: unknown option '--bogus' (see 'routine help check')\n")
        let badDay = try e2e.run(["run", "morning-checkin", "--day", "2026-13-01"])
        #expect(badDay.status == 64)
        #expect(
            badDay.stderr.contains(
                "the value '2026-13-01' is invalid for '--day <day>': expected a date: YYYY-MM-DD, today, yesterday")
        )
        #expect(try e2e.run(["log", "--new", "Read", "--day", "22/11/2026"]).status == 64)
        #expect(try e2e.run(["nonsense-command"]).status == 64)
        #expect(try e2e.run(["check"]).status == 64)
        #expect(try e2e.run(["run", "morning-checkin", "--format", "xml"]).status == 64)
        // Nothing written by the failures.
        #expect(try e2e.entries().isEmpty)
        #expect(try e2e.ok(["runs"]) == "No runs yet.\n")
    }

    @Test func theShellReadsPlainLinesFromAPipeAndEndOfInputInARunPausesIt() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled()
        let first = try e2e.run([], input: EndToEnd.lines(["list", "lst", "run morning-checkin", "1", "12"]))
        #expect(first.status == 0)
        #expect(first.stdout.hasPrefix("evening-journal  Evening Journal  v1, 17 nodes\n"))
        #expect(first.stdout.contains("unknown command 'lst'; did you mean 'list'?"))
        #expect(first.stdout.contains("Paused; recorded Meditate 12 min so far. Continue with: resume "))
        // No greeting and no prompts when standard input is not a terminal.
        #expect(!first.stdout.contains("routine> ") && !first.stdout.contains("'quit' leaves"))
        let second = try e2e.run(["repl"], input: EndToEnd.lines(["resume", "y", "n", "quit", "list"]))
        #expect(second.status == 0)
        #expect(second.stdout.contains("Completed for 2026-11-22: recorded Meditate 12 min, Drink Water."))
        #expect(!second.stdout.contains("evening-journal"), "nothing runs after quit")
        #expect(try e2e.entries().map { $0.string("habit") ?? "?" } == ["Meditate", "Drink Water"])
    }

    @Test func globalOptionsWorkBeforeAndAfterTheSubcommand() throws {
        let e2e = try EndToEnd()
        let before = e2e.url.appendingPathComponent("before.sqlite").path
        let after = e2e.url.appendingPathComponent("after.sqlite").path
        try e2e.ok(["--store", before, "import", EndToEnd.routineFile("training")])
        try e2e.ok(["import", EndToEnd.routineFile("morning-checkin"), "--store", after])
        #expect(try e2e.ok(["list", "--store", before]).hasPrefix("training "))
        #expect(try e2e.ok(["--store", after, "list"]).hasPrefix("morning-checkin "))
        #expect(!FileManager.default.fileExists(atPath: e2e.store))

        // 16:30 UTC is 01:30 on the 23rd in Tokyo.
        let late = ["ROUTINE_NOW": "2026-11-22T16:30:00Z"]
        try e2e.ok(["--timezone", "Asia/Tokyo", "log", "--new", "A"], extra: late)
        try e2e.ok(["log", "--new", "B", "--timezone", "Asia/Tokyo"], extra: late)
        // ... and with the day starting at 03:00 it is still the 22nd there.
        try e2e.ok(["--timezone", "Asia/Tokyo", "--day-start", "03:00", "log", "--new", "C"], extra: late)
        try e2e.ok(["log", "--new", "D", "--day-start", "03:00", "--timezone", "Asia/Tokyo"], extra: late)
        try e2e.ok(["log", "--new", "E"], extra: late)
        let days = try e2e.entries().sorted { ($0.string("habit") ?? "") < ($1.string("habit") ?? "") }.map {
            "\($0.string("habit") ?? "?")@\($0.string("dayKey") ?? "?")@\($0.string("timeZone") ?? "?")"
        }
        #expect(
            days == [
                "A@2026-11-23@Asia/Tokyo", "B@2026-11-23@Asia/Tokyo", "C@2026-11-22@Asia/Tokyo",
                "D@2026-11-22@Asia/Tokyo", "E@2026-11-22@UTC",
            ])
        let badZone = try e2e.run(["--timezone", "Mars/Olympus", "list"])
        #expect(badZone.status != 0)
        #expect(badZone.stderr.contains("Mars/Olympus"))
    }

    @Test func importReportsEveryMeasureConflictWithTheStoreAndWritesNothing() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "--new", "Meditate", "10", "--unit", "min"])
        try e2e.ok(["log", "--new", "Run", "5", "--unit", "km"])
        let path = try e2e.folder.write(
            "conflicted.yaml",
            """
            routine: conflicted
            start: [m]
            habits:
              Meditate:
                measure: { unit: km, type: distance }
              run:
                measure: { unit: min, type: time }
            nodes:
              m:
                habit: Meditate
                next: [r]
              r:
                habit: Run

            """)
        let result = try e2e.run(["import", path])
        #expect(result.status == 1)
        let conflicts = result.stderr.split(separator: "\n").filter { $0.hasSuffix("[measure-conflict]") }
        #expect(conflicts.count == 2, "\(result.stderr)")
        // Each at its declaration's `measure:` value (issue 19 item 19).
        #expect(conflicts.map { $0.prefix(path.count + 6) } == ["\(path):5:14:", "\(path):7:14:"])
        #expect(conflicts.allSatisfy { $0.contains(": error: habit ") })
        #expect(result.stderr.contains("nothing was imported"))
        #expect(!(try e2e.ok(["list"])).contains("conflicted"))
        #expect(try e2e.ok(["habits"]).contains("min (time)"))
    }
}
