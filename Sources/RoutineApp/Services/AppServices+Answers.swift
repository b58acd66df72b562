import Foundation
import RoutineCore
import RoutineStore

/// Recorded answers as front ends read them: the questions, the answer standing for each
/// day, and the insights over them.
extension AppServices {
    /// Every question of the routines' latest versions, then every other question with recorded answers.
    public func knownQuestions() throws -> [KnownQuestion] { try store.answers.knownQuestions() }

    /// The standing answer of each day at each question (SPEC §14: the last live one recorded that day), ordered by
    /// routine, node and day.
    public func standingAnswers(
        routine: String? = nil, node: String? = nil, from: DayKey? = nil, to: DayKey? = nil
    ) throws -> [AnswerDay] {
        try store.answers.standingAnswers(routine: routine, node: node, from: from, to: to)
    }

    /// Live recorded answers (SPEC §14.2), by day then time.
    public func answers(
        routine: String? = nil, node: String? = nil, from: DayKey? = nil, to: DayKey? = nil
    ) throws -> [StepInfo] {
        try store.answers.all(routine: routine, node: node, from: from, to: to)
    }

    /// The answers `answers(routine:node:from:to:)` returns, in the same order, handed to `body` one at a time as
    /// SQLite steps through them.
    public func eachAnswer(
        routine: String? = nil, node: String? = nil, from: DayKey? = nil, to: DayKey? = nil,
        _ body: (StepInfo) throws -> Void
    ) throws {
        try store.answers.eachAnswer(routine: routine, node: node, from: from, to: to, body)
    }

    /// Loads answers (SPEC §14.2) in one transaction.
    public func importAnswers(_ rows: [AnswerRow]) throws -> AnswerImportResult {
        try store.answers.importAnswers(rows)
    }

    /// `importAnswers(_:)` over rows read one at a time (`import-answers` of a file: a million rows are never all in
    /// memory).
    public func importAnswers(from source: inout some AnswerRowSource) throws -> AnswerImportResult {
        try store.answers.importAnswers(from: &source)
    }
}
