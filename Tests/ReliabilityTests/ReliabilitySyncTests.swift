import EndToEndSupport
import Foundation
import RoutineCore
import TestSupport
import Testing

/// SPEC §16 as a property: three devices (three stores, three configuration folders) make
/// random writes while apart — entries (the same habit names on several devices), renames,
/// merges, edits,
/// deletes and undeletes, pauses, goals, answers and entries from real runs, routine
/// imports — and sync with a real PostgreSQL 15 in random orders, about a third of the
/// syncs killed with SIGKILL at a random moment. After a last round of syncs every device
/// holds the same data, nothing doubled. Habits are renamed (often onto a name another
/// device uses) and merged too.
@Suite(.serialized) struct ReliabilitySyncTests {
    static let seeds: [UInt64] = [0x5F0C_2026, 0x2026_5F0C, 0xD1CE_0016]
    static let rounds = 6
    static let habits = ["Read", "Stretch", "Walk", "Journal", "Floss"]
    static let days = ["2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"]

    struct Figures {
        var writes = 0
        var refused = 0
        var syncs = 0
        var kills = 0
    }

    final class Device {
        let folder: TemporaryDirectory
        let env: [String: String]
        let url: String
        let name: String

        init(name: String, url: String) throws {
            folder = try TemporaryDirectory()
            env = Binary.environment(
                store: folder.store,
                extra: ["ROUTINE_SYNC_PASSPHRASE": "correct horse battery", "ROUTINE_SYNC_KDF_LOG2N": "10"])
            self.url = url
            self.name = name
        }

        @discardableResult
        func run(_ arguments: [String], input: String = "") throws -> ReliabilityProcess.Result {
            try ReliabilityProcess.routine(arguments, environment: env, input: input, timeout: 120)
        }

        func ok(_ arguments: [String]) throws -> String {
            let result = try run(arguments)
            try #require(result.status == 0, "\(name): routine \(arguments.joined(separator: " ")): \(result.stderr)")
            return result.stdout
        }

        func json(_ arguments: [String]) throws -> Any {
            try JSONSerialization.jsonObject(with: Data(try ok(arguments + ["--format", "json"]).utf8))
        }

        /// Live and deleted entries: (id, uid) of each.
        func entryIDs() throws -> [(id: Int, uid: String, deleted: Bool)] {
            let rows = try json(["entries", "--all"]) as? [[String: Any]] ?? []
            return rows.compactMap { row in
                guard let id = (row["id"] as? String).flatMap({ Int($0) }), let uid = row["uid"] as? String else {
                    return nil
                }
                return (id, uid, row["deletedAt"] is String)
            }
        }
    }

    /// What must be the same on every device: each listing without the local ids.
    static func state(_ device: Device) throws -> [String] {
        func rows(_ value: Any, dropping: Set<String>) -> [String] {
            (value as? [[String: Any]] ?? []).map { row in
                row.keys.sorted().filter { !dropping.contains($0) }.map { "\($0)=\(row[$0] ?? "")" }
                    .joined(separator: " ")
            }.sorted()
        }
        var state: [String] = []
        state += rows(try device.json(["entries", "--all"]), dropping: ["id", "runId", "run"])
        state.append(try device.ok(["habits", "--all"]))
        state += rows(try device.json(["answers"]), dropping: ["run"])
        // Pauses and goals without their ids (each device numbers its own).
        for listing in [["pauses"], ["goal", "list"]] {
            state += try device.ok(listing).split(separator: "\n").map {
                $0.replacingOccurrences(of: #"^\s*\d+\s+"#, with: "", options: .regularExpression)
            }.sorted()
        }
        for routine in ["morning-checkin", "training"] {
            state.append(try device.run(["export", routine]).stdout)
        }
        return state
    }

    @Test(arguments: Self.seeds) func threeDevicesApartEndIdentical(seed: UInt64) throws {
        let server = try PostgresServer.shared()
        let url = try server.createDatabase()
        var generator = SeededGenerator(seed: seed)
        var figures = Figures()
        let devices = try ["laptop", "desktop", "phone"].map { try Device(name: $0, url: url) }
        for device in devices {
            try device.ok(["log", "Read", "--new", "--day", Self.days[0]])
            _ = try device.ok(["sync", "init", "--remote", url, "--device", device.name])
        }
        let started = Date()
        for round in 0..<Self.rounds {
            for device in devices {
                for _ in 0..<(3 + generator.below(4)) {
                    if try write(device, round: round, generator: &generator) {
                        figures.writes += 1
                    } else {
                        figures.refused += 1
                    }
                }
            }
            // Syncs in a random order; about one in three killed part-way.
            for index in (0..<devices.count).shuffled(using: &generator) {
                let device = devices[index]
                figures.syncs += 1
                if generator.below(3) == 0 {
                    let process = try ReliabilityProcess(
                        Binary.url.path, ["sync", "--remote", url], environment: device.env)
                    process.closeInput()
                    usleep(UInt32(10_000 + generator.below(250_000)))
                    process.kill9()
                    figures.kills += 1
                } else {
                    _ = try device.ok(["sync", "--remote", url])
                }
            }
        }
        // Two rounds in turn: the first brings every device's changes to the server,
        // the second brings them all down everywhere.
        for _ in 0..<2 {
            for device in devices { _ = try device.ok(["sync", "--remote", url]) }
        }
        let states = try devices.map(Self.state)
        for (device, state) in zip(devices, states).dropFirst() {
            #expect(state == states[0], "\(device.name) differs from \(devices[0].name)")
        }
        for device in devices {
            let uids = try device.entryIDs().map(\.uid)
            #expect(Set(uids).count == uids.count, "\(device.name) holds an entry twice")
            #expect(try StoreProbe.integrity(device.folder.store) == "ok")
        }
        let changes = try server.psql(url, "SELECT count(*) - count(DISTINCT uid) FROM routine_sync.change")
        #expect(changes.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "a change is stored twice")
        print(
            "reliability sync: 3 devices, \(Self.rounds) rounds, \(figures.writes) writes (\(figures.refused) refused as invalid), "
                + "\(figures.syncs) syncs, \(figures.kills) killed with SIGKILL; "
                + "\(try devices[0].entryIDs().count) entries alike on every device; "
                + "\(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }

    /// One random write; false when the binary refused it as invalid (a rename onto a
    /// taken name, an entry that is gone): a refusal is one line and exit 1, never more.
    private func write(_ device: Device, round: Int, generator: inout SeededGenerator) throws -> Bool {
        let habit = Self.habits[generator.below(Self.habits.count)]
        let day = Self.days[generator.below(Self.days.count)]
        let arguments: [String]
        var input = ""
        switch generator.below(11) {
        case 0, 1, 2:
            arguments =
                ["log", habit, "--new", "--day", day] + (generator.below(2) == 0 ? ["--note", "n\(round)"] : [])
        case 3:
            let entries = try device.entryIDs()
            guard !entries.isEmpty else { return false }
            let entry = entries[generator.below(entries.count)]
            arguments = ["edit", "entry", String(entry.id), "--note", "edited \(round) on \(device.name)"]
        case 4:
            let entries = try device.entryIDs()
            guard !entries.isEmpty else { return false }
            let entry = entries[generator.below(entries.count)]
            arguments = [entry.deleted ? "undelete" : "delete", String(entry.id)]
        case 8:
            let other = Self.habits[generator.below(Self.habits.count)]
            arguments = ["habit", "rename", habit, generator.below(2) == 0 ? other : "\(other) \(round)"]
        case 9:
            arguments = ["habit", "merge", habit, Self.habits[generator.below(Self.habits.count)]]
        case 5:
            arguments = ["pause", habit, "--from", day, "--to", "2026-11-30", "--note", "trip \(round)"]
        case 6:
            arguments =
                ["goal", "add", "Goal \(round) \(device.name)", "--target", "5", "--from", day, "--to", "2026-12-31"]
                + ["--habit", habit]
        case 7:
            arguments = ["import", EndToEnd.routineFile(generator.below(2) == 0 ? "morning-checkin" : "training")]
        default:
            // A real run: its answers and entries are recorded as they happen.
            arguments = ["run", "morning-checkin", "--day", day]
            input = ["1\ny\ny\n", "2\ny\nn\ny\n", "3\ny\ny\n"][generator.below(3)]
        }
        let result = try device.run(arguments, input: input)
        #expect(result.status == 0 || result.status == 1, "\(arguments): exit \(result.status) \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"), "\(arguments): \(result.stderr)")
        return result.status == 0
    }
}
