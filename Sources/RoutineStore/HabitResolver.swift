import Foundation
import GRDB
import RoutineCore

/// A habit row as the write paths need it.
struct HabitRow: Sendable, Equatable {
    var id: Int64
    var name: String
    var key: HabitKey
    var measureID: Int64?
    var measure: Measure?
    var target: Double?
    var weekly: Double?
    /// nil is daily (a stored text that does not parse is a damaged store).
    var schedule: Schedule? = nil
    var dayTarget: DayTarget? = nil

    /// The value an entry of this habit records when `given` is typed — SPEC §5.4's
    /// check, in one place for `log`, CSV rows, run steps and `edit --value`: a value
    /// must be allowed (`Quantity.isAllowed`); a binary habit takes none; a quantity
    /// habit needs one, or records its target when `orTarget` (a new entry; an edit
    /// that clears the value does not).
    func entryValue(_ given: Double?, orTarget: Bool) throws -> Double? {
        if let given, !Quantity.isAllowed(given) { throw StoreError.invalidValue(habit: name, value: given) }
        guard measure != nil else {
            if given != nil { throw StoreError.valueForBinaryHabit(habit: name) }
            return nil
        }
        guard let value = given ?? (orTarget ? target : nil) else { throw StoreError.valueRequired(habit: name) }
        return value
    }
}

/// The ONE get-or-create path for habits and measures (SPEC §5.3).
///
/// Import, run steps, `log` and CSV import all resolve habits through this type, always
/// inside the transaction of the write that needs it, so a habit or a measure is never
/// duplicated and a failed write leaves no habit behind. It caches rows by key for the
/// life of one transaction (a 365,000-row CSV import asks 100 habits 3,650 times each).
struct HabitResolver {
    let db: Database
    let now: Date
    private var cache: [HabitKey: HabitRow] = [:] {
        didSet {
            last = nil
            lastEntry = nil
        }
    }
    /// The same rows by the name exactly as given: skips folding on repeated spellings.
    private var rawCache: [String: HabitRow] = [:]
    /// The last name found and its row, while no row has changed since: a CSV file
    /// names one habit many rows in a row, and two hashed lookups a row were 7 % of a
    /// 365,000-row import.
    private var last: (name: String, row: HabitRow)?
    /// What `entryHabit` needs of the last habit an entry was resolved for, while no row
    /// has changed since: a row of a CSV file then costs a string comparison, not copies
    /// of the cached `HabitRow` (870 instructions a row of a 365,000-row import).
    private var lastEntry: LastEntryHabit?

    private struct LastEntryHabit {
        var name: String
        var id: Int64
        var isQuantity: Bool
        var target: Double?
        /// A unit text given with this name that matched the habit's measure.
        var acceptedUnit: String?

        /// The value `habitForEntry` returns for these, or nil where it may throw (the
        /// full path then throws as it did).
        func value(_ given: Double?, unit: String?) -> Double?? {
            if let unit, unit != acceptedUnit { return nil }
            if let given, !Quantity.isAllowed(given) { return nil }
            guard isQuantity else { return given == nil ? .some(nil) : nil }
            guard let resolved = given ?? target else { return nil }
            return .some(resolved)
        }
    }
    /// Shown names of the habits created through this resolver, in creation order.
    private(set) var created: [String] = []
    /// Schedules of existing habits that declarations changed, in order.
    private(set) var scheduleChanges: [ScheduleChange] = []

    init(db: Database, now: Date) {
        self.db = db
        self.now = now
    }

    /// The display name of a habit, or `invalidHabitName`: 1–200 characters after
    /// folding (counted as `HabitName.length` counts), no control characters (NUL included).
    static func validName(_ name: String) throws -> String {
        let display = HabitName.display(name)
        guard !display.isEmpty, HabitName.length(display) <= HabitName.maxLength,
            TerminalText.firstControl(in: display) == nil
        else { throw StoreError.invalidHabitName(name) }
        return display
    }

    /// The type given to a unit named without one (`routine log Run 5 --unit km`).
    static func defaultType(forUnit unit: String) -> String {
        switch unit {
        case "km", "m", "mi": "distance"
        case "min", "h", "s": "time"
        case "kg", "g", "lb": "mass"
        case "l", "ml", "glasses", "cups": "volume"
        case "kcal": "energy"
        default: "count"
        }
    }

    /// The measure of a plain count (`routine log Push-ups 20`).
    static let countMeasure = Measure(unit: "count", type: "count")

    // MARK: - Lookup

    /// The habit with this name's key, if it exists.
    mutating func find(_ name: String) throws -> HabitRow? {
        if let last, last.name == name { return last.row }
        let found = try findKept(name)
        if let found { last = (name, found) }
        return found
    }

    private mutating func findKept(_ name: String) throws -> HabitRow? {
        if let row = rawCache[name], cache[row.key] == row { return row }
        let key = HabitKey(name)
        if let row = cache[key] {
            rawCache[name] = row
            return row
        }
        let row = try Self.lookup(db, key: key)
        if let row {
            cache[key] = row
            rawCache[name] = row
        }
        return row
    }

    /// The habit with this name, read without a resolver: for paths that only look a
    /// habit up and so need no clock (a resolver creates habits, stamped with its `now`).
    static func lookup(_ db: Database, _ name: String) throws -> HabitRow? {
        try lookup(db, key: HabitKey(name))
    }

    private static func lookup(_ db: Database, key: HabitKey) throws -> HabitRow? {
        try HabitWithMeasure.fetchOne(db, where: "WHERE h.name_key = ?", arguments: [key])?.row
    }

    /// Get-or-create of a measure: (canonical unit, type) compared case-insensitively.
    func measureID(_ measure: Measure) throws -> Int64 {
        let canonical = measure.canonical
        if let id = try MeasureRecord.filter(
            MeasureRecord.Columns.unit == canonical.unit && MeasureRecord.Columns.type == canonical.type
        ).fetchOneChecked(db)?.id {
            return id
        }
        var record = MeasureRecord(unit: canonical.unit, type: canonical.type)
        try record.insert(db)
        return record.id ?? db.lastInsertedRowID
    }

    /// The measure for a unit named without a type: an existing measure with that unit
    /// (the oldest) if there is one, else the unit with its default type.
    func measure(forUnit unit: String) throws -> Measure {
        let canonical = UnitName.canonical(unit)
        if let oldest = try MeasureRecord.filter(MeasureRecord.Columns.unit == canonical)
            .order(MeasureRecord.Columns.id).fetchOneChecked(db)
        {
            return Measure(unit: canonical, type: oldest.type)
        }
        return Measure(unit: canonical, type: Self.defaultType(forUnit: canonical))
    }

    // MARK: - Get-or-create

    /// Creates a habit (the caller has checked that none exists with this key).
    private mutating func create(
        _ name: String, measure: Measure?, target: Double?, weekly: Double?, schedule: Schedule? = nil,
        dayTarget: DayTarget? = nil
    ) throws -> HabitRow {
        let display = try Self.validName(name)
        try Self.checkFrequency(schedule, habit: display)
        if let dayTarget, let problem = DayTargetRule.problem(dayTarget, isQuantity: measure != nil) {
            throw StoreError.invalidDayTarget(habit: display, problem: problem)
        }
        let canonical = measure.map(\.canonical)
        var measureID: Int64?
        if let canonical { measureID = try self.measureID(canonical) }
        var record = HabitRecord(
            id: nil, name: display, nameKey: HabitKey(display), measureID: measureID, target: target, weekly: weekly,
            createdAt: StoredInstant(now), schedule: schedule, archivedAt: nil, dayTarget: dayTarget)
        try record.insert(db)
        let row = HabitRow(
            id: record.id ?? db.lastInsertedRowID, name: display, key: HabitKey(display), measureID: measureID,
            measure: canonical, target: target, weekly: weekly, schedule: schedule, dayTarget: dayTarget)
        cache[row.key] = row
        created.append(display)
        return row
    }

    /// A habit used by a routine node without a declaration: reused as it is, else
    /// created binary.
    mutating func habitForNode(_ name: String) throws -> HabitRow {
        if let row = try find(name) { return row }
        return try create(name, measure: nil, target: nil, weekly: nil)
    }

    /// A habit declared under a routine's `habits:`. The declared measure must match the
    /// stored one (no measure means binary); a binary habit with no entries at all may
    /// gain a measure. Declared `target`/`weekly` values replace stored ones; absent ones
    /// leave them as they are. A declared schedule (or frequency) replaces the stored one,
    /// and a change is kept in `scheduleChanges` (the import says so); so does a declared
    /// day target (SPEC §18.1).
    mutating func habitForDeclaration(_ spec: HabitSpec) throws -> HabitRow {
        let declared = spec.measure.map(\.canonical)
        guard var row = try find(spec.name) else {
            return try create(
                spec.name, measure: declared, target: spec.target, weekly: spec.weekly, schedule: spec.schedule,
                dayTarget: spec.dayTarget)
        }
        if !Measure.same(row.measure, declared) {
            var upgradable = false
            if row.measure == nil, declared != nil {
                upgradable = try EntryRecord.all().of(habit: row.id).isEmpty(db)
            }
            guard upgradable, let declared else {
                throw StoreError.measureConflict(habit: row.name, existing: row.measure, new: declared)
            }
            let id = try measureID(declared)
            try HabitRecord.filter(key: row.id).updateAll(db, HabitRecord.Columns.measureID.set(to: id))
            row.measureID = id
            row.measure = declared
        }
        if spec.target != nil || spec.weekly != nil {
            row.target = spec.target ?? row.target
            row.weekly = spec.weekly ?? row.weekly
            try HabitRecord.filter(key: row.id).updateAll(
                db, HabitRecord.Columns.target.set(to: row.target), HabitRecord.Columns.weekly.set(to: row.weekly))
        }
        if let schedule = spec.schedule, schedule != row.schedule {
            try setSchedule(of: &row, to: schedule)
        }
        if let target = spec.dayTarget, target != row.dayTarget {
            try Self.setDayTarget(db, of: &row, to: target)
        }
        cache[row.key] = row
        return row
    }

    /// The habit and value of a new entry, by SPEC §5.4's rules (shared by `log`, CSV
    /// import and run steps): a new habit is quantity when a value is given (in `unit`,
    /// else a plain count), binary otherwise; a value for a binary habit, a missing value
    /// for a quantity habit without target, or a unit other than the habit's is an error.
    mutating func habitForEntry(_ name: String, value: Double?, unit: String?) throws -> (HabitRow, Double?) {
        if let value, !Quantity.isAllowed(value) {
            throw StoreError.invalidValue(habit: HabitName.display(name), value: value)
        }
        let unitName = unit.map(UnitName.canonical).flatMap { $0.isEmpty ? nil : $0 }
        if let row = try find(name) {
            if let unitName, let measure = row.measure, unitName != UnitName.canonical(measure.unit) {
                throw StoreError.unitMismatch(habit: row.name, expected: measure.unit, given: unitName)
            }
            let resolved = try row.entryValue(value, orTarget: true)
            if let unitName, row.measure == nil {
                throw StoreError.unitMismatch(habit: row.name, expected: nil, given: unitName)
            }
            return (row, resolved)
        }
        let display = try Self.validName(name)
        guard let value else {
            if unitName != nil { throw StoreError.valueRequired(habit: display) }
            return (try create(display, measure: nil, target: nil, weekly: nil), nil)
        }
        let measure = try unitName.map { try self.measure(forUnit: $0) } ?? Self.countMeasure
        return (try create(display, measure: measure, target: nil, weekly: nil), value)
    }

    /// ``habitForEntry(_:value:unit:)``'s habit id and value, the same or the same error:
    /// a name equal to the last one's, with the same unit or none, is answered from what
    /// was kept of its habit (a bulk load asks for one habit many rows in a row).
    mutating func entryHabit(_ name: String, value: Double?, unit: String?) throws -> (id: Int64, value: Double?) {
        if let lastEntry, lastEntry.name == name, let resolved = lastEntry.value(value, unit: unit) {
            return (lastEntry.id, resolved)
        }
        let (row, resolved) = try habitForEntry(name, value: value, unit: unit)
        lastEntry = LastEntryHabit(
            name: name, id: row.id, isQuantity: row.measure != nil, target: row.target, acceptedUnit: unit)
        return (row.id, resolved)
    }

    /// Whether a habit with this name's key exists (`find`, without copying its row when
    /// it is the last entry's).
    mutating func exists(_ name: String) throws -> Bool {
        if let lastEntry, lastEntry.name == name { return true }
        return try find(name) != nil
    }

    /// Sets a habit's schedule (nil: daily) and records the change.
    mutating func setSchedule(of row: inout HabitRow, to schedule: Schedule?) throws {
        guard let change = try Self.setSchedule(db, of: &row, to: schedule) else { return }
        scheduleChanges.append(change)
        cache[row.key] = row
    }

    /// Sets a habit's schedule (nil: daily); the change, or nil when it had that schedule.
    static func setSchedule(_ db: Database, of row: inout HabitRow, to schedule: Schedule?) throws -> ScheduleChange? {
        try checkFrequency(schedule, habit: row.name)
        guard schedule != row.schedule else { return nil }
        try HabitRecord.filter(key: row.id).updateAll(db, HabitRecord.scheduleAssignments(schedule))
        let change = ScheduleChange(habit: row.name, from: row.schedule, to: schedule)
        row.schedule = schedule
        return change
    }

    /// A frequency stored must read back (a damaged row otherwise): 1 ≤ N ≤ P ≤ 366.
    static func checkFrequency(_ schedule: Schedule?, habit: String) throws {
        if case .per(let n, let p) = schedule, Schedule.frequency(n, p) == nil {
            throw StoreError.invalidFrequency(habit: habit, times: n, period: p)
        }
    }

    /// Sets a habit's day target (nil: none); false when it had that target. A target is
    /// checked here as a file's is (SPEC §18.1): finite, ≥ 0, at most `Quantity.maximum`,
    /// whole for a binary habit (a count of entries), above 0 for `at-least`.
    @discardableResult
    static func setDayTarget(_ db: Database, of row: inout HabitRow, to target: DayTarget?) throws -> Bool {
        if let target, let problem = DayTargetRule.problem(target, isQuantity: row.measure != nil) {
            throw StoreError.invalidDayTarget(habit: row.name, problem: problem)
        }
        guard target != row.dayTarget else { return false }
        try HabitRecord.filter(key: row.id).updateAll(db, HabitRecord.Columns.dayTarget.set(to: target))
        row.dayTarget = target
        return true
    }
}
