import ArgumentParser
import RoutineApp
import RoutineCore

extension RoutineCommand {
    /// `routine undo`: takes back the last thing recorded, and says what it was.
    struct Undo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo",
            abstract: "Take back the last entry recorded (it is kept, marked deleted; 'undelete ID' restores it).",
            discussion: "Each undo takes back the next most recent entry: 'undo' twice undoes two.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            guard let store = try Session.current.existingStore(settings), let last = try Undoable.last(in: store)
            else {
                Output.line("nothing to undo")
                return
            }
            switch try last.undo(in: store) {
            case .entry(let entry):
                let unit = try store.habit(named: entry.habit)?.unit
                let amount = entry.value.map { " " + MetricNumber.text($0, unit: unit) } ?? ""
                let from = entry.runID.map { " (from run \($0.short))" } ?? ""
                Output.line(
                    "undid \(entry.habit)\(amount) on \(entry.dayKey)\(from): entry \(entry.id) deleted; "
                        + "'undelete \(entry.id)' brings it back")
            }
        }
    }
}
