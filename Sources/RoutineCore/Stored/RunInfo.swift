import Foundation

extension RunStatus {
    /// Completed and aborted runs cannot be continued. (`active` is only ever reported
    /// while a live process holds the run's claim: a run recorded `active` whose process
    /// is gone reads as `paused`, SPEC §4.3.)
    public var isFinished: Bool { self == .completed || self == .aborted }
}

/// A run as read from the store, with its effective status.
public struct RunInfo: Sendable, Equatable {
    public var id: RunID
    public var slug: String
    public var versionID: Int64
    public var versionNumber: Int
    public var dayKey: DayKey
    public var timeZone: String
    /// The effective status: `active` only when a live process holds the claim.
    public var status: RunStatus
    /// What the record says (an `active` record of a dead process differs from `status`).
    public var recordedStatus: RunStatus
    public var startedAt: Date
    public var updatedAt: Date
    /// The walker's state, opaque to the store.
    public var state: Data

    public init(
        id: RunID, slug: String, versionID: Int64, versionNumber: Int, dayKey: DayKey, timeZone: String,
        status: RunStatus, recordedStatus: RunStatus, startedAt: Date, updatedAt: Date, state: Data
    ) {
        self.id = id
        self.slug = slug
        self.versionID = versionID
        self.versionNumber = versionNumber
        self.dayKey = dayKey
        self.timeZone = timeZone
        self.status = status
        self.recordedStatus = recordedStatus
        self.startedAt = startedAt
        self.updatedAt = updatedAt
        self.state = state
    }
}

/// An entry a walker step asks the store to write, keyed by the walker's step token so
/// that a later `back` can retract exactly that entry.
public struct RunEntryRecord: Sendable, Equatable {
    public var token: Int
    public var habit: String
    public var value: Double?

    public init(token: Int, habit: String, value: Double?) {
        self.token = token
        self.habit = habit
        self.value = value
    }
}

/// What `applyStep` did.
public enum StepOutcome: Sendable, Equatable {
    /// The step's writes are made.
    case written
    /// Nothing was written: `habit` got a live entry on the run's day since its prompt
    /// was shown (another run, a `log`).
    case alreadyRecorded(habit: String)
}
