import ArgumentParser
import RoutineApp
import RoutineCore

extension RoutineCommand {
    /// `routine pauses`: every pause with its id (SPEC §10.2).
    struct Pauses: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pauses", abstract: "List pauses with their ids ('unpause ID' removes one).")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            guard let store = try Session.current.existingStore(settings), case let pauses = try store.pauses(),
                !pauses.isEmpty
            else {
                Output.line("No pauses. 'pause HABIT --from D --to D' makes one.")
                return
            }
            let width = pauses.map { String($0.id).count }.max() ?? 1
            for pause in pauses {
                let id = String(pause.id)
                let note = pause.note.map { "  (\($0))" } ?? ""
                Output.line(
                    String(repeating: " ", count: width - id.count) + id
                        + "  \(pause.from) to \(pause.to)  \(Pauses.what(pause))\(note)")
            }
        }

        /// `every habit`, or the paused habits' names.
        static func what(_ pause: PauseInfo) -> String {
            pause.habits.isEmpty ? "every habit" : pause.habits.joined(separator: ", ")
        }
    }
}
