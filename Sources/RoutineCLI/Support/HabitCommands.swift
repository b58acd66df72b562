import RoutineApp
import RoutineCore

/// Shared pieces of the habit commands: unknown names answered with the closest ones.
enum HabitCommands {
    /// The store and the stored habit `name` names, for a command that reads or changes
    /// one habit: `no habit named 'X' (the store is empty)` without a store, the line with
    /// suggestions without the habit.
    static func existingHabit(_ name: String, settings: Settings) throws -> (store: AppServices, habit: HabitInfo) {
        guard let store = try Session.current.existingStore(settings) else {
            throw CLIError("no habit named '\(name)' (the store is empty)")
        }
        guard let habit = try store.habit(named: name) else { throw unknownHabit(name, store: store) }
        return (store, habit)
    }

    /// `no habit named 'Meditat'; did you mean 'Meditate'?`, then `extra` (`--new
    /// creates it`).
    static func unknownHabit(_ name: String, store: AppServices, extra: String? = nil) -> CLIError {
        let hint = Suggestion.hint(suggestion(for: name, store: store))
        let tail = extra.map { (hint.isEmpty ? "; " : " ") + $0 } ?? ""
        // A device that joined sync but has not synced yet lacks the others' habits.
        let unsynced = (try? store.syncIdentity())?.map { $0.lastSync == nil } ?? false
        let sync = unsynced ? "; this device has not synced yet (`routine sync` brings the other devices' habits)" : ""
        return CLIError("no habit named '\(HabitName.display(name))'" + hint + tail + sync)
    }

    /// The stored habit a person most likely meant by `name`: the closest by edit
    /// distance (a typo, `Meditat`), else the only one whose name starts with it
    /// (`Medit`, three characters or more).
    static func suggestion(for name: String, store: AppServices) -> String? {
        let names = ((try? store.habits()) ?? []).map(\.name)
        if let close = Suggestion.closest(to: name, among: names) { return close }
        let prefix = HabitName.key(name)
        guard prefix.count >= 3 else { return nil }
        let starting = names.filter { HabitName.key($0).hasPrefix(prefix) }
        return starting.count == 1 ? starting[0] : nil
    }

    /// Runs `body`; a `StoreError.unknownHabit` becomes the line with suggestions.
    static func suggesting<T>(_ store: AppServices, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch StoreError.unknownHabit(let name) {
            throw unknownHabit(name, store: store)
        }
    }
}
