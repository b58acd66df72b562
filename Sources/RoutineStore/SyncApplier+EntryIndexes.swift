import GRDB

/// The entry table's indexes set aside while a pull larger than the entries stored writes
/// its entries, and built once after them: the bulk load's rule
/// (`AppDatabase.dropEntryIndexesForBulkLoad`), which also gives their SQL — the store's
/// own, as its migrations made it. A second device's first pull of 365,000 entries kept the
/// day and ledger indexes up to date row by row, in the snapshot's order (each habit's
/// history in turn: every row a seek into the day index). All inside the pull's one
/// transaction: a pull that fails, or a crash, leaves the indexes as they were.
///
/// The uid index goes aside too, and the uids stored are kept in `uids` instead: a new
/// entry's uid is looked up there (`claim`), not by `ON CONFLICT (uid)`. Kept live, the
/// index took each of the 365,000 random uids into a random page, and every statement
/// copied the pages it touched to the savepoints' journal: in a replica of the pull's
/// statements with the `sqlite3` shell, 1.9 s of CPU against 1.1–1.2 s with the index
/// built after (docs/PERFORMANCE.md, "Uids of a first pull"). Building it checks that no
/// uid came twice: a uid this set let through twice fails the pull, whole. It comes back
/// (`putBackUIDs`) before anything that looks an entry up by its uid: a change whose
/// entries do not all go in at once (its items then go one by one, through
/// `ON CONFLICT (uid)`), a change the Swift reader does not take, a recorded step (it
/// names its entry), and with the others.
struct PulledEntryIndexes {
    /// The SQL of the indexes set aside but the uid's; empty when none were (or they are
    /// back), nil until the pull's first entry change.
    private var aside: [String]?
    /// The SQL of the uid index while it is aside.
    private var uidIndex: [String] = []
    /// While the uid index is aside: every uid `habit_entry` holds.
    private var uids: Set<UIDKey> = []
    /// The least entries a pull sets the indexes aside for (`AppDatabase.Bulk.bulkLoadRows`;
    /// less in tests).
    let atLeast: Int

    init(atLeast: Int) {
        self.atLeast = atLeast
    }

    /// A uid's 16 bytes, as a key.
    private struct UIDKey: Hashable {
        var high: UInt64
        var low: UInt64
    }

    /// Whether the uid index is aside (a new entry's uid is then `claim`ed).
    var uidsAside: Bool { !uidIndex.isEmpty }

    /// The fewest bytes of an entry item that can make an entry:
    /// `{"uid":"` + 36 + `","f":{"habit":"","day":"","at":"","tz":""}}`. The entry changes'
    /// bytes over it are at least the entries they make.
    static let smallestEntryItem = 88

    /// Called before each change of the pull, `remaining` the changes from it on (it among
    /// them). At the first entry change, sets the indexes aside if the entries still to come
    /// may outnumber those stored. Before a change that reads entries by habit (a merge
    /// moves a habit's entries; a habit deleted is kept while an entry uses it), puts them
    /// back: without them each would read the whole table; before a recorded step, the uid
    /// index. Outside any savepoint (a savepoint rolled back would take the indexes back
    /// with it).
    mutating func before(_ change: IncomingChange, remaining: ArraySlice<IncomingChange>, in db: Database) throws {
        if change.kind == "entry" {
            guard aside == nil else { return }
            let bytes = remaining.reduce(0) { $0 + ($1.kind == "entry" ? $1.items.utf8.count : 0) }
            let dropped = try AppDatabase.dropEntryIndexesForBulkLoad(
                db, rowsAtMost: bytes / Self.smallestEntryItem, includingUIDs: false, atLeast: atLeast)
            aside = dropped
            let entries = remaining.lazy.filter { $0.kind == "entry" }
            if !dropped.isEmpty, !Self.uidsAscend(change.items) || !Self.uidsAscend(entries.last?.items ?? "") {
                try setUIDsAside(in: db)
            }
        } else if change.kind == "merge" || (change.kind == "habit" && change.items.contains("\"deleted\"")) {
            try putBack(in: db)
        } else if change.kind == "step" {
            try putBackUIDs(in: db)
        }
    }

    /// Whether the entries an entry change makes come in ascending order of their uids'
    /// bytes, as a bulk import makes them (`UIDPool`): the uid index then takes each at
    /// its right edge, cheaper than the set and a build after (a first pull of 365,000
    /// imported entries took 0.1 s more CPU with the index aside, one of 365,000 entries
    /// logged one by one, with random uids, 0.4 s less: docs/PERFORMANCE.md). The first
    /// and last entry changes of a pull are asked. A change the reader does not take
    /// answers true (its items go through `ON CONFLICT (uid)`, which needs the index).
    static func uidsAscend(_ items: String) -> Bool {
        var text = items
        return text.withUTF8 { bytes in
            guard let read = SyncEntryItems.scan(bytes) else { return true }
            // In the bytes' order: each 8 as a big-endian number.
            let keys = read.rows.lazy.map { (UInt64(bigEndian: $0.uid.0), UInt64(bigEndian: $0.uid.1)) }
            return zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }
        }
    }

    /// Reads the uids stored, then drops their index.
    private mutating func setUIDsAside(in db: Database) throws {
        let statement = try db.makeStatement(sql: "SELECT uid FROM habit_entry WHERE length(uid) = 16")
        let cursor = try Row.fetchCursor(statement)
        while let row = try cursor.next() {
            let key = try row.withUnsafeData(atIndex: 0) { bytes -> UIDKey? in
                guard let bytes, bytes.count == 16 else { return nil }
                return bytes.withUnsafeBytes {
                    UIDKey(
                        high: $0.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
                        low: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                }
            }
            if let key { uids.insert(key) }
        }
        uidIndex = try AppDatabase.setAside(db, indexes: ["habit_entry_uid"])
    }

    /// While the uid index is aside: whether no entry stored or claimed before has this
    /// uid (its 16 bytes, as bound). A uid claimed is taken, whether or not its row then
    /// goes in: a statement that fails is followed by `putBackUIDs` (the change's items
    /// then go one by one), which forgets them all.
    mutating func claim(_ uid: (UInt64, UInt64)) -> Bool {
        uids.insert(UIDKey(high: uid.0, low: uid.1)).inserted
    }

    /// Builds the uid index again, if it is aside (the other indexes stay aside).
    mutating func putBackUIDs(in db: Database) throws {
        for sql in uidIndex { try db.execute(sql: sql) }
        uidIndex = []
        uids = []
    }

    /// Builds the indexes set aside again (once; none is set aside after).
    mutating func putBack(in db: Database) throws {
        try putBackUIDs(in: db)
        for sql in aside ?? [] { try db.execute(sql: sql) }
        aside = []
    }
}
