import EndToEndSupport
import Foundation
import Testing

/// `insights` (SPEC §14.3) with the real binary on the fixed clock (2026-11-22).
@Suite(.serialized) struct InsightsCommandTests {
    /// 40 days from 2026-10-01: Walk (a habit in no routine, so due daily) on even days;
    /// the answer is Great! after a walk on 16 of 20 days and after none on 4 of 20. The
    /// first 20 answers were given when the question read "How do you feel?".
    private func setUp() throws -> EndToEnd {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        var answers = ["uid,dayKey,routine,node,question,answer,option,timestamp,timeZone"]
        var entries = ["habit,dayKey"]
        let start = try #require(ISO8601DateFormatter().date(from: "2026-10-01T12:00:00Z"))
        func day(_ n: Int) -> String {
            String(ISO8601DateFormatter().string(from: start.addingTimeInterval(Double(n) * 86_400)).prefix(10))
        }
        for n in 0..<41 {
            if n % 2 == 0 { entries.append("Walk,\(day(n))") }
            guard n >= 1 else { continue }
            let afterWalk = (n - 1) % 2 == 0
            let great = afterWalk ? (n % 10 != 1) : (n % 10 == 2)
            let text = n <= 20 ? "How do you feel?" : ""
            answers.append(",\(day(n)),morning-checkin,feeling,\(text),\(great ? "Great!" : "Okay"),,,")
        }
        try e2e.ok(["import-answers", try e2e.folder.write("a.csv", answers.joined(separator: "\n"))])
        try e2e.ok(["import-entries", try e2e.folder.write("e.csv", entries.joined(separator: "\n"))])
        return e2e
    }

    @Test func findingsAreSentencesSortedByPWithCounts() throws {
        let e2e = try setUp()
        let text = try e2e.ok(["insights", "feeling"])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            lines.first == "From 40 answered days, sorted by p (Fisher's exact test; at least 5 days on each side):")
        #expect(
            lines.dropFirst().first
                == "1. After days you did Walk, you answered “Great!” to “How are you feeling today?” 16 of 20 times (80%), against 4 of 20 (20%) after days you did not (p < 0.001)."
        )
        let json = try #require(try e2e.json(["insights", "--format", "json"]) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(json["answeredDays"] as? Int == 40 && json["minimumDays"] as? Int == 5)
        // The question renamed between versions is still one question (by its node).
        #expect(Set(findings.compactMap { $0.string("node") }) == ["feeling"])
        #expect(findings.count == 4)
        let ps = findings.compactMap { $0["p"] as? Double }
        #expect(ps == ps.sorted() && ps.count == 4)
        let first = findings[0]
        #expect(first.string("kind") == "day-before" && first["with"] as? Int == 16 && first["withDays"] as? Int == 20)
    }

    @Test func tooLittleDataSaysSo() throws {
        let e2e = try EndToEnd()
        #expect(
            try e2e.ok(["insights"])
                == "No answers yet: insights relate the answers you give in runs to the habits you do.\n")
        try e2e.importBundled(["morning-checkin"])
        try e2e.run(["run", "morning-checkin"], input: EndToEnd.lines(["1", "y", "y", "y"]))
        #expect(
            try e2e.ok(["insights"])
                == "Not enough data yet in 1 answered day: a finding needs at least 5 days on each side; the closest needs 9 more days of answers.\n"
        )
        let json = try #require(try e2e.json(["insights", "--format", "json"]) as? [String: Any])
        #expect((json["findings"] as? [Any])?.isEmpty == true && json["daysNeeded"] as? Int == 9)
    }
}
