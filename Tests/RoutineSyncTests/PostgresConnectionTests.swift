import Foundation
import RoutineSync
import TestSupport
import Testing

/// The libpq client against a real PostgreSQL 15 (a private cluster, a fresh database
/// per test): parameters, typed reads, transactions, SQLSTATEs.
@Suite struct PostgresConnectionTests {
    private struct Refused: Error {}

    private func connect() throws -> PostgresConnection {
        try PostgresConnection(url: PostgresServer.shared().createDatabase())
    }

    @Test func everyParameterTypeRoundTrips() throws {
        let connection = try connect()
        let allBytes = (0...255).map(UInt8.init)
        let awkward = "it's \"quoted\" \\ back\\slash\nnew line\ttab\r\n🙂 é 中文"
        let rows = try connection.execute(
            "SELECT $1::text AS t, $2::int8 AS big, $3::int8 AS small, $4::bool AS yes, $5::bool AS no,"
                + " $6::bytea AS b, $7::text AS n, $8::bytea AS empty",
            [.text(awkward), .int(.max), .int(.min), .bool(true), .bool(false), .bytes(allBytes), .null, .bytes([])])
        #expect(rows.count == 1)
        #expect(try rows.string(0, "t") == awkward)
        #expect(try rows.int64(0, "big") == .max)
        #expect(try rows.int64(0, "small") == .min)
        #expect(try rows.bool(0, "yes") == true)
        #expect(try rows.bool(0, "no") == false)
        #expect(try rows.bytes(0, "b") == allBytes)
        #expect(try rows.isNull(0, "n"))
        #expect(try !rows.isNull(0, "t"))
        #expect(try rows.bytes(0, 7) == [])
    }

    @Test func largeBytesAndTextStoreAndReadBack() throws {
        let connection = try connect()
        try connection.execute("CREATE TABLE blobs (id int8 PRIMARY KEY, note text, payload bytea)")
        var generator = SeededGenerator(seed: 7)
        let payload = (0..<100_000).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let inserted = try connection.execute(
            "INSERT INTO blobs VALUES ($1, $2, $3)",
            [.int(1), .text(String(repeating: "\\x00", count: 500)), .bytes(payload)])
        #expect(inserted.affected == 1)
        let rows = try connection.execute("SELECT note, payload FROM blobs WHERE id = $1", [.int(1)])
        #expect(try rows.bytes(0, "payload") == payload)
        #expect(try rows.string(0, "note") == String(repeating: "\\x00", count: 500))
    }

    @Test func aTransactionRollsBackOnAThrownErrorAndCommitsOtherwise() throws {
        let connection = try connect()
        try connection.execute("CREATE TABLE items (name text)")
        #expect(throws: Refused.self) {
            try connection.transaction { transaction in
                try transaction.execute("INSERT INTO items VALUES ($1)", [.text("lost")])
                throw Refused()
            }
        }
        #expect(try connection.execute("SELECT count(*) AS n FROM items").int64(0, "n") == 0)
        let value = try connection.transaction { transaction in
            try transaction.execute("INSERT INTO items VALUES ($1)", [.text("kept")]).affected
        }
        #expect(value == 1)
        #expect(try connection.execute("SELECT name FROM items").string(0, 0) == "kept")
    }

    @Test func aFailedStatementInsideATransactionRollsItBack() throws {
        let connection = try connect()
        try connection.execute("CREATE TABLE items (name text UNIQUE)")
        #expect(throws: PostgresError.self) {
            try connection.transaction { transaction in
                try transaction.execute("INSERT INTO items VALUES ('a')")
                try transaction.execute("INSERT INTO items VALUES ('a')")
            }
        }
        #expect(try connection.execute("SELECT count(*) FROM items").int64(0, 0) == 0)
    }

    @Test func aUniqueViolationKeepsItsSQLState() throws {
        let connection = try connect()
        try connection.execute("CREATE TABLE devices (name text PRIMARY KEY)")
        try connection.execute("INSERT INTO devices VALUES ($1)", [.text("laptop")])
        let error = #expect(throws: PostgresError.self) {
            try connection.execute("INSERT INTO devices VALUES ($1)", [.text("laptop")])
        }
        #expect(error?.sqlState == "23505")
        #expect(
            error?.description
                == "PostgreSQL: duplicate key value violates unique constraint \"devices_pkey\" (SQLSTATE 23505)")
        // The connection is still good after a failed statement.
        #expect(try connection.execute("SELECT count(*) FROM devices").int64(0, 0) == 1)
    }

    @Test func anUndefinedTableIs42P01() throws {
        let connection = try connect()
        let error = #expect(throws: PostgresError.self) { try connection.execute("SELECT * FROM nowhere") }
        #expect(error?.sqlState == "42P01")
        #expect(error?.description == "PostgreSQL: relation \"nowhere\" does not exist (SQLSTATE 42P01)")
    }

    @Test func wrongReadsFailWithOneLineInsteadOfCrashing() throws {
        let connection = try connect()
        let rows = try connection.execute("SELECT 'x'::text AS word, NULL::int8 AS nothing, 5::int4 AS five")
        let notInteger = #expect(throws: PostgresError.self) { try rows.int64(0, "word") }
        #expect(
            notInteger?.description == "unexpected PostgreSQL result: word in row 0 is not an integer (type oid 25)")
        let null = #expect(throws: PostgresError.self) { try rows.int64(0, "nothing") }
        #expect(null?.description == "unexpected PostgreSQL result: nothing is NULL in row 0")
        #expect(throws: PostgresError.self) { try rows.bytes(0, "word") }
        #expect(throws: PostgresError.self) { try rows.string(1, "word") }
        #expect(throws: PostgresError.self) { try rows.string(0, 3) }
        let missing = #expect(throws: PostgresError.self) { try rows.string(0, "absent") }
        #expect(missing?.description.contains("no column \"absent\"") == true)
        #expect(try rows.int64(0, "five") == 5)
    }

    @Test func textWithANulCharacterIsRefusedAndTheConnectionStaysUsable() throws {
        let connection = try connect()
        let error = #expect(throws: PostgresError.self) {
            try connection.execute("SELECT $1::text", [.text("a\u{0}b")])
        }
        #expect(error == .badParameter("text holds a NUL character, which PostgreSQL cannot store"))
        #expect(try connection.execute("SELECT 1").int64(0, 0) == 1)
    }

    @Test func aScriptOfSeveralStatementsRunsWithoutParameters() throws {
        let connection = try connect()
        let rows = try connection.execute(
            "CREATE TABLE a (x int8); CREATE TABLE IF NOT EXISTS a (x int8); INSERT INTO a VALUES (1), (2); SELECT sum(x)::int8 FROM a"
        )
        #expect(try rows.int64(0, 0) == 3)
    }

    @Test func aClosedConnectionFailsClearly() throws {
        let connection = try connect()
        connection.close()
        connection.close()
        let error = #expect(throws: PostgresError.self) { try connection.execute("SELECT 1") }
        #expect(error == .connectionLost("the connection was closed"))
    }
}
