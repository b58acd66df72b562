/// When a habit is due (SPEC §10.1, §18.1): on some weekdays, or every N days, or N
/// done days in every P, or (no schedule) every day. A property of the habit, like its
/// measure. The three exclude each other, so they are one value.
public enum Schedule: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Due only on these weekdays of the DayKey (non-empty; kept sorted, no duplicates).
    case days([Weekday])
    /// Due on D unless the habit has a live entry on one of the N−1 DayKeys before D.
    case every(Int)
    /// A frequency (SPEC §18.1, `per: N/P`): at least N done days in every P consecutive
    /// DayKeys (1 ≤ N ≤ P ≤ 366). Due on D while fewer than N of the P − 1 DayKeys before
    /// D are done. `weekly: N` is `per(N, 7)`, `monthly: N` is `per(N, 30)`.
    case per(Int, Int)

    /// Whether due-ness reads the habit's past days (`every: N` with N > 1, a frequency
    /// over more than one day): unknown where no history is known.
    public var readsHistory: Bool {
        switch self {
        case .days: false
        case .every(let n): n > 1
        case .per(_, let p): p > 1
        }
    }

    /// The largest period `per` takes.
    public static let maximumPeriod = 366

    /// A frequency when N and P are in range; nil otherwise.
    public static func frequency(_ times: Int, _ period: Int) -> Schedule? {
        guard times >= 1, times <= period, period <= maximumPeriod else { return nil }
        return .per(times, period)
    }

    /// The period's name in figures: `week` for 7, else `P days`.
    public static func periodName(_ period: Int) -> String {
        switch period {
        case 1: "day"
        case 7: "week"
        default: "\(period) days"
        }
    }

    /// A `days` schedule from any order of weekdays (sorted, duplicates dropped); nil when empty.
    public static func on(_ days: [Weekday]) -> Schedule? {
        let sorted = Array(Set(days)).sorted()
        return sorted.isEmpty ? nil : .days(sorted)
    }

    /// As shown to people: `mon, wed, fri`, `every 3 days`.
    public var description: String {
        switch self {
        case .days(let days): days.map(\.description).joined(separator: ", ")
        case .every(1): "every day"
        case .every(let n): "every \(n) days"
        case .per(let n, let p): "\(n) per \(Self.periodName(p))"
        }
    }

    /// The span of days its due-ness reads, D included (`every: N`: N; `per: N/P`: P;
    /// weekdays: none): how far back a window of days must read for D to be decided.
    public var span: Int {
        switch self {
        case .every(let n): n
        case .per(_, let p): p
        case .days: 0
        }
    }

    /// The text kept in the store: `days:mon,wed,fri` or `every:3`. Also used in JSON.
    public var storedText: String {
        switch self {
        case .days(let days): "days:" + days.map(\.description).joined(separator: ",")
        case .every(let n): "every:\(n)"
        case .per(let n, let p): "per:\(n)/\(p)"
        }
    }

    /// Reads `storedText` back; nil for anything else (a damaged store).
    public init?(storedText text: String) {
        if text.hasPrefix("per:") {
            let parts = text.dropFirst("per:".count).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let n = Int(parts[0]), let p = Int(parts[1]),
                let schedule = Schedule.frequency(n, p)
            else { return nil }
            self = schedule
            return
        }
        if text.hasPrefix("every:") {
            guard let n = Int(text.dropFirst("every:".count)), n >= 1 else { return nil }
            self = .every(n)
            return
        }
        guard text.hasPrefix("days:") else { return nil }
        let names = text.dropFirst("days:".count).split(separator: ",", omittingEmptySubsequences: false)
        var days: [Weekday] = []
        for name in names {
            guard let day = Weekday(name: String(name)), !days.contains(day) else { return nil }
            days.append(day)
        }
        guard let schedule = Schedule.on(days) else { return nil }
        self = schedule
    }

    /// How a change reads in one line: `mon, wed, fri -> tue, thu`; `daily` for no schedule.
    public static func describe(_ schedule: Schedule?) -> String {
        schedule?.description ?? "daily"
    }
}

extension Schedule: StoredText {
    public static var storedTextKind: String { "a schedule" }
}
