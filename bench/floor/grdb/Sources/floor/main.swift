import GRDB

// The floor of a dry run on this stack: a static Swift process that opens the store as
// routine does (GRDB's queue, foreign keys, WAL, synchronous FULL) and answers one query.
var config = Configuration()
config.foreignKeysEnabled = true
config.prepareDatabase { db in
    try db.execute(sql: "PRAGMA journal_mode = WAL")
    try db.execute(sql: "PRAGMA synchronous = FULL")
}
let queue = try DatabaseQueue(path: CommandLine.arguments[1], configuration: config)
let count = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM routine") }
print(count ?? 0)
