/// Amounts as people type them, everywhere one is typed (a run's prompt, `log`,
/// `edit --value`): one rule, SPEC §4.2's.
public enum Quantity {
    /// Digits with an optional decimal fraction, ≥ 0 (`12`, `12.5`, `.5`), surrounding
    /// white space ignored; nil for anything else (signs, exponents, `nan`, `inf`).
    public static func parse(_ text: String) -> Double? {
        AnswerReader.quantity(text.trimmingWhitespace())
    }
}
