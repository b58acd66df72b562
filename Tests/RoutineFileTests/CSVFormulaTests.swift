import Foundation
import RoutineCore
import Testing

@testable import RoutineFile

/// Issue 31 item 10: text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`,
/// a tab or a carriage return first) is written with a leading `'` (OWASP's advice), and
/// reads back as it was; a text that starts with `'` itself gets a second one. (A
/// carriage return is neutralised too, though no stored text can hold one.)
@Suite struct CSVFormulaTests {
    static let hostile = [
        "=HYPERLINK(\"http://evil.example\",\"click\")", "+1+1", "-2+3", "@SUM(A1:A2)", "\tindented", "'quoted",
        "''twice", "plain", "a=b", "-",
    ]

    @Test func entriesNotesHabitsAndUnitsAreNeutralisedAndReadBack() throws {
        var writer = EntriesCSVWriter()
        for (index, text) in Self.hostile.enumerated() {
            writer.append(
                EntryRow(
                    habit: index == 0 ? "=Habit" : "Habit \(index)", dayKey: DayKey(ordinal: 20_000 + index),
                    value: 1, unit: index == 1 ? "@unit" : "min", note: text,
                    timestamp: EntriesCSVReaderTests.now, timeZone: "UTC"))
        }
        let lines = writer.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1].contains(",'=Habit,"))
        #expect(lines[1].contains(",\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"click\"\")\","))
        #expect(lines[2].contains(",'@unit,'+1+1,"))
        #expect(lines[3].contains(",'-2+3,"))
        #expect(lines[4].contains(",'@SUM(A1:A2),"))
        #expect(lines[5].contains(",'\tindented,"))
        #expect(lines[6].contains(",''quoted,"))
        #expect(lines[8].contains(",plain,"))
        for line in lines.dropFirst() where !line.isEmpty {
            for field in line.split(separator: ",", omittingEmptySubsequences: false) {
                let text = field.hasPrefix("\"") ? field.dropFirst() : field
                #expect(!["=", "+", "-", "@", "\t"].contains(text.first.map(String.init) ?? ""), "\(line)")
            }
        }
        let read = try EntriesCSVReaderTests.rows(writer.text)
        #expect(read.map(\.note) == Self.hostile)
        #expect(read.first?.habit == "=Habit")
        #expect(read[1].unit == "@unit")
    }

    @Test func answersAreNeutralisedAndReadBack() throws {
        let rows = Self.hostile.enumerated().map { index, text in
            AnswerRow(
                uid: nil, dayKey: DayKey(ordinal: 20_000 + index), routine: "my-day", node: "energy",
                question: index == 0 ? "=cmd|' /C calc'!A0" : "How is it?", answer: text, option: nil,
                timestamp: EntriesCSVReaderTests.now, timeZone: "UTC", line: index + 2)
        }
        let csv = AnswersCSV.write(rows)
        #expect(csv.contains(",'=cmd|' /C calc'!A0,\"'=HYPERLINK("))
        #expect(csv.contains(",How is it?,'+1+1,"))
        #expect(csv.contains(",How is it?,''quoted,"))
        let read = try AnswersCSV.read(csv, defaultTimeZone: "UTC", now: EntriesCSVReaderTests.now)
        #expect(read.map(\.answer) == Self.hostile)
        #expect(read.first?.question == "=cmd|' /C calc'!A0")
    }

    /// A file written by hand or by another tool: one leading `'` is the neutralising
    /// mark and is dropped, as a spreadsheet drops it.
    @Test func aLeadingQuoteInAnImportedFileIsTheMark() throws {
        let read = try EntriesCSVReaderTests.rows("habit,dayKey,note\n'=Walk,2026-11-20,'-3 km\n")
        #expect(read.first?.habit == "=Walk")
        #expect(read.first?.note == "-3 km")
    }
}
