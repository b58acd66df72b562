/// The version of `routine`, in one place: `routine --version`, `routine help` and the
/// REPL's `help` print it, and the store records the version that last changed its
/// schema, so that an older build refusing the store can name the version it needs.
public enum RoutineVersion {
    public static let current = "0.22.0"
}
