import ArgumentParser
import RoutineApp
import RoutineCore

/// `[QUESTION] [--routine R] [--from D] [--to D]`: which answers `answers` and `insights`
/// read (SPEC §14.2–14.3). One declaration, and one way to turn it into a question.
struct QuestionSelection: ParsableArguments, Sendable {
    @Argument(help: ArgumentHelp("A question's node id or text (default: every question).", valueName: "question"))
    var question: String?

    @Option(help: ArgumentHelp("Only this routine's questions.", valueName: "routine"), completion: .routineName)
    var routine: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("From this day, YYYY-MM-DD, today, yesterday, -N or a weekday.", valueName: "day"),
        completion: .list(DayArgument.completions),
        transform: DayArgument.parse)
    var from: DayArgument?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("To this day (default: today).", valueName: "day"),
        completion: .list(DayArgument.completions),
        transform: DayArgument.parse)
    var to: DayArgument?

    /// The question QUESTION and --routine name together (nil when none is named), or one
    /// clear line: an unknown question (with the closest), a routine that asks none.
    func known(in store: AppServices) throws -> KnownQuestion? {
        guard question != nil || routine != nil else { return nil }
        do {
            return try QuestionResolver.narrow(question: question, routine: routine, among: try store.knownQuestions())
        } catch let error as AnswerError {
            throw CLIError(error.description)
        }
    }
}
