import Foundation
import TestSupport
import Testing

@testable import RoutineCore

/// Habit identity has one definition (`HabitName.key`), NFC included, so the walker and
/// the store agree on it byte for byte.
@Suite struct HabitNameTests {
    @Test func keysFoldCaseSpaceAndCanonicalEquivalence() {
        #expect(HabitKey(" drink  Water ") == "drink water")
        let composed = "Caf\u{E9}"
        let decomposed = "Cafe\u{301}"
        #expect(Array(HabitName.key(composed).utf8) == Array(HabitName.key(decomposed).utf8))
        #expect(HabitName.display(decomposed) == decomposed, "the shown name keeps what was typed")
    }

    @Test func aHabitDoneUnderTheOtherNormalisationIsAlreadyDone() {
        var builder = RoutineBuilder()
        builder.habit("c", "Cafe\u{301} au lait")
        let routine = builder.build("cafe", start: ["c"])
        // The store reports its NFC key; the file spelled the name decomposed.
        let walker = Walker(routine: routine, dayKey: testDay, alreadyDone: [HabitKey("Caf\u{E9} au lait")])
        #expect(walker.status == .completed)
        #expect(walker.steps.map(\.answer) == [.alreadyDone])
    }
}

/// `HabitName.key`'s ASCII fast path (plain lower-casing) gives what the whole rule
/// gives: white space folded, lower-cased, NFC.
@Suite struct HabitKeyFastPathTests {
    @Test func fastPathAgreesWithTheWholeRule() {
        for name in [
            "Drink Water", " drink  water ", "Read", "", " ", "a  b", "Café Olé", "x\ty", "A B C", "end ", "Ça",
        ] {
            let whole = HabitName.display(name).lowercased().precomposedStringWithCanonicalMapping
            #expect(HabitName.key(name) == whole, "\(name)")
        }
    }

    /// The fast path lowers A-Z byte by byte: every printable ASCII character, in names
    /// it takes (single inner spaces) and names it leaves to the whole rule.
    @Test func everyPrintableASCIICharacterLowersAsTheStandardLibraryDoes() {
        let printable = (0x21...0x7E).map { String(UnicodeScalar(UInt8($0))) }
        for (index, character) in printable.enumerated() {
            let next = printable[(index + 7) % printable.count]
            for name in [
                character, "\(character)\(next)", "Ab \(character)Z \(next)", " \(character)", "\(character)  Q",
            ] {
                let whole = HabitName.display(name).lowercased().precomposedStringWithCanonicalMapping
                #expect(HabitName.key(name) == whole, "\(name)")
            }
        }
    }
}
