import Foundation
import RoutineCore
import RoutineFile
import RoutineImport
import RoutineStore

/// What `routine import-from` did or, in a dry run, would do (SPEC §18.2).
public struct ImportReport: Sendable {
    public var source: ImportSourceKind
    public var path: String
    public var dryRun: Bool
    public var plan: ImportPlan
    public var outcome: ImportOutcome
    /// What could not be mapped, with the reason: the importer's and the store's.
    public var notMapped: [String]
    /// For each habit of the plan, its frequency and target as routine keeps them (or
    /// `not kept`), in plan order.
    public var kept: [String]
    /// For each habit of the plan, whether the import created it (else it was reused).
    public var isNew: [Bool]
}

/// `routine import-from`: a source read into a plan by its importer, the plan mapped
/// onto routine's habits, and written in one transaction (or rolled back, for a dry run).
public enum ImportService {
    static func run(
        _ source: ImportSourceKind, path: String, store: AppDatabase, now: Date, dryRun: Bool
    ) throws -> ImportReport {
        let plan = try Importers.importer(for: source).plan(path: path)
        var notMapped = plan.notMapped
        var habits: [ImportHabit] = []
        var kept: [String] = []
        for habit in plan.habits {
            let (mapped, lost) = map(habit)
            habits.append(mapped)
            notMapped += lost
            kept.append(keptText(mapped, habit))
        }
        let routine = try plan.question.map { question in
            let options = question.options.map { Option(text: $0) }
            let node = Node(id: question.node, body: .question(question.question, options: options))
            do {
                let routine = try Routine(
                    slug: question.slug, title: question.title, start: [0], nodes: [node], habits: [])
                return (routine: routine, source: RoutineExporter.yaml(routine))
            } catch {
                throw ImportError(file: path, "the routine \(question.slug) cannot be made from it: \(error)")
            }
        }
        let outcome = try store.bulk.applyImport(
            habits: habits, entries: plan.entries, skips: plan.skips, answers: plan.answers, routine: routine,
            source: sourceName(source), now: now, dryRun: dryRun)
        let created = Set(outcome.createdHabits.map { HabitKey($0) })
        return ImportReport(
            source: source, path: path, dryRun: dryRun, plan: plan, outcome: outcome, notMapped: notMapped, kept: kept,
            isNew: plan.habits.map { created.contains(HabitKey($0.name)) })
    }

    /// The tool's name as people write it.
    public static func sourceName(_ source: ImportSourceKind) -> String {
        switch source {
        case .loop: "Loop"
        case .harsh: "harsh"
        case .daylio: "Daylio"
        case .habitbull: "HabitBull"
        }
    }

    /// A planned habit as routine keeps it (SPEC §18.1): daily, `every: N`, `per: N/P`
    /// (`weekly: N` is `per: N/7`), its day target; what routine cannot say (a habit
    /// that is never due, a target that does not fit the habit) is listed with its reason.
    static func map(_ habit: PlannedHabit) -> (ImportHabit, [String]) {
        var spec = HabitSpec(name: habit.name)
        var lost: [String] = []
        switch habit.frequency {
        case .daily: break
        case .every(let n): spec.schedule = n == 1 ? nil : .every(n)
        case .per(let n, let p):
            spec.schedule = Schedule.frequency(n, p)
            if spec.schedule == nil { lost.append("\(habit.name): frequency \(n)/\(p) is out of range (due daily)") }
        case .none:
            lost.append("\(habit.name): tracked only (never due); routine has no such schedule (due daily)")
        }
        if let target = habit.target {
            if let problem = DayTargetRule.problem(target, isQuantity: habit.unit != nil) {
                lost.append("\(habit.name): day target \(target.storedText) not kept: \(problem)")
            } else {
                spec.dayTarget = target
            }
        }
        return (
            ImportHabit(spec: spec, unit: habit.unit, archived: habit.archived, description: habit.description), lost
        )
    }

    /// `binary, daily`, `quantity (km), every 3 days, ≥ 5 km a day`, `…, archived`.
    static func keptText(_ mapped: ImportHabit, _ habit: PlannedHabit) -> String {
        var parts = [mapped.unit.map { "quantity (\($0.isEmpty ? "count" : $0))" } ?? "binary"]
        parts.append(Schedule.describe(mapped.spec.schedule))
        if let target = mapped.spec.dayTarget {
            parts.append(target.text(unit: mapped.unit.map { $0.isEmpty ? nil : $0 } ?? nil))
        }
        if habit.archived { parts.append("archived") }
        return parts.joined(separator: ", ")
    }
}
