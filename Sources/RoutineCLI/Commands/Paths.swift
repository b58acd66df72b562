import ArgumentParser
import RoutineApp
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

        @OptionGroup var output: FormatOption
        var format: TextOrJSON { output.format }

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "Evaluate conditions and schedules as a run on this day would start (default: unknown).",
                valueName: "day"),
            completion: .list(DayArgument.completions),
            transform: DayArgument.parse)
        var day: DayArgument?

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if limit < 0 { throw ValidationError("--limit must be 0 or more") }
        }

        func run() throws {
            let settings = try Settings(options: global)
            let loaded = try RoutineSource.load(routine, settings: settings, allowStore: true)
            let store = loaded.stored == nil ? nil : try Session.current.existingStore(settings)
            let analysis: PathAnalysis
            do {
                analysis = try PathsService.analyse(
                    loaded.routine, store: store, day: try day.map { try settings.day($0) }, time: settings.time,
                    listing: list ? limit : nil
                )
            } catch let error as PathAnalysisError {
                throw CLIError("\(routine): \(error)")
            }
            switch format {
            case .text: Output.block(analysis.text())
            case .json: Output.line(analysis.json())
            }
        }
    }
}
