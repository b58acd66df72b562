import ArgumentParser
import Foundation
import LineEditor
import RoutineApp
import RoutineCore

extension RoutineCommand {
    /// `routine plan [--from D] [--days N]`: each routine's habits on each of the next
    /// days, as the day planner decides them (SPEC §13.3).
    struct Plan: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "plan", abstract: "Which habits are due on each of the next days (a grid).")

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "The first day: YYYY-MM-DD, today, tomorrow, +N, a weekday (the coming one) or next WEEKDAY (default: today).",
                valueName: "day"),
            completion: .list(DayArgument.completions),
            transform: DayArgument.parseForward)
        var from: DayArgument?

        @Option(help: "How many days (1 to 366).")
        var days: Int = 7

        @OptionGroup var output: FormatOption
        var format: TextOrJSON { output.format }

        @Flag(help: "Include archived habits.")
        var all = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if !(1...366).contains(days) { throw ValidationError("--days wants a number from 1 to 366") }
        }

        func run() throws {
            let settings = try Settings(options: global)
            let start = try settings.day(from)
            // The grid stops at the last day a DayKey can be (9999-12-31).
            let days = min(days, DayKey.supportedRange.upperBound.ordinal - start.ordinal + 1)
            var grid = PlanGrid(days: (0..<days).map { start.adding(days: $0) }, groups: [])
            if let store = try Session.current.existingStore(settings) {
                grid = try DayPlanner(store: store).plan(
                    from: start, count: days, time: settings.time, includeArchived: all)
            }
            Output.line(format == .json ? grid.json : grid.text(width: Self.width()))
        }

        /// `COLUMNS` when set, else the terminal's width, else 80 (SPEC §13.3).
        static func width() -> Int {
            if let text = ProcessInfo.processInfo.environment["COLUMNS"], let columns = Int(text), columns > 0 {
                return columns
            }
            return isatty(STDOUT_FILENO) == 1 ? LineEditor.terminalColumns() : 80
        }
    }
}
