// A tiny echo shell over LineEditor, driven through a pseudo-terminal by
// LineEditorTests: `line-editor-check [HISTORY-FILE [HISTORY-SIZE]]`. Without a
// file, the history is in $XDG_STATE_HOME/line-editor-check/history.
// $CHECK_PROMPT replaces the prompt `check> ` (to test coloured prompts). The
// line `!sleep` sleeps 30 seconds outside readLine (to test Ctrl-C there).
import Foundation
import LineEditor

let words = ["check", "checkout", "run", "resume", "morning-checkin", "Drink Water"]
let arguments = CommandLine.arguments.dropFirst()
let historyFile =
    arguments.first.map { URL(fileURLWithPath: $0) }
    ?? HistoryFile.defaultURL(
        programName: "line-editor-check", environment: ProcessInfo.processInfo.environment)

let prompt = ProcessInfo.processInfo.environment["CHECK_PROMPT"] ?? "check> "
let historySize = arguments.dropFirst().first.flatMap { Int($0) } ?? 1000

let editor = LineEditor(
    programName: "line-editor-check", historyFile: historyFile, historySize: historySize
) { request in
    // A word with a slash is a path; anything else completes from the fixed list.
    if request.word.contains("/") || request.word.hasPrefix("~") {
        return PathCompleter().completePath(prefix: request.word)
    }
    return words
}

loop: while true {
    switch editor.readLine(prompt: prompt) {
    case .line(let line):
        editor.addHistory(line)
        print("got: \(line)")
        if line == "!sleep" {
            sleep(30)
        }
    case .interrupted:
        print("interrupted")
    case .endOfFile:
        print("bye")
        break loop
    }
}
