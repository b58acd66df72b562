import Foundation
import RoutineCore
import RoutineStore

/// Gathers what `insights` relates (SPEC §14.3) from the store and hands it to
/// `Insights.report`: each question's standing answer per day, and each habit's due and
/// done days within the same span.
///
/// A habit's due days (SPEC §13.6, for days already past): the days it was done, the
/// days a run asked it (done, skipped or declined), and — for a habit that no routine
/// names — the days its schedule and pauses make it due, from its first entry on.
public enum InsightsService {
    public static func report(
        store: AppDatabase, question: KnownQuestion?, from: DayKey?, to: DayKey
    ) throws -> InsightReport {
        let answers = try store.answers(routine: question?.routine, node: question?.node, from: from, to: to)
        var grouped: [String: [StepInfo]] = [:]
        var order: [String] = []
        for step in answers {
            let key = step.routine + "/" + step.node
            if grouped[key] == nil { order.append(key) }
            grouped[key, default: []].append(step)
        }
        let questions = order.compactMap { key -> InsightQuestion? in
            guard let steps = grouped[key], let last = steps.last else { return nil }
            return InsightQuestion(
                routine: last.routine, node: last.node, text: last.text, answers: AnswerListing.byDay(steps))
        }
        guard let first = answers.map(\.dayKey).min() else {
            return Insights.report(questions: [], habits: [])
        }
        // The day before the first answer counts for `the day before`.
        let start = first.adding(days: -1)
        return Insights.report(questions: questions, habits: try habits(store, from: start, to: to))
    }

    static func habits(_ store: AppDatabase, from: DayKey, to: DayKey) throws -> [InsightHabit] {
        let entries = try store.metricEntries(from: from, to: to)
        var done: [HabitKey: Set<DayKey>] = [:]
        for entry in entries { done[entry.habitKey, default: []].insert(entry.dayKey) }
        let asked = try store.askedHabitDays(from: from, to: to)
        let inRoutines = try store.routineHabitKeys()
        let pauses = try store.pauseSpans()
        var firstEntry: [HabitKey: DayKey] = [:]
        for entry in try store.metricEntries(to: to) where firstEntry[entry.habitKey].map({ entry.dayKey < $0 }) ?? true
        {
            firstEntry[entry.habitKey] = entry.dayKey
        }
        var habits: [InsightHabit] = []
        for habit in try store.habits() where done[habit.key] != nil || asked[habit.key] != nil {
            var due = asked[habit.key] ?? []
            let doneDays = done[habit.key] ?? []
            if !inRoutines.contains(habit.key), let start = firstEntry[habit.key] {
                var last: DayKey?
                for ordinal in max(start.ordinal, from.ordinal)...max(to.ordinal, start.ordinal) {
                    let day = DayKey(ordinal: ordinal)
                    let paused = pauses.contains { $0.covers(habit.key, on: day) }
                    if Due.status(schedule: habit.schedule, paused: paused, day: day, lastDoneBefore: last).isDue {
                        due.insert(day)
                    }
                    if doneDays.contains(day) { last = day }
                }
            }
            habits.append(InsightHabit(name: habit.name, due: due, done: doneDays))
        }
        return habits
    }
}
