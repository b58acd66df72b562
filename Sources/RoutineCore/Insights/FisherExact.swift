import Foundation

/// Fisher's exact test on a 2×2 table (SPEC §14.3), two-sided, computed exactly from
/// the hypergeometric distribution with log-factorials — no normal or chi-square
/// approximation, so a table of 5 days is judged as correctly as one of 5,000.
///
/// For the table `[[a, b], [c, d]]` with its margins fixed, the probability of a table
/// with `x` in the top-left cell is `C(a+b, x) · C(c+d, a+c−x) / C(n, a+c)`. The
/// two-sided p-value is the sum of the probabilities of every table no more likely
/// than the observed one (with a relative tolerance of 1e-7, as R and SciPy use, so
/// that tables equally likely in exact arithmetic are not split by rounding).
public struct FisherExact: Sendable {
    /// `log(k!)` for k in 0…n, summed once: each p-value then costs additions only.
    private var logFactorials: [Double]

    /// A table of log-factorials good for tables of up to `total` days (it grows when
    /// a larger table comes).
    public init(upTo total: Int = 0) {
        logFactorials = [0]
        grow(to: total)
    }

    private mutating func grow(to total: Int) {
        guard total >= logFactorials.count else { return }
        logFactorials.reserveCapacity(total + 1)
        var sum = logFactorials[logFactorials.count - 1]
        for k in logFactorials.count...total {
            sum += log(Double(k))
            logFactorials.append(sum)
        }
    }

    private func logChoose(_ n: Int, _ k: Int) -> Double {
        logFactorials[n] - logFactorials[k] - logFactorials[n - k]
    }

    /// The two-sided p-value of `[[a, b], [c, d]]` (counts ≥ 0; 1 for an empty table
    /// or one with an empty margin).
    public mutating func pValue(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Double {
        guard a >= 0, b >= 0, c >= 0, d >= 0 else { return 1 }
        let row1 = a + b
        let row2 = c + d
        let column1 = a + c
        let total = row1 + row2
        grow(to: total)
        let low = max(0, column1 - row2)
        let high = min(row1, column1)
        guard low < high else { return 1 }
        let denominator = logChoose(total, column1)
        func logP(_ x: Int) -> Double { logChoose(row1, x) + logChoose(row2, column1 - x) - denominator }
        let observed = logP(a)
        let bound = observed + log1p(1e-7)
        var p = 0.0
        for x in low...high {
            let value = logP(x)
            if value <= bound { p += exp(value) }
        }
        return min(1, p)
    }
}
