import Foundation
import Testing

/// The history of `line-editor-check` through a real pseudo-terminal: recalled
/// across sessions, saved at once, merged between sessions, bounded, robust to
/// odd files. Serialized: each test runs child processes.
@Suite(.serialized) struct HistoryTerminalTests {
    @Test func historyIsRecalledInTheNextSession() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let first = try scratch.start()
        try first.send("first entry\r")
        try first.expect("got: first entry")
        try first.expectPrompt("check> ")
        try first.send("second entry\r")
        try first.expect("got: second entry")
        try first.expectPrompt("check> ")
        try first.send("\u{04}")
        #expect(try first.waitForExit() == 0)

        let second = try scratch.start()
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
        #expect(
            try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
                == 0o700)
        let saved = try String(contentsOf: scratch.historyFile, encoding: .utf8)
        #expect(saved.contains("first\\040entry") || saved.contains("first entry"))
    }

    @Test func historyIsSavedAfterEachLine() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let terminal = try scratch.start()
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
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let first = try scratch.start()
        let second = try scratch.start()
        try first.send("from first\r")
        try first.expect("got: from first")
        try second.send("from second\r")
        try second.expect("got: from second")
        for terminal in [first, second] {
            try terminal.expectPrompt("check> ")
            try terminal.send("\u{04}")
            #expect(try terminal.waitForExit() == 0)
        }
        let third = try scratch.start()
        try third.send("\u{1b}[A\u{1b}[A\r")
        try third.expect("got: from first\n")
    }

    @Test func theHistoryKeepsOnlyTheLatestLines() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let terminal = try scratch.start(arguments: [scratch.historyFile.path, "2"])
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
        let scratch = try CheckShell()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(
            at: scratch.historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("_HiStOrY_V2_\nold\\040line\n".utf8).write(to: scratch.historyFile)
        let terminal = try scratch.start()
        try terminal.send("\u{1b}[A\r")
        try terminal.expect("got: old line\n")
    }

    @Test func aGarbledHistoryFileDoesNotStopEditing() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(
            at: scratch.historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data([0x00, 0xff, 0xfe, 0x0a, 0x5c, 0x5c, 0x5c, 0x0a, 0x80, 0x0a]).write(
            to: scratch.historyFile)
        let terminal = try scratch.start()
        try terminal.send("\u{1b}[A\u{1b}[A\u{1b}[A\u{15}fine\r")
        try terminal.expect("got: fine\n")
        try terminal.expectPrompt("check> ")
        try terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func anUnwritableHistoryDoesNotStopEditing() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        // The history's folder would have to be created inside a plain file.
        let blocker = scratch.root.appendingPathComponent("blocker")
        try Data("not a folder".utf8).write(to: blocker)
        let terminal = try scratch.start(arguments: [blocker.path + "/history"])
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
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let terminal = try scratch.start(arguments: [])
        try terminal.send("remember me\r")
        try terminal.expect("got: remember me")
        try terminal.expectPrompt("check> ")
        try terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
        let file = scratch.root.appendingPathComponent("xdg-state/line-editor-check/history")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("remember"))
    }

    @Test func ctrlRSearchesTheHistory() throws {
        let scratch = try CheckShell()
        defer { scratch.remove() }
        let terminal = try scratch.start()
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
}
