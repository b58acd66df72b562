import Foundation

/// Where commands write: standard output for results, standard error for the one
/// clear line of a failure, hints and notes that must not mix into parseable output.
enum Output {
    static func line(_ text: String = "") {
        print(text)
    }

    /// Text that already ends in a newline, or a block to print as is.
    static func block(_ text: String) {
        if text.isEmpty { return }
        print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
    }

    static func note(_ text: String) {
        printError(text)
    }

    static func flush() {
        fflush(nil)
    }

    static var style: Style {
        Style.forStandardOutput(environment: Session.shared.environment, choice: ColorChoice.current)
    }
}
