import ArgumentParser
import RoutineCore

extension RoutineCommand {
    /// `routine paths NAME|FILE`: what an author wants to know before using a routine.
    struct Paths: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "paths",
            abstract: "Count a routine's answer combinations, its longest chain, and where each habit is recorded.")

        @Argument(help: ArgumentHelp("A stored routine's name, or a routine file.", valueName: "routine-or-file"))
        var routine: String

        @Flag(help: "List the combinations and the habits each records.")
        var list = false

        @Option(help: "List at most this many combinations (with --list).")
        var limit: Int = 20

        @Option(help: "Output format.")
        var format: TextOrJSON = .text

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if limit < 0 { throw ValidationError("--limit must be 0 or more") }
        }

        func run() throws {
            let settings = try Settings(options: global)
            let loaded = try RoutineSource.load(routine, settings: settings, allowStore: true)
            let analysis: PathAnalysis
            do {
                analysis = try PathAnalysis(loaded.routine, listing: list ? limit : nil)
            } catch {
                throw CLIError("\(routine): \(error)")
            }
            switch format {
            case .text: Output.block(analysis.text())
            case .json: Output.line(analysis.json())
            }
        }
    }
}
