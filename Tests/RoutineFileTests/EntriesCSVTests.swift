import Foundation
import RoutineCore
import TestSupport
import Testing

@testable import RoutineFile

/// The entries CSV grammar: RFC 4180 reading, the header, every check of a field that
/// needs no store (SPEC §5.5, §11), and writing what reads back.
@Suite struct EntriesCSVReaderTests {
    static let header = "habit,dayKey,value,note,timestamp,timeZone\n"
    static let now = Date(timeIntervalSince1970: 1_795_329_600)  // 2026-11-22T06:40:00Z

    static func rows(_ csv: String, defaultTimeZone: String = "UTC") throws -> [EntryRow] {
        guard var reader = try EntriesCSVReader(csv: csv, defaultTimeZone: defaultTimeZone, now: now) else {
            return []
        }
        var rows: [EntryRow] = []
        while let row = try reader.next() { rows.append(row) }
        return rows
    }

    static func csvError(_ csv: String) -> CSVError? {
        do {
            _ = try rows(csv)
        } catch let error as CSVError {
            return error
        } catch {
            Issue.record("not a CSV error: \(error)")
        }
        return nil
    }

    @Test func onlyHabitAndDayKeyAreRequired() throws {
        let rows = try Self.rows("dayKey,Habit\n2026-11-20,Stretch\n\n2026-11-21,stretch\r\n")
        #expect(rows.map(\.habit) == ["Stretch", "stretch"])
        #expect(rows.map(\.dayKey.description) == ["2026-11-20", "2026-11-21"])
        #expect(rows.map(\.line) == [2, 4])
        #expect(rows.map(\.timestamp) == [Self.now, Self.now])
        #expect(rows.map(\.timeZone) == ["UTC", "UTC"])
        #expect(rows.allSatisfy { $0.value == nil && $0.unit == nil && $0.note == nil && $0.uid == nil })
    }

    @Test func everyColumnIsRead() throws {
        let uid = "1B4E28BA-2FA1-4D2B-883F-0016D3CCA427"
        let csv =
            "uid,habit,dayKey,value,unit,note,timestamp,timeZone\n"
            + "\(uid), Run ,2026-11-20, 5.25 , km ,\"felt \"\"great\"\"\nreally\",2026-11-20T07:40:00+01:00,Europe/Paris\n"
        let row = try #require(try Self.rows(csv).first)
        #expect(row.uid == UUID(uuidString: uid))
        #expect(row.habit == " Run ")  // the store folds the name
        #expect(row.value == 5.25)
        #expect(row.unit == "km")
        #expect(row.note == "felt \"great\"\nreally")
        #expect(Instant.format(row.timestamp) == "2026-11-20T06:40:00.000Z")
        #expect(row.timeZone == "Europe/Paris")
        #expect(row.line == 2)
    }

    @Test func emptyTextIsNoRowsAndByteOrderMarkIsSkipped() throws {
        #expect(try EntriesCSVReader(csv: "", defaultTimeZone: "UTC", now: Self.now) == nil)
        let rows = try Self.rows("\u{FEFF}habit,dayKey\nStretch,2026-11-22\n")
        #expect(rows.map(\.habit) == ["Stretch"])
    }

    @Test func headerProblemsAreErrors() throws {
        #expect(Self.csvError("habit,dayKey,colour\n")?.column == 3)
        #expect(
            Self.csvError("habit,dayKey,colour\n")?.message.hasPrefix("unknown column 'colour' (columns: uid,") == true)
        #expect(Self.csvError("habit,value\nRun,1\n")?.message == "missing required column 'dayKey'")
        #expect(Self.csvError("dayKey\n2026-11-22\n")?.message == "missing required column 'habit'")
        #expect(
            Self.csvError("habit,dayKey,habit\n")
                == CSVError(line: 1, column: 3, message: "column 'habit' appears twice"))
    }

    @Test func hostileRowsAreErrorsNeverCrashes() throws {
        let cases: [(String, Int, Int)] = [
            ("Run,2026-11-20,\"5,,,\n", 2, 3),  // unterminated quote
            ("Ru\"n,2026-11-20,,,,\n", 2, 1),  // quote in an unquoted field
            ("\"Run\"x,2026-11-20,,,,\n", 2, 1),  // text after a closing quote
            ("Run\u{0},2026-11-20,,,,\n", 2, 1),  // NUL byte
            ("Run,2026-11-20,-5,,,\n", 2, 3),  // negative value
            ("Run,2026-11-20,nan,,,\n", 2, 3),
            ("Run,2026-11-20,1e999,,,\n", 2, 3),
            ("Run,2026-11-20,0x10,,,\n", 2, 3),
            ("Run,20261120,,,,\n", 2, 2),  // bad day
            ("Run,2026-11-31,,,,\n", 2, 2),  // impossible day
            ("Run,2026-11-20,,,yesterday,\n", 2, 5),  // bad timestamp
            ("Run,2026-11-20,,,,Mars/Olympus\n", 2, 6),  // bad zone
            ("Run,2026-11-20\n", 2, 3),  // too few fields
            ("Run,2026-11-20,,,,,\n", 2, 7),  // too many fields
            ("\(String(repeating: "x", count: 70_000)),2026-11-20,,,,\n", 2, 1),  // huge field
            ("Run,2026-11-20,,,,\r", 2, 6),  // stray CR
            ("Run,2026-11-20,,\"a\u{1B}[2Jb\",,\n", 2, 4),  // a control character in the note
            (String(repeating: ",", count: 70) + "\n", 2, 65),  // more than 64 fields
        ]
        for (body, line, column) in cases {
            let error = Self.csvError(Self.header + body)
            #expect(error?.line == line, "\(body.prefix(40))")
            #expect(error?.column == column, "\(body.prefix(40))")
        }
    }

    @Test func messagesSayWhatIsWrong() throws {
        #expect(
            Self.csvError(Self.header + "Run,2026-11-31,,,,\n")
                == CSVError(line: 2, column: 2, message: "not a day (YYYY-MM-DD): '2026-11-31'"))
        #expect(
            Self.csvError("uid,habit,dayKey\nnot-a-uuid,Walk,2026-11-20\n")?.message
                == "not a uid (a UUID such as 1b4e28ba-2fa1-4d2b-883f-0016d3cca427): 'not-a-uuid'")
        #expect(
            Self.csvError("habit,dayKey,value\nRun,2026-11-22,3\nRun,2026-11-23,1e308\n")
                == CSVError(line: 3, column: 3, message: Quantity.tooLargeMessage("1e308")))
        #expect(
            Self.csvError("habit,dayKey,unit\nRun,2026-11-22,k\u{7F}m\n")?.message
                == "the unit holds the control character U+007F")
        #expect(Self.csvError(Self.header + "Run,2026-11-20,\"5\n")?.message == "unterminated quoted field")
        #expect(Self.csvError(Self.header + "Run,2026-11-20\n")?.message == "expected 6 fields, found 2")
        let long = String(repeating: "z", count: 50)
        #expect(
            Self.csvError(Self.header + "Run,\(long),,,,\n")?.message == "not a day (YYYY-MM-DD): '\(long.prefix(40))…'"
        )
        #expect(CSVError(line: 17, column: 2, message: "m").description == "17:2: m")
    }

    @Test func quotedFieldsMaySpanLinesAndLinesAreCounted() throws {
        let error = try #require(Self.csvError(Self.header + "Stretch,2026-11-20,,\"a\nb\nc\",,\nStretch,bad,,,,\n"))
        #expect(error.line == 5)
        #expect(error.column == 2)
    }

    // A 100,000-character note was exported, then refused on import ("a field longer
    // than 65536 bytes"): the note may be as long as the store keeps; no other field.
    @Test func onlyTheNoteColumnMayBeLong() throws {
        let long = String(repeating: "n", count: 100_000)
        #expect(try Self.rows("habit,dayKey,note\nJournal,2026-11-22,\(long)\n").first?.note == long)
        let name = String(repeating: "h", count: 70_000)
        #expect(
            Self.csvError("habit,dayKey,note\n\(name),2026-11-22,fine\n")
                == CSVError(line: 2, column: 1, message: "a field longer than 65536 bytes"))
    }

    @Test func valuesReadBackExactly() throws {
        for value in [0, 1, 12.5, 0.1, 1e-7, 123_456_789.123, 1e9] {
            #expect(Quantity.read(EntriesCSVWriter.formatValue(value), form: .data) == .value(value))
        }
        // Shaped like a value, above what may be recorded: told apart from no value.
        #expect(Quantity.read(EntriesCSVWriter.formatValue(3e20), form: .data) == .tooLarge)
        for bad in ["", ".", "-1", "+1", "1e", "1e+", "e5", "1e5e5", "1-5", "1.5.2", "inf", "nan", "1,5", "0x10"] {
            #expect(Quantity.read(bad, form: .data) == .notAnAmount, "\(bad)")
        }
        // A person's amount takes no exponent; a file's does.
        #expect(Quantity.read("2.5e3") == .notAnAmount)
        #expect(Quantity.read("2.5e3", form: .data) == .value(2500))
        #expect(Quantity.read("2.5E-1", form: .data) == .value(0.25))
    }

    @Test func rulesOfTheStoreNameTheirColumn() throws {
        var reader = try #require(
            try EntriesCSVReader(csv: "dayKey,value,habit\n", defaultTimeZone: "UTC", now: Self.now))
        #expect(reader.column(of: .habit) == 3)
        #expect(reader.column(of: .value) == 2)
        #expect(reader.column(of: .unit) == 2)  // no unit column: the value's
        #expect(try reader.next() == nil)
        #expect(reader.rowsAtMost == 1)  // the file's line feeds: the bulk-load decision's bound
        let three = try #require(
            try EntriesCSVReader(csv: "habit,dayKey\nA,\"2026\n\"\r\nB,x", defaultTimeZone: "UTC", now: Self.now))
        #expect(three.rowsAtMost == 3)
        let withUnit = try #require(
            try EntriesCSVReader(csv: "habit,dayKey,unit\n", defaultTimeZone: "UTC", now: Self.now))
        #expect(withUnit.column(of: .value) == 1)
        #expect(withUnit.column(of: .unit) == 3)
    }

    /// Random bytes from an alphabet rich in CSV syntax: every input is read or refused
    /// with a line and column, never a crash.
    @Test func randomInputNeverCrashes() throws {
        var generator = SeededGenerator(seed: 20_261_122)
        let alphabet = Array(",,\"\"\n\r\n ab-.0123456789\u{0}é".unicodeScalars)
        for _ in 0..<500 {
            var body = ""
            for _ in 0..<Int.random(in: 0...80, using: &generator) {
                body.unicodeScalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
            }
            do {
                _ = try Self.rows("habit,dayKey,value,note\n" + body)
            } catch let error as CSVError {
                #expect(error.line >= 2 && error.column >= 1)
            }
        }
    }
}

@Suite struct EntriesCSVWriterTests {
    @Test func writesTheHeaderAndQuotesWhatNeedsIt() throws {
        var writer = EntriesCSVWriter()
        let uid = try #require(UUID(uuidString: "1B4E28BA-2FA1-4D2B-883F-0016D3CCA427"))
        writer.append(
            EntryRow(
                habit: "Run, fast", dayKey: DayKey("2026-11-22")!, value: 5.25, unit: "km", note: "a \"b\"\nc",
                timestamp: EntriesCSVReaderTests.now, timeZone: "Europe/Paris", uid: uid))
        writer.append(
            EntryRow(
                habit: "Stretch", dayKey: DayKey("2026-11-21")!, timestamp: EntriesCSVReaderTests.now, timeZone: "UTC"))
        #expect(
            writer.text == """
                uid,habit,dayKey,value,unit,note,timestamp,timeZone
                1b4e28ba-2fa1-4d2b-883f-0016d3cca427,"Run, fast",2026-11-22,5.25,km,"a ""b""
                c",2026-11-22T06:40:00.000Z,Europe/Paris
                ,Stretch,2026-11-21,,,,2026-11-22T06:40:00.000Z,UTC

                """)
    }

    @Test func whatIsWrittenReadsBackAsTheSameRows() throws {
        var writer = EntriesCSVWriter()
        var rows: [EntryRow] = []
        for index in 0..<50 {
            rows.append(
                EntryRow(
                    habit: index % 3 == 0 ? "Read, \"slowly\"" : "Habit \(index)",
                    dayKey: DayKey(ordinal: 20_000 + index),
                    value: index % 2 == 0 ? nil : Double(index) / 7, unit: index % 2 == 0 ? nil : "min",
                    note: index % 5 == 0 ? "line one\nline two, \"three\"" : nil,
                    timestamp: Date(timeIntervalSince1970: 1_700_000_000.123 + Double(index)),
                    timeZone: "Europe/Paris", uid: UUID()))
        }
        rows.forEach { writer.append($0) }
        let read = try EntriesCSVReaderTests.rows(writer.text)
        #expect(read.count == rows.count)
        for (original, again) in zip(rows, read) {
            #expect(again.habit == original.habit && again.dayKey == original.dayKey && again.value == original.value)
            #expect(again.unit == original.unit && again.note == original.note && again.uid == original.uid)
            #expect(Instant.format(again.timestamp) == Instant.format(original.timestamp))
            #expect(again.timeZone == original.timeZone)
        }
    }
}
