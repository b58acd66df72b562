import Foundation
import RoutineCore
import RoutineStore

// RoutineApp's services as a front end calls them: handed the services value where their
// tests and each other hand the store. Each is the same function; none holds a rule.

extension DayPlanner {
    public init(store services: AppServices) { self.init(store: services.store) }
}

extension HabitFigures {
    public static func stats(
        store services: AppServices, day: DayKey, time: TimeContext, only names: [String]? = nil,
        includeArchived: Bool = false, planner: DayPlanner? = nil, ledger: HabitLedger? = nil
    ) throws -> [HabitStats] {
        try stats(
            store: services.store, day: day, time: time, only: names, includeArchived: includeArchived,
            planner: planner, ledger: ledger)
    }

    public static func heatmapInput(
        store services: AppServices, habit info: HabitInfo, day: DayKey, weeks: Int, time: TimeContext
    ) throws -> (entries: [MetricEntry], days: HabitDays?) {
        try heatmapInput(store: services.store, habit: info, day: day, weeks: weeks, time: time)
    }
}

extension InsightsService {
    public static func report(
        store services: AppServices, question: KnownQuestion?, from: DayKey?, to: DayKey, time: TimeContext
    ) throws -> InsightReport {
        try report(store: services.store, question: question, from: from, to: to, time: time)
    }
}

extension ReviewService {
    public static func review(
        store services: AppServices, span: Review.Span, day: DayKey, weekStart: Int, time: TimeContext,
        goals: [(title: String, unit: String?, progress: GoalProgress)]
    ) throws -> Review {
        try review(store: services.store, span: span, day: day, weekStart: weekStart, time: time, goals: goals)
    }
}

extension GoalService {
    public static func spec(_ info: GoalInfo, store services: AppServices) throws -> GoalSpec {
        try spec(info, store: services.store)
    }

    public static func progress(_ spec: GoalSpec, info: GoalInfo, store services: AppServices) throws -> GoalProgress {
        try progress(spec, info: info, store: services.store)
    }
}

extension HabitTargetsService {
    public static func set(
        habit name: String, schedule: Schedule??, dayTarget: DayTarget??, store services: AppServices
    ) throws -> Outcome {
        try set(habit: name, schedule: schedule, dayTarget: dayTarget, store: services.store)
    }
}

extension PathsService {
    public static func analyse(
        _ routine: Routine, store services: AppServices?, day: DayKey?, time: TimeContext, listing: Int?
    ) throws -> PathAnalysis {
        try analyse(routine, store: services?.store, day: day, time: time, listing: listing)
    }
}

extension ImportService {
    /// `import-from` at the services' clock.
    public static func run(
        _ source: ImportSourceKind, path: String, store services: AppServices, dryRun: Bool
    ) throws -> ImportReport {
        try run(source, path: path, store: services.store, now: services.time.now(), dryRun: dryRun)
    }
}

extension LogWords {
    public static func resolve(_ words: [String], store services: AppServices) throws -> Resolution? {
        try resolve(words, store: services.store)
    }
}

extension Undoable {
    public static func last(in services: AppServices) throws -> Undoable? { try last(in: services.store) }

    /// Takes this back at the services' clock.
    public func undo(in services: AppServices) throws -> Undoable {
        try undo(in: services.store, at: services.time.now())
    }
}

extension RunCoordinator {
    public static func open(
        _ routine: StoredRoutine, dayKey: DayKey, store services: AppServices, time: TimeContext,
        timeZoneName: String, startNew: Bool = false
    ) throws -> (RunCoordinator, Opening) {
        try open(
            routine, dayKey: dayKey, store: services.store, time: time, timeZoneName: timeZoneName, startNew: startNew)
    }

    public static func resume(
        _ id: RunID, store services: AppServices, time: TimeContext, timeZoneName: String
    ) throws
        -> RunCoordinator
    {
        try resume(id, store: services.store, time: time, timeZoneName: timeZoneName)
    }

    public static func abort(_ id: RunID, store services: AppServices, time: TimeContext) throws {
        try abort(id, store: services.store, time: time)
    }

    /// A walk that writes nothing; the store (if any) is read for habits already done.
    public static func dryRun(
        routine: Routine, dayKey: DayKey, store services: AppServices?, time: TimeContext
    )
        throws -> RunCoordinator
    {
        try dryRun(routine: routine, dayKey: dayKey, store: services?.store, time: time)
    }
}
