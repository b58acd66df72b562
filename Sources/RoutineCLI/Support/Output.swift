import Foundation
import RoutineCore

/// Where commands write: standard output for results, standard error for the one
/// clear line of a failure, hints and notes that must not mix into parseable output.
///
/// Everything printed here passes through `TerminalText.forTerminal`: a control
/// character that reached the text from a store or an argument is shown escaped
/// (`\u{1B}`), never sent raw; only `Style`'s own colour sequences stay escapes.
enum Output {
    static func line(_ text: String = "") {
        print(TerminalText.forTerminal(text))
    }

    /// Text that already ends in a newline, or a block to print as is.
    static func block(_ text: String) {
        if text.isEmpty { return }
        print(TerminalText.forTerminal(text), terminator: text.hasSuffix("\n") ? "" : "\n")
    }

    static func note(_ text: String) {
        printError(text)
    }

    static func flush() {
        fflush(nil)
    }
}
