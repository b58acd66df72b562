import Foundation

/// What `importRoutine` did.
public struct ImportResult: Sendable, Equatable {
    public enum Outcome: String, Sendable, Equatable {
        /// The slug was new: version 1.
        case created
        /// The slug existed with a different graph or source: a new version.
        case newVersion
        /// The latest version has the same graph and the same source text: nothing written.
        case unchanged
    }

    public var slug: String
    public var outcome: Outcome
    /// The version now latest (the existing one when unchanged).
    public var versionID: Int64
    public var versionNumber: Int
    /// Habits this import created (shown names), in file order of first use.
    public var createdHabits: [String]
    /// Schedules of existing habits that this import changed (SPEC §10.1).
    public var scheduleChanges: [ScheduleChange] = []

    public init(
        slug: String, outcome: Outcome, versionID: Int64, versionNumber: Int, createdHabits: [String],
        scheduleChanges: [ScheduleChange] = []
    ) {
        self.slug = slug
        self.outcome = outcome
        self.versionID = versionID
        self.versionNumber = versionNumber
        self.createdHabits = createdHabits
        self.scheduleChanges = scheduleChanges
    }
}

/// One line of `routine list`.
public struct RoutineSummary: Sendable, Equatable {
    public var slug: String
    /// The latest version's title, or the slug when it has none.
    public var title: String
    public var latestVersion: Int
    public var versionID: Int64
    public var nodeCount: Int
    public var importedAt: Date
    /// When the routine was archived, or nil.
    public var archivedAt: Date? = nil

    public init(
        slug: String, title: String, latestVersion: Int, versionID: Int64, nodeCount: Int, importedAt: Date,
        archivedAt: Date? = nil
    ) {
        self.slug = slug
        self.title = title
        self.latestVersion = latestVersion
        self.versionID = versionID
        self.nodeCount = nodeCount
        self.importedAt = importedAt
        self.archivedAt = archivedAt
    }

    public var isArchived: Bool { archivedAt != nil }
}

/// One stored version of a routine, rebuilt from the relational tables.
public struct StoredRoutine: Sendable, Equatable {
    /// Equal to the `Routine` that was imported for this version.
    public var routine: Routine
    public var versionID: Int64
    public var versionNumber: Int
    /// The YAML text as imported.
    public var source: String
    public var importedAt: Date

    public init(routine: Routine, versionID: Int64, versionNumber: Int, source: String, importedAt: Date) {
        self.routine = routine
        self.versionID = versionID
        self.versionNumber = versionNumber
        self.source = source
        self.importedAt = importedAt
    }
}

/// A habit declared in a routine file with a measure other than the store's.
public struct MeasureConflict: Sendable, Equatable {
    /// The name as declared in the file.
    public var habit: String
    /// The habit's shown name in the store.
    public var storedName: String
    /// The store's measure (nil: binary).
    public var stored: Measure?
    /// The declared measure, canonical (nil: declared without a measure, i.e. binary).
    public var declared: Measure?

    public init(habit: String, storedName: String, stored: Measure?, declared: Measure?) {
        self.habit = habit
        self.storedName = storedName
        self.stored = stored
        self.declared = declared
    }

    /// `habit 'Run' is measured in km (distance) in the store, not min (time)`.
    public var message: String {
        func describe(_ measure: Measure?) -> String {
            measure.map { "\($0.unit) (\($0.type))" } ?? "binary"
        }
        let stored = self.stored.map { "measured in \(describe($0))" } ?? "binary"
        return "habit '\(habit)' is \(stored) in the store, not \(describe(declared))"
    }
}
