import Foundation
import RoutineCore
import Testing

@testable import RoutineStore

/// SPEC §11 entries: stable uids, the new CSV columns, idempotent import, notes that
/// can be corrected, deletions that can be undone, and text that is text.
@Suite struct EntryLifecycleTests {
    private static func isUID(_ text: String) -> Bool {
        text.count == 36 && UUID(uuidString: text) != nil && text == text.lowercased()
    }

    @Test func everyEntryGetsItsOwnLowerCaseUID() throws {
        let store = try AppDatabase.inMemory()
        let first = try store.log("Walk")
        let second = try store.log("Walk")
        #expect(Self.isUID(first.uid))
        #expect(first.uid != second.uid)
        #expect(try store.entry(id: first.id)?.uid == first.uid)
        let imported = try store.importEntriesReport(
            csv: "habit,dayKey\nRead,2026-11-20\n", defaultTimeZone: "UTC", now: Fixtures.instant)
        #expect(imported == CSVImportResult(imported: 1, alreadyPresent: 0))
        let uids = try store.entries().map(\.uid)
        #expect(Set(uids).count == 3 && uids.allSatisfy(Self.isUID))
    }

    @Test func csvCarriesUIDAndUnitAndReimportingChangesNothing() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Meditate", 15, unit: "min")
        try store.log("Walk")
        let csv = try store.entriesCSV()
        let lines = csv.split(separator: "\n").map(String.init)
        #expect(lines[0] == "uid,habit,dayKey,value,unit,note,timestamp,timeZone")
        #expect(lines[1].hasSuffix(",Meditate,2026-11-22,15,min,,2026-11-22T06:40:00.000Z,UTC"))
        #expect(lines[2].hasSuffix(",Walk,2026-11-22,,,,2026-11-22T06:40:00.000Z,UTC"))

        let fresh = try AppDatabase.inMemory()
        let once = try fresh.importEntriesReport(csv: csv, defaultTimeZone: "UTC", now: Fixtures.instant)
        #expect(once == CSVImportResult(imported: 2, alreadyPresent: 0))
        let twice = try fresh.importEntriesReport(csv: csv, defaultTimeZone: "UTC", now: Fixtures.instant)
        #expect(twice == CSVImportResult(imported: 0, alreadyPresent: 2))
        #expect(try fresh.entries().map(\.uid) == store.entries().map(\.uid))
        // The unit column recreated the measure: minutes stay minutes.
        #expect(try fresh.habit(named: "Meditate")?.measure?.unit == "min")
        // Back into the store it came from: nothing new.
        #expect(try store.importEntriesReport(csv: csv, defaultTimeZone: "UTC", now: Fixtures.instant).imported == 0)
        #expect(try store.entries().count == 2)
    }

    @Test func aRowRepeatedInOneFileIsImportedOnce() throws {
        let store = try AppDatabase.inMemory()
        let uid = "1b4e28ba-2fa1-4d2b-883f-0016d3cca427"
        let csv = "uid,habit,dayKey\n\(uid),Walk,2026-11-20\n\(uid.uppercased()),Walk,2026-11-20\n"
        let result = try store.importEntriesReport(csv: csv, defaultTimeZone: "UTC", now: Fixtures.instant)
        #expect(result == CSVImportResult(imported: 1, alreadyPresent: 1))
        #expect(try store.entries().map(\.uid) == [uid])
    }

    @Test func oldHeaderIsStillRead() throws {
        let store = try AppDatabase.inMemory()
        let csv = "habit,dayKey,value,note,timestamp,timeZone\nRun,2026-11-20,5,,2026-11-20T07:00:00Z,UTC\n"
        #expect(try store.importEntries(csv: csv, defaultTimeZone: "UTC", now: Fixtures.instant) == 1)
    }

    @Test func malformedUIDAndDisagreeingUnitAreErrorsAtTheirColumnAndWriteNothing() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Meditate", 10, unit: "min")
        let cases: [(String, Int, Int, String)] = [
            ("uid,habit,dayKey\nnot-a-uuid,Walk,2026-11-20\n", 2, 1, "not a uid"),
            ("uid,habit,dayKey,value,unit\n,Walk,2026-11-20,,\n,Meditate,2026-11-20,5,km\n", 3, 5, "measured in min"),
            ("habit,dayKey,note\nWalk,2026-11-20,\"a\u{1B}[2Jb\"\n", 2, 3, "U+001B"),
        ]
        for (csv, line, column, words) in cases {
            do {
                _ = try store.importEntriesReport(csv: csv, defaultTimeZone: "UTC", now: Fixtures.instant)
                Issue.record("imported \(csv)")
            } catch StoreError.invalidCSV(let badLine, let badColumn, let message) {
                #expect(badLine == line && badColumn == column, "\(csv)")
                #expect(message.contains(words), "\(message)")
            }
        }
        #expect(try store.entries().count == 1)
    }

    @Test func editSetsValueAndNoteTogetherOrNeither() throws {
        let store = try AppDatabase.inMemory()
        let entry = try store.log("Run", 5, unit: "km")
        let edited = try store.editEntry(id: entry.id, corrections: [.value(6), .note("windy")])
        #expect(edited.value == 6 && edited.note == "windy")
        #expect(try store.editEntry(id: entry.id, corrections: [.note("")]).note == nil)
        #expect(throws: StoreError.controlCharacter(what: "the note", scalar: "U+001B")) {
            try store.editEntry(id: entry.id, corrections: [.value(9), .note("\u{1B}[2J")])
        }
        #expect(try store.entry(id: entry.id)?.value == 6)
        #expect(throws: StoreError.self) {
            try store.logEntry(
                habit: "Run", value: 1, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC",
                note: "bell\u{07}")
        }
    }

    @Test func undeleteBringsBackADeletedEntryOnly() throws {
        let store = try AppDatabase.inMemory()
        let entry = try store.log("Walk")
        #expect(throws: StoreError.entryNotDeleted(entry.id)) { try store.undeleteEntry(id: entry.id) }
        try store.deleteEntry(id: entry.id, at: Fixtures.instant)
        #expect(try store.entries().isEmpty)
        let back = try store.undeleteEntry(id: entry.id)
        #expect(back.deletedAt == nil && back.uid == entry.uid)
        #expect(try store.entries().map(\.id) == [entry.id])
        #expect(throws: StoreError.unknownEntry(EntryID(rawValue: 999))) {
            try store.undeleteEntry(id: EntryID(rawValue: 999))
        }
    }
}
