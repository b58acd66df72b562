import ArgumentParser

extension RoutineCommand {
    /// `routine edit routine NAME` (short: `edit NAME`): opens a routine file in `$EDITOR`
    /// and imports it only when it has no error.
    struct EditRoutine: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "routine",
            abstract:
                "Edit a routine in $EDITOR; it is checked when the editor closes and imported only if it has no error.",
            discussion: """
                Opens routines/NAME.yaml (written from the store if missing). With errors, the diagnostics are shown \
                and you are offered to edit again.
                """)

        @Argument(help: ArgumentHelp("The routine's name.", valueName: "routine"), completion: .routineName)
        var name: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            try Authoring.edit(name: name, settings: try Settings(options: global))
        }
    }
}
