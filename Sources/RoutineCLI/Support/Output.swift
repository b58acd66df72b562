import CStandardOutput
import Foundation
import RoutineCore

/// Where commands write: standard output for results, standard error for the one
/// clear line of a failure, hints and notes that must not mix into parseable output.
///
/// Everything printed here passes through `TerminalText.forTerminal`: a control
/// character that reached the text from a store or an argument is shown escaped
/// (`\u{1B}`), never sent raw; only `Style`'s own colour sequences stay escapes.
///
/// This is the one way to standard output (`print` and `FileHandle` drop write errors):
/// a write that fails (a full disk, `> /dev/full`, a file closed under us) is kept, and
/// `checkWritten()` turns it into the command's failure once the command is done
/// (docs/RELIABILITY.md §7). A reader that goes away (`| head -1`) ends the process
/// through SIGPIPE, quietly, as it ends other tools (`RoutineCommand.main`).
enum Output {
    static func line(_ text: String = "") {
        write(TerminalText.forTerminal(text) + "\n")
    }

    /// One JSON value on one line, written by its one serializer.
    static func json(_ value: JSONValue) {
        line(value.text)
    }

    /// Text that already ends in a newline, or a block to print as is.
    static func block(_ text: String) {
        if text.isEmpty { return }
        let shown = TerminalText.forTerminal(text)
        write(text.hasSuffix("\n") ? shown : shown + "\n")
    }

    static func note(_ text: String) {
        printError(text)
    }

    /// Sends what is buffered (before a question, before a line on standard error).
    /// A failure is kept for `checkWritten()`.
    static func flush() {
        _ = routine_stdout_flush()
    }

    /// Flushes; throws the one line that says standard output could not be written when
    /// any write since the last check failed (then forgotten, so the REPL's next command
    /// starts clean).
    static func checkWritten() throws(CLIError) {
        let error = routine_stdout_take_error()
        guard error != 0 else { return }
        throw CLIError("cannot write standard output: \(String(cString: strerror(error)))")
    }

    private static func write(_ text: String) {
        var text = text
        _ = text.withUTF8 { bytes in routine_stdout_write(bytes.baseAddress, bytes.count) }
    }
}
