import Foundation
import RoutineCore
import TestSupport
import Testing

@testable import RoutineFile

/// An entries CSV read from its bytes where they lie (issue 32): the fields `withFields`
/// gives, the numbers, days, instants and uids parsed from bytes, and the habit names and
/// zones made once. Each reads what the `String` forms read, and refuses what they refuse
/// with the same line.
@Suite struct CSVBytesTests {
    private func records(_ text: String) throws -> [[String]] {
        var reader = CSVReader(text)
        var records: [[String]] = []
        while try reader.nextRecord() != nil {
            records.append(reader.withFields { fields in (0..<fields.count).map { fields.string($0) } })
        }
        return records
    }

    @Test func fieldsAreReadWhereTheyLieAndUnquoted() throws {
        #expect(try records("a,b\r\n1,\"2\"\n") == [["a", "b"], ["1", "2"]])
        // A `""` in two fields of one record, and a quoted field without one between them.
        #expect(try records("\"a\"\"b\",\"plain\",\"c\"\"\"\"d\"\"\"\n") == [["a\"b", "plain", "c\"\"d\""]])
        #expect(try records("\"\",,\"\"\"\"\n") == [["", "", "\""]])
        #expect(try records("\"multi\nline\",\"x\r\ny\"\n") == [["multi\nline", "x\r\ny"]])
        #expect(try records(",\n,,\n") == [["", ""], ["", "", ""]])
        #expect(try records("\u{FEFF}é,日本\n") == [["\u{FEFF}é", "日本"]])
        // The fields of the last record read stay until the next one.
        var reader = CSVReader("\"a\"\"\",b\nc,\"d\"\"\"\n")
        _ = try reader.nextRecord()
        #expect(reader.withFields { $0.string(0) } == "a\"")
        _ = try reader.nextRecord()
        #expect(reader.withFields { [$0.string(0), $0.string(1)] } == ["c", "d\""])
        #expect(try reader.nextRecord() == nil)
    }

    /// A quoted field's length is counted as it is read: its `""`s as one byte each, the
    /// check made after each byte that is not one, as before.
    @Test func aQuotedFieldsLengthCountsItsQuotesOnce() throws {
        let limit = CSVReader.maxFieldBytes
        let fits = "\"" + String(repeating: "x", count: limit - 1) + "\"\"\"\n"
        #expect(try records(fits).first?.first?.utf8.count == limit)
        let over = "\"" + String(repeating: "\"\"", count: limit) + "x\"\n"
        #expect(throws: CSVError(line: 1, column: 1, message: "a field longer than \(limit) bytes")) {
            try records(over)
        }
    }

    @Test func plainDecimalsReadAsDoubleReadsThem() {
        var generator = SeededGenerator(seed: 32)
        var texts = [
            "0", "00", "1", "12.", ".5", "0.1", "0.3", "1.005", "9007199254740992", "9007199254740993",
            "900719925474099.3", "1234567890123456789", "12345678901234567890", "0.0000000000000000000001",
            "0.00000000000000000000001", "1000000000", "1000000000.0000001", "999999999.99999999999",
            "0000000000000000000000012.5", "4.35", "2.675", "0.1e1", "1e-07", "2.5E+3",
        ]
        for _ in 0..<20_000 {
            let integer = String(UInt64.random(in: 0...UInt64.max, using: &generator)).prefix(
                Int.random(in: 0...20, using: &generator))
            let fraction = String(UInt64.random(in: 0...UInt64.max, using: &generator)).prefix(
                Int.random(in: 0...24, using: &generator))
            let text = fraction.isEmpty ? String(integer) : integer + "." + fraction
            if !text.isEmpty, text != "." { texts.append(text) }
        }
        for text in texts {
            var normalized = text
            if normalized.hasSuffix(".") { normalized.removeLast() }
            if normalized.hasPrefix(".") { normalized = "0" + normalized }
            let number = Double(normalized) ?? .nan
            let expected: Quantity.Reading =
                !number.isFinite ? .notAnAmount : Quantity.isAllowed(number) ? .value(number) : .tooLarge
            var bytes = text
            #expect(bytes.withUTF8 { Quantity.read(utf8: $0, form: .data) } == expected, "\(text)")
        }
    }

    /// Bytes that need trimming, or are no amount, read as the text reads.
    @Test func otherAmountsReadAsTheirTextReads() {
        for text in [
            "", " ", " 5", "5 ", "\t5\t", "\u{A0}5", "5\u{A0}", " \u{3000}5", "-1", "+1", "1e", "1e+", "e5", "1e5e5",
            "1-5", "1.5.2", "inf", "nan", "1,5", "0x10", "١٢", "1e999", "5e-400", "12.e3", "1.5e3",
        ] {
            var bytes = text
            for form in [Quantity.Form.typed, .data] {
                #expect(
                    bytes.withUTF8 { Quantity.read(utf8: $0, form: form) } == Quantity.read(text, form: form), "\(text)"
                )
            }
        }
    }

    @Test func instantsReadFromBytesAsFromText() {
        for text in [
            "2026-11-22T07:30:00Z", "2026-11-22T07:30:00.123Z", "2026-11-22t07:30:00z", "2026-11-22T07:30:00+01:00",
            "2026-11-22T07:30:00.1234567891Z", "2026-11-22T07:30:00", "2026-11-22 07:30:00Z", "2026-02-30T07:30:00Z",
            "2026-11-22T07:30:00.123456789+14:00" + String(repeating: "0", count: 10), "",
        ] {
            var bytes = text
            #expect(bytes.withUTF8(Instant.parse(utf8:)) == Instant.parse(text), "\(text)")
        }
        var stored: [UInt8] = [1]
        let instant = Date(timeIntervalSince1970: 1_795_329_600.123_4)
        Instant.appendText(of: instant, to: &stored)
        DayKey(ordinal: 20_779).appendText(to: &stored)
        #expect(stored == [1] + Array((Instant.format(instant) + DayKey(ordinal: 20_779).description).utf8))
    }

    /// A timestamp carried as its own bytes is stored exactly as its parsed `Date` is
    /// formatted: every 0–3 digit fraction, at the ends of the years and on both sides of
    /// 1970; the other forms (offsets, more digits, lower case) are not carried.
    @Test func storedTextsOfTimestampsAreTheirFormattedDates() {
        let days = ["0001-01-01", "1969-12-31", "1970-01-01", "2000-02-29", "2026-11-22", "9999-12-31"]
        let times = ["00:00:00", "07:17:00", "23:59:59"]
        var fractions = [""]
        for digits in 1...3 {
            let limit = [10, 100, 1000][digits - 1]
            for value in 0..<limit {
                let text = String(value)
                fractions.append("." + String(repeating: "0", count: digits - text.count) + text)
            }
        }
        var checked = 0
        for day in days {
            for time in times {
                for fraction in fractions {
                    var text = "\(day)T\(time)\(fraction)Z"
                    let (date, stored) = text.withUTF8 { (Instant.parse(utf8: $0), Instant.storedText(utf8: $0)) }
                    guard let date, let stored else {
                        Issue.record("not carried: \(text)")
                        continue
                    }
                    var bytes: [UInt8] = []
                    Instant.appendText(stored, to: &bytes)
                    if bytes != Array(Instant.format(date).utf8) { Issue.record("\(text) stored as \(bytes)") }
                    checked += 1
                }
            }
        }
        #expect(checked == days.count * times.count * 1111)
        for text in [
            "2026-11-22T07:30:00.1234Z", "2026-11-22t07:30:00Z", "2026-11-22T07:30:00z", "2026-11-22T07:30:00+00:00",
            "2026-11-22T07:30:00.999999999Z",
        ] {
            var bytes = text
            #expect(bytes.withUTF8(Instant.storedText(utf8:)) == nil, "\(text)")
        }
    }

    /// Fields with spaces around them, empty optional fields, a BOM before the header and
    /// CRLF line ends read as the same rows; every field refused is refused with the same
    /// line as when each field was a `String`.
    @Test func rowsWithSpacesQuotesAndEmptyFields() throws {
        let csv =
            "\u{FEFF}uid,habit,dayKey,value,unit,note,timestamp,timeZone\r\n"
            + " 1B4E28BA-2FA1-4D2B-883F-0016D3CCA427 ,\"Run, far\", 2026-11-20 ,\t5.5\t, km ,\"a \"\"b\"\"\", 2026-11-20T07:00:00Z , Europe/Paris \r\n"
            + ",'=Walk,2026-11-21,,,,,\r\n"
            + ",Walk,\"2026-11-22\",\"3\",\"\",\"\",\"\",\"\"\n"
        let rows = try EntriesCSVReaderTests.rows(csv, defaultTimeZone: "Asia/Tokyo")
        #expect(rows.map(\.habit) == ["Run, far", "=Walk", "Walk"])
        #expect(rows.map(\.uid) == [UUID(uuidString: "1b4e28ba-2fa1-4d2b-883f-0016d3cca427"), nil, nil])
        #expect(rows.map(\.dayKey.description) == ["2026-11-20", "2026-11-21", "2026-11-22"])
        #expect(rows.map(\.value) == [5.5, nil, 3])
        #expect(rows.map(\.unit) == ["km", nil, nil])
        #expect(rows.map(\.note) == ["a \"b\"", nil, nil])
        #expect(rows.map(\.timeZone) == ["Europe/Paris", "Asia/Tokyo", "Asia/Tokyo"])
        #expect(rows.map(\.timestampGiven) == [true, false, false])
        #expect(rows.map(\.line) == [2, 3, 4])
        let header = "uid,habit,dayKey,value,unit,note,timestamp,timeZone\n"
        let refused: [(String, CSVError)] = [
            (
                " x ,A,2026-11-20,,,,,",
                CSVError(
                    line: 2, column: 1, message: "not a uid (a UUID such as 1b4e28ba-2fa1-4d2b-883f-0016d3cca427): 'x'")
            ),
            (",A, 2026-13-01 ,,,,,", CSVError(line: 2, column: 3, message: "not a day (YYYY-MM-DD): '2026-13-01'")),
            (
                ",A,\u{A0}2026-11-20,,,,,",
                CSVError(line: 2, column: 3, message: "not a day (YYYY-MM-DD): '\u{A0}2026-11-20'")
            ),
            (",A,2026-11-20, 1 000 ,,,,", CSVError(line: 2, column: 4, message: "not a value (a number ≥ 0): '1 000'")),
            (",A,2026-11-20,\"-0.5\",,,,", CSVError(line: 2, column: 4, message: "not a value (a number ≥ 0): '-0.5'")),
            (
                ",A,2026-11-20,20000000000,,,,",
                CSVError(line: 2, column: 4, message: Quantity.tooLargeMessage("20000000000"))
            ),
            (
                ",A,2026-11-20,,,,2026-11-20 07:00,",
                CSVError(line: 2, column: 7, message: "not an ISO 8601 timestamp: '2026-11-20 07:00'")
            ),
            (",A,2026-11-20,,,,, Mars/Base ", CSVError(line: 2, column: 8, message: "unknown time zone 'Mars/Base'")),
            (
                ",A,2026-11-20,,k\u{1}m,\"x\u{2}\",,",
                CSVError(line: 2, column: 6, message: "the note holds the control character U+0002")
            ),
            (
                ",A,2026-11-20,,k\u{7F}m,,,",
                CSVError(line: 2, column: 5, message: "the unit holds the control character U+007F")
            ),
        ]
        for (row, error) in refused {
            #expect(EntriesCSVReaderTests.csvError(header + row + "\n") == error, "\(row)")
            // The same row after good ones: the names and zones kept do not change it.
            let before = ",A,2026-11-19,,,,,UTC\n,A,2026-11-19,,,,,Europe/Paris\n"
            let later = EntriesCSVReaderTests.csvError(header + before + row + "\n")
            #expect(later == CSVError(line: 4, column: error.column, message: error.message), "\(row)")
        }
    }

    /// Habit names and zones are found again by their bytes, past the last one too.
    @Test func namesAndZonesAreKeptByTheirBytes() throws {
        var csv = "habit,dayKey,timeZone\n"
        for index in 0..<300 {
            csv += "Habit \(index % 7),2026-11-20,\(["UTC", "Europe/Paris", "", "Asia/Tokyo"][index % 4])\n"
        }
        csv += "'Habit 1,2026-11-20,UTC\nHabit 1 ,2026-11-20,UTC\n"
        let rows = try EntriesCSVReaderTests.rows(csv, defaultTimeZone: "America/New_York")
        #expect(rows.count == 302)
        for (index, row) in rows.prefix(300).enumerated() {
            #expect(row.habit == "Habit \(index % 7)")
            #expect(row.timeZone == ["UTC", "Europe/Paris", "America/New_York", "Asia/Tokyo"][index % 4])
        }
        #expect(rows[300].habit == "Habit 1")
        #expect(rows[301].habit == "Habit 1 ")
    }
}
