import RoutineStore
import Testing

@testable import RoutineSync

/// What is sealed: the change's clock, then its items packed (SPEC §16.4). A plaintext
/// that is not one of these (a device's bug, another format) is refused, never half read.
@Suite struct ChangeBodyTests {
    private static let items = #"[{"uid":"u1","f":{"name":"Read","note":"a page a day"}}]"#

    @Test func theClockAndItemsComeBackAsTheyWent() throws {
        let packed = try Zstd.compress(Array(Self.items.utf8))
        for clock in [Int64(0), 1, 1_732_000_000_000 * 65_536, .max] {
            let body = ChangeBody.plaintext(clock: clock, packed: packed)
            #expect(body.count == 8 + packed.count)
            let opened = try #require(try ChangeBody.open(body))
            #expect(opened.clock == clock)
            #expect(opened.items == Self.items)
        }
    }

    @Test func aBodyThatIsNotAClockAndAFrameIsRefused() throws {
        #expect(try ChangeBody.open([]) == nil)
        #expect(try ChangeBody.open([0, 0, 0, 0, 0, 0, 0, 1]) == nil)
        #expect(try ChangeBody.open([0, 0, 0, 0, 0, 0, 0, 1] + Array(Self.items.utf8)) == nil)
        let packed = try Zstd.compress(Array(Self.items.utf8))
        #expect(try ChangeBody.open(ChangeBody.plaintext(clock: 1, packed: Array(packed.dropLast()))) == nil)
    }
}
