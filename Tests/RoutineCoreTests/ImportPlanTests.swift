import Foundation
import Testing

@testable import RoutineCore

/// The plan's pure parts: name-based uids (RFC 4122 version 5, checked against Python's
/// `uuid.uuid5` over the same namespace), SHA-1 (FIPS 180-4's own vectors), duplicate names.
@Suite struct ImportPlanTests {
    @Test func sha1MatchesTheStandardsVectors() {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(
            hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    }

    /// The uids an import gives are Python's `uuid.uuid5(namespace, name)`: another tool
    /// can compute them.
    @Test func uidsAreVersion5UUIDs() {
        var plan = ImportPlan(source: .loop)
        #expect(plan.uid("Meditate", "2026-01-01").uuidString.lowercased() == "0f2a53a1-e7be-5fd3-9094-2c8a10e8f07f")
        plan.source = .harsh
        #expect(plan.uid("skip", "Gym", "2026-01-02").uuidString.lowercased() == "b6a2f855-1b7c-56ab-aa13-12992a472edf")
        #expect(
            UUIDv5.make(name: String(repeating: "a", count: 200)).uuidString.lowercased()
                == "79b8ef3e-4bf3-5158-a03f-9dd5ca7dbc8f")
    }

    @Test func twoHabitsOfOneNameStayTwo() {
        var plan = ImportPlan(source: .loop)
        _ = plan.addHabit(PlannedHabit(name: "Vegan"))
        _ = plan.addHabit(PlannedHabit(name: "vegan"))
        _ = plan.addHabit(PlannedHabit(name: "Vegan (2)"))
        #expect(plan.habits.map(\.name) == ["Vegan", "vegan (2)", "Vegan (2) (2)"])
        #expect(plan.notMapped.count == 2)
    }
}
