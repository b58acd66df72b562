import EndToEndSupport
import Foundation
import RoutineApp
import RoutineCore
import RoutineFile
import RoutineStore
import Testing

/// `answers`, `import-answers` and `answers QUESTION --calendar` (SPEC §14.2) with the
/// real binary on the fixed clock (2026-11-22 06:30 UTC).
@Suite(.serialized) struct AnswersCommandTests {
    private static let header = "uid,dayKey,routine,node,question,answer,option,timestamp,timeZone"

    /// Two real runs: Great! yesterday, Okay today (after a `back` from Not so good).
    private func withTwoRuns() throws -> EndToEnd {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        try e2e.run(["run", "morning-checkin", "--day", "yesterday"], input: EndToEnd.lines(["1", "abort"]))
        try e2e.run(["run", "morning-checkin"], input: EndToEnd.lines(["3", "back", "2", "abort"]))
        return e2e
    }

    @Test func answersByDayAsTextAndJSON() throws {
        let e2e = try withTwoRuns()
        #expect(
            try e2e.ok(["answers", "feeling"]) == """
                How are you feeling today? (morning-checkin/feeling)
                  2026-11-21  Great!
                  2026-11-22  Okay

                """)
        #expect(try e2e.ok(["answers", "how are"]) == (try e2e.ok(["answers", "feeling"])))
        #expect(
            try e2e.ok(["answers", "--from", "today"]) == "2026-11-22  How are you feeling today?  Okay\n")
        let json = try #require(try e2e.json(["answers", "--format", "json"]) as? [[String: Any]])
        #expect(json.map { $0.string("answer") } == ["Great!", "Okay"])
        #expect(json.map { $0["option"] as? Int } == [1, 2])
        #expect(json.allSatisfy { isUUID($0.string("uid") ?? "") && isUUID($0.string("run") ?? "") })
        let noRoutine = try e2e.run(["answers", "--routine", "evening"])
        #expect(noRoutine.status == 1)
        #expect(noRoutine.stderr == "routine: no routine 'evening' asks or has asked a question\n")
        let unknown = try e2e.run(["answers", "feling"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "routine: no question 'feling' in any routine; did you mean 'feeling'?\n")
    }

    @Test func csvRoundTripIsIdempotentByUID() throws {
        let e2e = try withTwoRuns()
        let csv = try e2e.ok(["answers", "--format", "csv"])
        #expect(csv.hasPrefix(Self.header + "\n"))
        #expect(csv.split(separator: "\n").count == 3)
        let file = try e2e.folder.write("answers.csv", csv)
        #expect(try e2e.ok(["import-answers", file]) == "imported 0 answers from \(file); 2 already present\n")

        let other = try EndToEnd()
        try other.importBundled(["morning-checkin"])
        #expect(try other.ok(["import-answers", file]) == "imported 2 answers from \(file)\n")
        #expect(try other.ok(["import-answers", file]) == "imported 0 answers from \(file); 2 already present\n")
        #expect(try other.ok(["answers", "--format", "csv"]) == csv)
    }

    /// `answers --format csv` streams its rows from the store (issue 32); the file is the
    /// one the whole-list path writes (`AnswersCSV.write` of `answers()`): same rows, same
    /// order, same bytes, with and without filters.
    @Test func streamedCSVIsTheWholeListsFile() throws {
        let e2e = try withTwoRuns()
        try yearOfAnswers(e2e)
        let quoted = try e2e.folder.write(
            "quoted.csv",
            [
                Self.header,
                ",2025-03-01,morning-checkin,feeling,\"Feeling, \"\"today\"\"?\",=Okay,2,2025-03-01T08:00:00Z,Europe/Paris",
            ]
            .joined(separator: "\n") + "\n")
        try e2e.ok(["import-answers", quoted])
        let store = try AppDatabase.open(path: e2e.store)
        let whole = AnswersCSV.write(AnswerListing.rows(try store.answers.all()))
        let streamed = try e2e.ok(["answers", "--format", "csv"])
        #expect(streamed == whole)
        #expect(streamed.split(separator: "\n").count == 1 + 2 + 274 + 1)
        #expect(streamed.contains(",\"Feeling, \"\"today\"\"?\",'=Okay,2,"))
        let from = try #require(DayKey("2025-03-01"))
        let to = try #require(DayKey("2025-06-30"))
        let window = AnswersCSV.write(AnswerListing.rows(try store.answers.all(from: from, to: to)))
        #expect(try e2e.ok(["answers", "--format", "csv", "--from", "2025-03-01", "--to", "2025-06-30"]) == window)
        #expect(window.split(separator: "\n").count > 80)
    }

    @Test func badRowsNameTheirLineAndColumnAndImportNothing() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        let good = ",2026-11-20,morning-checkin,feeling,,Great!,1,,"
        let cases: [(String, String)] = [
            ("not-a-uid,2026-11-20,morning-checkin,feeling,,Great!,1,,", "3:1: not a uid"),
            (",2026-13-01,morning-checkin,feeling,,Great!,1,,", "3:2: not a day (YYYY-MM-DD): '2026-13-01'"),
            (
                ",2026-11-20,evening,feeling,,Great!,1,,",
                "3:3: no routine 'evening' in the store: import the routine first"
            ),
            (",2026-11-20,morning-checkin,water,,Great!,1,,", "3:4: routine 'morning-checkin' has no question 'water'"),
            (",2026-11-20,morning-checkin,feeling,,\"Gr\u{1B}eat\",1,,", "3:6: the answer holds the control character"),
            (",2026-11-20,morning-checkin,feeling,,Great!", "3:7: expected 9 fields, found 6"),
            (",2026-11-20,morning-checkin,feeling,,Great!,0,,", "3:7: not an option number"),
        ]
        for (bad, message) in cases {
            let file = try e2e.folder.write("bad.csv", [Self.header, good, bad].joined(separator: "\n") + "\n")
            let result = try e2e.run(["import-answers", file])
            #expect(result.status == 1, "\(bad)")
            #expect(result.stderr.hasPrefix("routine: \(file):\(message)"), "\(result.stderr)")
            #expect(result.stderr.hasSuffix("; nothing was imported\n"), "\(result.stderr)")
            #expect(try e2e.ok(["answers"]) == "No answers yet.\n")
        }
        // An option the routine no longer offers is kept: the text is the truth.
        let file = try e2e.folder.write(
            "old.csv", [Self.header, ",2026-11-20,morning-checkin,feeling,,Meh,,,"].joined(separator: "\n"))
        #expect(try e2e.ok(["import-answers", file]) == "imported 1 answer from \(file)\n")
        #expect(try e2e.ok(["answers"]) == "2026-11-20  How are you feeling today?  Meh\n")
    }

    /// 2025: each day's answer by its day of the year (Great!, Okay, Not so good, none),
    /// and one answer no longer offered.
    private func yearOfAnswers(_ e2e: EndToEnd) throws {
        let options = ["Great!", "Okay", "Not so good"]
        var lines = [Self.header]
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        let start = try #require(formatter.date(from: "2025-01-01"))
        for day in 0..<365 where day % 4 != 3 {
            let date = formatter.string(from: start.addingTimeInterval(Double(day) * 86_400))
            let answer = day == 100 ? "Meh" : options[day % 4]
            lines.append(",\(date),morning-checkin,feeling,,\(answer),,,")
        }
        let file = try e2e.folder.write("year.csv", lines.joined(separator: "\n") + "\n")
        try e2e.ok(["import-answers", file])
    }

    @Test func calendarOfAFixedYear() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        try yearOfAnswers(e2e)
        let calendar = try e2e.ok(["answers", "feeling", "--calendar", "--year", "2025"])
        #expect(
            calendar == """
                How are you feeling today? — 2025 (morning-checkin/feeling)
                    Jan Feb Mar  Apr May Jun  Jul Aug  Sep Oct Nov  Dec
                Mon  ▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■
                Tue  ■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·
                Wed ●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●
                Thu ▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■
                Fri ■▲●·■▲●·■▲●·■▲◆·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·
                Sat ·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●
                Sun ●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲
                ● Great!        91
                ▲ Okay          91
                ■ Not so good   91
                ◆ Meh            1
                · no answer     91

                """, "\(calendar)")
        #expect(calendar.split(separator: "\n").allSatisfy { $0.count <= 80 })
        // On a terminal (here: colour forced), each option has its own colour; the symbols stay.
        try e2e.folder.write("config/routine/config.yaml", "color: always\n")
        let coloured = try e2e.ok(
            ["answers", "feeling", "--calendar", "--year", "2025"], extra: ["NO_COLOR": ""])
        for code in ["38;5;40m●", "38;5;33m▲", "38;5;208m■", "38;5;160m◆"] {
            #expect(coloured.contains(code), "\(code)")
        }
        // The config's week-start decides the first row.
        try e2e.folder.write("config/routine/config.yaml", "week-start: sun\n")
        let sunday = try e2e.ok(["answers", "feeling", "--calendar", "--year", "2025"])
        #expect(sunday.split(separator: "\n")[2] == "Sun  ●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲●·■▲")
        try e2e.folder.write("config/routine/config.yaml", "week-start: funday\n")
        let bad = try e2e.run(["answers", "feeling", "--calendar"])
        #expect(bad.status == 1)
        #expect(
            bad.stderr.contains(
                "config.yaml:1:13: 'week-start' wants a weekday: mon, tue, wed, thu, fri, sat or sun, not 'funday'"),
            "\(bad.stderr)")
        let usage = try e2e.run(["answers", "--calendar"])
        #expect(usage.status == 64)
    }
}
