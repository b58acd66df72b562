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

    /// Rebuilds the routine of one version (six queries, whatever its size).
    static func load(
        _ db: Database, versionID: Int64, slug: String, title: String?, path: String, declared: Bool = false
    ) throws -> Routine {
        func damaged(_ what: String) -> StoreError {
            .corrupt(path: path, detail: "routine '\(slug)' version \(versionID): \(what)")
        }
        let habitRows = try Row.fetchAll(
            db,
            // The habit's current name: a rename or merge is followed by every version
            // (the store keeps a habit's identity, not its spelling). Likewise its current
            // schedule where the version declares one: a schedule lives with the habit, and
            // one set by hand since is what `show`, `export` and `edit` give (issue 31
            // item 13); a version that declares none leaves it to the habit, as its import did.
            // `declared`: the version's own declaration, as its file had it.
            sql: """
                SELECT rh.name, rh.unit, rh.type, rh.target, rh.weekly, h.name, h.name_key,
                  CASE WHEN ?1 = 0 AND h.id IS NOT NULL AND coalesce(rh.schedule, rh.frequency) IS NOT NULL
                    THEN coalesce(h.frequency, h.schedule) ELSE coalesce(rh.frequency, rh.schedule) END,
                  rh.version_id || '/' || rh.position AS id,
                  CASE WHEN ?1 = 0 AND h.id IS NOT NULL AND rh.day_target IS NOT NULL THEN h.day_target
                    ELSE rh.day_target END
                FROM routine_habit rh LEFT JOIN habit h ON h.id = rh.habit_id
                WHERE rh.version_id = ?2 ORDER BY rh.position
                """,
            arguments: [declared, versionID])
        let habits = try habitRows.map { row -> HabitSpec in
            let unit: String? = try row.decode(atIndex: 1)
            let type: String? = try row.decode(atIndex: 2)
            var measure: Measure?
            if let unit, let type { measure = Measure(unit: unit, type: type) }
            return HabitSpec(
                name: try currentSpelling(row, written: 0, stored: 5), measure: measure,
                target: try row.decode(atIndex: 3), weekly: try row.decode(atIndex: 4),
                schedule: try StoredRow(row, table: "routine_habit").optional(at: 7, "schedule"),
                dayTarget: try StoredRow(row, table: "routine_habit").optional(at: 9, "day_target"))
        }
        let nodeRows = try Row.fetchAll(
            db,
            sql:
                """
                SELECT rn.position, rn.node_id, rn.is_inline, rn.habit_text, rn.question, h.name, h.name_key,
                  rn.when_text
                FROM routine_node rn LEFT JOIN habit h ON h.id = rn.habit_id
                WHERE rn.version_id = ? ORDER BY rn.position
                """,
            arguments: [versionID])
        var nodes: [Node] = []
        nodes.reserveCapacity(nodeRows.count)
        for (index, row) in nodeRows.enumerated() {
            guard try row.decode(atIndex: 0) as Int == index else { throw damaged("node positions have a gap") }
            let body: NodeBody
            if let question: String = try row.decode(atIndex: 4) {
                body = .question(question, options: [])
            } else if try row.decode(atIndex: 3) as String? != nil {
                body = .habit(try currentSpelling(row, written: 3, stored: 5))
            } else {
                throw damaged("node \(index) has neither habit nor question")
            }
            nodes.append(
                Node(
                    id: try row.decode(atIndex: 1), isInline: try row.decode(atIndex: 2), body: body,
                    when: try row.decode(atIndex: 7)))
        }
        let range = nodes.indices
        /// The rows of one of the version's tables (read by position: a 100,000-node graph
        /// is about 360,000 rows, and these loops are its whole cost).
        func rows(_ sql: String) throws -> [Row] { try Row.fetchAll(db, sql: sql, arguments: [versionID]) }
        for row in try rows(
            "SELECT node_position, next_position FROM node_next WHERE version_id = ? ORDER BY node_position, position")
        {
            let from: Int = try row.decode(atIndex: 0)
            let to: Int = try row.decode(atIndex: 1)
            guard range.contains(from), range.contains(to) else { throw damaged("a next edge is dangling") }
            nodes[from].next.append(to)
        }
        var optionIndex: [Int64: (node: Int, option: Int)] = [:]
        var options: [Int: [Option]] = [:]
        for row in try rows(
            """
            SELECT id, node_position, text, when_text FROM conditional_option WHERE version_id = ?
            ORDER BY node_position, position
            """)
        {
            let node: Int = try row.decode(atIndex: 1)
            guard range.contains(node) else { throw damaged("an option is dangling") }
            optionIndex[try row.decode(atIndex: 0)] = (node, options[node, default: []].count)
            options[node, default: []].append(
                Option(text: try row.decode(atIndex: 2), when: try row.decode(atIndex: 3)))
        }
        for row in try rows(
            "SELECT option_id, next_position FROM option_next WHERE version_id = ? ORDER BY option_id, position")
        {
            let next: Int = try row.decode(atIndex: 1)
            guard let place = optionIndex[try row.decode(atIndex: 0)], range.contains(next) else {
                throw damaged("an option edge is dangling")
            }
            options[place.node]?[place.option].next.append(next)
        }
        for (node, list) in options {
            guard case .question(let text, _) = nodes[node].body else { throw damaged("options on a habit node") }
            nodes[node].body = .question(text, options: list)
        }
        let start = try Int.fetchAll(
            db, sql: "SELECT node_position FROM routine_start WHERE version_id = ? ORDER BY position",
            arguments: [versionID])
        guard start.allSatisfy(range.contains) else { throw damaged("a start ref is dangling") }
        // Whoever edited the tables by hand, a loaded Routine keeps the promises of its type.
        do {
            return try Routine(slug: slug, title: title, start: start, nodes: nodes, habits: habits)
        } catch {
            throw damaged(error.reason)
        }
    }
}
