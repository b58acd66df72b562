/// The short forms of the day's overview (SPEC §20): one line for a shell prompt or a
/// status bar (`today --short`), and what a reminder says (`remind`). Both name only
/// what is still to do today — open or left for later — never what is done, paused or
/// not due.
extension TodayOverview {
    /// A habit still to do, `later` when it was left for later in a run (§17.4).
    public struct Left: Sendable, Equatable {
        public var name: String
        public var later: Bool

        /// `Journal`, or `Journal (later)`.
        public var text: String { later ? "\(name) (later)" : name }
    }

    /// A section's habits still to do today, in its order.
    static func left(_ section: Section) -> [Left] {
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

    /// `3 left: Meditate, Journal, Floss · 4 done`; nil when nothing is left to do.
    public var shortLine: String? {
        let left = self.left
        guard !left.isEmpty else { return nil }
        let done = doneCount
        return "\(left.count) left: " + left.map(\.name).joined(separator: ", ") + (done > 0 ? " · \(done) done" : "")
    }

    /// What a reminder says: a line per routine with what is left in it, then the habits
    /// by hand (`By hand: Floss`); empty when nothing is left.
    public var reminderLines: [String] {
        sections.compactMap { section in
            let left = Self.left(section)
            guard !left.isEmpty else { return nil }
            return "\(section.slug ?? "By hand"): " + left.map(\.text).joined(separator: ", ")
        }
    }
}
