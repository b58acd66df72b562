/// What the short forms of the day's overview (SPEC §20) name: what is still to do
/// today — open or left for later — never what is done, paused or not due. Their text
/// (`today --short`, `remind`) is drawn by RoutineCLI (`TodayOverview+Text`).
extension TodayOverview {
    /// A habit still to do, `later` when it was left for later in a run (§17.4).
    public struct Left: Sendable, Equatable {
        public var name: String
        public var later: Bool
    }

    /// A section's habits still to do today, in its order.
    public static func left(_ section: Section) -> [Left] {
        section.items.filter { [.open, .later].contains($0.state) }.map {
            Left(name: $0.name, later: $0.state == .later)
        }
    }

    /// Every habit still to do today, each once (a habit in two routines is one habit),
    /// in the order the overview lists them.
    public var left: [Left] {
        var seen: Set<HabitKey> = []
        var result: [Left] = []
        for section in sections {
            for item in section.items where [.open, .later].contains(item.state) {
                guard seen.insert(item.stats.habit.key).inserted else { continue }
                result.append(Left(name: item.name, later: item.state == .later))
            }
        }
        return result
    }

    /// How many habits are done on the day, each once.
    public var doneCount: Int {
        Set(sections.flatMap { $0.items("done") }.map(\.stats.habit.key)).count
    }
}
