import RoutineCore
import TestSupport
import Testing

@testable import RoutineApp

/// `VerdictColumn` (a habit's verdicts by day: codes into a palette of its distinct
/// verdicts up to the last dense day, later days in a dictionary) keeps on every day the
/// best verdict added (SPEC §17.1's order: the lowest rank; the first of equal ranks), as
/// a plain dictionary folding the same verdicts says, whatever their order (many distinct
/// verdicts, several of one rank with different reasons).
@Suite struct VerdictColumnTests {
    private static let verdicts: [Verdict] =
        [
            .skipped, .declined, .later, .due, .possible("answer: mood"), .possible("when: x > 1"),
            .optional("schedule: mon"), .notDue(.branchNotTaken), .notDue(.schedule("schedule: tue")),
            .notDue(.schedule("schedule: wed")), .notDue(.frequencyMet("frequency met: 2 of 3 this week")),
            .notDue(.condition("when: weekday in [sat]")), .notDue(.archived),
        ] + (1...8).map { .notDue(.frequencyMet("frequency met: \($0) of 9 this week")) }

    @Test(arguments: [UInt64(3), 17, 41])
    func eachDayKeepsItsBestVerdict(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        Self.fold(&g, byCode: false) { g in
            // Runs of one verdict (as a habit's days give them), and others between.
            Self.verdicts[g.below(3) == 0 ? g.below(Self.verdicts.count) : 3 + g.below(2)]
        }
    }

    /// Verdicts added by the code `code(of:)` gave them (a habit by hand's weekdays) keep
    /// the same best verdict per day as the verdicts added themselves, mixed with them, on
    /// dense and sparse days; the codes of verdicts without a payload and with one are
    /// stable and name their verdict.
    @Test(arguments: [UInt64(5), 23, 47])
    func verdictsAddedByCodeKeepTheBest(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        Self.fold(&g, byCode: true) { g in Self.verdicts[g.below(Self.verdicts.count)] }
    }

    /// Adds 400 verdicts from `next` on random days to a random column (with `byCode`, half
    /// of them by their code) and checks every day's verdict against a plain dictionary
    /// folding the same verdicts.
    private static func fold(_ g: inout SeededGenerator, byCode: Bool, next: (inout SeededGenerator) -> Verdict) {
        let first = 700 + g.below(10)
        let count = g.below(60)
        var column = VerdictColumn(first: first, count: count)
        var reference: [Int: Verdict] = [:]
        for _ in 0..<400 {
            let day = 690 + g.below(90)
            let verdict = next(&g)
            if byCode, g.below(2) == 0 {
                let code = column.code(of: verdict)
                #expect(column.code(of: verdict) == code)
                #expect(column.palette[Int(code) - 1] == verdict)
                column.add(code: code, on: day)
            } else {
                column.add(verdict, on: day)
            }
            guard day >= first else { continue }
            if let known = reference[day], known.rank <= verdict.rank { continue }
            reference[day] = verdict
        }
        for day in 680..<790 {
            #expect(column.verdict(on: day) == reference[day], "day \(day)")
        }
        #expect(column.denseCount == count)
        #expect(Set(column.palette).count == column.palette.count)
    }
}
