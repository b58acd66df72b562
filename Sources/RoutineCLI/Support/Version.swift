/// The version of `routine`, in one place: `routine --version`, `routine help` and the
/// REPL's `help` all print this.
public enum RoutineVersion {
    public static let current = "0.12.0"
}
