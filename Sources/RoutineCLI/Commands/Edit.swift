import ArgumentParser

extension RoutineCommand {
    /// `routine edit …`: two commands under one word. `edit routine NAME` authors a routine
    /// file; `edit entry ID --value V --note TEXT` corrects an entry. SPEC §7's short forms
    /// stay: `edit NAME` runs the default subcommand, `edit routine`; `edit ID --value V`
    /// is read as `edit entry ID --value V` (`longForm`): an entry correction always says
    /// what it changes, an authoring session never does, so the options decide.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract:
                "Edit a routine in $EDITOR (imported only when it has no error), or correct an entry's value or note.",
            discussion: """
                Short forms: 'edit NAME' is 'edit routine NAME'; 'edit ENTRY-ID --value V' (or --note TEXT) is \
                'edit entry ENTRY-ID --value V'.
                """,
            subcommands: [EditRoutine.self, EditEntry.self],
            defaultSubcommand: EditRoutine.self)

        /// The words of a command line with `edit`'s entry short form spelled out
        /// (`edit 12 --value 3` → `edit entry 12 --value 3`); any other line as it is.
        static func longForm(_ arguments: [String]) -> [String] {
            guard arguments.count > 1, arguments[0] == configuration.commandName,
                !["routine", "entry", "help", "-h", "--help"].contains(arguments[1])
            else { return arguments }
            let options = arguments.prefix { $0 != "--" }
            let correction = options.contains {
                $0 == "--value" || $0 == "--note" || $0.hasPrefix("--value=") || $0.hasPrefix("--note=")
            }
            guard correction else { return arguments }
            return [arguments[0], EditEntry.configuration.commandName ?? "entry"] + arguments.dropFirst()
        }
    }
}
