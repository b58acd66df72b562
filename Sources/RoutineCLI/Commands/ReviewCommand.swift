import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore

extension RoutineCommand {
    /// `routine review`: the week or month holding a day, looked back on (SPEC §14.2).
    struct Review: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "review",
            abstract: "Look back on a week (default) or a month: habits day by day, answers counted, goals' pace.",
            discussion: """
                ● done, ○ due and not done, · not due. The week starts on the config's week-start (default \
                Monday). Counts are compared with the period before.
                """)

        @Flag(help: "The calendar week holding the day (the default).")
        var week = false

        @Flag(help: "The month holding the day.")
        var month = false

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "The day to review around, YYYY-MM-DD, today, yesterday, -N or a weekday.", valueName: "day"),
            completion: .list(DayArgument.completions),
            transform: DayArgument.parse)
        var day: DayArgument?

        @Option(help: "Output format.")
        var format: TextOrJSON = .text

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if week, month { throw ValidationError("--week and --month do not go together: choose one") }
        }

        func run() throws {
            let settings = try Settings(options: global)
            let day = try day.map { try settings.day($0) } ?? settings.time.today
            let span: RoutineApp.Review.Span = month ? .month : .week
            let review: RoutineApp.Review
            if let store = try Session.current.existingStore(settings) {
                let goals = try store.goals().map { info in
                    let spec = try GoalService.spec(info, store: store)
                    return (
                        title: info.title, unit: info.unit,
                        progress: try GoalService.progress(spec, info: info, store: store)
                    )
                }
                review = try ReviewService.review(
                    store: store, span: span, day: day, weekStart: settings.weekStart.rawValue, time: settings.time,
                    goals: goals)
            } else {
                let bounds = RoutineApp.Review.bounds(span, day: day, weekStart: settings.weekStart.rawValue)
                review = RoutineApp.Review(
                    span: span, from: bounds.from, to: bounds.to, day: day, habits: [], questions: [], goals: [])
            }
            switch format {
            case .json: Output.json(ReviewText.json(review))
            case .text: Output.block(ReviewText.text(review))
            }
        }
    }
}
