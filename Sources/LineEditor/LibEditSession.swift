import CLibEdit
import Foundation

/// The glue between ``LineEditor`` and libedit: one `EditLine` and its
/// `History`, the prompt and Tab callbacks, and the history file.
///
/// libedit calls back into C function pointers, which cannot capture; the
/// callbacks find this object again through `EL_CLIENTDATA` (an unretained
/// pointer, valid because `deinit` ends the `EditLine` first). All decisions are
/// made by pure types (``CompletionEngine``, ``LineWords``, ``HistoryFile``).
final class LibEditSession {
    private let editLine: OpaquePointer
    private let history: OpaquePointer
    /// Answers given at run prompts (`Recall.answers`): in memory only.
    private let answers: OpaquePointer
    private let historyFile: URL?
    /// Why the history file was not used (see ``HistoryFile/status(of:)``), or `nil`.
    let historyProblem: String?
    private let historySize: Int32
    private let completer: (CompletionRequest) -> [String]
    /// Words shown beside a candidate in a Tab listing (never inserted).
    private let describe: (String) -> String?
    /// What Tab offers during the current read instead of asking the completer (a run
    /// prompt's answers), or nil.
    private var fixedCandidates: [String]?
    /// The current prompt, as a C string that stays alive while libedit shows it.
    private var promptBuffer: UnsafeMutablePointer<CChar>?
    /// Ctrl-C was typed during the current read (see ``bindInterruptKeys()``).
    private var interruptedByKey = false

    /// Sets up libedit on standard input/output; `nil` when libedit refuses
    /// (no usable terminal).
    init?(
        programName: String, historyFile: URL?, historySize: Int,
        completer: @escaping (CompletionRequest) -> [String], describe: @escaping (String) -> String?
    ) {
        guard let editLine = routine_el_init(programName) else { return nil }
        guard let history = history_init() else {
            el_end(editLine)
            return nil
        }
        guard let answers = history_init() else {
            history_end(history)
            el_end(editLine)
            return nil
        }
        self.editLine = editLine
        self.history = history
        self.answers = answers
        // A history file that is not a plain, small, readable file (a FIFO, a link to
        // /dev/zero) is neither read nor replaced: this session keeps its history in memory.
        switch historyFile.map(HistoryFile.status(of:)) {
        case .refused(let reason)?:
            self.historyFile = nil
            self.historyProblem = reason
        default:
            self.historyFile = historyFile
            self.historyProblem = nil
        }
        self.historySize = Int32(clamping: max(1, historySize))
        self.completer = completer
        self.describe = describe

        _ = routine_history_setsize(history, self.historySize)
        _ = routine_history_setunique(history, 1)
        _ = routine_history_setsize(answers, Self.answersSize)
        _ = routine_history_setunique(answers, 1)
        if let file = self.historyFile, HistoryFile.status(of: file) == .readable {
            _ = routine_history_load(history, file.path)
        }
        _ = routine_el_set_hist(editLine, history)
        _ = routine_el_set_editor(editLine, "emacs")
        _ = routine_el_set_signal(editLine, 1)
        _ = routine_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        let prompt: routine_el_prompt_fn = { editLine in
            guard let editLine, let session = LibEditSession.from(editLine) else {
                return routine_empty_prompt()
            }
            return session.promptBuffer ?? routine_empty_prompt()
        }
        _ = routine_el_set_prompt_esc(editLine, prompt, CChar(PromptEscapes.marker))
        _ = routine_el_add_function(
            editLine, "routine-complete", "Complete the word before the cursor"
        ) { editLine, _ in
            guard let editLine, let session = LibEditSession.from(editLine) else {
                return UInt8(CC_ERROR)
            }
            return session.complete()
        }
        _ = routine_el_bind(editLine, "^I", "routine-complete")
        // Ctrl-L clears the screen as in bash. libedit's own ed-clear-screen only redraws
        // the line here (it finds no "clear" capability through its terminal setup), so
        // the editor writes the ANSI sequence every terminal emulator understands.
        _ = routine_el_add_function(editLine, "routine-clear", "Clear the screen") { _, _ in
            LibEditSession.clearScreen()
            return UInt8(CC_REDISPLAY)
        }
        _ = routine_el_bind(editLine, "^L", "routine-clear")
        // As in bash: Ctrl-R searches the history backwards while typing
        // (libedit's emacs default is a plain redisplay).
        _ = routine_el_bind(editLine, "^R", "em-inc-search-prev")
        bindInterruptKeys()
    }

    /// Ctrl-C (and Ctrl-Z) are keys while a line is read, not signals from the terminal:
    /// edit mode is `-isig`, as the passphrase reader's. A SIGINT from the terminal was
    /// taken only when it arrived while libedit was blocked in `read` (one arriving while it
    /// drew was lost, and the read went on: issue 31 item 18), and the terminal threw away
    /// the keys typed after it. A key is read in its turn, like any other.
    ///
    /// Ctrl-C ends the read (`CC_EOF`, told from Ctrl-D by a flag). During a Ctrl-R search
    /// libedit ends the search on a key it does not handle there and reads that key again,
    /// so Ctrl-C ends the search and then the read. Ctrl-Z suspends as the terminal would
    /// (SIGTSTP to this process group; with `EL_SIGNAL` libedit restores the terminal first,
    /// and redraws the line when continued).
    private func bindInterruptKeys() {
        _ = routine_el_setty_edit(editLine, "-isig")
        _ = routine_el_add_function(editLine, "routine-interrupt", "Discard the line") { editLine, _ in
            guard let editLine, let session = LibEditSession.from(editLine) else {
                return UInt8(CC_ERROR)
            }
            session.interruptedByKey = true
            return UInt8(CC_EOF)
        }
        _ = routine_el_bind(editLine, "^C", "routine-interrupt")
        _ = routine_el_add_function(editLine, "routine-suspend", "Suspend the program") { _, _ in
            _ = kill(0, SIGTSTP)
            return UInt8(CC_REFRESH)
        }
        _ = routine_el_bind(editLine, "^Z", "routine-suspend")
    }

    /// Moves the cursor home and erases the screen (`ESC [H ESC [2J`).
    static func clearScreen() {
        routine_write_stdout("\u{1B}[H\u{1B}[2J")
    }

    /// How many answers are recalled.
    static let answersSize: Int32 = 100

    deinit {
        el_end(editLine)
        history_end(history)
        history_end(answers)
        free(promptBuffer)
    }

    /// Reads one line with editing, recalling from the history `recall` names; Tab
    /// offers `completions` when given instead of asking the completer. Ctrl-C (a key,
    /// see ``bindInterruptKeys()``; or a SIGINT, see `routine_sigint_catch`) ends the read,
    /// also during a Ctrl-R search: the line is discarded and `.interrupted` returned.
    func readLine(prompt: String, recall: LineEditor.Recall, completions: [String]? = nil) -> LineResult {
        fixedCandidates = completions
        defer { fixedCandidates = nil }
        free(promptBuffer)
        promptBuffer = strdup(PromptEscapes.marked(prompt))
        _ = routine_el_set_hist(editLine, recall == .answers ? answers : history)
        _ = routine_sigint_take()
        interruptedByKey = false
        var previous = sigaction()
        let caught = routine_sigint_catch(&previous) == 0
        defer {
            if caught {
                _ = routine_sigint_restore(&previous)
            }
        }
        var count: Int32 = 0
        errno = 0
        guard let text = el_gets(editLine, &count), count > 0 else {
            // Ctrl-C ends the read as end of file (count 0): the flag its key sets tells it
            // from a real Ctrl-D. A SIGINT sent by other means (kill -INT) interrupts the
            // read (EINTR), or, during a search, comes back as end of file too: the
            // handler's flag tells it apart.
            let interrupted =
                interruptedByKey || (count < 0 && errno == EINTR) || routine_sigint_take() != 0
            // Forget the abandoned line and leave the cursor on a fresh line,
            // so the caller's next output does not land after the old prompt.
            el_reset(editLine)
            routine_write_stdout("\n")
            return interrupted ? .interrupted : .endOfFile
        }
        var line = String(cString: text)
        if line.last == "\n" || line.last == "\r\n" {
            line.removeLast()
        }
        if recall == .answers, !line.allSatisfy(\.isWhitespace) {
            _ = routine_history_enter(answers, line)
        }
        return .line(line)
    }

    /// Adds `line` to the history and saves it to the file.
    ///
    /// The file is not simply overwritten with this session's history: it is
    /// read again, `line` is added, and the result replaces it (atomically), so
    /// that lines saved meanwhile by another session at the same time are kept.
    /// Returns whether the file was written (true when there is no file).
    func addHistory(_ line: String) -> Bool {
        _ = routine_history_enter(history, line)
        guard let file = historyFile else { return true }
        do {
            try HistoryFile.prepareDirectory(for: file)
        } catch {
            return false
        }
        guard let merged = history_init() else { return false }
        defer { history_end(merged) }
        _ = routine_history_setsize(merged, historySize)
        _ = routine_history_setunique(merged, 1)
        switch HistoryFile.status(of: file) {
        case .readable: _ = routine_history_load(merged, file.path)
        case .absent: break
        // Replaced meanwhile by something that is not history: leave it alone.
        case .refused: return false
        }
        _ = routine_history_enter(merged, line)
        return HistoryFile.replace(file) { path in
            routine_history_save(merged, path) >= 0
        }
    }

    /// Forgets the answers recalled at run prompts.
    func forgetAnswers() {
        _ = routine_history_setsize(answers, 0)
        _ = routine_history_setsize(answers, Self.answersSize)
    }

    /// The Tab command: asks the completer and applies the engine's decision.
    private func complete() -> UInt8 {
        guard let info = el_line(editLine)?.pointee,
            let start = info.buffer, let cursor = info.cursor
        else {
            return UInt8(CC_ERROR)
        }
        let before = String(
            decoding: UnsafeRawBufferPointer(start: start, count: max(0, cursor - start)),
            as: UTF8.self)
        let request = CompletionRequest(lineBeforeCursor: before)
        switch CompletionEngine.action(for: request, candidates: fixedCandidates ?? completer(request)) {
        case .none:
            return UInt8(CC_ERROR)
        case .edit(let deleteBefore, let insert):
            if deleteBefore > 0 {
                el_deletestr(editLine, Int32(clamping: deleteBefore))
            }
            if !insert.isEmpty, el_insertstr(editLine, insert) != 0 {
                return UInt8(CC_ERROR)
            }
            return UInt8(CC_REFRESH)
        case .list(let items):
            let shown = items.map { item in describe(item).map { "\(item)  (\($0))" } ?? item }
            let lines = CompletionEngine.layout(shown, width: Self.terminalColumns())
            routine_write_stdout("\n" + lines.joined(separator: "\n") + "\n")
            return UInt8(CC_REDISPLAY)
        }
    }

    private static func from(_ editLine: OpaquePointer) -> LibEditSession? {
        guard let data = routine_el_get_clientdata(editLine) else { return nil }
        return Unmanaged<LibEditSession>.fromOpaque(data).takeUnretainedValue()
    }

    /// The width of the terminal on standard output, 80 when it cannot be read.
    static func terminalColumns() -> Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
            return 80
        }
        return Int(size.ws_col)
    }
}
