import Foundation
import RoutineCore
import Testing

@testable import RoutineStore

@Suite struct IdentifierTests {
    @Test func idsEncodeAndPrintAsTheirBareRawValue() throws {
        let encoder = JSONEncoder()
        #expect(String(decoding: try encoder.encode([EntryID(rawValue: 42)]), as: UTF8.self) == "[42]")
        #expect(String(decoding: try encoder.encode([GoalID(rawValue: 7)]), as: UTF8.self) == "[7]")
        #expect(String(decoding: try encoder.encode([RunID(rawValue: "ab-12")]), as: UTF8.self) == "[\"ab-12\"]")
        #expect(try JSONDecoder().decode([EntryID].self, from: Data("[42]".utf8)) == [EntryID(rawValue: 42)])
        #expect("\(EntryID(rawValue: 42)) \(RunID(rawValue: "0123456789"))" == "42 0123456789")
        #expect(RunID(rawValue: "0123456789").short == "01234567")
    }

    @Test func idsReadAndWriteAsTheirRawValue() throws {
        let store = try AppDatabase.inMemory()
        let entry = try store.entries.logEntry(
            habit: "Stretch", value: nil, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant,
            timeZone: Fixtures.utc, note: nil)
        #expect(try store.entries.entry(id: entry.id)?.id == entry.id)
        #expect(entry.id.rawValue > 0)
    }
}
