import RoutineCore
import RoutineStore

/// A habit's schedule, frequency and day target set by hand: `routine habit schedule`
/// (SPEC §10.1) and `routine habit target` (§18.1) both come here, so both say the same
/// things of the same change.
public enum HabitTargetsService {
    /// What setting them did.
    public struct Outcome: Sendable {
        /// The habit as it is now.
        public var habit: HabitInfo
        /// The schedule's change, nil when the schedule was left as it was.
        public var change: ScheduleChange?
        /// The routines whose latest version declares another schedule for the habit, by
        /// slug: an import of such a file sets it back (issue 31 item 13), so the person
        /// is told. Empty when the schedule did not change.
        public var declaredElsewhere: [(slug: String, declared: Schedule)]
    }

    /// Sets them in one transaction: `schedule` nil leaves the schedule as it is,
    /// `.some(nil)` makes the habit daily; likewise `dayTarget` (`.some(nil)` removes it).
    static func set(
        habit name: String, schedule: Schedule??, dayTarget: DayTarget??, store: AppDatabase
    ) throws -> Outcome {
        let change = try store.habits.setHabitTargets(habit: name, schedule: schedule, dayTarget: dayTarget)
        guard let habit = try store.habits.habit(named: name) else {
            throw StoreError.unknownHabit(HabitName.display(name))
        }
        var elsewhere: [(slug: String, declared: Schedule)] = []
        if let change {
            elsewhere = try store.habits.routinesDeclaringSchedule(of: habit.name).filter { $0.declared != change.to }
        }
        return Outcome(habit: habit, change: change, declaredElsewhere: elsewhere)
    }
}
