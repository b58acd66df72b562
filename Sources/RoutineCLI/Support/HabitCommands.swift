import RoutineCore
import RoutineStore

/// Shared pieces of the habit commands: unknown names answered with the closest ones.
enum HabitCommands {
    /// `no habit named 'Meditat'; did you mean 'Meditate'?`, then `extra` (`--new
    /// creates it`).
    static func unknownHabit(_ name: String, store: AppDatabase, extra: String? = nil) -> CLIError {
        let names = ((try? store.habits()) ?? []).map(\.name)
        let hint = Suggestion.hint(Suggestion.closest(to: name, among: names))
        let tail = extra.map { (hint.isEmpty ? "; " : " ") + $0 } ?? ""
        return CLIError("no habit named '\(HabitName.display(name))'" + hint + tail)
    }

    /// Runs `body`; a `StoreError.unknownHabit` becomes the line with suggestions.
    static func suggesting<T>(_ store: AppDatabase, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch StoreError.unknownHabit(let name) {
            throw unknownHabit(name, store: store)
        }
    }
}
