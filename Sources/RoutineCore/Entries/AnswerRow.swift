import Foundation

/// One recorded answer as a file gives it (SPEC §14.2), every field that needs no
/// database already checked: a day in range, a known time zone, a uid, texts free of
/// control characters. The store checks the rest (the routine exists, the node is one
/// of its questions, uids already stored). The same type comes out of the store for
/// `answers --format csv`.
public struct AnswerRow: Sendable, Equatable {
    public var uid: UUID?
    public var dayKey: DayKey
    /// The routine's slug.
    public var routine: String
    /// The question's node id.
    public var node: String
    /// The question text as asked; nil takes the routine's current text.
    public var question: String?
    /// The chosen option's text: kept as written, even when the routine no longer offers it.
    public var answer: String
    /// The option's 1-based position when it was chosen, if known.
    public var option: Int?
    public var timestamp: Date
    public var timeZone: String
    /// What the person wrote with the answer (Daylio's note, SPEC §18.2), or nil. Not a
    /// column of the answers CSV.
    public var note: String?
    /// The 1-based line of the source, for error messages (0 when none).
    public var line: Int

    public init(
        uid: UUID?, dayKey: DayKey, routine: String, node: String, question: String?, answer: String, option: Int?,
        timestamp: Date, timeZone: String, note: String? = nil, line: Int = 0
    ) {
        self.uid = uid
        self.dayKey = dayKey
        self.routine = routine
        self.node = node
        self.question = question
        self.answer = answer
        self.option = option
        self.timestamp = timestamp
        self.timeZone = timeZone
        self.note = note
        self.line = line
    }

    /// The columns of the answers CSV, in order (1-based column numbers in errors follow it).
    public static let header = [
        "uid", "dayKey", "routine", "node", "question", "answer", "option", "timestamp", "timeZone",
    ]

    /// The 1-based column of a field the store can refuse a row for.
    public static func column(_ name: String) -> Int {
        (header.firstIndex(of: name) ?? 0) + 1
    }
}

/// Checked answer rows, read one at a time (as `EntryRowSource` for entries): a load of a
/// million answers streams through the store's transaction without holding every row,
/// and the first bad row, whether the source or the store refuses it, is the one reported.
public protocol AnswerRowSource {
    /// The next row, nil at the end; throws the source's own error for a row it cannot
    /// read (the store lets it through unchanged and writes nothing).
    mutating func next() throws -> AnswerRow?
}

/// Answer rows already in memory, as a source.
public struct AnswerRowList: AnswerRowSource {
    private var rows: [AnswerRow]
    private var index = 0

    public init(_ rows: [AnswerRow]) {
        self.rows = rows
    }

    public mutating func next() throws -> AnswerRow? {
        guard index < rows.count else { return nil }
        defer { index += 1 }
        return rows[index]
    }
}
