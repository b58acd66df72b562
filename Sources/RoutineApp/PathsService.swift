import RoutineCore
import RoutineStore

/// `routine paths` (SPEC §4.5, §13.5): what an author wants to know before using a
/// routine, with its conditions and schedules evaluated on each weekday, or on one day
/// with the store's history.
public enum PathsService {
    /// - Parameters:
    ///   - store: the store a stored routine is read from (its habits' schedules, and with
    ///     `day`, its history); nil for a file.
    ///   - day: evaluate as a run on that day would start; nil: each of the seven days of
    ///     the week that holds today (`time`'s).
    static func analyse(
        _ routine: Routine, store: AppDatabase?, day: DayKey?, time: TimeContext, listing: Int?
    ) throws
        -> PathAnalysis
    {
        let specs = try store?.habits.habitSpecs() ?? [:]
        if let day {
            let context =
                try store.map { try DayPlanner(store: $0).runContext(for: routine, day: day, time: time) }
                ?? .empty(day)
            return try PathAnalysis(
                routine, days: [context], historyKnown: true,
                knownDone: try store?.entries.liveHabitKeys(on: day) ?? [],
                habitSpecs: specs, listing: listing)
        }
        var schedules: [HabitKey: Schedule]?
        var archived = Set<HabitKey>()
        if let store {
            let habits = try store.habits.all()
            schedules = Dictionary(
                habits.compactMap { habit in habit.schedule.map { (habit.key, $0) } }, uniquingKeysWith: { a, _ in a })
            archived = Set(habits.filter(\.isArchived).map(\.key))
        }
        return try PathAnalysis.overTheWeek(
            of: time.today, routine, habitSpecs: specs, schedules: schedules, archived: archived, listing: listing)
    }
}
