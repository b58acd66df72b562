import Foundation
import RoutineCore
import Testing

@testable import RoutineStore

/// The binary/quantity value check has one home, `HabitRow.entryValue` (issue 17 item 5):
/// `log` and `edit --value` each had their own, and disagreed — a huge value for a binary
/// habit was "invalid value" to `log` and "takes no value" to `edit`.
@Suite struct EntryValueRuleTests {
    /// What writing `value` said: nil when accepted, else the error's line.
    private func outcome(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as StoreError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func logAndEditGiveOneAnswerForEveryValue() throws {
        let store = try AppDatabase.inMemory()
        let binary = try store.log("Stretch")
        let quantity = try store.log("Run", 5, unit: "km")
        for value in [nil, 0, 3, Quantity.maximum, Quantity.maximum * 2, 1e308, -1, .infinity, .nan] as [Double?] {
            for (habit, entry) in [("Stretch", binary), ("Run", quantity)] {
                let logged = outcome { try store.log(habit, value) }
                let edited = outcome { try store.entries.editEntry(id: entry.id, value: value) }
                #expect(logged == edited, "\(habit) \(String(describing: value))")
            }
        }
    }
}
