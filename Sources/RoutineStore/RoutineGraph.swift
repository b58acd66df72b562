import Foundation
import GRDB
import RoutineCore

/// Writes a `Routine` into the relational tables of one version (routine_node,
/// routine_start, node_next, conditional_option, option_next, routine_habit) and reads it
/// back, equal to what was written. Node indexes are stored as positions.
enum RoutineGraph {
    /// Checks the index invariants a `Routine` promises, so that a malformed value is a
    /// clear error rather than a foreign-key failure or a crash.
    static func validate(_ routine: Routine) throws {
        func fail(_ reason: String) -> StoreError { .invalidRoutine(slug: routine.slug, reason: reason) }
        let slugBytes = Array(routine.slug.utf8)
        guard let first = slugBytes.first, isSlugByte(first), first != 45, slugBytes.allSatisfy(isSlugByte) else {
            throw fail("the slug must match [a-z0-9][a-z0-9-]*")
        }
        guard !routine.start.isEmpty else { throw fail("it has no start nodes") }
        let range = routine.nodes.indices
        var ids = Set<String>()
        for node in routine.nodes {
            guard ids.insert(node.id).inserted, !node.id.isEmpty else { throw fail("node id '\(node.id)' is repeated or empty") }
            var refs = node.next
            if case .question(let text, let options) = node.body {
                guard !text.isEmpty, !options.isEmpty else { throw fail("question '\(node.id)' is empty") }
                for option in options {
                    guard !option.text.isEmpty else { throw fail("question '\(node.id)' has an empty option") }
                    refs += option.next
                }
            }
            guard refs.allSatisfy(range.contains) else { throw fail("node '\(node.id)' refers to a missing node") }
        }
        guard routine.start.allSatisfy(range.contains) else { throw fail("a start ref is missing") }
    }

    private static func isSlugByte(_ byte: UInt8) -> Bool {
        (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == 45
    }

    /// Inserts the graph of `routine` under `versionID`; `habitIDs` maps habit keys to ids.
    static func insert(_ db: Database, _ routine: Routine, versionID: Int64, habitIDs: [String: Int64]) throws {
        for (position, spec) in routine.habits.enumerated() {
            guard let habitID = habitIDs[HabitName.key(spec.name)] else { continue }
            try db.execute(
                sql: """
                    INSERT INTO routine_habit (version_id, position, habit_id, name, unit, type, target, weekly)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    versionID, position, habitID, spec.name, spec.measure?.unit, spec.measure?.type, spec.target,
                    spec.weekly,
                ])
        }
        for (position, node) in routine.nodes.enumerated() {
            var habitID: Int64?
            var habitText: String?
            var question: String?
            switch node.body {
            case .habit(let name):
                habitID = habitIDs[HabitName.key(name)]
                habitText = name
            case .question(let text, _):
                question = text
            }
            try db.execute(
                sql: """
                    INSERT INTO routine_node (version_id, position, node_id, is_inline, kind, habit_id, habit_text, question)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    versionID, position, node.id, node.isInline, question == nil ? "habit" : "question", habitID,
                    habitText, question,
                ])
        }
        for (position, node) in routine.start.enumerated() {
            try db.execute(
                sql: "INSERT INTO routine_start (version_id, position, node_position) VALUES (?, ?, ?)",
                arguments: [versionID, position, node])
        }
        for (nodePosition, node) in routine.nodes.enumerated() {
            for (position, next) in node.next.enumerated() {
                try db.execute(
                    sql: "INSERT INTO node_next (version_id, node_position, position, next_position) VALUES (?, ?, ?, ?)",
                    arguments: [versionID, nodePosition, position, next])
            }
            guard case .question(_, let options) = node.body else { continue }
            for (optionPosition, option) in options.enumerated() {
                try db.execute(
                    sql: "INSERT INTO conditional_option (version_id, node_position, position, text) VALUES (?, ?, ?, ?)",
                    arguments: [versionID, nodePosition, optionPosition, option.text])
                let optionID = db.lastInsertedRowID
                for (position, next) in option.next.enumerated() {
                    try db.execute(
                        sql: "INSERT INTO option_next (option_id, position, version_id, next_position) VALUES (?, ?, ?, ?)",
                        arguments: [optionID, position, versionID, next])
                }
            }
        }
    }

    /// Rebuilds the routine of one version (six queries, whatever its size).
    static func load(_ db: Database, versionID: Int64, slug: String, title: String?, path: String) throws -> Routine {
        func damaged(_ what: String) -> StoreError {
            .corrupt(path: path, detail: "routine '\(slug)' version \(versionID): \(what)")
        }
        let habitRows = try Row.fetchAll(
            db, sql: "SELECT name, unit, type, target, weekly FROM routine_habit WHERE version_id = ? ORDER BY position",
            arguments: [versionID])
        let habits = try habitRows.map { row -> HabitSpec in
            let unit: String? = try row.decode(atIndex: 1)
            let type: String? = try row.decode(atIndex: 2)
            var measure: Measure?
            if let unit, let type { measure = Measure(unit: unit, type: type) }
            return HabitSpec(name: try row.decode(atIndex: 0), measure: measure, target: try row.decode(atIndex: 3), weekly: try row.decode(atIndex: 4))
        }
        let nodeRows = try Row.fetchAll(
            db,
            sql: "SELECT position, node_id, is_inline, habit_text, question FROM routine_node WHERE version_id = ? ORDER BY position",
            arguments: [versionID])
        var nodes: [Node] = []
        nodes.reserveCapacity(nodeRows.count)
        for (index, row) in nodeRows.enumerated() {
            guard try row.decode(atIndex: 0) as Int == index else { throw damaged("node positions have a gap") }
            let body: NodeBody
            if let question: String = try row.decode(atIndex: 4) {
                body = .question(question, options: [])
            } else if let habit: String = try row.decode(atIndex: 3) {
                body = .habit(habit)
            } else {
                throw damaged("node \(index) has neither habit nor question")
            }
            nodes.append(Node(id: try row.decode(atIndex: 1), isInline: try row.decode(atIndex: 2), body: body))
        }
        let range = nodes.indices
        for row in try Row.fetchAll(
            db, sql: "SELECT node_position, next_position FROM node_next WHERE version_id = ? ORDER BY node_position, position",
            arguments: [versionID])
        {
            let from: Int = try row.decode(atIndex: 0)
            let to: Int = try row.decode(atIndex: 1)
            guard range.contains(from), range.contains(to) else { throw damaged("a next edge is dangling") }
            nodes[from].next.append(to)
        }
        var optionIndex: [Int64: (node: Int, option: Int)] = [:]
        var options: [Int: [Option]] = [:]
        for row in try Row.fetchAll(
            db, sql: "SELECT id, node_position, text FROM conditional_option WHERE version_id = ? ORDER BY node_position, position",
            arguments: [versionID])
        {
            let node: Int = try row.decode(atIndex: 1)
            guard range.contains(node) else { throw damaged("an option is dangling") }
            optionIndex[try row.decode(atIndex: 0)] = (node, options[node, default: []].count)
            options[node, default: []].append(Option(text: try row.decode(atIndex: 2)))
        }
        for row in try Row.fetchAll(
            db, sql: "SELECT option_id, next_position FROM option_next WHERE version_id = ? ORDER BY option_id, position",
            arguments: [versionID])
        {
            let next: Int = try row.decode(atIndex: 1)
            guard let place = optionIndex[try row.decode(atIndex: 0)], range.contains(next) else { throw damaged("an option edge is dangling") }
            options[place.node]?[place.option].next.append(next)
        }
        for (node, list) in options {
            guard case .question(let text, _) = nodes[node].body else { throw damaged("options on a habit node") }
            nodes[node].body = .question(text, options: list)
        }
        let start = try Int.fetchAll(
            db, sql: "SELECT node_position FROM routine_start WHERE version_id = ? ORDER BY position", arguments: [versionID])
        guard start.allSatisfy(range.contains) else { throw damaged("a start ref is dangling") }
        return Routine(slug: slug, title: title, start: start, nodes: nodes, habits: habits)
    }
}
