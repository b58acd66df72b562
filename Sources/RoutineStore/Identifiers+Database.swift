import GRDB
import RoutineCore

// GRDB stores each as its raw value (its default for `RawRepresentable`).
extension EntryID: DatabaseValueConvertible {}
extension GoalID: DatabaseValueConvertible {}
extension RunID: DatabaseValueConvertible {}

/// A habit key is stored as its folded text (`habit.name_key`).
extension HabitKey: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> HabitKey? {
        String.fromDatabaseValue(dbValue).map(HabitKey.init(stored:))
    }
}
