import RoutineApp
import RoutineCore

/// The studio's history pages (SPEC §19.5), each an HTML fragment (`<main>…</main>`)
/// with its pictures as SVG drawn here: the index, a habit's page, a question's page and
/// `today`. Everything comes through the application layer as the commands get it — the
/// ledger of SPEC §17 (`HabitLedger`) and `stats`' figures (`HabitFigures`) for a
/// habit, the standing answers and `InsightsService` for a question, the day planner's
/// `today` — so every page says what `stats`, `answers --calendar`, `insights` and
/// `today` say. Nothing is written. Every text from the store is escaped (`HistoryHTML`).
public struct HistoryPages: Sendable {
    public let services: AppServices
    public var time: TimeContext { services.time }
    /// The first row of the year grids: 0 = Monday … 6 = Sunday (the configuration's
    /// `week-start`).
    public let weekStart: Int

    public init(services: AppServices, weekStart: Int = 0) {
        self.services = services
        self.weekStart = (weekStart % 7 + 7) % 7
    }

    /// The link of a habit's page.
    public static func habitPath(_ name: String) -> String {
        "/history/habit/" + HistoryHTML.pathSegment(HabitName.display(name))
    }

    /// The link of a question's page.
    public static func questionPath(routine: String, node: String) -> String {
        "/history/question/" + HistoryHTML.pathSegment(routine) + "/" + HistoryHTML.pathSegment(node)
    }

    /// Index: every habit (archived ones marked) and every question with a link to its
    /// page, and a link to `/today`.
    public func index() throws -> String {
        let habits = try services.habits(includeArchived: true).map { habit in
            let name = HabitName.display(habit.name)
            return HistoryHTML.link(Self.habitPath(name), name) + (habit.isArchived ? " (archived)" : "")
        }
        let questions = try services.knownQuestions().map { question in
            let count = "\(question.answers) answer\(question.answers == 1 ? "" : "s")"
            return HistoryHTML.link(Self.questionPath(routine: question.routine, node: question.node), question.text)
                + " <span class=\"history-source\">(\(HistoryHTML.escape(question.routine))/"
                + "\(HistoryHTML.escape(question.node)), \(count))</span>"
        }
        return HistoryHTML.page(
            "index", heading: "History", lead: "<p><a href=\"/today\">Today</a></p>\n",
            sections: [
                (
                    "Habits",
                    HistoryHTML.list("history-habits", habits, empty: "No habits yet: run a routine or log a habit.")
                ),
                (
                    "Questions",
                    HistoryHTML.list(
                        "history-questions", questions, empty: "No questions yet: import a routine that asks one.")
                ),
            ])
    }

    /// A habit's page: its figures, a year heat map of its states with a legend naming
    /// every state, its five best streaks as bars, a weekday punch card and its momentum
    /// over the year.
    public func habit(_ name: String) throws -> String {
        guard let info = try services.habit(named: name) else { throw HistoryError.unknownHabit(name) }
        let today = time.today
        let planner = DayPlanner(store: services)
        let ledger = try HabitLedger.build(planner: planner, through: today, alsoOn: [today], time: time)
        let stats = try HabitFigures.stats(
            store: services, day: today, time: time, only: [info.name], planner: planner, ledger: ledger)
        guard let figures = stats.first else { throw HistoryError.unknownHabit(name) }
        let grid = HistoryYearGrid(today: today, weekStart: weekStart)
        let days = ledger.days[info.key]
        let series = Self.momentumSeries(
            HabitFigures.habit(info), days: days, entries: ledger.entries(of: info.key), from: grid.start,
            through: today)
        return HistoryHabitPage(habit: info, days: days, stats: figures, series: series, grid: grid).html
    }

    /// The habit's figures on each day from `from` (or its first day) through `through`,
    /// as `stats` gives them on that day (the same function, `computeStats`), for
    /// momentum's line. Momentum reads only the last 7 days' states (the last 4 weeks'
    /// entries for a weekly target), so each day is given the states and entries from a
    /// little before `from`, not the years before: its momentum and due days are those of
    /// the whole history (its streaks are not, and are not read).
    static func momentumSeries(
        _ habit: MetricHabit, days: HabitDays?, entries: [MetricEntry], from: Int, through: DayKey
    ) -> [HabitStats] {
        guard let days else { return [] }
        let first = max(from, days.first)
        let end = min(through.ordinal, days.last)
        guard first <= end else { return [] }
        let kept = max(days.first, first - 7)
        let window = HabitDays(
            first: kept, states: Array(days.states[(kept - days.first)...(end - days.first)]),
            dueDone: days.dueDone.filter { $0 >= kept })
        let recent = entries.filter { $0.habitKey == habit.key && $0.dayKey.ordinal >= first - 28 }
        return (first...end).compactMap { ordinal in
            computeStats(habits: [habit], entries: recent, day: DayKey(ordinal: ordinal), states: [habit.key: window])
                .first
        }
    }

    /// A question's page: a year in pixels (a cell per day coloured by the option that
    /// stands for it, a legend of options with counts) and the insights of SPEC §17.6
    /// about it as sentences.
    public func question(routine: String, node: String) throws -> String {
        let known = try services.knownQuestions()
        guard let question = known.first(where: { $0.routine == routine && $0.node == node }) else {
            throw HistoryError.unknownQuestion(routine: routine, node: node)
        }
        let today = time.today
        let answers = try services.standingAnswers(routine: question.routine, node: question.node, to: today)
        let report = try InsightsService.report(store: services, question: question, from: nil, to: today, time: time)
        let grid = HistoryYearGrid(today: today, weekStart: weekStart)
        return HistoryQuestionPage(question: question, answers: answers, report: report, grid: grid).html
    }

    /// `today` as a page: each routine's state and its habits with their states' names,
    /// as `routine today --all` lists them.
    public func today() throws -> String {
        let overview = try DayPlanner(store: services).today(day: time.today, time: time, showAll: true)
        return HistoryTodayPage(overview: overview).html
    }
}

/// Why a history page cannot be drawn: one sentence (the route answers 404 with it).
public enum HistoryError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownHabit(String)
    case unknownQuestion(routine: String, node: String)

    public var description: String {
        switch self {
        case .unknownHabit(let name): "No habit named “\(name)” is in the store."
        case .unknownQuestion(let routine, let node):
            "No question “\(node)” of a routine “\(routine)” is in the store."
        }
    }
}
