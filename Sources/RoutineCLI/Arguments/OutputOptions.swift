import ArgumentParser

/// `--format text|json`, one declaration for every command that prints either.
struct FormatOption: ParsableArguments, Sendable {
    @Option(help: "Output format.")
    var format: TextOrJSON = .text
}

/// `--day D`: the day a command reads or writes (today when not given; `entries`: every
/// day). One declaration, so every command accepts the same date words with the same help.
struct DayOption: ParsableArguments, Sendable {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The day: YYYY-MM-DD, today, yesterday, -N (N days back), a weekday (the most recent), "
                + "tomorrow, +N or next WEEKDAY.",
            valueName: "day"),
        completion: .list(DayArgument.completions),
        transform: DayArgument.parse)
    var day: DayArgument?
}
