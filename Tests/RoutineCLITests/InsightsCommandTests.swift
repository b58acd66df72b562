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
        try e2e.ok(["import-entries", "--new", try e2e.folder.write("e.csv", entries.joined(separator: "\n"))])
        return e2e
    }

    @Test func findingsAreSentencesSortedByPWithCounts() throws {
        let e2e = try setUp()
        let text = try e2e.ok(["insights", "feeling"])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "From 40 answered days, findings with q ≤ 0.10, sorted by p (Fisher's exact test; q: Benjamini–Hochberg over 2; at least 5 days on each side):"
        )
        #expect(
            lines.dropFirst().first
                == "1. After days you did Walk, you answered “Great!” to “How are you feeling today?” 16 of 20 times (80%), against 4 of 20 (20%) after days you did not (p < 0.001, q < 0.001)."
        )
        let json = try #require(try e2e.json(["insights", "--format", "json"]) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(json["answeredDays"] as? Int == 40 && json["minimumDays"] as? Int == 5)
        // The question renamed between versions is still one question (by its node).
        #expect(Set(findings.compactMap { $0.string("node") }) == ["feeling"])
        // Great! and Okay mirror each other: each relation once.
        #expect(findings.count == 2)
        let ps = findings.compactMap { $0["p"] as? Double }
        #expect(ps == ps.sorted() && ps.count == 2)
        #expect(findings.allSatisfy { $0["q"] is Double && $0["structure"] is NSNull })
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
        // All answers alike: no number of days helps, and it says why (issue 31).
        #expect(
            try e2e.ok(["insights"])
                == "Every answer to “How are you feeling today?” so far is “Great!”: there is nothing to compare it with.\n"
        )
        let json = try #require(try e2e.json(["insights", "--format", "json"]) as? [String: Any])
        #expect((json["findings"] as? [Any])?.isEmpty == true && json["daysNeeded"] is NSNull)
        #expect((json["alike"] as? [[String: Any]])?.first?["option"] as? String == "Great!")
    }

    @Test func fromAfterToIsAUsageError() throws {
        let e2e = try EndToEnd()
        let result = try e2e.run(["insights", "--from", "2026-11-20", "--to", "2026-11-10"])
        #expect(result.status == 64)
        #expect(result.stderr == "routine: --from 2026-11-20 is after --to 2026-11-10: no days to relate\n")
    }

    /// SPEC §17.6 through the binary: a habit the answer leads to is structure, listed by
    /// --all with its mark; the default lists only findings with q ≤ 0.10.
    @Test func structureIsLeftOutAndAllListsItMarked() throws {
        let e2e = try EndToEnd()
        let routine = """
            routine: energy
            start: [q]
            nodes:
              q:
                question: Energy?
                options:
                  - text: High
                    next: [guitar]
                  - text: Low
              guitar:
                habit: Guitar
            """
        try e2e.ok(["import", try e2e.folder.write("energy.yaml", routine)])
        // High on even days (Guitar asked and done), Low on odd ones, Guitar logged on
        // five of those: due on them too, so both sides pass the gate.
        for n in 1...14 {
            let day = String(format: "2026-11-%02d", n)
            try e2e.ok(["run", "energy", "--day", day], input: EndToEnd.lines(n % 2 == 0 ? ["1", "y"] : ["2"]))
            if n % 2 == 1, n > 3 { try e2e.ok(["log", "Guitar", "--day", day]) }
        }
        let text = try e2e.ok(["insights"])
        #expect(!text.contains("you did Guitar"))
        let all = try e2e.ok(["insights", "--all"])
        #expect(all.contains("you did Guitar") && all.contains("[asked only after this answer]"))
        let json = try #require(try e2e.json(["insights", "--all", "--format", "json"]) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["structure"] as? String == "asked only after this answer" && $0["q"] is NSNull })
    }
}
