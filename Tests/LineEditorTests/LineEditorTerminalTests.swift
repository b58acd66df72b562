import Foundation
import TestSupport
import Testing

/// `line-editor-check` driven through a real pseudo-terminal: editing,
/// completion and keys, as a person at the keyboard sees them. Serialized: each
/// test runs a child process, and the machine is small.
@Suite(.serialized) struct LineEditorTerminalTests {
    @Test func aTypedLineIsEchoed() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let terminal = try scratch.start()
        try terminal.send("hello world\r")
        try terminal.expect("got: hello world\n")
        try terminal.expectPrompt("check> ")
    }

    @Test func tabCompletesAUniqueWord() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let terminal = try scratch.start()
        try terminal.send("mor\t")
        try terminal.expect("ning-checkin")
        try terminal.send("\r")
        // The completion added a space after the word.
        try terminal.expect("got: morning-checkin \n")
    }

    @Test func tabTwiceListsTheCandidates() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let terminal = try scratch.start()
        try terminal.send("ch\t")
        try terminal.expect("eck")
        try terminal.send("\t")
        let listing = try terminal.expect("checkout")
        #expect(listing.split(separator: "\n").contains("check     checkout"))
        // The prompt and the line are drawn again below the list.
        try terminal.expect("check> check")
        try terminal.send("\r")
        try terminal.expect("got: check\n")
    }

    @Test func tabCompletesTheWordBeforeTheCursor() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let terminal = try scratch.start()
        // Ctrl-B twice: the cursor goes back over " x"; Tab completes "mor" only.
        try terminal.send("mor x\u{02}\u{02}\t\r")
        try terminal.expect("got: morning-checkin  x\n")
    }

    @Test func tabQuotesAndRecasesAWordWithASpace() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let terminal = try scratch.start()
        try terminal.send("log dri\t\r")
        try terminal.expect("got: log \"Drink Water\" \n")
    }

    @Test func tabCompletesPaths() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let folder = scratch.root.appendingPathComponent("routines", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("morning.yaml"))
        let terminal = try scratch.start()
        try terminal.send("\(scratch.root.path)/rou\t")
        try terminal.expect("tines/")
        try terminal.send("m\t\r")
        try terminal.expect("got: \(folder.path)/morning.yaml \n")
    }

    @Test func ctrlCDiscardsTheHalfTypedLine() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let terminal = try scratch.start()
        try terminal.send("half typed")
        try terminal.expect("half typed")
        // Once the editor waits for the next key (not a sleep): the Ctrl-C is read as a key.
        try terminal.waitUntilReadingInput()
        try terminal.send("\u{03}")
        try terminal.expect("interrupted\n")
        try terminal.expectPrompt("check> ")
        try terminal.send("next\r")
        try terminal.expect("got: next\n")
        #expect(!terminal.output.contains("got: half"))
        // Still alive and reading after the interrupt.
        try terminal.expectPrompt("check> ")
        try terminal.waitUntilReadingInput()
        try terminal.send("\u{03}")
        try terminal.expect("interrupted\n")
        try terminal.expectPrompt("check> ")
        try terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    /// Issue 31 item 18: Ctrl-C during a read is a key, taken in its turn among the keys
    /// typed before and after it (before, it was SIGINT from the terminal, which also
    /// threw away the keys typed after it, and was lost when it came while the editor
    /// was busy drawing, not blocked reading).
    @Test func ctrlCTypedAheadIsTakenInTurnAsAKey() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let terminal = try scratch.start()
        try terminal.send("half typed\u{03}next\r")
        try terminal.expect("interrupted\n")
        try terminal.expect("got: next\n")
        #expect(!terminal.output.contains("got: half"))
        try terminal.expectPrompt("check> ")
        try terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func ctrlCOutsideReadLineKeepsItsUsualEffect() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let terminal = try scratch.start()
        try terminal.send("!sleep\r")
        try terminal.expect("got: !sleep")
        // The shell now sleeps outside readLine: the terminal is back in
        // canonical mode, and SIGINT has its default action again.
        try terminal.send("\u{03}")
        #expect(try terminal.waitForExit() == 128 + SIGINT)
    }

    @Test func ctrlDLeavesWithStatusZero() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let terminal = try scratch.start()
        try terminal.send("\u{04}")
        try terminal.expect("bye")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func emacsKeysEditTheLine() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let terminal = try scratch.start()
        // Ctrl-A to the start, insert, Ctrl-E to the end, append; Ctrl-U clears.
        try terminal.send("middle\u{01}start \u{05} end\r")
        try terminal.expect("got: start middle end\n")
        try terminal.expectPrompt("check> ")
        try terminal.send("gone\u{15}kept\r")
        try terminal.expect("got: kept\n")
    }

    @Test func utf8IsEditedAsCharacters() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let terminal = try scratch.start()
        // Backspace (DEL) removes the whole "é", not one byte of it.
        try terminal.send("café\u{7f}e crème\r")
        try terminal.expect("got: cafe crème\n")
    }

    @Test func aColouredPromptTakesOnlyItsVisibleWidth() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let terminal = try scratch.start(
            environment: ["CHECK_PROMPT": "\u{1b}[1;32mcheck>\u{1b}[0m "])
        try terminal.send("mor\t")
        try terminal.expect("ning-checkin")
        // libedit redraws the completed word from column 11 (1-based): after the
        // 7 visible prompt characters and "mor". Counting the escapes as text
        // would put it far to the right.
        #expect(terminal.rawOutput.contains("\u{1b}[11Gning-checkin"))
        try terminal.send("\r")
        try terminal.expect("got: morning-checkin \n")
    }

    @Test func utf8IsEditedUnderTheCLocale() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let terminal = try scratch.start(environment: ["LANG": "C"])
        try terminal.send("naï\u{7f}ive ☕\r")
        try terminal.expect("got: naive ☕\n")
    }

    @Test func aDumbTerminalStillEditsAndCompletes() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let terminal = try scratch.start(environment: ["TERM": "dumb"])
        try terminal.send("mor\t\r")
        try terminal.expect("got: morning-checkin \n")
        try terminal.expectPrompt("check> ")
        try terminal.send("ch\t\t")
        let listing = try terminal.expect("checkout")
        #expect(listing.split(separator: "\n").contains("check     checkout"))
        try terminal.send("\r")
        try terminal.expect("got: check\n")
    }

    @Test func pipedInputIsReadPlainly() throws {
        let process = Process()
        process.executableURL = try PseudoTerminal.builtExecutable(named: "line-editor-check")
        let scratch = try CheckShell()
        defer { scratch.remove() }
        process.arguments = [scratch.historyFile.path]
        process.environment = scratch.environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        try input.fileHandleForWriting.write(
            contentsOf: Data("hello\n\tmor\nwindows\r\nlast line".utf8))
        try input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline {
            usleep(10_000)
        }
        if process.isRunning {
            process.terminate()
            Issue.record("line-editor-check did not finish reading piped input")
            return
        }
        let text = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // No prompt, no echo, no completion: the lines exactly as written.
        #expect(text == "got: hello\ngot: \tmor\ngot: windows\ngot: last line\nbye\n")
        #expect(process.terminationStatus == 0)
        // Scripted input is not recorded in the history.
        #expect(!FileManager.default.fileExists(atPath: scratch.historyFile.path))
    }
}
