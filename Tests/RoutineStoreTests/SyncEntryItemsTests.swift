import Foundation
import GRDB
import RoutineCore
import Testing

@testable import RoutineStore

/// A change's entry items read in Swift (`SyncEntryItems`) against SQLite's JSON: the same
/// random changes applied both ways, into two copies of one store, must leave the same rows.
@Suite struct SyncEntryItemsTests {
    /// SplitMix64: the same changes on every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Random entry changes: mostly in the shape devices write, with every corner where a
    /// reader of JSON could part from SQLite's mixed in.
    struct Changes {
        var random: Seeded
        let habits: [String]
        /// The habits a change can name and find (one of them through a merge): a big
        /// change's items all make entries or are refused, none waits to be tried again.
        let stored: [String]
        let existing: [String]
        var used: [String] = []

        static let numbers = [
            "0", "5", "-3", "-0", "1.5", "0.0", "-0.0", "1e5", "1E+5", "2.5e-3", "1e400", "-1e-400", "1e-400",
            "0.1", "123456789.123456789", "1.0", "8.4", "123456789012345678", "1234567890123456789",
            "9223372036854775807", "9223372036854775808", "9223372036854775809", "-9223372036854775808",
            "18446744073709551616", "4.9e-324", "0e0", "0.30000000000000004", "2e22", "1.7976931348623157e308",
            "100000000000000000000000", "-5.5", "7E-1", "3e+0",
        ]
        /// Not JSON: SQLite refuses the change whole.
        static let malformed = ["01", "1.", ".5", "+1", "-", "1e", "0x10", "-01", "1.e5", "nul", "tru", "NaN"]
        static let strings = [
            "a book", "", "é café", "日本語", "😀", "e\u{301}", " spaced ", "/slash", "5", "1.5", "-0.0", " 7", "null",
            "2026-11-22", "UTC", "Europe/Paris",
        ]
        /// String bodies with escapes, as JSON text (SQLite unescapes them).
        static let escaped = [
            #"a \"quote\""#, #"back\\slash"#, #"\/"#, #"line\nbreak"#, #"\u00e9"#, #"\ud83d\ude00"#, #"tab\t"#,
            #"\u0000"#, #"\b\f\r"#,
        ]
        static let nested = ["[1,2]", #"{"a":1}"#, "[]", "{}", #"[{"uid":"x"}]"#]

        mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
        mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

        mutating func quoted(_ text: String) -> String { "\"" + text + "\"" }

        /// Any JSON value (sometimes not JSON at all).
        mutating func anyValue() -> String {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<30: return quoted(pick(Self.strings))
            case 30..<40: return quoted(pick(Self.escaped))
            case 40..<70: return pick(Self.numbers)
            case 70..<78: return "null"
            case 78..<84: return pick(["true", "false"])
            case 84..<94: return pick(Self.nested)
            case 94..<97: return quoted("raw\u{09}tab")
            default: return pick(Self.malformed)
            }
        }

        mutating func freshUID() -> String {
            String(
                (0..<36).map { index -> Character in
                    [8, 13, 18, 23].contains(index)
                        ? "-" : Character(String(UInt8.random(in: 0..<16, using: &random), radix: 16))
                })
        }

        mutating func uid() -> String {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<60, 84..<95:
                let fresh = freshUID()
                return chance(10) ? fresh.uppercased() : fresh
            case 60..<66: return pick(existing)
            case 66..<70: return pick(existing).uppercased()
            case 70..<80: return used.isEmpty ? pick(existing) : pick(used)
            case 80..<84: return pick(used.isEmpty ? existing : used).uppercased()
            default:
                return pick([
                    "not-a-uid", "0123456789abcdef0123456789abcdef0123", "g" + String(pick(existing).dropFirst()),
                ])
            }
        }

        /// A field's value: mostly what a device sends for it, sometimes anything.
        mutating func field(_ name: String) -> String {
            if chance(20) { return anyValue() }
            switch name {
            case "habit": return quoted(chance(90) ? pick(stored) : pick(habits))
            case "day": return quoted(chance(90) ? "2026-11-2\(Int.random(in: 0...9, using: &random))" : "2026-1-1")
            case "at": return quoted("2026-11-20T07:0\(Int.random(in: 0...9, using: &random)):00.000Z")
            case "tz": return quoted(pick(["UTC", "Europe/Paris", "é/ü"]))
            case "value": return chance(30) ? "null" : chance(50) ? pick(Self.numbers) : quoted(pick(Self.strings))
            case "note", "deleted": return chance(60) ? "null" : quoted(pick(Self.strings))
            default: return anyValue()
            }
        }

        mutating func object(_ members: [(String, String)]) -> String {
            let space = chance(3) ? pick([" ", "\n", "\t", "\r"]) : ""
            return "{" + members.map { quoted($0.0) + ":" + space + $0.1 }.joined(separator: ",") + "}"
        }

        mutating func item() -> String {
            var fields: [(String, String)] = []
            for name in ["habit", "day", "at", "tz", "value", "note", "deleted"] where chance(93) {
                fields.append((name, field(name)))
            }
            if chance(8) { fields.append((pick(["habit", "day", "value", "note", "deleted"]), field("value"))) }
            if chance(8) { fields.append((pick(["x", "", "F", "Value", "valuex"]), anyValue())) }
            if chance(3) { fields.append(("h\\u0061bit", quoted(pick(habits)))) }
            fields.shuffle(using: &random)
            let uid = uid()
            used.append(uid)
            var members: [(String, String)] = []
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<94: members.append(("uid", quoted(uid)))
            case 94..<97: members.append(("uid", anyValue()))
            default: break
            }
            if chance(97) { members.append(("f", chance(98) ? object(fields) : anyValue())) }
            if chance(5) { members.append((pick(["uid", "f", "x"]), chance(50) ? quoted(uid) : object(fields))) }
            if chance(50) { members.reverse() }
            return object(members)
        }

        /// An item as devices write it (when `repeats`, its uid now and then one seen
        /// before), its value one the column refuses when `refused`.
        mutating func cleanItem(refused: Bool = false, repeats: Bool = false) -> String {
            let uid = repeats && chance(1) && !used.isEmpty ? pick(used) : freshUID()
            used.append(uid)
            let value = refused ? "-1.5" : pick(["1.0", "8.4", "null", "2", "0.5", "12.25"])
            return object([
                ("uid", quoted(uid)),
                (
                    "f",
                    object([
                        ("habit", quoted(pick(stored))),
                        ("day", quoted("2026-11-2\(Int.random(in: 0...9, using: &random))")),
                        ("at", quoted("2026-11-20T07:00:00.000Z")), ("tz", quoted("UTC")), ("value", value),
                        ("note", chance(10) ? quoted(pick(Self.strings)) : "null"), ("deleted", "null"),
                    ])
                ),
            ])
        }

        /// A change of `count` items as devices write them: several statements' worth.
        mutating func bigChange(_ count: Int) -> String {
            let refused = chance(30) ? Int.random(in: 0..<count, using: &random) : -1
            let repeats = chance(30)
            return "[" + (0..<count).map { cleanItem(refused: $0 == refused, repeats: repeats) }.joined(separator: ",")
                + "]"
        }

        mutating func change() -> String {
            if chance(2) { return pick(["[]", "{}", "", "[", "null", #"[{"uid":"a"}"#, "[1,2]"]) }
            // Four in ten as devices write them (the reader's own path), the rest anything.
            let clean = chance(40)
            let items = (0..<Int.random(in: 1...6, using: &random)).map { _ in clean ? cleanItem() : item() }
            return "[" + items.joined(separator: chance(3) ? ", " : ",") + "]"
        }
    }

    /// Everything a pull writes, exactly: each value's type and bytes (as `hex`, since
    /// Swift compares strings by canonical equivalence), an entry's value by its bits.
    static func dump(_ store: AppDatabase) throws -> [String] {
        try store.read { db in
            func rows(_ table: String, _ columns: [String], order: String) throws -> [String] {
                let exact = columns.map { "typeof(\($0)) || ':' || hex(\($0))" }.joined(separator: " || ' ' || ")
                return try String.fetchAll(db, sql: "SELECT \(exact) FROM \(table) ORDER BY \(order)")
            }
            let values = try Double?.fetchAll(db, sql: "SELECT value FROM habit_entry ORDER BY id").map {
                $0.map { String($0.bitPattern, radix: 16) } ?? "NULL"
            }
            let pending = try String.fetchAll(db, sql: "SELECT item FROM sync_pending ORDER BY id").map { item in
                // A waiting item's keys in order (the applier writes them in a dictionary's).
                let object = try JSONSerialization.jsonObject(with: Data(item.utf8))
                let data = try JSONSerialization.data(withJSONObject: object, options: .sortedKeys)
                return String(decoding: data, as: UTF8.self)
            }
            return try rows(
                "habit_entry",
                [
                    "id", "uid", "habit_id", "day_key", "timestamp", "time_zone", "value", "note", "run_id",
                    "deleted_at",
                ],
                order: "id") + values
                + rows("sync_origin", ["entry", "device"], order: "entry")
                + rows("sync_field", ["kind", "uid", "field", "hlc", "device", "value"], order: "kind, uid, field")
                + rows("sync_pending", ["device", "hlc", "kind"], order: "id") + pending
                + rows("sync_cursor", ["device", "seq"], order: "device")
                + rows("sync_outbox", ["count(*)"], order: "1")
                + rows("habit", ["id", "uid", "name"], order: "id")
                + rows("sqlite_master", ["type", "name", "sql"], order: "type, name")
        }
    }

    @Test func swiftAndSQLiteReadEveryChangeToTheSameRows() throws {
        let dir = TempDir()
        let base = try AppDatabase.open(path: dir.file("base.sqlite"))
        try base.sync.enableSync(device: UUID().uuidString.lowercased(), server: "server-1", at: Fixtures.instant)
        var existing: [String] = []
        for habit in ["Read", "Run", "Walk"] {
            existing.append(
                try base.entries.logEntry(
                    habit: habit, value: 2, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC",
                    note: nil
                ).uid)
        }
        var habits = try base.read { db in try String.fetchAll(db, sql: "SELECT uid FROM habit ORDER BY id") }
        // A habit merged away: its uid names Walk.
        let gone = UUID().uuidString.lowercased()
        try base.write { db in
            try db.execute(
                sql: "INSERT INTO habit_alias (uid, into_uid) VALUES (?, ?)", arguments: [gone, habits[2]])
        }
        habits += [gone, UUID().uuidString.lowercased(), habits[0].uppercased()]
        try base.backup(to: dir.file("swift.sqlite"))
        try base.backup(to: dir.file("sqlite.sqlite"))
        let swift = try AppDatabase.open(path: dir.file("swift.sqlite"))
        let sqlite = try AppDatabase.open(path: dir.file("sqlite.sqlite"))
        #expect(try Self.dump(swift) == Self.dump(sqlite))

        var changes = Changes(
            random: Seeded(state: 32), habits: habits, stored: Array(habits[0...3]), existing: existing)
        let device = UUID().uuidString.lowercased()
        var seq: Int64 = 0
        var (read, written, refused) = (0, 0, 0)
        for round in 0..<120 {
            let items =
                round % 100 == 99 ? changes.bigChange(1337) : changes.change()
            var text = items
            if let scanned = text.withUTF8({ SyncEntryItems.scan($0) }) {
                read += 1
                if !scanned.rows.isEmpty { written += 1 }
            }
            let change = IncomingChange(
                device: device, seq: seq + 1, clock: (1 << 60) + Int64(round), kind: "entry", items: items)
            func apply(_ store: AppDatabase, _ name: String, scanning: Bool) -> String {
                do {
                    let report = try store.sync.applySyncChanges(
                        [change], readRoutine: { _ in nil }, at: Fixtures.instant, name: { $0 }, scanning: scanning)
                    return "\(report)"
                } catch {
                    // The line names the store's file.
                    return "failed: \(error)".replacingOccurrences(of: dir.file(name), with: "STORE")
                }
            }
            let outcome = apply(swift, "swift.sqlite", scanning: true)
            #expect(outcome == apply(sqlite, "sqlite.sqlite", scanning: false), "change \(round): \(items)")
            if outcome.hasPrefix("failed") { refused += 1 } else { seq += 1 }
            // Every change's rows while the stores are small, then every tenth (a dump reads them all).
            guard round < 60 || round % 10 == 9 else { continue }
            let (left, right) = (try Self.dump(swift), try Self.dump(sqlite))
            #expect(left == right, "change \(round): \(items)")
            if left != right { break }
        }
        // Both ways were taken, and changes that made entries, and changes refused whole.
        #expect(read > 30 && read < 90)
        #expect(written > 20)
        #expect(refused > 4)
        #expect(try swift.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM habit_entry") ?? 0 } > 500)
    }
}
