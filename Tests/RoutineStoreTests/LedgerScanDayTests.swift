import Foundation
import RoutineCore
import Testing

@testable import RoutineStore

/// The ledger's whole-history read takes a day in the month of the last day it parsed from
/// its two digits when they are 01–28, and parses any other whole (`LedgerScan.day`): every
/// day across month ends (30 and 31 days, February in leap and common years and in 1900, a
/// year's end) reads back as the day written.
@Suite struct LedgerScanDayTests {
    @Test func daysAcrossMonthEndsReadBackAsWritten() throws {
        let store = try AppDatabase.inMemory()
        var written: [DayKey] = []
        for (start, count) in [("1900-02-20", 15), ("2023-01-20", 80), ("2024-01-25", 75), ("2024-12-20", 20)] {
            guard let first = DayKey(start) else { Issue.record("bad day \(start)"); return }
            for offset in 0..<count where offset % 3 != 1 {
                let day = first.adding(days: offset)
                _ = try store.entries.logEntry(
                    habit: "Walk", value: nil, unit: nil, dayKey: day, at: Fixtures.instant, timeZone: "UTC",
                    note: nil)
                written.append(day)
            }
        }
        let records = try store.ledger.records(to: DayKey(ordinal: written.map(\.ordinal).max() ?? 0))
        let read = records.entries.flatMap { $0 }.map { DayKey(ordinal: $0.day) }
        #expect(read == written)
    }

    /// A day that repeats the one read before it (several entries on a day) is that day;
    /// the day after a repeated one, in the same month, the next month or the next year, is
    /// its own; each habit's days read back as written.
    @Test func repeatedDaysReadBackAsWritten() throws {
        let store = try AppDatabase.inMemory()
        var written: [String: [DayKey]] = [:]
        let days = [
            "2024-02-27", "2024-02-28", "2024-02-29", "2024-03-01", "2024-03-31", "2024-12-31", "2025-01-01",
            "2025-01-02", "2025-01-29",
        ]
        for (index, habit) in ["Walk", "Read"].enumerated() {
            for text in days {
                guard let day = DayKey(text) else { Issue.record("bad day \(text)"); return }
                // Walk: one to three entries a day; Read: every other day once.
                let times = habit == "Walk" ? 1 + (day.ordinal % 3) : (day.ordinal + index) % 2
                for _ in 0..<times {
                    _ = try store.entries.logEntry(
                        habit: habit, value: 1, unit: nil, dayKey: day, at: Fixtures.instant, timeZone: "UTC",
                        note: nil)
                    written[habit, default: []].append(day)
                }
            }
        }
        guard let last = DayKey("2025-01-29") else { Issue.record("bad day"); return }
        let records = try store.ledger.records(to: last)
        for (habit, days) in written {
            guard let index = records.habits.firstIndex(of: HabitKey(habit)) else {
                Issue.record("no habit \(habit)")
                continue
            }
            #expect(records.entries[index].map { DayKey(ordinal: $0.day) } == days, "\(habit)")
        }
    }
}
