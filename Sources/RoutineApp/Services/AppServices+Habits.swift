import Foundation
import RoutineCore
import RoutineStore

/// Habits as front ends read them, and their figures over the ledger.
extension AppServices {
    /// Every habit, by shown name.
    public func habits(includeArchived: Bool = true) throws -> [HabitInfo] {
        try store.habits.all(includeArchived: includeArchived)
    }

    /// One habit by name (any spelling with the same key), or nil.
    public func habit(named name: String) throws -> HabitInfo? { try store.habits.habit(named: name) }

    /// Hides a habit from `today`, `stats`, `habits` (unless `--all`).
    public func archiveHabit(_ name: String, archived: Bool = true) throws -> HabitInfo {
        try store.habits.archiveHabit(name, archived: archived, at: time.now())
    }

    /// Gives a habit a new name.
    public func renameHabit(_ name: String, to newName: String) throws -> HabitInfo {
        try store.habits.renameHabit(name, to: newName)
    }

    /// Moves every entry, goal link, pause and routine reference of `from` to `into`, then removes `from`.
    public func mergeHabit(_ from: String, into: String) throws -> Int {
        try store.habits.mergeHabit(from, into: into)
    }

    /// Gives a habit a description (SPEC §18.2: what Loop calls its question), or with nil (or only white space)
    /// removes it.
    public func describeHabit(_ name: String, as text: String?) throws -> HabitInfo {
        try store.habits.describeHabit(name, as: text)
    }

    /// Removes a habit that has no entry at all (deleted ones count) and that no stored routine version names.
    public func deleteHabit(_ name: String) throws {
        try store.habits.deleteHabit(name)
    }

    /// Every habit's properties keyed by `HabitName.key`, as the walker takes them.
    public func habitSpecs() throws -> [HabitKey: HabitSpec] {
        try store.habits.habitSpecs()
    }
}
