import ArgumentParser
import Foundation
import RoutineFile

extension RoutineCommand {
    /// `routine edit NAME` opens a routine file in `$EDITOR` and imports it only when it
    /// has no error; `routine edit ENTRY-ID --value V` corrects an entry.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract:
                "Edit a routine in $EDITOR (imported only when it has no error), or correct an entry's value or note.",
            discussion: """
                edit NAME               opens routines/NAME.yaml (written from the store if missing) in $EDITOR; \
                when the editor closes, the file is checked and imported only if it has no error.
                edit ENTRY-ID [--value V] [--note TEXT] sets an entry's value and/or note (an empty note removes it).
                """)

        @Argument(help: ArgumentHelp("A routine's name, or an entry id with --value or --note.", valueName: "routine"))
        var target: String

        @Option(help: "The entry's corrected value.")
        var value: String?

        @Option(help: "The entry's corrected note (empty removes it).")
        var note: String?

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            if value != nil || note != nil {
                try EntryCommands.edit(id: target, value: value, note: note, settings: settings)
            } else {
                try Authoring.edit(name: target, settings: settings)
            }
        }
    }
}
