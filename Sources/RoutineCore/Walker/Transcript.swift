/// The JSON transcript of a run (SPEC §4.6), printed by `routine run --format json`
/// when the run stops:
///
///     {"run":"…","routine":"morning-checkin","dayKey":"2026-11-22","status":"completed","dryRun":false,
///      "steps":[{"node":"feeling","kind":"question","prompt":"How are you feeling today?","answer":"Great!"},
///               {"node":"meditate","kind":"habit","habit":"Meditate","answer":"done","value":10}],
///      "entries":[{"habit":"Meditate","dayKey":"2026-11-22","value":10}]}
///
/// Keys in exactly that order. A question step has `prompt`, a habit step `habit`;
/// `value` appears only on a step that recorded a quantity, `reason` only on a
/// `not-due` step (SPEC §10.4). Entries carry `value`
/// always, `null` for a binary habit. A value: RoutineCLI writes it on one line, no
/// spaces (`Transcript+JSON`).
public struct Transcript: Sendable, Equatable {
    public var run: String
    public var routine: String
    public var dayKey: DayKey
    public var status: RunStatus
    public var dryRun: Bool
    public var steps: [Step]
    public var entries: [EntryDraft]

    public init(
        run: String, routine: String, dayKey: DayKey, status: RunStatus, dryRun: Bool, steps: [Step],
        entries: [EntryDraft]
    ) {
        self.run = run
        self.routine = routine
        self.dayKey = dayKey
        self.status = status
        self.dryRun = dryRun
        self.steps = steps
        self.entries = entries
    }

    /// The transcript of a walker as it stands: its steps, entries and status.
    public init(run: String, walker: Walker, dryRun: Bool) {
        self.init(
            run: run, routine: walker.routine.slug, dayKey: walker.dayKey, status: walker.status, dryRun: dryRun,
            steps: walker.steps, entries: walker.entries)
    }
}
