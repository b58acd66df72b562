import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore
import RoutineStore

extension RoutineCommand {
    /// `routine today [--day D]`: each routine's state on the day and its habits — done,
    /// due and not yet done, skipped, and how many are not due — then habits done by hand
    /// (SPEC §10.5).
    struct Today: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "today", abstract: "Each routine's state today, what is done, and what is still due.")

        @OptionGroup var output: FormatOption
        var format: TextOrJSON { output.format }

        @Flag(help: "Include archived habits.")
        var all = false

        @OptionGroup var dayOption: DayOption
        var day: DayArgument? { dayOption.day }

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let day = settings.day(self.day)
            guard let store = try Session.current.existingStore(settings) else {
                let empty = TodayOverview(day: day, routines: [], stats: [])
                Output.line(
                    format == .json ? empty.json : "Nothing tracked yet. Start with: routine run morning-checkin")
                return
            }
            let overview = try Self.overview(store: store, day: day, settings: settings, includeArchived: all)
            Output.line(format == .json ? overview.json : overview.text)
        }

        static func overview(
            store: AppDatabase, day: DayKey, settings: Settings, includeArchived: Bool = false
        ) throws
            -> TodayOverview
        {
            let stats = try Metrics.stats(store: store, day: day, includeArchived: includeArchived)
            let specs = try store.habitSpecs()
            let runs = try store.runs(on: day)
            var routines: [TodayOverview.RoutineDay] = []
            for summary in try store.routines() {
                guard let stored = try store.routine(slug: summary.slug) else { continue }
                let routine = stored.routine
                // Reachable on some path of D with D's conditions, schedules and pauses.
                let context = try store.dayContext(for: routine, day: day)
                let reachable = routine.pruned(for: context, habitSpecs: specs).reachableHabitNames()
                var state = TodayOverview.State.notStarted
                var skipped = Set<HabitKey>()
                var open = Set(reachable.map { HabitKey($0) })
                var notDue = Set(routine.reachableHabitNames().map { HabitKey($0) }).subtracting(open)
                if let run = runs.first(where: { $0.slug == summary.slug }) {
                    // The run's own version, resumed in memory only: its next prompt and
                    // what it may still ask. A state that cannot be read shows no prompt.
                    var walked = RunCoordinator.savedWalker(of: run, store: store)
                    for step in walked?.steps ?? [] where step.answer == .skipped {
                        skipped.insert(HabitKey(step.text))
                    }
                    let time = clock(run.updatedAt, settings.time.timeZone)
                    switch run.status {
                    case .completed: state = .completed(at: time)
                    case .aborted: state = .aborted(at: time)
                    case .paused, .active:
                        walked?.refreshContext(try store.dayContext(for: routine, day: day, excludingRun: run.id))
                        walked?.resume()
                        state = .paused(prompt: walked?.prompt?.text)
                        if let walked, walked.routine == routine {
                            // What it may still ask: D's conditions (its own answers
                            // included), schedules and pauses, from the run's position.
                            open = walked.reachableHabitKeys { walked.isDue(node: $0) }
                            // A habit the run can still reach is due, whatever the day alone
                            // said (a condition on the run's own answers, `answer(q)`).
                            notDue.subtract(open)
                        }
                    }
                }
                routines.append(
                    TodayOverview.RoutineDay(
                        slug: summary.slug, title: summary.title, state: state,
                        habits: routine.reachableHabitNames(), reachable: open, skipped: skipped,
                        notDue: notDue))
            }
            return TodayOverview(day: day, routines: routines, stats: stats)
        }

        /// `HH:MM` in the active time zone.
        static func clock(_ date: Date, _ zone: TimeZone) -> String {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let parts = calendar.dateComponents([.hour, .minute], from: date)
            let hour = parts.hour ?? 0
            let minute = parts.minute ?? 0
            return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
        }
    }
}
