import RoutineStore

// The plain values the store reads out and the application layer hands on, named here so
// that a front end names them without importing RoutineStore (it depends on RoutineApp
// only, docs/architecture.md). Each is a `Sendable` value with no database inside: what
// a row says, not a row. Their definitions stay beside the queries that fill them.

/// A `habit_entry` row's id.
public typealias EntryID = RoutineStore.EntryID
/// A `goal` row's id.
public typealias GoalID = RoutineStore.GoalID
/// A run's id.
public typealias RunID = RoutineStore.RunID
/// A habit as stored.
public typealias HabitInfo = RoutineStore.HabitInfo
/// Whether a habit is done / not done or measured.
public typealias HabitKind = RoutineStore.HabitKind
/// One entry, as `entries` lists it.
public typealias EntryInfo = RoutineStore.EntryInfo
/// One correction to an entry (`edit`).
public typealias EntryCorrection = RoutineStore.EntryCorrection
/// A goal with its linked habits.
public typealias GoalInfo = RoutineStore.GoalInfo
/// A pause (SPEC §10.3).
public typealias PauseInfo = RoutineStore.PauseInfo
/// A run as `runs` lists it.
public typealias RunInfo = RoutineStore.RunInfo
/// One recorded answer.
public typealias StepInfo = RoutineStore.StepInfo
/// A question that has answers, and where it is asked.
public typealias KnownQuestion = RoutineStore.KnownQuestion
/// The answer that stands for one day.
public typealias AnswerDay = RoutineStore.AnswerDay
/// A routine as stored, at one version.
public typealias StoredRoutine = RoutineStore.StoredRoutine
/// A stored routine's summary (`list`).
public typealias RoutineSummary = RoutineStore.RoutineSummary
/// What `import` did.
public typealias ImportResult = RoutineStore.ImportResult
/// What `import-entries` did.
public typealias EntryImportResult = RoutineStore.EntryImportResult
/// What `import-entries` of answers did.
public typealias AnswerImportResult = RoutineStore.AnswerImportResult
/// The store's failures, each one line (`message`) a front end shows as it is.
public typealias StoreError = RoutineStore.StoreError
/// The files a store is made of.
public typealias StoreFiles = RoutineStore.StoreFiles
/// This store as a sync device.
public typealias SyncIdentity = RoutineStore.SyncIdentity
