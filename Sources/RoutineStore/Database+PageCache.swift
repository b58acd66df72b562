import GRDB

extension Database {
    /// Runs `body` with a page cache of up to 64 MB, then puts the connection's back. A
    /// transaction that writes every page of a big table and its indexes (a bulk import,
    /// a first pull) spills pages to the WAL mid-transaction with SQLite's default 2 MB
    /// and reads them back (about 100,000 reads and 120,000 writes for 365,000 rows).
    func withLargePageCache<T>(_ body: () throws -> T) throws -> T {
        let cacheSize = try Int.fetchOne(self, sql: "PRAGMA cache_size") ?? -2000
        try execute(sql: "PRAGMA cache_size = -65536")
        defer { try? execute(sql: "PRAGMA cache_size = \(cacheSize)") }
        return try body()
    }
}
