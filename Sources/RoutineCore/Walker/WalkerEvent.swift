/// A run's status (SPEC §1): the same strings in the store and the transcript.
public enum RunStatus: String, Codable, Sendable, Equatable, CaseIterable {
    case active
    case paused
    case completed
    case aborted
}

/// An entry the run writes (or, in a dry run, would write).
public struct EntryDraft: Codable, Sendable, Equatable {
    /// The habit's shown name.
    public var habit: String
    /// `HabitName.key` of the habit.
    public var habitKey: HabitKey
    public var dayKey: DayKey
    /// The quantity recorded; nil for a binary habit.
    public var value: Double?
    /// The node whose prompt recorded it.
    public var node: String
    /// Identifies this entry within the run, for a later `retract`. Tokens count up
    /// from 1 and are never reused within a run, even after `back` (they survive
    /// pause and resume), so a store can key its entries by (run, token).
    public var token: Int

    public init(habit: String, habitKey: HabitKey, dayKey: DayKey, value: Double?, node: String, token: Int) {
        self.habit = habit
        self.habitKey = habitKey
        self.dayKey = dayKey
        self.value = value
        self.node = node
        self.token = token
    }
}

/// What the host must do to the store, in order, before it shows the next prompt.
public enum WalkerEffect: Codable, Sendable, Equatable {
    /// Write this entry.
    case record(EntryDraft)
    /// Soft-delete the entry this run wrote with this token.
    case retract(token: Int)
}

/// The outcome of one line of input.
public enum WalkerEvent: Sendable, Equatable {
    /// The answer was taken. `effects` are the writes to make; `steppedOver` the
    /// habits then stepped over as already done (to show before the next prompt).
    case answered(effects: [WalkerEffect], steppedOver: [Step])
    /// `back` undid the last answer: `effects` retract its entry, if any; the undone
    /// prompt is the current one again (unless fresh knowledge steps over it).
    case wentBack(effects: [WalkerEffect], steppedOver: [Step])
    /// `back` at the first prompt: nothing changed.
    case nothingToUndo
    /// An empty line: never an answer; ask the same prompt again, quietly.
    case ignored
    /// Not an answer to this prompt: show the one-line hint and ask again. Nothing changed.
    case rejected(hint: String)
    /// `help`: show these lines and ask again. Nothing changed.
    case help([String])
    /// `pause`: the run stops here and can be resumed.
    case paused
    /// `abort`: the run ends; entries already recorded stay.
    case aborted

    /// A line to show for events that have one: the hint, "nothing to undo", the help
    /// text (several lines), or a note that the run paused or ended. Nil for answers and
    /// `back` (the next prompt says enough) and for an empty line.
    public var message: String? {
        switch self {
        case .answered, .wentBack, .ignored: nil
        case .nothingToUndo: "nothing to undo"
        case .rejected(let hint): hint
        case .help(let lines): lines.joined(separator: "\n")
        case .paused: "paused; 'routine resume' continues the run"
        case .aborted: "run aborted; what was recorded stays"
        }
    }

    /// The writes this event asks for (empty for most).
    public var effects: [WalkerEffect] {
        switch self {
        case .answered(let effects, _), .wentBack(let effects, _): effects
        default: []
        }
    }
}
