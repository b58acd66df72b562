import ArgumentParser

extension RoutineCommand {
    /// `routine edit …`: two commands under one word. `edit routine NAME` authors a routine
    /// file; `edit entry ID --value V --note TEXT` corrects an entry. The short forms of
    /// SPEC §7 stay: `edit NAME` is `edit routine NAME`, and `edit ID` with `--value` or
    /// `--note` is `edit entry ID`: an entry correction always says what it changes, an
    /// authoring session never does, so the options decide.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract:
                "Edit a routine in $EDITOR (imported only when it has no error), or correct an entry's value or note.",
            discussion: """
                Short forms: 'edit NAME' is 'edit routine NAME'; 'edit ENTRY-ID --value V' (or --note TEXT) is \
                'edit entry ENTRY-ID --value V'.
                """,
            subcommands: [EditRoutine.self, EditEntry.self, EditShortForm.self],
            defaultSubcommand: EditShortForm.self)
    }

    /// `edit TARGET [--value V] [--note TEXT]` without a subcommand word: the options
    /// decide which of the two commands it is.
    struct EditShortForm: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "short-form", abstract: "edit NAME, or edit ENTRY-ID --value V / --note TEXT.",
            shouldDisplay: false)

        @Argument(help: ArgumentHelp("A routine's name, or an entry id with --value or --note.", valueName: "routine"))
        var target: String

        @Option(help: "The entry's corrected value.")
        var value: String?

        @Option(help: "The entry's corrected note (empty removes it).")
        var note: String?

        @OptionGroup var global: GlobalOptions

        func run() throws {
            if value != nil || note != nil {
                try EditEntry(id: target, value: value, note: note, global: global).run()
            } else {
                try EditRoutine(name: target, global: global).run()
            }
        }
    }
}
