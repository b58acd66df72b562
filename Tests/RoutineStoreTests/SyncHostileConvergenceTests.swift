import Foundation
import RoutineCore
import TestSupport
import Testing

@testable import RoutineStore

/// `SyncConvergenceTests` with a hostile server between the devices (issue 31): between
/// syncs it deletes a change, hands its rows out in another order, rolls back to an
/// older copy of itself, and replays rows (a deleted one put back, one copied under the
/// next number, one handed out twice). Every device must either refuse a sync with one
/// line or end identical to the other devices that sync, with nothing lost or doubled.
///
/// The server is an array, as in `SyncStoreTests`; a sync follows `SyncEngine.sync`
/// step by step: the server's marks checked against what the store has seen
/// (`SyncSequence.checkServer`), the push, every pulled change checked whole
/// (`SyncSequence.checkContinues`; a seal is played by the device and seq a row was
/// pushed under), then applied in batches with the store's own check of its cursors.
@Suite struct SyncHostileConvergenceTests {
    /// A refusal the harness plays for the server (what the seal or the server's keys
    /// would refuse in `SyncEngine`).
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    final class HostileServer {
        struct Row {
            var change: IncomingChange
            /// The device and seq the change was sealed under.
            var sealed: (device: String, seq: Int64)
        }

        var rows: [Row] = []
        var lastSeq: [String: Int64] = [:]
        var copies: [(rows: [Row], lastSeq: [String: Int64])] = []
        var deleted: [Row] = []
        /// Every row pushed, and the highest seq each device was given: what an honest
        /// backup of the server holds (`restoreHonestLog`).
        var honest: [Row] = []
        var highest: [String: Int64] = [:]

        func push(_ device: SyncStoreTests.Device) throws {
            guard let mark = lastSeq[device.id] else { throw Refusal(description: "this device is not registered") }
            let changes = try device.store.sync.outbox(limit: 100_000)
            guard let last = changes.last else { return }
            // As `SyncEngine.checkOwnChangesBeyond`: nothing is numbered after a change of
            // this device it did not push that fails to open.
            let pushed = try device.store.sync.syncIdentity()?.pushed ?? 0
            for row in rows where row.change.device == device.id && row.change.seq > pushed {
                guard row.sealed == (row.change.device, row.change.seq) else {
                    throw Refusal(description: "change \(row.change.seq) from device \(device.id) was tampered with")
                }
            }
            var seq = mark
            for change in changes {
                seq += 1
                if rows.contains(where: { $0.change.device == device.id && $0.change.seq == seq }) {
                    throw Refusal(description: "the sync server already holds change \(seq) of this device")
                }
                let incoming = IncomingChange(
                    device: device.id, seq: seq, clock: change.clock, kind: change.kind, items: try change.items())
                rows.append(Row(change: incoming, sealed: (device.id, seq)))
                honest.append(Row(change: incoming, sealed: (device.id, seq)))
            }
            lastSeq[device.id] = seq
            highest[device.id] = max(highest[device.id] ?? 0, seq)
            try device.store.sync.markPushed(upTo: last.localID, firstSeq: mark + 1, lastSeq: seq, device: device.id)
        }

        /// One sync of `device`, as `SyncEngine.sync` does it, pulling in batches of `batch`.
        func sync(_ device: SyncStoreTests.Device, batch: Int) throws {
            try SyncSequence.checkServer(holds: lastSeq, known: try device.store.sync.syncKnown(), name: { $0 })
            try push(device)
            let cursors = try device.store.sync.syncCursors()
            let pulled = rows.filter { $0.change.seq > cursors[$0.change.device, default: 0] }
            try SyncSequence.checkContinues(
                pulled.map { ($0.change.device, $0.change.seq) }, cursors: cursors, through: lastSeq, name: { $0 })
            for row in pulled where row.sealed != (row.change.device, row.change.seq) {
                throw Refusal(
                    description: "change \(row.change.seq) from device \(row.change.device) was tampered with")
            }
            let byDevice = Dictionary(grouping: pulled.map(\.change), by: \.device).mapValues {
                $0.sorted { $0.seq < $1.seq }
            }
            var round = 0
            while true {
                let part = byDevice.values.flatMap { $0.dropFirst(round * batch).prefix(batch) }
                    .sorted { ($0.clock, $0.device, $0.seq) < ($1.clock, $1.device, $1.seq) }
                if part.isEmpty { return }
                try device.store.sync.applySyncChanges(part, readRoutine: { _ in nil }, at: Fixtures.instant)
                round += 1
            }
        }

        /// The operator puts back an honest backup: every row pushed, every device's mark.
        func restoreHonestLog() {
            rows = honest
            lastSeq = highest
        }

        /// One hostile act, chosen by `generator`; returns what it did.
        func attack(using generator: inout SeededGenerator) -> String {
            let roll = generator.below(20)
            let act = roll < 5 ? 1 : roll < 10 ? 6 : roll < 13 ? 0 : roll < 16 ? 2 : roll < 18 ? 3 : roll < 19 ? 4 : 5
            switch act {
            case 0 where !rows.isEmpty:
                let row = rows.remove(at: generator.below(rows.count))
                deleted.append(row)
                return "delete \(row.change.device.prefix(4)):\(row.change.seq)"
            case 1:
                rows.shuffle(using: &generator)
                return "reorder"
            case 2 where !copies.isEmpty:
                let copy = copies[generator.below(copies.count)]
                (rows, lastSeq) = copy
                return "roll back to a copy of \(copy.rows.count) rows"
            case 3 where !deleted.isEmpty:
                let row = deleted.remove(at: generator.below(deleted.count))
                guard
                    !rows.contains(where: { $0.change.device == row.change.device && $0.change.seq == row.change.seq })
                else { return "nothing" }
                rows.append(row)
                return "put back \(row.change.device.prefix(4)):\(row.change.seq)"
            case 4 where !rows.isEmpty:
                var row = rows[generator.below(rows.count)]
                let next = (lastSeq[row.change.device] ?? 0) + 1
                row.change.seq = next
                lastSeq[row.change.device] = next
                rows.append(row)
                return "replay as \(row.change.device.prefix(4)):\(next)"
            case 5 where !rows.isEmpty:
                rows.append(rows[generator.below(rows.count)])
                return "hand out a row twice"
            default:
                copies.append((rows, lastSeq))
                return "keep a copy"
            }
        }
    }

    @Test(arguments: 0..<16) func devicesRefuseInOneLineOrEndIdentical(seed: Int) throws {
        let dir = TempDir()
        var generator = SeededGenerator(seed: UInt64(seed) &* 104_729 &+ 7)
        let server = HostileServer()
        let devices = try (0..<3).map { try SyncStoreTests.Device(dir.path + "/\($0).sqlite") }
        for device in devices { server.lastSeq[device.id] = 0 }
        var made: [String: Set<String>] = [:]
        var trace: [String] = []
        var refusals = 0
        var lastOutcome: [String: Bool] = [:]
        func sync(_ index: Int) throws {
            do {
                try server.sync(devices[index], batch: 1 + generator.below(4))
                lastOutcome[devices[index].id] = true
                trace.append("d\(index) synced")
            } catch let error as SyncSequenceError {
                try refused(index, error.description)
            } catch let error as Refusal {
                try refused(index, error.description)
            }
        }
        func refused(_ index: Int, _ line: String) throws {
            #expect(!line.contains("\n") && !line.isEmpty, "seed \(seed): \(line)")
            refusals += 1
            lastOutcome[devices[index].id] = false
            trace.append("d\(index) refused: \(line)")
        }
        for round in 0..<6 {
            for (index, device) in devices.enumerated() {
                for _ in 0..<2 {
                    let name = SyncConvergenceTests.names[generator.below(SyncConvergenceTests.names.count)]
                    if generator.below(4) == 0, let entry = try device.store.entries.list(includeDeleted: true).first {
                        _ = try device.store.entries.editEntry(
                            id: entry.id, corrections: [.note("r\(round) d\(index)")])
                        trace.append("d\(index) note")
                    } else {
                        let entry = try device.store.entries.logEntry(
                            habit: name, value: nil, unit: nil, dayKey: DayKey(ordinal: 740_000 + generator.below(3)),
                            at: Fixtures.instant, timeZone: "UTC", note: nil)
                        made[device.id, default: []].insert(entry.uid)
                        trace.append("d\(index) log \(name)")
                    }
                }
            }
            for index in (0..<3).shuffled(using: &generator) {
                try sync(index)
                if generator.below(3) == 0 { trace.append("server: " + server.attack(using: &generator)) }
            }
        }
        // The server stops attacking (its damage stays); everyone syncs until nothing
        // moves. Then its operator puts back an honest backup, and everyone syncs again:
        // a refusal must have left nothing half-done, so all three end identical.
        var finishedCounts: [Int] = []
        for phase in ["damaged", "restored"] {
            if phase == "restored" { server.restoreHonestLog() }
            for _ in 0..<3 {
                for index in 0..<3 { try sync(index) }
            }
            let finished = devices.filter { lastOutcome[$0.id] == true }
            finishedCounts.append(finished.count)
            let everything = made.values.reduce(into: Set<String>()) { $0.formUnion($1) }
            let fromFinished = finished.reduce(into: Set<String>()) { $0.formUnion(made[$1.id] ?? []) }
            let context = "seed \(seed), \(phase):\n\(trace.joined(separator: "\n"))"
            if let first = finished.first {
                let state = try SyncConvergenceTests.snapshot(first.store)
                for device in finished.dropFirst() {
                    #expect(try SyncConvergenceTests.snapshot(device.store) == state, "\(context)")
                }
            }
            for device in finished {
                let uids = try device.store.entries.list(includeDeleted: true).map(\.uid)
                #expect(uids.count == Set(uids).count, "doubled: \(context)")
                #expect(Set(uids).isSubset(of: everything), "invented: \(context)")
                #expect(fromFinished.isSubset(of: Set(uids)), "lost: \(context)")
            }
            if phase == "restored" {
                #expect(finished.count == 3, "\(context)")
                #expect(fromFinished == everything, "lost: \(context)")
            }
        }
        print(
            "seed \(seed): \(refusals) refusals; devices that finished: \(finishedCounts[0]) of 3 on the damaged "
                + "server, \(finishedCounts[1]) of 3 after an honest backup")
    }
}
