import Foundation
import RoutineCore

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
