/// Routine files written to fail a check in a known way, shared by the validator's
/// tests (RoutineFileTests) and the tests of `check`'s report (RoutineCLITests).
public enum CheckSamples {
    /// Two nodes that lead to each other: one `cycle` error, at 9:12 (the edge that
    /// closes it). No line break after the last line.
    public static func walkJournalCycle(slug: String) -> String {
        """
        routine: \(slug)
        start: [walk]
        nodes:
          walk:
            habit: Walk
            next: [journal]
          journal:
            habit: Journal
            next: [walk]
        """
    }
}
