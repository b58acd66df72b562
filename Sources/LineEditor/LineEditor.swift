import CLibEdit
import Foundation

/// Reads lines from the person at the terminal: libedit editing (emacs keys),
/// history kept across sessions, and Tab completion through a completer.
///
/// When standard input is not a terminal, libedit is not used at all: lines are
/// read plainly from standard input, no prompt is printed (scripted input and
/// transcripts stay clean) and no history is kept. The API is the same.
///
/// Not thread-safe and not `Sendable`: libedit keeps one editing state and
/// owns the terminal, so create one `LineEditor` and use it from one thread
/// (the REPL's). The completer is called on that thread, during `readLine`.
public final class LineEditor {
    /// The width of the terminal on standard output, 80 when it cannot be read.
    public static func terminalColumns() -> Int { LibEditSession.terminalColumns() }

    /// Whether lines come from a terminal through libedit.
    public let isInteractive: Bool
    private let session: LibEditSession?
    /// Standard input is a terminal but libedit could not be set up: read plain
    /// lines, but still show the prompt, or the person would face a silent cursor.
    private let promptsWithoutEditing: Bool

    /// Sets up the editor.
    ///
    /// - Parameters:
    ///   - programName: the name libedit uses for `~/.editrc` sections (the file
    ///     itself is not read, so behaviour is the same for everyone).
    ///   - historyFile: where the history is loaded from now and saved to after
    ///     each ``addHistory(_:)``; its folder is created (0700) when missing,
    ///     the file is written with mode 0600. `nil`: history for this session only.
    ///   - historySize: how many entries are kept (the oldest go first).
    ///   - completer: the candidates for a Tab press; see ``CompletionRequest``.
    ///   - describe: a few words shown beside a candidate when Tab lists several
    ///     (`30b571e1  (morning-checkin, 2026-11-22)`); only the candidate is inserted.
    ///
    /// On a terminal this also sets the process's `LC_CTYPE` from the
    /// environment (falling back to `C.UTF-8` when that gives the plain C
    /// locale), which libedit needs to edit UTF-8 text.
    public init(
        programName: String, historyFile: URL?, historySize: Int = 1000,
        completer: @escaping (CompletionRequest) -> [String],
        describe: @escaping (String) -> String? = { _ in nil }
    ) {
        var session: LibEditSession?
        let onTerminal = isatty(STDIN_FILENO) != 0
        if onTerminal {
            Self.useUTF8Locale()
            session = LibEditSession(
                programName: programName, historyFile: historyFile,
                historySize: historySize, completer: completer, describe: describe)
        }
        self.session = session
        self.isInteractive = session != nil
        self.promptsWithoutEditing = onTerminal && session == nil
    }

    /// Shows `prompt` and reads one line.
    ///
    /// On a terminal, Ctrl-C gives `.interrupted` (a SIGINT handler that does
    /// nothing is installed for the duration of the read only, so outside
    /// `readLine` Ctrl-C keeps its usual effect) and Ctrl-D on an empty line
    /// gives `.endOfFile`; in both cases the cursor is moved to a new line.
    /// Without a terminal, `prompt` is not printed and the end of input gives
    /// `.endOfFile`; a last line without a newline is still returned. (On a
    /// terminal where libedit could not be set up, lines are read plainly too,
    /// but the prompt is printed.)
    ///
    /// `recall` chooses what the up arrow and Ctrl-R go through: the command history
    /// (the default), or the answers given at earlier `.answers` reads (see ``Recall``).
    /// `completions`, when given, are what Tab offers during this read instead of the
    /// completer's candidates (a run prompt's answers and commands).
    public func readLine(prompt: String, recall: Recall = .commands, completions: [String]? = nil) -> LineResult {
        guard let session else {
            if promptsWithoutEditing {
                routine_write_stdout(prompt)
            }
            guard let line = Swift.readLine(strippingNewline: true) else { return .endOfFile }
            return .line(line)
        }
        return session.readLine(prompt: prompt, recall: recall, completions: completions)
    }

    /// What a read recalls with the up arrow and Ctrl-R.
    public enum Recall: Sendable, Equatable {
        /// The command history: kept across sessions in the history file; a line
        /// enters it only through ``addHistory(_:)``.
        case commands
        /// Answers at a run's prompts: each non-blank line read this way is recorded
        /// at once, in memory only, and recalled only by other `.answers` reads, so
        /// answers never show up among the commands (nor in the history file).
        case answers
    }

    /// Forgets the answers recorded by `.answers` reads (a new run starts afresh).
    public func forgetAnswers() {
        session?.forgetAnswers()
    }

    /// Why the history file given to `init` is not used in this session (one line,
    /// without the path), e.g. "it is a FIFO, not a regular file"; `nil` when it is
    /// used or when there is no terminal. The session then keeps history in memory only.
    public var historyProblem: String? { session?.historyProblem }

    /// Clears the screen, as Ctrl-L does; nothing when input is not a terminal (a
    /// script's output keeps no escape).
    public func clearScreen() {
        if session != nil { LibEditSession.clearScreen() }
    }

    /// Records `line` in the history (up arrow recalls it) and saves the history
    /// file at once, so that a crash keeps it.
    ///
    /// Empty and white-space-only lines are ignored; a line equal to the one
    /// just before it is stored once. Without a terminal nothing is recorded.
    /// Returns `false` when the history file could not be written (the entry is
    /// still in this session's history).
    @discardableResult
    public func addHistory(_ line: String) -> Bool {
        guard let session, !line.allSatisfy(\.isWhitespace) else { return true }
        return session.addHistory(line)
    }

    private static func useUTF8Locale() {
        guard let name = setlocale(LC_CTYPE, "").map({ String(cString: $0) }),
            name != "C", name != "POSIX"
        else {
            _ = setlocale(LC_CTYPE, "C.UTF-8")
            return
        }
    }
}
