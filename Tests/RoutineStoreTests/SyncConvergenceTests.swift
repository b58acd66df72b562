import Foundation
import RoutineCore
import TestSupport
import Testing

@testable import RoutineStore

/// Random writes on three stores apart, exchanged in random orders (the server played by
/// an array, as in `SyncStoreTests`): every store ends with the same habits and entries.
/// In process, so hundreds of orders run in seconds; `ReliabilitySyncTests` does the same
/// through the binary, PostgreSQL and kill -9.
///
/// The writes: entries of a few habit names (so the same name is made on several devices
/// and must become one habit), notes edited and entries deleted, habits renamed (often
/// onto a name another device uses) and merged, on several devices at once. Before a
/// merged habit took the latest value of each field among all the habits merged into it
/// (`SyncApplier.resolveFields`), about one history in ten ended with a habit named
/// differently on two devices.
@Suite struct SyncConvergenceTests {
    static let names = ["Read", "Walk", "Floss", "Stretch"]

    static func snapshot(_ store: AppDatabase) throws -> [String] {
        let habits = try store.habits.all().map { "habit \($0.name) \($0.measure.map { "\($0.unit)" } ?? "-")" }
        return habits.sorted() + (try SyncStoreTests.entries(store))
    }

    @Test(arguments: 0..<40) func randomWritesConverge(seed: Int) throws {
        let dir = TempDir()
        var generator = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 11)
        let devices = try (0..<3).map { try SyncStoreTests.Device(dir.path + "/\($0).sqlite") }
        var log: [IncomingChange] = []
        var trace: [String] = []
        for round in 0..<5 {
            for (index, device) in devices.enumerated() {
                for _ in 0..<3 {
                    let name = Self.names[generator.below(Self.names.count)]
                    let op: String
                    switch generator.below(6) {
                    case 0, 1:
                        op = "log \(name)"
                        _ = try device.store.entries.logEntry(
                            habit: name, value: nil, unit: nil, dayKey: DayKey(ordinal: 740_000 + generator.below(3)),
                            at: Fixtures.instant, timeZone: "UTC", note: nil)
                    case 4:
                        let other = Self.names[generator.below(Self.names.count)]
                        let target = generator.below(2) == 0 ? other : "\(other) \(round)"
                        op = "rename \(name) → \(target)"
                        _ = try? device.store.habits.renameHabit(name, to: target)
                    case 5:
                        let other = Self.names[generator.below(Self.names.count)]
                        op = "merge \(name) → \(other)"
                        _ = try? device.store.habits.mergeHabit(name, into: other)
                    case 2:
                        let entries = try device.store.entries.list(includeDeleted: true)
                        guard !entries.isEmpty else { continue }
                        let entry = entries[generator.below(entries.count)]
                        op = "note \(entry.uid.prefix(4))"
                        _ = try? device.store.entries.editEntry(
                            id: entry.id, corrections: [.note("r\(round) d\(index)")])
                    default:
                        let entries = try device.store.entries.list(includeDeleted: true)
                        guard !entries.isEmpty else { continue }
                        let entry = entries[generator.below(entries.count)]
                        op = "delete \(entry.uid.prefix(4))"
                        _ = try? device.store.entries.deleteEntry(id: entry.id, at: Fixtures.instant)
                    }
                    trace.append("d\(index) \(op)")
                }
            }
            for index in (0..<3).shuffled(using: &generator) {
                try devices[index].push(to: &log)
                try devices[index].pull(from: log)
                trace.append("d\(index) sync")
            }
        }
        for _ in 0..<2 {
            for device in devices {
                try device.push(to: &log)
                try device.pull(from: log)
            }
        }
        let first = try Self.snapshot(devices[0].store)
        for device in devices.dropFirst() {
            let state = try Self.snapshot(device.store)
            #expect(state == first, "seed \(seed):\n\(trace.joined(separator: "\n"))")
            if state != first { break }
        }
    }
}
