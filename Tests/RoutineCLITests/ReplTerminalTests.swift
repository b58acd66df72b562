import EndToEndSupport
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The REPL through a real pseudo-terminal (libedit sees a terminal): completion,
/// history across sessions, Ctrl-C and Ctrl-D, help, authoring, colour.
@Suite(.serialized) struct ReplTerminalTests {
    static let prompt = "routine> "
    static let runPrompt = "morning-checkin> "

    /// A fixture with the bundled routines stored and a copy of `routines/` in its folder.
    private func storedFixture() throws -> EndToEnd {
        let e2e = try EndToEnd()
        try e2e.importBundled()
        return e2e
    }

    /// Types `line` and Enter once the editor reads.
    private func type(_ terminal: PseudoTerminal, _ line: String, at prompt: String = prompt) throws {
        try terminal.expectPrompt(prompt)
        try terminal.send(line + "\r")
    }

    private func quit(_ terminal: PseudoTerminal) throws {
        try type(terminal, "quit")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func tabCompletesCommandsRoutineNamesAndOptionTexts() throws {
        let e2e = try storedFixture()
        let terminal = try e2e.terminal()
        try terminal.expectPrompt(Self.prompt)
        // "imp" is the start of import and import-entries: Tab extends it to their
        // common prefix, with no space; a second Tab lists both.
        try terminal.send("imp\t")
        try terminal.expect("import")
        try terminal.send("\t")
        try terminal.expect("import-entries")
        try terminal.send(" --help\r")
        try terminal.expect("USAGE: routine import <path>")
        // A unique command is completed with a space: the flag typed next is a word of its own.
        try terminal.expectPrompt(Self.prompt)
        try terminal.send("expo\t")
        try terminal.expect("export")
        try terminal.send("--help\r")
        try terminal.expect("USAGE: routine export")

        try terminal.expectPrompt(Self.prompt)
        try terminal.send("run mor\t")
        try terminal.expect("run morning-checkin")
        try terminal.send("\r")
        try terminal.expect("How are you feeling today?")
        try terminal.expectPrompt(Self.runPrompt)
        try terminal.send("Gr\t")
        try terminal.expect("Great!")
        try terminal.send("\r")
        // Great! was taken: the next prompt is Meditate's.
        try terminal.expect("Meditate: how much, in min?")
        try terminal.expectPrompt(Self.runPrompt)
        try terminal.send("pau\t")
        try terminal.expect("pause")
        try terminal.send("\r")
        try terminal.expect("Paused")
        try quit(terminal)
        #expect(try e2e.ok(["runs", "--paused"]).contains("morning-checkin v1  paused"))
    }

    @Test func tabCompletesThePausedRunsIds() throws {
        let e2e = try storedFixture()
        _ = try e2e.run(["run", "morning-checkin"], input: "1\n")
        let id = try #require(try e2e.ok(["runs", "--paused"]).split(separator: " ").first.map(String.init))
        #expect(id.count == 8)
        let terminal = try e2e.terminal()
        try terminal.expectPrompt(Self.prompt)
        try terminal.send("abort \t")
        try terminal.expect("abort \(id)")
        try terminal.send("\r")
        try terminal.expect("aborted run \(id)")
        try quit(terminal)
    }

    /// Issue 19 item 20: `clear` and Ctrl-L clear the screen, and the shell goes on.
    @Test func clearAndControlLClearTheScreen() throws {
        let e2e = try storedFixture()
        let terminal = try e2e.terminal()
        let clear = "\u{1B}[H\u{1B}[2J"
        func clears() -> Int { terminal.rawOutput.components(separatedBy: clear).count - 1 }
        try terminal.expectPrompt(Self.prompt)
        try terminal.send("\u{0C}")
        try terminal.expectPrompt(Self.prompt)
        #expect(clears() == 1)
        try terminal.send("clear\r")
        try terminal.expectPrompt(Self.prompt)
        #expect(clears() == 2)
        try terminal.send("list\r")
        try terminal.expect("training         Training Log")
        try quit(terminal)
    }

    /// Issue 19 item 20: `resume <Tab>` lists the paused runs with their routines and days.
    @Test func tabListsThePausedRunsWithTheirRoutines() throws {
        let e2e = try storedFixture()
        _ = try e2e.run(["run", "morning-checkin"], input: "1\n")
        _ = try e2e.run(["run", "evening-journal", "--day", "yesterday"], input: "1\n")
        let terminal = try e2e.terminal()
        try terminal.expectPrompt(Self.prompt)
        try terminal.send("resume \t\t")
        try terminal.expect("(morning-checkin, 2026-11-22)")
        #expect(terminal.output.contains("(evening-journal, 2026-11-21)"))
        try terminal.send("\u{15}quit\r")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func historyIsRecalledWithTheUpArrowInASecondSession() throws {
        let e2e = try storedFixture()
        let first = try e2e.terminal()
        try type(first, "list")
        try first.expect("training         Training Log")
        try type(first, "paths training")
        try first.expect("longest chain")
        try quit(first)

        let second = try e2e.terminal()
        try second.expectPrompt(Self.prompt)
        // quit, then paths training, then list: three steps back.
        try second.send("\u{1b}[A")
        try second.expect("quit")
        try second.send("\u{1b}[A")
        try second.expect("paths training")
        try second.send("\u{1b}[A\r")
        try second.expect("morning-checkin  Morning Check-in  v1, 6 nodes")
        try quit(second)
        // The file is libedit's (vis-encoded): "paths training" is stored as paths\040training.
        let history = try String(
            contentsOf: e2e.url.appendingPathComponent("state/routine/history"), encoding: .utf8)
        #expect(history.contains("paths\\040training\nquit\n"))
    }

    @Test func historyKeepsCommandsAndARunRecallsItsOwnAnswers() throws {
        let e2e = try storedFixture()
        let terminal = try e2e.terminal()
        try type(terminal, "list")
        try type(terminal, "run morning-checkin")
        try type(terminal, "1", at: Self.runPrompt)
        try terminal.expect("Meditate: how much, in min?")
        try type(terminal, "12", at: Self.runPrompt)
        try terminal.expect("Drink Water: done?")
        // Inside the run, the up arrow recalls this run's answers, not commands.
        try terminal.expectPrompt(Self.runPrompt)
        try terminal.send("\u{1b}[A")
        try terminal.expect("12")
        try terminal.send("\u{15}y\r")  // Ctrl-U clears the recalled answer
        try type(terminal, "y", at: Self.runPrompt)
        try terminal.expect("Completed for 2026-11-22")
        // Back at routine>, the up arrow recalls the last command, not an answer.
        try terminal.expectPrompt(Self.prompt)
        try terminal.send("\u{1b}[A")
        try terminal.expect("run morning-checkin")
        try terminal.send("\u{1b}[A")
        try terminal.expect("list")
        try terminal.send("\u{15}quit\r")
        #expect(try terminal.waitForExit() == 0)
        let history = try String(
            contentsOf: e2e.url.appendingPathComponent("state/routine/history"), encoding: .utf8)
        let lines = history.split(separator: "\n").map(String.init)
        #expect(Array(lines.suffix(3)) == ["list", "run\\040morning-checkin", "quit"], "\(lines)")
        for answer in ["1", "12", "y"] { #expect(!lines.contains(answer), "\(answer) is an answer") }
    }

    @Test func ctrlCInsideAHistorySearchEndsItAndTheSessionGoesOn() throws {
        let e2e = try storedFixture()
        let terminal = try e2e.terminal()
        try type(terminal, "list")
        try terminal.expect("training         Training Log")
        try terminal.expectPrompt(Self.prompt)
        try terminal.send("\u{12}")  // Ctrl-R
        try terminal.send("lis")
        try terminal.expect("lis")
        // Only once libedit waits for the next key: a Ctrl-C that lands while it is
        // still redrawing the search interrupts no read (docs/line-editing.md).
        try terminal.waitUntilReadingInput()
        try terminal.send("\u{03}")  // Ctrl-C ends the search
        // Still in the shell: the next command runs.
        try type(terminal, "runs")
        try terminal.expect("No runs yet")
        try quit(terminal)
        #expect(terminal.output.components(separatedBy: "evening-journal  Evening Journal").count == 2, "list ran once")
    }

    @Test func ctrlCDiscardsAHalfTypedLineAndTheSessionGoesOn() throws {
        let e2e = try storedFixture()
        let terminal = try e2e.terminal()
        try discardAHalfTypedLineThenList(terminal)
        try quit(terminal)
        #expect(!terminal.output.contains("Morning Check-in (morning-checkin)"), "the discarded line never ran")
        #expect(!terminal.output.contains("unknown command"))
    }

    @Test func ctrlCStopsTheStudioAndTheShellKeepsItsOwnCtrlC() throws {
        let e2e = try storedFixture()
        let file = try e2e.folder.write(
            "morning-checkin.yaml", String(contentsOfFile: EndToEnd.routineFile("morning-checkin"), encoding: .utf8))
        let terminal = try e2e.terminal()
        try type(terminal, "studio --no-open \(file)")
        try terminal.expect("Ctrl-C stops it.")
        try terminal.send("\u{03}")
        try terminal.expect("Studio stopped.")
        // Back at the prompt, the shell's own Ctrl-C discards a half-typed line.
        try discardAHalfTypedLineThenList(terminal)
        try quit(terminal)
    }

    /// At the prompt: half a line, Ctrl-C, then `list`, which runs and shows the routines.
    private func discardAHalfTypedLineThenList(_ terminal: PseudoTerminal) throws {
        try terminal.expectPrompt(Self.prompt)
        try terminal.send("show morn")
        try terminal.expect("show morn")
        try terminal.send("\u{03}")
        try type(terminal, "list")
        try terminal.expect("evening-journal  Evening Journal  v1, 17 nodes")
    }

    @Test func ctrlDInsideARunPausesItAndANewSessionResumesIt() throws {
        let e2e = try storedFixture()
        let first = try e2e.terminal()
        try type(first, "run morning-checkin")
        try type(first, "1", at: Self.runPrompt)
        try type(first, "15", at: Self.runPrompt)
        try first.expect("Drink Water: done?")
        try first.expectPrompt(Self.runPrompt)
        try first.send("\u{04}")
        #expect(try first.waitForExit() == 0)
        #expect(try e2e.ok(["runs", "--paused"]).contains("paused"))

        let second = try e2e.terminal()
        try second.expect("A run of morning-checkin for 2026-11-22 is paused: 'resume' continues it.")
        try type(second, "resume")
        try second.expect("Resuming morning-checkin for 2026-11-22.")
        try second.expect("Drink Water: done?")
        try type(second, "y", at: Self.runPrompt)
        try second.expect("Journal: done?")
        try type(second, "n", at: Self.runPrompt)
        try second.expect("Completed for 2026-11-22: recorded Meditate 15 min, Drink Water.")
        try quit(second)
        let entries = try e2e.entries(all: true)
        #expect(entries.map { $0.string("habit") ?? "?" } == ["Meditate", "Drink Water"])
        #expect(entries.first?["value"] as? Int == 15)
    }

    @Test func ctrlCInsideARunPausesItAndQuitThereLeavesTheShell() throws {
        let e2e = try storedFixture()
        let terminal = try e2e.terminal()
        try type(terminal, "run morning-checkin")
        try type(terminal, "3", at: Self.runPrompt)
        try terminal.expect("Read a book: done?")
        try terminal.expectPrompt(Self.runPrompt)
        try terminal.send("\u{03}")
        try terminal.expect("Paused; recorded nothing so far.")
        // The session goes on.
        try type(terminal, "resume")
        try terminal.expect("Read a book: done?")
        try type(terminal, "y", at: Self.runPrompt)
        try terminal.expect("Journal: done?")
        try type(terminal, "quit", at: Self.runPrompt)
        try terminal.expect("Paused; recorded Read a book so far.")
        #expect(try terminal.waitForExit() == 0)
        #expect(try e2e.entries().map { $0.string("habit") ?? "?" } == ["Read a book"])
        #expect(try e2e.ok(["runs", "--paused"]).contains("morning-checkin v1  paused"))
    }

    @Test func unknownCommandsSuggestAndTheSessionGoesOn() throws {
        let e2e = try storedFixture()
        let terminal = try e2e.terminal()
        try type(terminal, "lst")
        try terminal.expect("unknown command 'lst'; did you mean 'list'? ('help' lists the commands)")
        try type(terminal, "frobnicate now")
        try terminal.expect("unknown command 'frobnicate'; 'help' lists the commands")
        try type(terminal, "list")
        try terminal.expect("training         Training Log  v1, 8 nodes")
        try quit(terminal)
    }

    @Test func helpListsTheCommandsAndHelpRunShowsItsOptions() throws {
        let e2e = try storedFixture()
        let terminal = try e2e.terminal()
        try type(terminal, "help")
        let overview = try terminal.expect("Leave (a run in progress is paused).")
        for command in [
            "check", "run", "resume", "paths", "import", "export", "log", "entries", "stats", "goal", "quit",
        ] {
            #expect(overview.contains("\n  \(command) "), "help lists \(command)")
        }
        try type(terminal, "help run")
        try terminal.expect("USAGE: routine run <routine-or-file> [--dry-run]")
        try terminal.expect("--day <day>")
        try type(terminal, "help lst")
        try terminal.expect("unknown command 'lst'")
        try type(terminal, "help quit")
        try terminal.expect("quit leaves the shell (a run in progress is paused)")
        try type(terminal, "help help")
        try terminal.expect("help lists the commands; help COMMAND shows a command's options")
        try quit(terminal)
    }

    @Test func aFullCheckInWritesEntries() throws {
        let e2e = try storedFixture()
        let terminal = try e2e.terminal()
        try type(terminal, "run morning-checkin")
        try terminal.expect("How are you feeling today?")
        try type(terminal, "2", at: Self.runPrompt)
        try terminal.expect("Drink Water: done?")
        try type(terminal, "yes", at: Self.runPrompt)
        try terminal.expect("Go for a walk: done?")
        try type(terminal, "maybe", at: Self.runPrompt)
        try terminal.expect("type y (done), n (skip) or l (later)")
        try type(terminal, "y", at: Self.runPrompt)
        try terminal.expect("Journal: done?")
        try type(terminal, "d", at: Self.runPrompt)
        try terminal.expect("Completed for 2026-11-22: recorded Drink Water, Go for a walk, Journal.")
        try type(terminal, "today")
        try quit(terminal)
        let entries = try e2e.entries()
        #expect(entries.map { $0.string("habit") ?? "?" } == ["Drink Water", "Go for a walk", "Journal"])
        #expect(Set(entries.compactMap { $0.string("run") }).count == 1)
        #expect(try e2e.ok(["runs"]).contains("morning-checkin v1  completed"))
    }

    @Test func theFirstStartOnAnEmptyStoreSaysHowToImport() throws {
        let e2e = try EndToEnd()
        try FileManager.default.copyItem(at: EndToEnd.routines, to: e2e.url.appendingPathComponent("routines"))
        let terminal = try e2e.terminal()
        try terminal.expect(
            "No routines stored yet: 'import routines/' brings in the bundled ones, then 'run morning-checkin'.")
        try type(terminal, "import routines/")
        try terminal.expect("imported training (version 1)")
        try quit(terminal)
        let again = try e2e.terminal()
        try again.expect("Routines: evening-journal, morning-checkin, training. Start one with 'run NAME'.")
        try quit(again)
    }

    @Test func newThenEditStoresOnlyAFileWithoutErrors() throws {
        let e2e = try EndToEnd()
        let editor = try e2e.folder.write(
            "editor.sh",
            """
            #!/bin/sh
            # First call: a broken routine (a cycle); second call: a fixed one.
            count_file="$(dirname "$0")/editor-count"
            count=$(cat "$count_file" 2>/dev/null || echo 0)
            count=$((count + 1))
            echo $count > "$count_file"
            if [ $count -eq 1 ]; then
              printf 'routine: demo\\nstart: [a]\\nnodes:\\n  a:\\n    habit: Stretch\\n    next: [a]\\n' > "$1"
            else
              printf 'routine: demo\\nstart: [a]\\nnodes:\\n  a:\\n    habit: Stretch\\n' > "$1"
            fi

            """)
        chmod(editor, 0o755)
        let terminal = try e2e.terminal(extra: ["EDITOR": editor, "VISUAL": ""])
        try type(terminal, "new demo")
        try terminal.expect("wrote routines/demo.yaml")
        #expect(FileManager.default.fileExists(atPath: e2e.url.appendingPathComponent("routines/demo.yaml").path))
        try type(terminal, "edit demo")
        try terminal.expect("routines/demo.yaml:6:12: error: cycle: a -> a [cycle]")
        try terminal.expectPrompt("Edit again? [Y/n] ")
        // Nothing stored after the broken edit.
        #expect(try e2e.ok(["list"]).isEmpty || (try e2e.ok(["list"])).contains("No routines"))
        try terminal.send("y\r")
        try terminal.expect("imported demo (version 1)")
        try type(terminal, "list")
        try terminal.expect("demo  demo  v1, 1 node")
        try quit(terminal)
        #expect(try String(contentsOf: e2e.url.appendingPathComponent("editor-count"), encoding: .utf8) == "2\n")
    }

    /// Issue 31 item 12: a terminal editor gets the terminal (its own foreground process
    /// group; before, vim was stopped in the background and the screen stayed blank), and
    /// the shell reads lines again afterwards.
    @Test func editWithATerminalEditorOwnsTheTerminalAndTheShellGoesOn() throws {
        let e2e = try EndToEnd()
        let terminal = try e2e.terminal(extra: ["EDITOR": "vim.tiny -u NONE -i NONE -N", "VISUAL": ""])
        try type(terminal, "new demo")
        try terminal.expect("wrote routines/demo.yaml")
        try type(terminal, "edit demo")
        // vim draws the file once it owns the terminal (its last line names the file).
        try terminal.expect("routines/demo.yaml", timeout: 20)
        try terminal.expect("water:", timeout: 20)
        try terminal.send(":%s/Stretch/Yoga/g\r")
        try terminal.send(":wq\r")
        try terminal.expect("imported demo (version 1)")
        // The shell's line editing works again: a line typed is read and run.
        try type(terminal, "list")
        try terminal.expect("demo  Demo  v1, 3 nodes")
        try quit(terminal)
        let exported = try e2e.ok(["export", "demo"])
        #expect(exported.contains("Yoga") && !exported.contains("Stretch"), "\(exported)")
    }

    @Test func colourOnATerminalUnlessNoColorIsSet() throws {
        let e2e = try storedFixture()
        let coloured = try e2e.terminal(extra: ["NO_COLOR": ""])
        try type(coloured, "lst")
        try coloured.expect("unknown command 'lst'")
        try quit(coloured)
        // A bold prompt whose reset is written (before its last space), so the typed
        // line and plain output are not bold.
        #expect(coloured.rawOutput.contains("\u{1b}[1mroutine>\u{1b}[0m "), "\(coloured.rawOutput.debugDescription)")
        #expect(coloured.rawOutput.contains("\u{1b}[1mroutine\u{1b}[0m — 'help' lists the commands"))

        let plain = try e2e.terminal(extra: ["NO_COLOR": "1"])
        try type(plain, "run morning-checkin")
        try type(plain, "1", at: Self.runPrompt)
        try plain.expect("Meditate")
        try type(plain, "pause", at: Self.runPrompt)
        try plain.expect("Paused")
        try type(plain, "list")
        try plain.expect("training         Training Log  v1, 8 nodes")
        try type(plain, "show morning-checkin")
        try plain.expect("Meditate · 10 min  (meditate)")
        try type(plain, "habits")
        try plain.expect("Meditate")
        try quit(plain)
        // libedit moves the cursor with escapes; command output carries no colour (SGR) codes.
        let sgr = try NSRegularExpression(pattern: "\u{1b}\\[[0-9;]*m")
        let raw = plain.rawOutput
        #expect(
            sgr.numberOfMatches(in: raw, range: NSRange(raw.startIndex..., in: raw)) == 0, "\(raw.debugDescription)")
    }
}
