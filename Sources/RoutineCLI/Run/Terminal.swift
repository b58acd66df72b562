import LineEditor

/// Where a command talks with the person: lines in, text out. The run driver and the
/// authoring questions use only this, so a test can drive them with a script.
protocol Terminal: AnyObject {
    /// Lines come from a person at a terminal (the editor shows the prompt), not a pipe.
    var isInteractive: Bool { get }
    /// Inside the routine shell: `quit`/`exit` at a run prompt leave the shell, and
    /// messages name shell commands (`resume ID`, not `routine resume ID`).
    var isShell: Bool { get }
    /// Shows `prompt` (on a terminal) and reads one line; Tab offers `completions` when
    /// given (a run prompt's answers), else the shell's usual completion.
    func readLine(prompt: String, completions: [String]?) -> LineResult
    /// Records a line the person typed at the shell prompt in the history.
    func remember(_ line: String)
    /// A line of output (standard output).
    func show(_ text: String)
    /// A line beside the output (standard error): hints that must not mix into JSON.
    func note(_ text: String)
}

extension Terminal {
    /// Asks a yes/no question: `y`/`yes` is yes, `n`/`no` no, an empty line `byDefault`;
    /// no answer at all (end of input) is no.
    func confirm(_ question: String, byDefault: Bool) -> Bool {
        guard let answer = ask(question) else { return false }
        switch answer.trimmingCharacters(in: .whitespaces).lowercased() {
        case "y", "yes": return true
        case "": return byDefault
        default: return false
        }
    }

    /// Asks a one-line question; nil when input ends or is interrupted.
    func ask(_ question: String) -> String? {
        if !isInteractive { show(question) }
        Output.flush()
        switch readLine(prompt: isInteractive ? question : "", completions: []) {
        case .line(let line): return line
        case .interrupted, .endOfFile: return nil
        }
    }
}

/// The real terminal: a `LineEditor` (libedit on a terminal, plain lines from a pipe)
/// and the process's standard output and error.
final class EditorTerminal: Terminal {
    let editor: LineEditor
    let isShell: Bool

    init(editor: LineEditor, isShell: Bool) {
        self.editor = editor
        self.isShell = isShell
    }

    /// The terminal of a one-shot command: its editor is made on first use (libedit
    /// takes over the terminal only when a command reads from it).
    static var process: Terminal { LazyProcessTerminal() }

    var isInteractive: Bool { editor.isInteractive }

    /// Answers and questions, never commands: the up arrow recalls earlier answers,
    /// and nothing read here enters the shell's command history (SPEC §12).
    func readLine(prompt: String, completions: [String]?) -> LineResult {
        editor.readLine(prompt: prompt, recall: .answers, completions: completions)
    }

    func remember(_ line: String) { editor.addHistory(line) }
    func show(_ text: String) { Output.line(text) }
    func note(_ text: String) { Output.note(text) }
}

/// A one-shot command's terminal, whose editor is set up only if the command reads.
private final class LazyProcessTerminal: Terminal {
    private var made: EditorTerminal?

    private var terminal: EditorTerminal {
        if let made { return made }
        let editor = LineEditor(programName: "routine", historyFile: nil) { _ in [] }
        let terminal = EditorTerminal(editor: editor, isShell: false)
        made = terminal
        return terminal
    }

    var isInteractive: Bool { terminal.isInteractive }
    var isShell: Bool { false }
    func readLine(prompt: String, completions: [String]?) -> LineResult {
        terminal.readLine(prompt: prompt, completions: completions)
    }
    func remember(_ line: String) {}
    func show(_ text: String) { Output.line(text) }
    func note(_ text: String) { Output.note(text) }
}
