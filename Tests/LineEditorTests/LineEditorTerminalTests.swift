import Foundation
import Testing

/// `line-editor-check` driven through a real pseudo-terminal: what a person
/// at the keyboard sees. Serialized: each test runs a child process, and the
/// machine is small.
@Suite(.serialized) struct LineEditorTerminalTests {
    /// A scratch folder used as HOME and XDG_STATE_HOME of the child.
    private struct Scratch {
        let root: URL
        var historyFile: URL { root.appendingPathComponent("state/nested/history") }
        var environment: [String: String] {
            [
                "HOME": root.path,
                "XDG_STATE_HOME": root.appendingPathComponent("xdg-state").path,
                "PATH": "/usr/bin:/bin",
            ]
        }

        init() throws {
            root = FileManager.default.temporaryDirectory
                .appendingPathComponent("line-editor-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }

        func remove() {
            try? FileManager.default.removeItem(at: root)
        }
    }

    private func startCheck(_ scratch: Scratch, arguments: [String]? = nil) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            executable: try PseudoTerminal.builtExecutable(named: "line-editor-check"),
            arguments: arguments ?? [scratch.historyFile.path],
            environment: scratch.environment)
        try terminal.expectPrompt("check> ")
        return terminal
    }

    @Test func aTypedLineIsEchoed() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let terminal = try startCheck(scratch)
        try terminal.send("hello world\r")
        try terminal.expect("got: hello world\n")
        try terminal.expectPrompt("check> ")
    }

    @Test func tabCompletesAUniqueWord() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let terminal = try startCheck(scratch)
        try terminal.send("mor\t")
        try terminal.expect("ning-checkin")
        try terminal.send("\r")
        // The completion added a space after the word.
        try terminal.expect("got: morning-checkin \n")
    }

    @Test func tabTwiceListsTheCandidates() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let terminal = try startCheck(scratch)
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

    @Test func tabCompletesPaths() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let folder = scratch.root.appendingPathComponent("routines", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("morning.yaml"))
        let terminal = try startCheck(scratch)
        try terminal.send("\(scratch.root.path)/rou\t")
        try terminal.expect("tines/")
        try terminal.send("m\t\r")
        try terminal.expect("got: \(folder.path)/morning.yaml \n")
    }

    @Test func historyIsRecalledInTheNextSession() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let first = try startCheck(scratch)
        try first.send("first entry\r")
        try first.expect("got: first entry")
        try first.expectPrompt("check> ")
        try first.send("second entry\r")
        try first.expect("got: second entry")
        try first.expectPrompt("check> ")
        try first.send("\u{04}")
        #expect(try first.waitForExit() == 0)

        let second = try startCheck(scratch)
        try second.send("\u{1b}[A\u{1b}[A\r")
        try second.expect("got: first entry\n")
        try second.expectPrompt("check> ")
        try second.send("\u{1b}[A\r")
        // The recalled line was entered again, so it is now the latest.
        try second.expect("got: first entry\n")
        try second.expectPrompt("check> ")
        try second.send("\u{04}")
        #expect(try second.waitForExit() == 0)

        let attributes = try FileManager.default.attributesOfItem(atPath: scratch.historyFile.path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let folder = scratch.historyFile.deletingLastPathComponent().path
        #expect(try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int == 0o700)
        let saved = try String(contentsOf: scratch.historyFile, encoding: .utf8)
        #expect(saved.contains("first\\040entry") || saved.contains("first entry"))
    }

    @Test func historyIsSavedAfterEachLine() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let terminal = try startCheck(scratch)
        try terminal.send("kept\r")
        try terminal.expect("got: kept")
        try terminal.expectPrompt("check> ")
        // Killed without a chance to save at exit: the line is already in the file.
        kill(terminal.pid, SIGKILL)
        #expect(try terminal.waitForExit() == 128 + SIGKILL)
        let saved = try String(contentsOf: scratch.historyFile, encoding: .utf8)
        #expect(saved.contains("kept"))
    }

    @Test func concurrentSessionsKeepEachOthersLines() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let first = try startCheck(scratch)
        let second = try startCheck(scratch)
        try first.send("from first\r")
        try first.expect("got: from first")
        try second.send("from second\r")
        try second.expect("got: from second")
        for terminal in [first, second] {
            try terminal.expectPrompt("check> ")
            try terminal.send("\u{04}")
            #expect(try terminal.waitForExit() == 0)
        }
        let third = try startCheck(scratch)
        try third.send("\u{1b}[A\u{1b}[A\r")
        try third.expect("got: from first\n")
    }

    @Test func theHistoryKeepsOnlyTheLatestLines() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let terminal = try startCheck(scratch, arguments: [scratch.historyFile.path, "2"])
        for line in ["alpha", "bravo", "charlie"] {
            try terminal.send(line + "\r")
            try terminal.expect("got: \(line)")
            try terminal.expectPrompt("check> ")
        }
        let saved = try String(contentsOf: scratch.historyFile, encoding: .utf8)
        #expect(!saved.contains("alpha"))
        #expect(saved.contains("bravo") && saved.contains("charlie"))
        // Three ups go no further back than the oldest kept line.
        try terminal.send("\u{1b}[A\u{1b}[A\u{1b}[A\r")
        try terminal.expect("got: bravo\n")
    }

    @Test func anExistingHistoryFileIsRead() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(
            at: scratch.historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("_HiStOrY_V2_\nold\\040line\n".utf8).write(to: scratch.historyFile)
        let terminal = try startCheck(scratch)
        try terminal.send("\u{1b}[A\r")
        try terminal.expect("got: old line\n")
    }

    @Test func aGarbledHistoryFileDoesNotStopEditing() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(
            at: scratch.historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data([0x00, 0xff, 0xfe, 0x0a, 0x5c, 0x5c, 0x5c, 0x0a, 0x80, 0x0a]).write(to: scratch.historyFile)
        let terminal = try startCheck(scratch)
        try terminal.send("\u{1b}[A\u{1b}[A\u{1b}[A\u{15}fine\r")
        try terminal.expect("got: fine\n")
        try terminal.expectPrompt("check> ")
        try terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func anUnwritableHistoryDoesNotStopEditing() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // The history's folder would have to be created inside a plain file.
        let blocker = scratch.root.appendingPathComponent("blocker")
        try Data("not a folder".utf8).write(to: blocker)
        let terminal = try startCheck(scratch, arguments: [blocker.path + "/history"])
        try terminal.send("still works\r")
        try terminal.expect("got: still works\n")
        try terminal.expectPrompt("check> ")
        // The line is in this session's history even though it was not saved.
        try terminal.send("\u{1b}[A\r")
        try terminal.expect("got: still works\n")
        try terminal.expectPrompt("check> ")
        try terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func theDefaultHistoryFileIsUnderXDGStateHome() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let terminal = try startCheck(scratch, arguments: [])
        try terminal.send("remember me\r")
        try terminal.expect("got: remember me")
        try terminal.expectPrompt("check> ")
        try terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
        let file = scratch.root.appendingPathComponent("xdg-state/line-editor-check/history")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("remember"))
    }

    @Test func ctrlCDiscardsTheHalfTypedLine() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let terminal = try startCheck(scratch)
        try terminal.send("half typed")
        try terminal.expect("half typed")
        try terminal.send("\u{03}")
        try terminal.expect("interrupted\n")
        try terminal.expectPrompt("check> ")
        try terminal.send("next\r")
        try terminal.expect("got: next\n")
        #expect(!terminal.output.contains("got: half"))
        // Still alive and reading after the interrupt.
        try terminal.expectPrompt("check> ")
        try terminal.send("\u{03}")
        try terminal.expect("interrupted\n")
        try terminal.expectPrompt("check> ")
        try terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func ctrlDLeavesWithStatusZero() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let terminal = try startCheck(scratch)
        try terminal.send("\u{04}")
        try terminal.expect("bye")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func emacsKeysEditTheLine() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let terminal = try startCheck(scratch)
        // Ctrl-A to the start, insert, Ctrl-E to the end, append; Ctrl-U clears.
        try terminal.send("middle\u{01}start \u{05} end\r")
        try terminal.expect("got: start middle end\n")
        try terminal.expectPrompt("check> ")
        try terminal.send("gone\u{15}kept\r")
        try terminal.expect("got: kept\n")
    }

    @Test func ctrlRSearchesTheHistory() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let terminal = try startCheck(scratch)
        for line in ["run morning", "check this"] {
            try terminal.send(line + "\r")
            try terminal.expect("got: \(line)")
            try terminal.expectPrompt("check> ")
        }
        try terminal.send("\u{12}mor")
        try terminal.expect("run morning")
        try terminal.send("\r")
        try terminal.expect("got: run morning\n")
    }

    @Test func utf8IsEditedAsCharacters() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let terminal = try startCheck(scratch)
        // Backspace (DEL) removes the whole "é", not one byte of it.
        try terminal.send("café\u{7f}e crème\r")
        try terminal.expect("got: cafe crème\n")
    }

    @Test func aColouredPromptTakesOnlyItsVisibleWidth() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var environment = scratch.environment
        environment["CHECK_PROMPT"] = "\u{1b}[1;32mcheck>\u{1b}[0m "
        let terminal = try PseudoTerminal(
            executable: try PseudoTerminal.builtExecutable(named: "line-editor-check"),
            arguments: [scratch.historyFile.path], environment: environment)
        try terminal.expectPrompt("check> ")
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
        let scratch = try Scratch()
        defer { scratch.remove() }
        var environment = scratch.environment
        environment["LANG"] = "C"
        let terminal = try PseudoTerminal(
            executable: try PseudoTerminal.builtExecutable(named: "line-editor-check"),
            arguments: [scratch.historyFile.path], environment: environment)
        try terminal.expectPrompt("check> ")
        try terminal.send("naï\u{7f}ive ☕\r")
        try terminal.expect("got: naive ☕\n")
    }

    @Test func pipedInputIsReadPlainly() throws {
        let process = Process()
        process.executableURL = try PseudoTerminal.builtExecutable(named: "line-editor-check")
        let scratch = try Scratch()
        defer { scratch.remove() }
        process.arguments = [scratch.historyFile.path]
        process.environment = scratch.environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data("hello\n\tmor\nwindows\r\nlast line".utf8))
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
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // No prompt, no echo, no completion: the lines exactly as written.
        #expect(text == "got: hello\ngot: \tmor\ngot: windows\ngot: last line\nbye\n")
        #expect(process.terminationStatus == 0)
        // Scripted input is not recorded in the history.
        #expect(!FileManager.default.fileExists(atPath: scratch.historyFile.path))
    }
}
