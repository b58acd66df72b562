import Foundation
import RoutineSync
import TestSupport
import Testing

/// Bulk loads through COPY FROM STDIN against a real PostgreSQL 15: the escaping of
/// awkward text and bytes, chunking over many rows, and all-or-nothing failures.
@Suite struct PostgresCopyTests {
    private func connect() throws -> PostgresConnection {
        let connection = try PostgresConnection(url: PostgresServer.shared().createDatabase())
        try connection.execute("CREATE TABLE changes (id int8 PRIMARY KEY, note text, payload bytea, flag bool)")
        return connection
    }

    /// Text that COPY's format must escape, with the characters around them.
    private static let awkward = [
        "tab\there", "new\nline", "carriage\rreturn", "back\\slash", "\\N", "\\.", "", "🙂 ünïcödé",
        "end with backslash\\", "\\x41", "quote ' and \"", "\u{7}\u{8}\u{B}\u{C}", "\r\n",
    ]

    private static func rows(_ count: Int) -> [[PostgresValue]] {
        var generator = SeededGenerator(seed: 21)
        return (0..<count).map { index in
            let note: PostgresValue =
                index % 17 == 0 ? .null : .text(awkward[index % awkward.count] + " \(index) " + awkward[index % 5])
            let length = Int.random(in: 0...64, using: &generator)
            let payload: PostgresValue =
                index % 23 == 0 ? .null : .bytes((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            return [.int(Int64(index)), note, payload, index % 3 == 0 ? .null : .bool(index % 2 == 0)]
        }
    }

    @Test(arguments: [false, true]) func tenThousandAwkwardRowsReadBackIdentical(binary: Bool) throws {
        let connection = try connect()
        let rows = Self.rows(10_000)
        let copied = try connection.copyIn("changes (id, note, payload, flag)", rows: rows, binary: binary)
        #expect(copied == 10_000)
        let read = try connection.execute("SELECT id, note, payload, flag FROM changes ORDER BY id")
        #expect(read.count == 10_000)
        var mismatches = 0
        for (index, row) in rows.enumerated() {
            var back: [PostgresValue] = [.int(try read.int64(index, "id"))]
            back.append(try read.isNull(index, "note") ? .null : .text(try read.string(index, "note")))
            back.append(try read.isNull(index, "payload") ? .null : .bytes(try read.bytes(index, "payload")))
            back.append(try read.isNull(index, "flag") ? .null : .bool(try read.bool(index, "flag")))
            if back != row { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test(arguments: [false, true]) func rowsOfAHundredKilobytesCrossChunkBoundaries(binary: Bool) throws {
        let connection = try connect()
        var generator = SeededGenerator(seed: 5)
        let rows: [[PostgresValue]] = (0..<12).map { index in
            let payload = (0..<(100_000 + index * 997)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            return [
                .int(Int64(index)), .text(String(repeating: "\t\\\n", count: index * 1000)), .bytes(payload), .null,
            ]
        }
        #expect(try connection.copyIn("changes (id, note, payload, flag)", rows: rows, binary: binary) == 12)
        let read = try connection.execute("SELECT note, payload FROM changes ORDER BY id")
        for (index, row) in rows.enumerated() {
            #expect(PostgresValue.bytes(try read.bytes(index, "payload")) == row[2])
            #expect(PostgresValue.text(try read.string(index, "note")) == row[1])
        }
    }

    @Test func aDuplicateKeyStoresNoneOfTheRowsAndKeepsItsSQLState() throws {
        let connection = try connect()
        let rows: [[PostgresValue]] = [[.int(1), .text("a"), .null, .null], [.int(1), .text("b"), .null, .null]]
        let error = #expect(throws: PostgresError.self) {
            try connection.copyIn("changes (id, note, payload, flag)", rows: rows)
        }
        #expect(error?.sqlState == "23505")
        #expect(try connection.execute("SELECT count(*) FROM changes").int64(0, 0) == 0)
        #expect(try connection.copyIn("changes (id, note, payload, flag)", rows: rows.prefix(1)) == 1)
    }

    @Test func aNulCharacterAbortsTheCopyAndTheConnectionStaysUsable() throws {
        let connection = try connect()
        let rows: [[PostgresValue]] = [
            [.int(1), .text("fine"), .null, .null], [.int(2), .text("a\u{0}b"), .null, .null],
        ]
        let error = #expect(throws: PostgresError.self) {
            try connection.copyIn("changes (id, note, payload, flag)", rows: rows)
        }
        #expect(error == .badParameter("text holds a NUL character, which PostgreSQL cannot store"))
        #expect(try connection.execute("SELECT count(*) FROM changes").int64(0, 0) == 0)
    }

    @Test func aCopyIntoAMissingTableFailsWith42P01() throws {
        let connection = try connect()
        let error = #expect(throws: PostgresError.self) {
            try connection.copyIn("nowhere (id)", rows: [[PostgresValue.int(1)]])
        }
        #expect(error?.sqlState == "42P01")
        #expect(try connection.execute("SELECT 1").int64(0, 0) == 1)
    }

    @Test func copyThroughExecuteIsRefusedWithoutHangingTheConnection() throws {
        let connection = try connect()
        #expect(throws: PostgresError.self) { try connection.execute("COPY changes (id) FROM STDIN") }
        #expect(try connection.execute("SELECT count(*) FROM changes").int64(0, 0) == 0)
    }
}
