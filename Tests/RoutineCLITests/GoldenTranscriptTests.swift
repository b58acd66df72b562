import EndToEndSupport
import Foundation
import Testing

/// Golden transcripts of every bundled routine: answer scripts piped into real runs
/// (fresh store, fixed clock, `TZ=UTC`), compared byte for byte with the files in
/// `Golden/` (the run id is checked to be a UUID, then written as `RUN-ID`).
///
/// To write the files again after an intended change of behaviour, run the suite with
/// `ROUTINE_RECORD_GOLDEN=1`, then read every changed file against SPEC §4 before
/// committing it.
@Suite(.serialized) struct GoldenTranscriptTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var routine: String
        var name: String
        var answers: [String]
        /// Commands run on the fresh store before the run (after the import).
        var setup: [[String]] = []
        var format = "json"
        var extra: [String] = []

        var testDescription: String { "\(routine).\(name)" }
        var file: String { "\(routine).\(name).\(format == "json" ? "json" : "text").golden" }
    }

    static let cases: [Case] = [
        // morning-checkin: order feeling, meditate, water, walk, read, journal (SPEC §4.1).
        Case(routine: "morning-checkin", name: "happy", answers: ["1", "12", "y", "y"]),
        Case(routine: "morning-checkin", name: "targets-and-prefix", answers: ["great", "done", "d", "yes"]),
        Case(routine: "morning-checkin", name: "skips", answers: ["Okay", "n", "s", "no"]),
        Case(routine: "morning-checkin", name: "back", answers: ["back", "3", "y", "back", "n", "y"]),
        Case(
            routine: "morning-checkin", name: "bad-answers",
            answers: ["4", "", "Great!", "-1", "1e3", "nan", "five", "12.5", "12", "y"]),
        Case(routine: "morning-checkin", name: "abort", answers: ["2", "y", "abort"]),
        Case(routine: "morning-checkin", name: "end-of-input", answers: ["1"]),
        Case(routine: "morning-checkin", name: "help-and-pause", answers: ["help", "1", "pause"]),
        Case(
            routine: "morning-checkin", name: "already-done", answers: ["1", "10"],
            setup: [["log", " drink  water "], ["log", "journal"]]),
        Case(
            routine: "morning-checkin", name: "back-over-already-done",
            answers: ["2", "y", "back", "back", "3", "y", "y"],
            setup: [["log", "Drink Water"]]),
        Case(
            routine: "morning-checkin", name: "backfill", answers: ["1", "n", "y", "y"], extra: ["--day", "2026-11-20"]),
        // training: two start nodes; measured habits with and without a target.
        Case(routine: "training", name: "run", answers: ["y", "1", "5.2", "y"]),
        Case(routine: "training", name: "swim-target", answers: ["n", "Swim", "y"]),
        Case(routine: "training", name: "ride-without-target", answers: ["10", "ride", "y", "30", "n"]),
        Case(routine: "training", name: "rest-day", answers: ["skip", "rest", "y"]),
        Case(
            routine: "training", name: "back-across-values",
            answers: ["y", "strength", "45", "back", "back", "1", "7", "y"]),
        Case(routine: "training", name: "abort", answers: ["12", "abort"]),
        // evening-journal: nested and inline questions, a question's own next.
        Case(
            routine: "evening-journal", name: "joy-tired",
            answers: ["joy", "y", "yes", "tired", "y", "went", "y", "1", "y"]),
        Case(
            routine: "evening-journal", name: "anxiety-restless",
            answers: ["5", "n", "1", "restless", "y", "4", "one", "y"]),
        Case(
            routine: "evening-journal", name: "back-across-questions",
            answers: [
                "sadness", "y", "back", "back", "calm", "y", "2", "back", "1", "content", "3", "n", "A walk", "y",
            ]),
        Case(routine: "evening-journal", name: "end-of-input", answers: ["anger", "y", "yes"]),
        // Prompts as a person sees them.
        Case(routine: "morning-checkin", name: "happy", answers: ["1", "12", "y", "y"], format: "text"),
        Case(
            routine: "morning-checkin", name: "back-and-already-done",
            answers: ["back", "2", "maybe", "y", "back", "n", "y"],
            setup: [["log", "Drink Water"]], format: "text"),
    ]

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test(arguments: cases) func transcriptMatchesItsGoldenFile(_ golden: Case) throws {
        let e2e = try EndToEnd()
        try e2e.importBundled([golden.routine])
        for command in golden.setup { try e2e.ok(command) }
        let arguments = ["run", golden.routine, "--format", golden.format] + golden.extra
        let result = try e2e.run(arguments, input: EndToEnd.lines(golden.answers))
        let transcript = try Self.render(arguments: arguments, golden: golden, result: result)
        let url = Self.folder.appendingPathComponent(golden.file)
        if ProcessInfo.processInfo.environment["ROUTINE_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try transcript.write(to: url, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(
            transcript == expected, "\(golden.file) differs; run with ROUTINE_RECORD_GOLDEN=1 to see the new output")

        // The entries the transcript lists are exactly the run's live entries in the store.
        if golden.format == "json" {
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let run = try #require(document["run"] as? String)
            let listed = (document["entries"] as? [[String: Any]] ?? []).map {
                "\($0["habit"] ?? "")=\($0["value"] ?? "")"
            }
            let stored = try e2e.entries().filter { $0.string("run") == run }.map {
                "\($0["habit"] ?? "")=\($0["value"] ?? "")"
            }
            #expect(listed == stored)
        }
    }

    /// The command, the answers, the exit status, standard error and standard output,
    /// with the run id (checked to be a UUID) replaced by `RUN-ID`.
    static func render(arguments: [String], golden: Case, result: Binary.Result) throws -> String {
        var stdout = result.stdout
        var stderr = result.stderr
        let pattern = try NSRegularExpression(pattern: "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
        for text in [stdout, stderr] {
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range, in: text) { #expect(isUUID(String(text[range]))) }
            }
        }
        stdout = pattern.stringByReplacingMatches(
            in: stdout, range: NSRange(stdout.startIndex..., in: stdout), withTemplate: "RUN-ID")
        stderr = pattern.stringByReplacingMatches(
            in: stderr, range: NSRange(stderr.startIndex..., in: stderr), withTemplate: "RUN-ID")
        var text = ""
        for command in golden.setup { text += "$ routine \(command.joined(separator: " "))\n" }
        text += "$ routine \(arguments.joined(separator: " "))\n"
        for answer in golden.answers { text += "< \(answer)\n" }
        text += "exit status: \(result.status)\n"
        text += "--- stderr\n\(stderr)"
        text += "--- stdout\n\(stdout)"
        return text
    }
}
