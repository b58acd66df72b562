import ArgumentParser

extension RoutineCommand {
    /// `routine` or `routine repl`: the interactive shell.
    struct Repl: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "repl",
            abstract:
                "Open the routine shell (the default): every command, with line editing, history and Tab completion.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            guard !Session.current.isREPL else { throw CLIError("already in the routine shell") }
            var forwarded: [String] = []
            if let store = global.store { forwarded += ["--store", store] }
            if let zone = global.timezone { forwarded += ["--timezone", zone] }
            if let start = global.dayStart { forwarded += ["--day-start", start] }
            let settings = try Settings(options: global)
            try ReplSession(settings: settings, forwardedOptions: forwarded).run()
        }
    }
}
