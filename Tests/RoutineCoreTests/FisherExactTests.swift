import Foundation
import RoutineCore
import Testing

/// Fisher exact p-values against SciPy 1.17.1 (`scipy.stats.fisher_exact(table,
/// alternative='two-sided').pvalue`), computed once with python3 and pasted here:
/// small tables, lopsided ones, empty margins, and large counts.
@Suite struct FisherExactTests {
    static let reference: [(Int, Int, Int, Int, Double)] = [
        (1, 9, 11, 3, 0.0027594561852200836),
        (8, 2, 1, 5, 0.034965034965034975),
        (0, 5, 5, 0, 0.007936507936507938),
        (3, 1, 1, 3, 0.48571428571428565),
        (5, 5, 5, 5, 1.0),
        (0, 0, 0, 0, 1.0),
        (12, 8, 7, 13, 0.20492715519073312),
        (18, 2, 5, 20, 3.1092263780376942e-06),
        (1, 0, 0, 1, 1.0),
        (0, 10, 0, 10, 1.0),
        (100, 1, 2, 90, 8.022980478813765e-52),
        (1, 99, 0, 100, 1.0),
        (25, 5, 3, 40, 1.4552196533538625e-11),
        (6, 4, 5, 5, 1.0),
        (0, 1, 1, 300, 1.0),
        (7, 0, 0, 7, 0.0005827505827505828),
        (2, 3, 4, 1, 0.5238095238095238),
        (50, 50, 40, 60, 0.20070760013598074),
        (1000, 10, 990, 20, 0.09624137164862964),
        (0, 20, 3, 17, 0.2307692307692308),
    ]

    @Test func matchesSciPy() {
        var fisher = FisherExact()
        for (a, b, c, d, expected) in Self.reference {
            let p = fisher.pValue(a, b, c, d)
            #expect(abs(p - expected) <= 1e-9 * max(expected, 1e-300) + 1e-12, "\([a, b, c, d]): \(p) vs \(expected)")
            // Relative agreement for the tiny ones too.
            #expect(abs(p / expected - 1) < 1e-6, "\([a, b, c, d]): \(p) vs \(expected)")
        }
    }

    @Test func theTableIsSymmetric() {
        var fisher = FisherExact()
        for (a, b, c, d, _) in Self.reference {
            let p = fisher.pValue(a, b, c, d)
            #expect(abs(fisher.pValue(d, c, b, a) - p) <= 1e-12 * max(p, 1e-300) + 1e-15)
            #expect(abs(fisher.pValue(a, c, b, d) - p) <= 1e-9 * max(p, 1e-300) + 1e-15)
        }
    }

    @Test func negativeCountsAreNoEvidence() {
        var fisher = FisherExact()
        #expect(fisher.pValue(-1, 2, 3, 4) == 1)
    }
}
