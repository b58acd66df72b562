import Foundation

/// Whether a habit is done / not done, or measured in a unit.
public enum HabitKind: String, Sendable, Codable, Equatable {
    case binary
    case quantity
}

/// A habit as stored: its shown name (the first spelling used), identity key and measure.
public struct HabitInfo: Sendable, Equatable, Codable {
    public var id: Int64
    /// The first spelling used, white space folded.
    public var name: String
    /// `HabitKey(name)`: the identity.
    public var key: HabitKey
    /// Present for quantity habits; the unit is canonical (`UnitName.canonical`).
    public var measure: Measure?
    public var target: Double?
    public var weekly: Double?
    /// When the habit is due: `days:`, `every:` or a frequency `per: N/P`; nil is daily
    /// (SPEC §10.1, §18.1).
    public var schedule: Schedule?
    public var createdAt: Date
    /// When the habit was archived (hidden from today, stats and habits), or nil.
    public var archivedAt: Date? = nil
    /// The day target (`at-least`/`at-most`, SPEC §18.1), or nil.
    public var dayTarget: DayTarget? = nil
    /// What the person wrote about the habit (`routine habit describe`, or an importer:
    /// Loop's question), or nil.
    public var description: String? = nil

    public init(
        id: Int64, name: String, key: HabitKey, measure: Measure?, target: Double?, weekly: Double?,
        schedule: Schedule?, createdAt: Date, archivedAt: Date? = nil, dayTarget: DayTarget? = nil,
        description: String? = nil
    ) {
        self.id = id
        self.name = name
        self.key = key
        self.measure = measure
        self.target = target
        self.weekly = weekly
        self.schedule = schedule
        self.createdAt = createdAt
        self.archivedAt = archivedAt
        self.dayTarget = dayTarget
        self.description = description
    }

    public var isArchived: Bool { archivedAt != nil }

    public var kind: HabitKind { measure == nil ? .binary : .quantity }
    public var unit: String? { measure?.unit }
    public var type: String? { measure?.type }

    /// The walker's view of the habit.
    public var spec: HabitSpec {
        HabitSpec(
            name: name, measure: measure, target: target, weekly: weekly, schedule: schedule, dayTarget: dayTarget)
    }
}

/// A habit's schedule changed by an import or by `habit schedule`.
public struct ScheduleChange: Sendable, Equatable {
    public var habit: String
    public var from: Schedule?
    public var to: Schedule?

    public init(habit: String, from: Schedule?, to: Schedule?) {
        self.habit = habit
        self.from = from
        self.to = to
    }

    /// `schedule of Run: mon, wed, fri -> tue, thu` (SPEC §10.1).
    public var line: String {
        "schedule of \(habit): \(Schedule.describe(from)) -> \(Schedule.describe(to))"
    }
}
