import Foundation
import GRDB
import RoutineCore

/// Habits, merges, routines and their versions: the rows other rows refer to by name.
extension SyncApplier {
    static let habitColumns = [
        "target": "target", "weekly": "weekly", "schedule": "schedule", "archived": "archived_at",
        "created": "created_at", "frequency": "frequency", "dayTarget": "day_target", "description": "description",
    ]

    struct LocalHabit {
        var id: Int64
        var uid: String
        var measure: Measure?
    }

    func localHabit(id: Int64) throws -> LocalHabit? {
        try db.fetchRowCached(
            sql:
                "SELECT h.id, h.uid, m.unit, m.type FROM habit h LEFT JOIN measure m ON m.id = h.measure_id WHERE h.id = ?",
            arguments: [id]
        ).map { row in
            let unit: String? = row["unit"]
            let type: String? = row["type"]
            return LocalHabit(
                id: row["id"], uid: row["uid"], measure: unit.map { Measure(unit: $0, type: type ?? "") })
        }
    }

    func habitNamed(_ name: String) throws -> LocalHabit? {
        guard let id = try HabitResolver.lookup(db, name)?.id else { return nil }
        return try localHabit(id: id)
    }

    static func measure(_ fields: [String: Any]) -> Measure? {
        guard let unit = fields["unit"] as? String else { return nil }
        return Measure(unit: unit, type: fields["type"] as? String ?? "")
    }

    func measureID(_ measure: Measure?) throws -> Int64? {
        guard let measure else { return nil }
        let resolver = HabitResolver(db: db, now: now)
        return try resolver.measureID(measure)
    }

    /// Merges habit `goes` into `stays`, telling the other devices (a decision they must
    /// share, or they would keep two habits).
    mutating func merge(_ goes: LocalHabit, into stays: LocalHabit) throws {
        try announcing { _ = try AppDatabase.moveHabit(db, from: goes.id, into: stays.id) }
        try reloadAliases()
        try resolveFields(stays)
    }

    /// Gives habit `id` the name `name`, first settling a habit of that name already here:
    /// the same measure makes them one habit (`MergeRules.survivor`); different measures
    /// cannot be one, and the larger uid takes a distinct name. Returns the habit that
    /// holds the name now.
    mutating func name(_ habit: LocalHabit, _ name: String) throws -> LocalHabit {
        var habit = habit
        var name = name
        if let other = try habitNamed(name), other.id != habit.id {
            if Measure.same(other.measure, habit.measure) {
                let (stays, _) = MergeRules.survivor(habit.uid, other.uid)
                if stays == other.uid {
                    try merge(habit, into: other)
                    return other
                }
                try merge(other, into: habit)
            } else if habit.uid > other.uid {
                name = MergeRules.distinctName(name, uid: habit.uid)
            } else {
                let moved = MergeRules.distinctName(name, uid: other.uid)
                try db.executeCached(
                    sql: "UPDATE habit SET name = ?, name_key = ? WHERE id = ?",
                    arguments: [moved, HabitKey(moved), other.id])
            }
        }
        let display = try HabitResolver.validName(name)
        try db.executeCached(
            sql: "UPDATE habit SET name = ?, name_key = ? WHERE id = ?",
            arguments: [display, HabitKey(display), habit.id])
        habit = try localHabit(id: habit.id) ?? habit
        return habit
    }

    mutating func applyHabit(uid raw: String, fields: [String: Any], stamp: ChangeStamp) throws -> Bool {
        let uid = MergeRules.resolve(raw, aliases: aliases)
        // A change to a habit merged since: stamped under its own uid, then the habit it
        // lives on in takes, field by field, the latest value of all the habits merged into
        // it (`resolveFields`) — the same on every device, whatever the order.
        if uid != raw, fields["deleted"] == nil {
            _ = try winning("habit", raw, fields, stamp)
            if let survivor = try id("habit", uid: uid).flatMap({ try localHabit(id: $0) }) {
                try resolveFields(survivor)
            }
            return true
        }
        let existing = try id("habit", uid: uid).flatMap { try localHabit(id: $0) }
        if fields["deleted"] != nil {
            guard let existing else {
                try setTombstone("habit", uid)
                return true
            }
            // Deleted on one device while another used it: the use wins (nothing is lost).
            let used =
                try db.fetchOneCached(
                    Bool.self,
                    sql: """
                        SELECT EXISTS (SELECT 1 FROM habit_entry WHERE habit_id = ?1)
                          OR EXISTS (SELECT 1 FROM routine_node WHERE habit_id = ?1)
                          OR EXISTS (SELECT 1 FROM routine_habit WHERE habit_id = ?1)
                        """, arguments: [existing.id]) ?? true
            if !used {
                try AppDatabase.removeHabit(db, id: existing.id)
                try setTombstone("habit", uid)
            }
            return true
        }
        guard let habit = existing else {
            if try isTombstone("habit", uid) { return true }
            guard let name = fields["name"] as? String else { return false }
            let display = try HabitResolver.validName(name)
            let created = (fields["created"] as? String) ?? Instant.format(now)
            // Under its uid as a name first: `name` settles a habit already called so.
            try db.executeCached(
                sql: """
                    INSERT INTO habit (uid, name, name_key, measure_id, target, weekly, schedule, archived_at, created_at,
                      frequency, day_target, description)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    uid, uid, HabitKey(uid), try measureID(Self.measure(fields)), Self.value(fields["target"]),
                    Self.value(fields["weekly"]), Self.value(fields["schedule"]), Self.value(fields["archived"]),
                    created, Self.value(fields["frequency"]), Self.value(fields["dayTarget"]),
                    Self.value(fields["description"]),
                ])
            guard let inserted = try localHabit(id: db.lastInsertedRowID) else { return false }
            _ = try self.name(inserted, display)
            return true
        }
        _ = try winning("habit", uid, fields, stamp)
        try resolveFields(habit)
        return true
    }

    /// A merge made on another device: this store moves its own rows of FROM too, and
    /// INTO takes each field of FROM changed here after the merge (by clock) and later
    /// than INTO's own: what a device that knew of the merge would have written to INTO.
    mutating func applyMerge(uid from: String, fields: [String: Any], stamp: ChangeStamp) throws -> Bool {
        guard let into = fields["into"] as? String else { return true }
        let source = MergeRules.resolve(from, aliases: aliases)
        let target = MergeRules.resolve(into, aliases: aliases)
        if source != target {
            let sourceHabit = try id("habit", uid: source).flatMap { try localHabit(id: $0) }
            let targetHabit = try id("habit", uid: target).flatMap { try localHabit(id: $0) }
            if let sourceHabit {
                guard let targetHabit else { return false }
                // The smaller uid stays with its own settings (the merging device sends
                // the settings it chose as changes of their own); what this device
                // changed on the other one after the merge (by clock) goes with it.
                let (staysUID, _) = MergeRules.survivor(sourceHabit.uid, targetHabit.uid)
                let (stays, goes) =
                    staysUID == sourceHabit.uid ? (sourceHabit, targetHabit) : (targetHabit, sourceHabit)
                _ = try AppDatabase.moveHabit(db, from: goes.id, into: stays.id)
                try reloadAliases()
                try resolveFields(stays)
            }
        }
        try setStamp("merge", from, "into", stamp)
        if from != MergeRules.resolve(from, aliases: aliases) || from == target {
            // Known already (moved above, or merged here before).
        } else {
            try db.executeCached(
                sql: "INSERT OR REPLACE INTO habit_alias (uid, into_uid) VALUES (?, ?)", arguments: [from, target])
            try reloadAliases()
        }
        return true
    }

    /// Sets each field of `habit` to the latest stamped value among it and every habit
    /// merged into it (a field none of them changed since it was made keeps its value):
    /// LWW over the merged set, so devices that merged in different orders agree.
    mutating func resolveFields(_ habit: LocalHabit) throws {
        let members = [habit.uid] + aliases.keys.filter { MergeRules.resolve($0, aliases: aliases) == habit.uid }
        let rows = try db.fetchRowsCached(
            sql: """
                SELECT field, hlc, device, value FROM sync_field
                WHERE kind = 'habit' AND uid IN (\(members.map { _ in "?" }.joined(separator: ", ")))
                """, arguments: StatementArguments(members))
        var latest: [String: (ChangeStamp, DatabaseValue)] = [:]
        for row in rows {
            let field: String = row["field"]
            let stamp = ChangeStamp(clock: row["hlc"], device: row["device"])
            if let held = latest[field], !MergeRules.wins(stamp, over: held.0) { continue }
            latest[field] = (stamp, row["value"])
        }
        var fields: [String: Any] = [:]
        for (field, (_, value)) in latest {
            switch value.storage {
            case .string(let text): fields[field] = text
            case .double(let number): fields[field] = NSNumber(value: number)
            case .int64(let number): fields[field] = NSNumber(value: Double(number))
            default: fields[field] = NSNull()
            }
        }
        var habit = habit
        if fields["unit"] != nil || fields["type"] != nil {
            try db.executeCached(
                sql: "UPDATE habit SET measure_id = ? WHERE id = ?",
                arguments: [try measureID(Self.measure(fields)), habit.id])
        }
        if let name = fields["name"] as? String,
            try db.fetchOneCached(String.self, sql: "SELECT name FROM habit WHERE id = ?", arguments: [habit.id])
                != name
        {
            habit = try self.name(habit, name)
        }
        try update(table: "habit", id: habit.id, fields: fields, columns: Self.habitColumns)
    }

    /// A routine's own fields (its archive mark). The routine row comes with its first
    /// version; until then the change waits.
    mutating func applyRoutine(slug: String, fields: [String: Any], stamp: ChangeStamp) throws -> Bool {
        guard
            let id = try db.fetchOneCached(Int64.self, sql: "SELECT id FROM routine WHERE slug = ?", arguments: [slug])
        else {
            return false
        }
        try update(
            table: "routine", id: id, fields: try winning("routine", slug, fields, stamp),
            columns: ["archived": "archived_at"])
        return true
    }

    /// A routine version made on another device: read from its source as an import
    /// reads a file, stored under its uid, and the routine's versions numbered again
    /// by their stamps (the same numbers on every device).
    mutating func applyVersion(uid: String, fields: [String: Any], stamp: ChangeStamp) throws -> Bool {
        if try id("routine_version", uid: uid) != nil { return true }
        guard let slug = fields["routine"] as? String, let source = fields["source"] as? String else { return true }
        guard let routine = readRoutine(source), routine.slug == slug else {
            report.problems.append("a version of routine '\(slug)' from another device does not read here; it waits")
            return false
        }
        let imported = (fields["imported"] as? String).flatMap(Instant.parse).map(StoredInstant.init)
        let stored: (id: Int64, number: Int, resolver: HabitResolver)
        do {
            stored = try AppDatabase.Routines.insertVersion(
                db, routine, source: source, at: now, importedAt: imported, uid: uid)
        } catch let error as StoreError {
            report.problems.append("a version of routine '\(slug)' from another device waits: \(error)")
            return false
        }
        try setStamp("version", uid, "imported", stamp)
        let routineID =
            try db.fetchOneCached(
                Int64.self,
                sql: "SELECT routine_id FROM routine_version WHERE id = ?", arguments: [stored.id]) ?? 0
        let versions = try db.fetchRowsCached(
            sql: """
                SELECT v.uid, coalesce(f.hlc, 0) AS hlc, coalesce(f.device, '') AS device
                FROM routine_version v
                LEFT JOIN sync_field f ON f.kind = 'version' AND f.uid = v.uid AND f.field = 'imported'
                WHERE v.routine_id = ?
                """, arguments: [routineID]
        ).map { row in (uid: row["uid"] as String, stamp: ChangeStamp(clock: row["hlc"], device: row["device"])) }
        let numbers = MergeRules.versionNumbers(versions)
        try db.executeCached(
            sql: "UPDATE routine_version SET number = number + 1000000 WHERE routine_id = ?", arguments: [routineID])
        for (versionUID, number) in numbers {
            try db.executeCached(
                sql: "UPDATE routine_version SET number = ? WHERE uid = ?", arguments: [number, versionUID])
        }
        return true
    }
}
