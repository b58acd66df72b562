/// SPEC §10.5's due-aware daily figures of one habit at D: streaks that only count
/// due DayKeys (a day that is not due neither breaks nor extends a streak) and momentum
/// out of the due days among the last 7.
///
/// For a `days:` schedule and for pauses, the days from the first done day to D are
/// walked once. For `every: N`, a streak is a chain of done DayKeys, each at most N
/// days after the one before, the last at most N−1 days before D (or D itself); paused
/// days are not counted in those gaps. Done DayKeys that are not due count as done
/// nowhere but in week figures (they do not extend a `days:` streak).
struct DueFigures: Equatable, Sendable {
    /// The habit is due on D.
    var due: Bool
    var currentStreak: Int
    var previousStreak: Int
    var bestStreak: Int
    /// Done due DayKeys among D−6…D.
    var momentum: Int
    /// Due DayKeys among D−6…D (momentum's denominator).
    var dueDays: Int

    /// - Parameters:
    ///   - pauses: the pauses of this habit (others are ignored anyway).
    ///   - dueDays: when the day model decides (SPEC §13.6), the due days; they replace
    ///     schedule and pauses for due-ness, momentum and `days:`/daily streaks (`every:`
    ///     streaks stay chains of done days).
    init(
        history: HabitHistory, schedule: Schedule?, pauses: [PauseSpan], habitKey: HabitKey, day d: Int,
        dueDays: DueDays? = nil
    ) {
        let first = min(history.days.first ?? d, d - 6)
        // pausedBefore[i]: paused days among first ..< first + i.
        var paused = [Bool](repeating: false, count: d - first + 1)
        for pause in pauses where pause.applies(to: habitKey) {
            let low = max(pause.from.ordinal, first)
            let high = min(pause.to.ordinal, d)
            if low <= high { for day in low...high { paused[day - first] = true } }
        }
        var pausedBefore = [0]
        pausedBefore.reserveCapacity(paused.count + 1)
        for flag in paused { pausedBefore.append((pausedBefore.last ?? 0) + (flag ? 1 : 0)) }

        func isPaused(_ day: Int) -> Bool { day >= first && day <= d && paused[day - first] }
        func isDue(_ day: Int) -> Bool {
            if let dueDays { return dueDays.isDue(day) }
            var last: DayKey?
            if case .every = schedule { last = history.lastDay(before: day).map(DayKey.init(ordinal:)) }
            return Due.status(
                schedule: schedule, paused: isPaused(day), day: DayKey(ordinal: day), lastDoneBefore: last
            ).isDue
        }

        var dueDays = 0
        var momentum = 0
        for day in (d - 6)...d where isDue(day) {
            dueDays += 1
            if history.isDone(day) { momentum += 1 }
        }
        self.dueDays = dueDays
        self.momentum = momentum
        due = isDue(d)

        if case .every(let n) = schedule {
            // Unpaused days in a+1 ... b (both within first ... d).
            func gap(_ a: Int, _ b: Int) -> Int {
                (b - a) - (pausedBefore[b - first + 1] - pausedBefore[a - first + 1])
            }
            var chains: [Int] = []
            chains.reserveCapacity(history.days.count)
            var best = 0
            for (index, day) in history.days.enumerated() {
                let linked = index > 0 && gap(history.days[index - 1], day) <= n
                let run = linked ? (chains.last ?? 0) + 1 : 1
                chains.append(run)
                best = max(best, run)
            }
            func streak(at end: Int) -> Int {
                guard let index = history.lastIndex(atOrBefore: end) else { return 0 }
                return gap(history.days[index], end) <= n - 1 ? chains[index] : 0
            }
            currentStreak = streak(at: d)
            previousStreak = streak(at: d - 1)
            bestStreak = best
        } else {
            var run = 0
            var best = 0
            var previous = 0
            for day in first...d {
                if day == d { previous = run }
                guard isDue(day) else { continue }
                if history.isDone(day) {
                    run += 1
                    best = max(best, run)
                } else {
                    run = 0
                }
            }
            currentStreak = run
            previousStreak = previous
            bestStreak = best
        }
    }
}
