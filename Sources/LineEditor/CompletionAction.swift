/// What Tab does to the line: the pure decision, without a terminal.
public enum CompletionAction: Equatable, Sendable {
    /// No candidate fits: nothing changes (the terminal beeps).
    case none
    /// Delete `deleteBefore` characters before the cursor (Unicode scalars, as
    /// libedit counts them), then insert `insert` at the cursor.
    case edit(deleteBefore: Int, insert: String)
    /// Several candidates and nothing more to insert: show them below the line.
    case list([String])
}
