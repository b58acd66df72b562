import ArgumentParser
import RoutineFile

extension RoutineCommand {
    /// `routine schema`: prints the JSON Schema of routine files, for editors that use
    /// yaml-language-server (docs/authoring.md).
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Print the JSON Schema (draft-07) of routine files, for editors.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            Output.block(RoutineSchema.json())
        }
    }
}
