import GRDB

/// The entry table's indexes set aside while a pull larger than the entries stored writes
/// its entries, and built once after them: the bulk load's rule
/// (`AppDatabase.dropEntryIndexesForBulkLoad`), which also gives their SQL — the store's
/// own, as its migrations made it. The uid index stays: every pulled entry is looked up in
/// it (`ON CONFLICT (uid)`). A second device's first pull of 365,000 entries kept the
/// day and ledger indexes up to date row by row, in the snapshot's order (each habit's
/// history in turn: every row a seek into the day index). All inside the pull's one
/// transaction: a pull that fails, or a crash, leaves the indexes as they were.
struct PulledEntryIndexes {
    /// The SQL of the indexes set aside; empty when none were (or they are back), nil
    /// until the pull's first entry change.
    private var aside: [String]?
    /// The least entries a pull sets the indexes aside for (`AppDatabase.Bulk.bulkLoadRows`;
    /// less in tests).
    let atLeast: Int

    init(atLeast: Int) {
        self.atLeast = atLeast
    }

    /// The fewest bytes of an entry item that can make an entry:
    /// `{"uid":"` + 36 + `","f":{"habit":"","day":"","at":"","tz":""}}`. The entry changes'
    /// bytes over it are at least the entries they make.
    static let smallestEntryItem = 88

    /// Called before each change of the pull, `remaining` the changes from it on (it among
    /// them). At the first entry change, sets the indexes aside if the entries still to come
    /// may outnumber those stored. Before a change that reads entries by habit (a merge
    /// moves a habit's entries; a habit deleted is kept while an entry uses it), puts them
    /// back: without them each would read the whole table. Outside any savepoint (a
    /// savepoint rolled back would take the indexes back with it).
    mutating func before(_ change: IncomingChange, remaining: ArraySlice<IncomingChange>, in db: Database) throws {
        if change.kind == "entry" {
            guard aside == nil else { return }
            let bytes = remaining.reduce(0) { $0 + ($1.kind == "entry" ? $1.items.utf8.count : 0) }
            aside = try AppDatabase.dropEntryIndexesForBulkLoad(
                db, rowsAtMost: bytes / Self.smallestEntryItem, includingUIDs: false, atLeast: atLeast)
        } else if change.kind == "merge" || (change.kind == "habit" && change.items.contains("\"deleted\"")) {
            try putBack(in: db)
        }
    }

    /// Builds the indexes set aside again (once; none is set aside after).
    mutating func putBack(in db: Database) throws {
        for sql in aside ?? [] { try db.execute(sql: sql) }
        aside = []
    }
}
