import ArgumentParser
import Foundation
import RoutineFile

extension RoutineCommand {
    /// `routine show NAME`: a stored routine drawn as a tree.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Draw a stored routine (or a routine file) as a tree.")

        @Argument(
            help: ArgumentHelp("A stored routine's name, or a routine file.", valueName: "routine-or-file"),
            completion: .routineOrFile)
        var routine: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let loaded = try RoutineSource.load(routine, settings: settings, allowStore: true)
            Output.block(TreeDrawing.draw(loaded.routine))
        }
    }
}
