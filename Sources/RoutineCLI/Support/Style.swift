import Foundation
import RoutineCore

/// Terminal emphasis, used only when standard output is a terminal and `NO_COLOR` is
/// not set; otherwise every method returns its text unchanged, so piped output stays
/// plain and parseable.
public struct Style: Sendable {
    public var enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Colour for standard output as the environment and the `color` setting allow
    /// it: `never` and `NO_COLOR` turn it off, `always` on (even into a pipe), `auto`
    /// on a terminal that is not `TERM=dumb`.
    public static func forStandardOutput(
        environment: [String: String] = ProcessInfo.processInfo.environment, choice: ColorChoice = .auto
    ) -> Style {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        switch choice {
        case _ where noColor, .never: return Style(enabled: false)
        case .always: return Style(enabled: true)
        case .auto: return Style(enabled: isatty(STDOUT_FILENO) == 1 && environment["TERM"] != "dumb")
        }
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func green(_ text: String) -> String { wrap(text, "32") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? TerminalText.sgr(code) + text + TerminalText.sgr("0") : text
    }
}

/// Writes a line to standard error (diagnostics of failures), control characters that
/// a quoted name or value carries escaped.
public func printError(_ line: String) {
    FileHandle.standardError.write(Data((TerminalText.forTerminal(line) + "\n").utf8))
}
