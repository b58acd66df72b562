import Foundation
import TestSupport
import Testing

@testable import RoutineSync

/// Each way a connection fails, produced for real against PostgreSQL 15, said in one
/// line that never holds the password.
@Suite struct PostgresErrorTests {
    private func connectionError(_ url: String) -> PostgresError? {
        #expect(throws: PostgresError.self) { try PostgresConnection(url: url) }
    }

    private func expectOneLine(_ error: PostgresError?, startingWith prefix: String) {
        let text = error?.description ?? ""
        #expect(text.hasPrefix(prefix), "\(text)")
        #expect(!text.contains("\n"), "\(text)")
    }

    @Test func aSocketFolderWithNoServerIsUnreachable() throws {
        let error = connectionError("postgresql://routine@/postgres?host=/tmp/routine-no-such-folder")
        guard case .unreachable = error else { Issue.record("\(String(describing: error))"); return }
        expectOneLine(
            error,
            startingWith:
                "cannot reach the PostgreSQL server: connection to server on socket \"/tmp/routine-no-such-folder/.s.PGSQL.5432\" failed: No such file or directory"
        )
    }

    @Test func aRefusedTCPPortIsUnreachable() throws {
        let port = try PostgresServer.freePort()
        let error = connectionError("host=127.0.0.1 port=\(port) dbname=x user=routine")
        guard case .unreachable = error else { Issue.record("\(String(describing: error))"); return }
        #expect(error?.description.contains("Connection refused") == true)
    }

    @Test func aWrongPasswordIsRefusedWithoutBeingQuoted() throws {
        let server = try PostgresServer.shared()
        try server.createRole("alice", password: "right horse battery")
        let wrong = server.url(user: "alice", password: "wrong-staple-9")
        let error = connectionError(wrong)
        guard case .authenticationFailed = error else { Issue.record("\(String(describing: error))"); return }
        expectOneLine(error, startingWith: "PostgreSQL refused the login: ")
        #expect(error?.description.contains("password authentication failed for user \"alice\"") == true)
        #expect(error?.description.contains("wrong-staple-9") == false)
        // The right one gets in: the refusal was the password's, not the set-up's.
        let right = try PostgresConnection(url: server.url(user: "alice", password: "right horse battery"))
        #expect(try right.execute("SELECT current_user").string(0, 0) == "alice")
    }

    @Test func noPasswordForAScramRoleIsAnAuthenticationFailure() throws {
        let server = try PostgresServer.shared()
        try server.createRole("bob", password: "secret")
        let error = connectionError(server.url(user: "bob"))
        guard case .authenticationFailed = error else { Issue.record("\(String(describing: error))"); return }
        expectOneLine(error, startingWith: "PostgreSQL refused the login: ")
    }

    @Test func aMissingDatabaseIsNamed() throws {
        let error = connectionError(try PostgresServer.shared().url(database: "no_such_db"))
        #expect(error == .databaseMissing("database \"no_such_db\" does not exist"))
        expectOneLine(error, startingWith: "PostgreSQL has no such database: database \"no_such_db\" does not exist")
    }

    @Test func requiringSSLFromAServerWithoutItFails() throws {
        let server = try PostgresServer(loopback: true)
        defer { server.tearDown() }
        #expect(try PostgresConnection(url: server.loopbackURL()).execute("SELECT 1").int64(0, 0) == 1)
        let error = connectionError(server.loopbackURL(extra: "sslmode=require"))
        guard case .sslRequired(let detail) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(detail.hasSuffix("failed: server does not support SSL, but SSL was required"), "\(detail)")
        expectOneLine(error, startingWith: "the sync URL requires SSL but the PostgreSQL server does not offer it")
        #expect(error?.description.contains(PostgresServer.superuserPassword) == false)
    }

    @Test func aServerTakingTCPOnlyOverSSLRefusesAPlainConnectionAndAcceptsAnEncryptedOne() throws {
        let server = try PostgresServer(tls: true)
        defer { server.tearDown() }
        let error = connectionError(server.loopbackURL(extra: "sslmode=disable"))
        guard case .sslRequiredByServer(let detail) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(detail.contains("no pg_hba.conf entry for host \"127.0.0.1\""), "\(detail)")
        expectOneLine(error, startingWith: "the PostgreSQL server accepts this connection only over SSL")
        // libpq, loaded at run time, brings its TLS with it: sslmode=require connects.
        let encrypted = try PostgresConnection(url: server.loopbackURL(extra: "sslmode=require"))
        let rows = try encrypted.execute("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
        #expect(try rows.bool(0, "ssl"))
    }

    @Test func stoppingTheServerUnderAnOpenConnectionIsAConnectionLost() throws {
        let server = try PostgresServer()
        defer { server.tearDown() }
        let connection = try PostgresConnection(url: server.url())
        #expect(try connection.execute("SELECT 1").int64(0, 0) == 1)
        server.stop()
        let lost = #expect(throws: PostgresError.self) { try connection.execute("SELECT 1") }
        guard case .connectionLost = lost else { Issue.record("\(String(describing: lost))"); return }
        expectOneLine(lost, startingWith: "the connection to PostgreSQL was lost: ")
        // Stopped, it is unreachable; started again, it answers.
        guard case .unreachable = connectionError(server.url()) else { Issue.record("reachable when stopped"); return }
        try server.start()
        #expect(try PostgresConnection(url: server.url()).execute("SELECT 2").int64(0, 0) == 2)
    }

    @Test func killingTheServerMidCopyIsAConnectionLost() throws {
        let server = try PostgresServer()
        defer { server.tearDown() }
        let connection = try PostgresConnection(url: server.url())
        try connection.execute("CREATE TABLE t (x text)")
        var sent = 0
        let rows = AnySequence {
            AnyIterator { () -> [PostgresValue]? in
                sent += 1
                if sent == 50 { server.kill() }
                return sent > 2_000 ? nil : [.text(String(repeating: "y", count: 10_000))]
            }
        }
        let error = #expect(throws: PostgresError.self) { try connection.copyIn("t (x)", rows: rows) }
        guard case .connectionLost = error else { Issue.record("\(String(describing: error))"); return }
        try server.start()
        #expect(try PostgresConnection(url: server.url()).execute("SELECT count(*) FROM t").int64(0, 0) == 0)
    }

    @Test func aMalformedURLNeverEchoesItsPassword() {
        let error = connectionError("postgresql://alice:hunter2@[::1/db")
        #expect(error?.description.contains("hunter2") == false, "\(String(describing: error))")
        #expect(error?.description.contains("***") == true, "\(String(describing: error))")
        #expect(error?.description.contains("\n") == false)
    }

    @Test func aMissingLibpqIsOneLineSayingWhatToInstall() {
        let result = LibPQ.load("libpq-routine-absent.so.5")
        guard case .failure(let error) = result else { Issue.record("loaded a library that is not there"); return }
        #expect(error.description == "sync needs libpq: apt-get install libpq5")
    }

    @Test func passwordsAreFoundInEveryConnectionStringForm() {
        #expect(ConnectionFailure.secrets(in: "postgresql://u:p%40ss@h/db").contains("p@ss"))
        #expect(ConnectionFailure.secrets(in: "postgres://h/db?user=u&password=s3cret").contains("s3cret"))
        #expect(ConnectionFailure.secrets(in: "host=h password='a b\\'c' user=u").contains("a b\\'c"))
        #expect(ConnectionFailure.secrets(in: "host=h password=plain user=u").contains("plain"))
    }
}
