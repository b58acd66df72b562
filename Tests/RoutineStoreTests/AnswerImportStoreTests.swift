import Foundation
import GRDB
import RoutineCore
import TestSupport
import Testing

@testable import RoutineStore

/// What `importAnswers` resolves once per load rather than per row (issue 32): a
/// question no version of the routine asks takes, on a row without a question text, the
/// text last recorded for it — which a row earlier in the same load may have written.
@Suite struct AnswerImportStoreTests {
    private func row(_ day: Int, question: String?, line: Int) -> AnswerRow {
        AnswerRow(
            uid: nil, dayKey: Fixtures.day.adding(days: -day), routine: "morning-checkin", node: "ghost",
            question: question, answer: "Yes", option: nil, timestamp: Fixtures.instant, timeZone: Fixtures.utc,
            line: line)
    }

    @Test func aQuestionNoVersionAsksTakesTheTextLastRecorded() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.routines.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant)
        // No load can start a node no version asks: refused at its line.
        #expect(throws: StoreError.self) { try store.answers.importAnswers([row(500, question: nil, line: 2)]) }
        // An answer recorded elsewhere (as sync brings one) to a node no version asks.
        try store.write { db in
            try db.execute(
                sql: """
                    INSERT INTO run_step (uid, routine_id, position, node_id, kind, text, outcome, option_text,
                      day_key, recorded_at, time_zone)
                    VALUES (x'00000000000040008000000000000001', (SELECT id FROM routine), 0, 'ghost',
                      'question', 'Ghost?', 'answered', 'Yes', '2020-01-01', '2020-01-01T07:00:00Z', 'UTC')
                    """)
        }
        var rows = [row(400, question: nil, line: 2), row(399, question: "Spectre?", line: 3)]
        rows += (4...300).map { row(400 - $0, question: nil, line: $0) }
        #expect(try store.answers.importAnswers(rows) == AnswerImportResult(imported: 299, alreadyPresent: 0))
        let texts = try store.answers.all(node: "ghost").map(\.text)
        #expect(texts.count == 300)
        #expect(texts.filter { $0 == "Ghost?" }.count == 2)
        #expect(texts.filter { $0 == "Spectre?" }.count == 298)
    }
}
