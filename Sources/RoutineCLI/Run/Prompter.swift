import LineEditor

/// Reads what the person types: through the REPL's line editor inside the REPL, else
/// through one editor made for this process (libedit on a terminal, plain lines from
/// a pipe). One editor per process, as libedit wants.
enum Prompter {
    nonisolated(unsafe) private static var processEditor: LineEditor?

    static var editor: LineEditor {
        if let repl = Session.shared.lineEditor { return repl }
        if let editor = processEditor { return editor }
        let editor = LineEditor(programName: "routine", historyFile: nil) { request in
            Session.shared.runCompletions ?? []
        }
        processEditor = editor
        return editor
    }

    /// One line, with `marker` as the input prompt on a terminal.
    static func read(marker: String) -> LineResult {
        editor.readLine(prompt: marker, recall: .answers)
    }

    /// Asks a one-line question; nil when input ends or is interrupted.
    static func ask(_ question: String) -> String? {
        if !editor.isInteractive { Output.line(question) }
        Output.flush()
        switch read(marker: editor.isInteractive ? question : "") {
        case .line(let line): return line
        case .interrupted, .endOfFile: return nil
        }
    }
}
