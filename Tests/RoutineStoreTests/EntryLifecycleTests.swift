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
        #expect(try store.entries.entry(id: first.id)?.uid == first.uid)
        let imported = try store.bulk.importEntries(rows: [entryRow("Read", "2026-11-20")], now: Fixtures.instant)
        #expect(imported == EntryImportResult(imported: 1, alreadyPresent: 0))
        let uids = try store.entries.list().map(\.uid)
        #expect(Set(uids).count == 3 && uids.allSatisfy(Self.isUID))
    }

    @Test func newUIDsAreRandomVersionFourUUIDs() throws {
        let uids = (0..<2000).map { _ in AppDatabase.newUID() }
        #expect(Set(uids).count == uids.count)
        for uid in uids {
            let characters = Array(uid)
            #expect(Self.isUID(uid) && characters[14] == "4" && "89ab".contains(characters[19]), "\(uid)")
            #expect(UUID(uuidString: uid)?.uuidString.lowercased() == uid)
        }
    }

    @Test func exportCarriesUIDAndUnitAndReimportingChangesNothing() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Meditate", 15, unit: "min")
        try store.log("Walk")
        var rows: [EntryRow] = []
        try store.bulk.exportEntryRows { rows.append($0) }
        #expect(rows.map { $0.uid?.uuidString.lowercased() } == (try store.entries.list().map(\.uid)))
        #expect(rows.map(\.unit) == ["min", nil])

        let fresh = try AppDatabase.inMemory()
        let once = try fresh.bulk.importEntries(rows: rows, now: Fixtures.instant)
        #expect(once == EntryImportResult(imported: 2, alreadyPresent: 0))
        let twice = try fresh.bulk.importEntries(rows: rows, now: Fixtures.instant)
        #expect(twice == EntryImportResult(imported: 0, alreadyPresent: 2))
        #expect(try fresh.entries.list().map(\.uid) == store.entries.list().map(\.uid))
        // The unit recreated the measure: minutes stay minutes.
        #expect(try fresh.habits.habit(named: "Meditate")?.measure?.unit == "min")
        // Back into the store it came from: nothing new.
        #expect(try store.bulk.importEntries(rows: rows, now: Fixtures.instant).imported == 0)
        #expect(try store.entries.list().count == 2)
    }

    @Test func aRowRepeatedInOneSourceIsImportedOnce() throws {
        let store = try AppDatabase.inMemory()
        let uid = "1b4e28ba-2fa1-4d2b-883f-0016d3cca427"
        let rows = [entryRow("Walk", "2026-11-20", uid: uid), entryRow("Walk", "2026-11-20", uid: uid.uppercased())]
        let result = try store.bulk.importEntries(rows: rows, now: Fixtures.instant)
        #expect(result == EntryImportResult(imported: 1, alreadyPresent: 1))
        #expect(try store.entries.list().map(\.uid) == [uid])
    }

    @Test func aDeletedEntrysUIDIsStillPresent() throws {
        let store = try AppDatabase.inMemory()
        let entry = try store.log("Walk")
        try store.entries.deleteEntry(id: entry.id, at: Fixtures.instant)
        let result = try store.bulk.importEntries(rows: [entryRow("Walk", uid: entry.uid)], now: Fixtures.instant)
        #expect(result == EntryImportResult(imported: 0, alreadyPresent: 1))
    }

    @Test func editSetsValueAndNoteTogetherOrNeither() throws {
        let store = try AppDatabase.inMemory()
        let entry = try store.log("Run", 5, unit: "km")
        let edited = try store.entries.editEntry(id: entry.id, corrections: [.value(6), .note("windy")])
        #expect(edited.value == 6 && edited.note == "windy")
        #expect(try store.entries.editEntry(id: entry.id, corrections: [.note("")]).note == nil)
        #expect(throws: StoreError.controlCharacter(what: "the note", scalar: "U+001B")) {
            try store.entries.editEntry(id: entry.id, corrections: [.value(9), .note("\u{1B}[2J")])
        }
        #expect(try store.entries.entry(id: entry.id)?.value == 6)
        #expect(throws: StoreError.self) {
            try store.entries.logEntry(
                habit: "Run", value: 1, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC",
                note: "bell\u{07}")
        }
    }

    @Test func undeleteBringsBackADeletedEntryOnly() throws {
        let store = try AppDatabase.inMemory()
        let entry = try store.log("Walk")
        #expect(throws: StoreError.entryNotDeleted(entry.id)) { try store.entries.undeleteEntry(id: entry.id) }
        try store.entries.deleteEntry(id: entry.id, at: Fixtures.instant)
        #expect(try store.entries.list().isEmpty)
        let back = try store.entries.undeleteEntry(id: entry.id)
        #expect(back.deletedAt == nil && back.uid == entry.uid)
        #expect(try store.entries.list().map(\.id) == [entry.id])
        #expect(throws: StoreError.unknownEntry(EntryID(rawValue: 999))) {
            try store.entries.undeleteEntry(id: EntryID(rawValue: 999))
        }
    }
}
