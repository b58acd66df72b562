import ArgumentParser

/// The options every command takes, before or after the subcommand's name.
public struct GlobalOptions: ParsableArguments, Sendable {
    @Option(
        help:
            "The store file (default: $ROUTINE_STORE, else the config file, else $XDG_DATA_HOME/routine/store.sqlite)."
    )
    public var store: String?

    @Option(help: "The active time zone, e.g. Europe/Paris (default: $TZ, else the config file, else the system's).")
    public var timezone: String?

    @Option(
        name: .customLong("day-start"),
        help: "The hour your day starts, HH:MM (default: $ROUTINE_DAY_START, else the config file, else 00:00).")
    public var dayStart: String?

    public init() {}

    /// The spellings of the global options that take a value.
    static let names: Set<String> = ["--store", "--timezone", "--day-start"]

    /// Moves global options written before the subcommand (`routine --store S run X`) to
    /// after it, so that ArgumentParser, which reads a subcommand's options after its
    /// name, sees them where the subcommand declares them.
    public static func normalize(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if names.contains(word), index + 1 < arguments.count {
                leading += [word, arguments[index + 1]]
                index += 2
            } else if let equals = word.firstIndex(of: "="), names.contains(String(word[..<equals])) {
                leading.append(word)
                index += 1
            } else {
                break
            }
        }
        guard !leading.isEmpty else { return arguments }
        var rest = Array(arguments[index...])
        if rest.isEmpty { rest = ["repl"] }
        let end = rest.firstIndex(of: "--") ?? rest.endIndex
        rest.insert(contentsOf: leading, at: end)
        return rest
    }
}
