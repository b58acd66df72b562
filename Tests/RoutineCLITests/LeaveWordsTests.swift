import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// The words that leave the shell have one home (issue 17 item 5): `QUIT` left a run's
/// prompt (matched without case) but was an unknown command at the shell's own prompt.
@Suite(.serialized) struct LeaveWordsTests {
    @Test func leaveWordsInAnyCaseLeaveTheShellAtItsPromptAndAtARunsPrompt() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled()
        for word in ["QUIT", "Exit", " quit "] {
            let result = try e2e.run(["repl"], input: EndToEnd.lines([word, "list"]))
            #expect(result.status == 0)
            #expect(!result.stdout.contains("unknown command"), "\(word): \(result.stdout)")
            #expect(!result.stdout.contains("evening-journal"), "\(word): nothing runs after it")
        }
        let run = try e2e.run(["repl"], input: EndToEnd.lines(["run morning-checkin", "QUIT", "list"]))
        #expect(run.stdout.contains("Paused;"), "\(run.stdout)")
        #expect(!run.stdout.contains("evening-journal"), "nothing runs after QUIT in a run")
        let help = try e2e.run(["repl"], input: EndToEnd.lines(["help QUIT"]))
        #expect(help.stdout.contains("quit leaves the shell"), "\(help.stdout)")
    }
}
