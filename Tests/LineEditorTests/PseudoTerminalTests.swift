import Foundation
import TestSupport
import Testing

/// The test harness itself: it must fail clearly and never hang.
@Suite struct PseudoTerminalTests {
    @Test func escapesAndCarriageReturnsAreRemoved() {
        let raw = Array(
            "a\u{1b}[1;32mb\u{1b}[0m\r\nc\u{1b}]0;title\u{07}d\u{1b}(Be\u{08}\u{07}f".utf8)
        #expect(PseudoTerminal.clean(raw) == "ab\ncdef")
        #expect(PseudoTerminal.clean(Array("cut\u{1b}[12".utf8)) == "cut")
    }

    @Test func aMissingExecutableIsNamedWithThePlacesTried() {
        do {
            _ = try PseudoTerminal.builtExecutable(named: "no-such-program-here")
            Issue.record("a missing executable was found")
        } catch {
            let message = String(describing: error)
            #expect(message.contains("'no-such-program-here' not found"))
            #expect(message.contains(".build/debug/no-such-program-here"))
        }
    }

    @Test func theProgramSeesATerminalOfTheGivenSize() throws {
        let terminal = try PseudoTerminal(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "stty size; tty -s && echo is-a-tty; echo $TERM"],
            environment: ["PATH": "/usr/bin:/bin"], columns: 100, rows: 30)
        try terminal.expect("30 100")
        try terminal.expect("is-a-tty")
        try terminal.expect("xterm")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func ctrlCIsASignalFromTheTerminal() throws {
        let terminal = try PseudoTerminal(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "echo ready; exec sleep 30"],
            environment: ["PATH": "/usr/bin:/bin"])
        try terminal.expect("ready")
        try terminal.send("\u{03}")
        #expect(try terminal.waitForExit() == 128 + SIGINT)
    }

    @Test func expectTimesOutWithTheOutputSoFar() throws {
        let terminal = try PseudoTerminal(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "echo partial; exec sleep 30"],
            environment: ["PATH": "/usr/bin:/bin"])
        try terminal.expect("partial")
        #expect(throws: PseudoTerminalError.self) {
            try terminal.expect("never printed", timeout: 0.3)
        }
        #expect(throws: PseudoTerminalError.self) {
            try terminal.waitForExit(timeout: 0.2)
        }
    }

    @Test func expectFailsAsSoonAsTheOutputEnds() throws {
        let terminal = try PseudoTerminal(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "echo bye; exit 3"],
            environment: ["PATH": "/usr/bin:/bin"])
        do {
            try terminal.expect("never printed", timeout: 30)
            Issue.record("expect succeeded on output that does not contain the text")
        } catch {
            #expect(String(describing: error).contains("output ended"))
            #expect(String(describing: error).contains("bye"))
        }
        #expect(try terminal.waitForExit() == 3)
    }
}
