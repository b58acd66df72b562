import Foundation
import RoutineCore
import Testing

@testable import RoutineStore

/// Pauses as records (SPEC §10.2): added, listed, removed; every habit when none is named.
@Suite struct PauseStoreTests {
    private let from = DayKey("2026-12-20")!
    private let to = DayKey("2026-12-31")!

    @Test func aPauseOfNamedHabitsIsListedWithItsHabitsAndRemoved() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Run", 5, unit: "km")
        try store.log("Meditate")
        let pause = try store.pauses.addPause(
            habits: ["run", "MEDITATE", "Run"], from: from, to: to, note: " flu ", at: Fixtures.instant)
        #expect(pause.habits == ["Run", "Meditate"])
        #expect(pause.note == "flu")
        #expect(try store.pauses.all() == [pause])
        #expect(pause.span.covers("run", on: from))
        #expect(pause.span.covers("Meditate", on: to))
        #expect(!pause.span.covers("Run", on: to.adding(days: 1)))
        #expect(!pause.span.covers("Journal", on: from))
        #expect(try store.pauses.deletePause(id: pause.id) == pause)
        #expect(try store.pauses.all().isEmpty)
        #expect(throws: StoreError.unknownPause(pause.id)) { try store.pauses.deletePause(id: pause.id) }
    }

    @Test func aPauseWithNoHabitPausesEveryHabit() throws {
        let store = try AppDatabase.inMemory()
        let holiday = try store.pauses.addPause(habits: [], from: from, to: from, note: nil, at: Fixtures.instant)
        #expect(holiday.habits.isEmpty)
        #expect(try store.pauses.pauseSpans() == [PauseSpan(from: from, to: from)])
        #expect(holiday.span.covers("Anything at all", on: from))
    }

    @Test func badPausesWriteNothing() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Run", 5, unit: "km")
        #expect(throws: StoreError.invalidPause("it ends (2026-12-20) before it starts (2026-12-31)")) {
            try store.pauses.addPause(habits: ["Run"], from: to, to: from, note: nil, at: Fixtures.instant)
        }
        #expect(throws: StoreError.unknownHabit("Swim")) {
            try store.pauses.addPause(habits: ["Run", "Swim"], from: from, to: to, note: nil, at: Fixtures.instant)
        }
        #expect(throws: StoreError.controlCharacter(what: "the pause's note", scalar: "U+001B")) {
            try store.pauses.addPause(habits: [], from: from, to: to, note: "a\u{1B}[2Jb", at: Fixtures.instant)
        }
        #expect(throws: StoreError.controlCharacter(what: "the pause's note", scalar: "U+000A")) {
            try store.pauses.addPause(habits: [], from: from, to: to, note: "two\nlines", at: Fixtures.instant)
        }
        #expect(try store.pauses.all().isEmpty)
    }

    // What a control character is has one home, `TerminalText` (issue 17 item 5): a tab
    // was refused in a pause's note (a `generalCategory == .control` check of its own)
    // and accepted in an entry's. SPEC §11: tab is no control character.
    @Test func aTabIsTextInEveryNote() throws {
        let store = try AppDatabase.inMemory()
        let pause = try store.pauses.addPause(habits: [], from: from, to: to, note: "away\tsick", at: Fixtures.instant)
        #expect(pause.note == "away\tsick")
        let entry = try store.entries.logEntry(
            habit: "Run", value: 5, unit: "km", dayKey: Fixtures.day, at: Fixtures.instant, timeZone: Fixtures.utc,
            note: "easy\tpace")
        #expect(entry.note == "easy\tpace")
    }

    @Test func pausesAreListedByStartDay() throws {
        let store = try AppDatabase.inMemory()
        let late = try store.pauses.addPause(habits: [], from: to, to: to, note: nil, at: Fixtures.instant)
        let early = try store.pauses.addPause(habits: [], from: from, to: from, note: nil, at: Fixtures.instant)
        #expect(try store.pauses.all().map(\.id) == [early.id, late.id])
    }
}
