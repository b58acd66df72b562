import Foundation
import GRDB
import RoutineCore

/// Writes a `Routine` into the relational tables of one version (routine_node,
/// routine_start, node_next, conditional_option, option_next, routine_habit) and reads it
/// back, equal to what was written. Node indexes are stored as positions.
enum RoutineGraph {
    /// The habit name a version shows: as the file spelled it while that spelling is
    /// still the habit's (`journal` for `Journal`), else the habit's current name (it
    /// was renamed or merged): the store keeps the habit's identity, not its spelling.
    private static func currentSpelling(_ row: Row, written: Int, stored: Int) throws -> String {
        let text: String = try row.decode(atIndex: written)
        guard let name: String = try row.decode(atIndex: stored), let key: String = try row.decode(atIndex: stored + 1)
        else { return text }
        return HabitKey(text).rawValue == key ? text : name
    }

    /// Inserts the graph of `routine` under `versionID`; `habitIDs` maps habit keys to ids.
    static func insert(_ db: Database, _ routine: Routine, versionID: Int64, habitIDs: [HabitKey: Int64]) throws {
        // Prepared once per import: a 100,000-node routine is ~360,000 inserts.
        let insertHabit = try db.makeStatement(
            sql: """
                INSERT INTO routine_habit
                  (version_id, position, habit_id, name, unit, type, target, weekly, schedule, frequency, day_target)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        let insertNode = try db.makeStatement(
            sql: """
                INSERT INTO routine_node
                  (version_id, position, node_id, is_inline, kind, habit_id, habit_text, question, when_text)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        let insertStart = try db.makeStatement(
            sql: "INSERT INTO routine_start (version_id, position, node_position) VALUES (?, ?, ?)")
        let insertNext = try db.makeStatement(
            sql: "INSERT INTO node_next (version_id, node_position, position, next_position) VALUES (?, ?, ?, ?)")
        let insertOption = try db.makeStatement(
            sql:
                "INSERT INTO conditional_option (version_id, node_position, position, text, when_text) VALUES (?, ?, ?, ?, ?)"
        )
        let insertOptionNext = try db.makeStatement(
            sql: "INSERT INTO option_next (option_id, position, version_id, next_position) VALUES (?, ?, ?, ?)")

        for (position, spec) in routine.habits.enumerated() {
            guard let habitID = habitIDs[HabitKey(spec.name)] else { continue }
            var schedule = spec.schedule?.storedText
            var frequency: String?
            if case .per = spec.schedule { (schedule, frequency) = (nil, spec.schedule?.storedText) }
            try insertHabit.execute(arguments: [
                versionID, position, habitID, spec.name, spec.measure?.unit, spec.measure?.type, spec.target,
                spec.weekly, schedule, frequency, spec.dayTarget?.storedText,
            ])
        }
        for (position, node) in routine.nodes.enumerated() {
            switch node.body {
            case .habit(let name):
                try insertNode.execute(arguments: [
                    versionID, position, node.id, node.isInline, "habit", habitIDs[HabitKey(name)], name, nil,
                    node.when,
                ])
            case .question(let text, _):
                try insertNode.execute(arguments: [
                    versionID, position, node.id, node.isInline, "question", nil, nil, text, node.when,
                ])
            }
        }
        for (position, node) in routine.start.enumerated() {
            try insertStart.execute(arguments: [versionID, position, node])
        }
        for (nodePosition, node) in routine.nodes.enumerated() {
            for (position, next) in node.next.enumerated() {
                try insertNext.execute(arguments: [versionID, nodePosition, position, next])
            }
            guard case .question(_, let options) = node.body else { continue }
            for (optionPosition, option) in options.enumerated() {
                try insertOption.execute(arguments: [
                    versionID, nodePosition, optionPosition, option.text, option.when,
                ])
                let optionID = db.lastInsertedRowID
                for (position, next) in option.next.enumerated() {
                    try insertOptionNext.execute(arguments: [optionID, position, versionID, next])
                }
            }
        }
    }

    /// What `load` needs of a version besides its tables.
    struct Head {
        var versionID: Int64
        var slug: String
        var title: String?
    }

    /// Rebuilds the routine of one version (three queries, whatever its size).
    static func load(
        _ db: Database, versionID: Int64, slug: String, title: String?, path: String, declared: Bool = false
    ) throws -> Routine {
        try load(db, [Head(versionID: versionID, slug: slug, title: title)], path: path, declared: declared)[0]
    }

    /// Rebuilds the routines of several versions, in `heads` order, in the same three
    /// queries: `today` loads every routine, and each statement's preparation (GRDB's
    /// authorizer reading each column) cost about as much as its rows
    /// (docs/PERFORMANCE.md, "`today --short` under 20 ms").
    static func load(_ db: Database, _ heads: [Head], path: String, declared: Bool = false) throws -> [Routine] {
        guard !heads.isEmpty else { return [] }
        let versions =
            heads.count == 1 ? "= ?" : "IN (" + Array(repeating: "?", count: heads.count).joined(separator: ", ") + ")"
        let ids = heads.map(\.versionID)
        let numbered =
            heads.count == 1
            ? "= ?1" : "IN (" + (1...heads.count).map { "?\($0)" }.joined(separator: ", ") + ")"
        /// The rows of one of the versions' tables (read by position: a 100,000-node graph
        /// is about 360,000 rows, and these loops are its whole cost), by version: each
        /// query orders by its first column, the version.
        func rows(_ sql: String, _ arguments: StatementArguments) throws -> [Int64: ArraySlice<Row>] {
            let rows = try Row.fetchAll(db, sql: sql, arguments: arguments)
            if heads.count == 1 { return [heads[0].versionID: rows[...]] }
            var result: [Int64: ArraySlice<Row>] = [:]
            var start = 0
            while start < rows.count {
                let id: Int64 = try rows[start].decode(atIndex: 0)
                var end = start + 1
                while end < rows.count, try rows[end].decode(atIndex: 0) as Int64 == id { end += 1 }
                result[id] = rows[start..<end]
                start = end
            }
            return result
        }
        let tables = Tables(
            habits: try rows(
                // The habit's current name: a rename or merge is followed by every version
                // (the store keeps a habit's identity, not its spelling). Likewise its current
                // schedule where the version declares one: a schedule lives with the habit, and
                // one set by hand since is what `show`, `export` and `edit` give (issue 31
                // item 13); a version that declares none leaves it to the habit, as its import did.
                // `declared`: the version's own declaration, as its file had it.
                """
                SELECT rh.version_id, rh.name, rh.unit, rh.type, rh.target, rh.weekly, h.name, h.name_key,
                  CASE WHEN ?1 = 0 AND h.id IS NOT NULL AND coalesce(rh.schedule, rh.frequency) IS NOT NULL
                    THEN coalesce(h.frequency, h.schedule) ELSE coalesce(rh.frequency, rh.schedule) END,
                  rh.version_id || '/' || rh.position AS id,
                  CASE WHEN ?1 = 0 AND h.id IS NOT NULL AND rh.day_target IS NOT NULL THEN h.day_target
                    ELSE rh.day_target END
                FROM routine_habit rh LEFT JOIN habit h ON h.id = rh.habit_id
                WHERE rh.version_id \(versions) ORDER BY rh.version_id, rh.position
                """, StatementArguments([declared]) + StatementArguments(ids)),
            nodes: try rows(
                """
                SELECT rn.version_id, rn.position, rn.node_id, rn.is_inline, rn.habit_text, rn.question, h.name,
                  h.name_key, rn.when_text
                FROM routine_node rn LEFT JOIN habit h ON h.id = rn.habit_id
                WHERE rn.version_id \(versions) ORDER BY rn.version_id, rn.position
                """, StatementArguments(ids)),
            // A node's edges, its options, their edges and the start list: one statement
            // (each statement's compilation costs about as much as a small routine's rows),
            // its arms told apart by the second column and read in this order, each in its
            // table's order.
            links: try rows(
                """
                SELECT version_id, 0, node_position, position, next_position, NULL, NULL FROM node_next
                WHERE version_id \(numbered)
                UNION ALL SELECT version_id, 1, node_position, position, id, text, when_text FROM conditional_option
                WHERE version_id \(numbered)
                UNION ALL SELECT version_id, 2, option_id, position, next_position, NULL, NULL FROM option_next
                WHERE version_id \(numbered)
                UNION ALL SELECT version_id, 3, position, 0, node_position, NULL, NULL FROM routine_start
                WHERE version_id \(numbered)
                ORDER BY 1, 2, 3, 4
                """, StatementArguments(ids)))
        return try heads.map { try build($0, tables, path: path) }
    }

    /// The rows of a set of versions' tables, by version.
    private struct Tables {
        var habits: [Int64: ArraySlice<Row>]
        var nodes: [Int64: ArraySlice<Row>]
        /// Column 1 says which table: 0 `node_next`, 1 `conditional_option`, 2
        /// `option_next`, 3 `routine_start`.
        var links: [Int64: ArraySlice<Row>]
    }

    /// One version's routine from its rows (each row's column 0 is the version).
    private static func build(_ head: Head, _ tables: Tables, path: String) throws -> Routine {
        let versionID = head.versionID
        func damaged(_ what: String) -> StoreError {
            .corrupt(path: path, detail: "routine '\(head.slug)' version \(versionID): \(what)")
        }
        func rows(_ table: [Int64: ArraySlice<Row>]) -> ArraySlice<Row> { table[versionID] ?? [] }
        let habits = try rows(tables.habits).map { row -> HabitSpec in
            let unit: String? = try row.decode(atIndex: 2)
            let type: String? = try row.decode(atIndex: 3)
            var measure: Measure?
            if let unit, let type { measure = Measure(unit: unit, type: type) }
            return HabitSpec(
                name: try currentSpelling(row, written: 1, stored: 6), measure: measure,
                target: try row.decode(atIndex: 4), weekly: try row.decode(atIndex: 5),
                schedule: try StoredRow(row, table: "routine_habit").optional(at: 8, "schedule"),
                dayTarget: try StoredRow(row, table: "routine_habit").optional(at: 10, "day_target"))
        }
        let nodeRows = rows(tables.nodes)
        var nodes: [Node] = []
        nodes.reserveCapacity(nodeRows.count)
        for (index, row) in nodeRows.enumerated() {
            guard try row.decode(atIndex: 1) as Int == index else { throw damaged("node positions have a gap") }
            let body: NodeBody
            if let question: String = try row.decode(atIndex: 5) {
                body = .question(question, options: [])
            } else if try row.decode(atIndex: 4) as String? != nil {
                body = .habit(try currentSpelling(row, written: 4, stored: 6))
            } else {
                throw damaged("node \(index) has neither habit nor question")
            }
            nodes.append(
                Node(
                    id: try row.decode(atIndex: 2), isInline: try row.decode(atIndex: 3), body: body,
                    when: try row.decode(atIndex: 8)))
        }
        let range = nodes.indices
        var optionIndex: [Int64: (node: Int, option: Int)] = [:]
        var options: [Int: [Option]] = [:]
        var start: [Int] = []
        for row in rows(tables.links) {
            switch try row.decode(atIndex: 1) as Int {
            case 0:  // node_next: node_position, position, next_position
                let from: Int = try row.decode(atIndex: 2)
                let to: Int = try row.decode(atIndex: 4)
                guard range.contains(from), range.contains(to) else { throw damaged("a next edge is dangling") }
                nodes[from].next.append(to)
            case 1:  // conditional_option: node_position, position, id, text, when_text
                let node: Int = try row.decode(atIndex: 2)
                guard range.contains(node) else { throw damaged("an option is dangling") }
                optionIndex[try row.decode(atIndex: 4)] = (node, options[node, default: []].count)
                options[node, default: []].append(
                    Option(text: try row.decode(atIndex: 5), when: try row.decode(atIndex: 6)))
            case 2:  // option_next: option_id, position, next_position
                let next: Int = try row.decode(atIndex: 4)
                guard let place = optionIndex[try row.decode(atIndex: 2)], range.contains(next) else {
                    throw damaged("an option edge is dangling")
                }
                options[place.node]?[place.option].next.append(next)
            default:  // routine_start: position, 0, node_position
                start.append(try row.decode(atIndex: 4))
            }
        }
        for (node, list) in options {
            guard case .question(let text, _) = nodes[node].body else { throw damaged("options on a habit node") }
            nodes[node].body = .question(text, options: list)
        }
        guard start.allSatisfy(range.contains) else { throw damaged("a start ref is dangling") }
        // Whoever edited the tables by hand, a loaded Routine keeps the promises of its type.
        do {
            return try Routine(slug: head.slug, title: head.title, start: start, nodes: nodes, habits: habits)
        } catch {
            throw damaged(error.reason)
        }
    }
}
