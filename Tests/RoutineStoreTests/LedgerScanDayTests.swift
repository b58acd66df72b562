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
}
