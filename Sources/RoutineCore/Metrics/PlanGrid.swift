/// The grid of `routine plan` (SPEC §13.3): for each habit of each routine (then the
/// habits in no routine), how it stands on each of the next days. RoutineCLI draws it
/// (`PlanGrid+Text.swift`: the grid of symbols and its JSON).
public struct PlanGrid: Sendable {
    /// One habit on one day.
    public struct Cell: Sendable, Equatable {
        /// What a run would ask on the day (days after today).
        public var outlook: NodeOutlook
        /// The ledger's state (SPEC §17.1), for today and the days before it.
        public var state: DayState?

        public init(_ outlook: NodeOutlook, state: DayState? = nil) {
            self.outlook = outlook
            self.state = state
        }

        /// A cell of a day the ledger states.
        public init(state: DayState) {
            self.init(.notDue(reason: state.detail ?? state.name), state: state)
        }
    }

    public struct Row: Sendable {
        public var habit: String
        /// Aligned with `PlanGrid.days`.
        public var cells: [Cell]

        public init(habit: String, cells: [Cell]) {
            self.habit = habit
            self.cells = cells
        }
    }

    /// A routine's rows, or (routine nil) the habits in no routine.
    public struct Group: Sendable {
        public var routine: String?
        public var rows: [Row]

        public init(routine: String?, rows: [Row]) {
            self.routine = routine
            self.rows = rows
        }
    }

    public var days: [DayKey]
    public var groups: [Group]

    public init(days: [DayKey], groups: [Group]) {
        self.days = days
        self.groups = groups
    }
}
