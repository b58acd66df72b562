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

    /// The hasher that allocates nothing: FIPS 180-4's two-block vector and a million
    /// `a`s (many blocks, fed in pieces), RFC 4122's example of a name-based UUID in the DNS
    /// namespace (appendix B, as Python's `uuid.uuid5` gives it), and a uid made from a
    /// habit's prefix equal to the one made from all its parts (a prefix longer than a block).
    @Test func sha1AndUUIDv5FromAFixedBuffer() {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
        let twoBlocks =
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(hex(SHA1.digest(Array(twoBlocks.utf8))) == "a49b2446a02c645bf419f995b67091253a04a259")
        var hasher = SHA1()
        for _ in 0..<1000 { hasher.update(repeatElement(UInt8(ascii: "a"), count: 1000)) }
        let words = hasher.finish()
        #expect(
            (0..<5).map { String(format: "%08x", words[$0]) }.joined() == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
        let dns = UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8")!
        #expect(
            UUIDv5.make(namespace: dns, name: "www.example.com").uuidString.lowercased()
                == "2ed6657d-e927-568b-95e1-2665a8aea6a2")
        let plan = ImportPlan(source: .loop)
        let name = "Read a long book every single evening before bed"
        let prefix = plan.uidPrefix("skip", name)
        #expect(prefix.uid("2016-03-01") == plan.uid("skip", name, "2016-03-01"))
        #expect(prefix.uid("2016-03-01").uuidString.lowercased() == "4cac3920-44a9-5b4d-a19e-71e771248203")
        #expect(prefix.uid("2016-03-02") != prefix.uid("2016-03-01"))
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
