/// What one call of ``LineEditor/readLine(prompt:)`` produced.
public enum LineResult: Equatable, Sendable {
    /// A line the person entered, without its line terminator. It may be empty
    /// (Enter on an empty line) or contain only white space.
    case line(String)
    /// Ctrl-C at the prompt: the half-typed line was discarded and the cursor
    /// moved to a new line; the caller decides what that means (re-prompt,
    /// pause a run, …). Only happens on a terminal.
    case interrupted
    /// Ctrl-D on an empty line, the end of piped input, or a terminal that went
    /// away (read error other than an interrupt).
    case endOfFile
}
