import RoutineCore
import Testing

/// The merge decisions of sync (SPEC §16.3) on their own: the same answer whatever the
/// order things were seen in.
@Suite struct MergeRulesTests {
    @Test func theLaterStampWinsAndTiesGoByDevice() {
        let early = ChangeStamp(clock: 10, device: "b")
        let late = ChangeStamp(clock: 11, device: "a")
        #expect(MergeRules.wins(late, over: early))
        #expect(!MergeRules.wins(early, over: late))
        #expect(MergeRules.wins(ChangeStamp(clock: 10, device: "c"), over: early))
        #expect(!MergeRules.wins(early, over: early))  // the same change seen twice
        #expect(MergeRules.wins(early, over: .zero))
    }

    @Test func theClockNeverGoesBackNorBehindTheWallClock() {
        let now: Int64 = 1_795_329_600_000
        #expect(HybridClock.next(last: 0, nowMilliseconds: now) == now << 16)
        // A clock years ahead (seen in a pulled change) keeps counting from there.
        let ahead = (now + 315_360_000_000) << 16
        #expect(HybridClock.next(last: ahead, nowMilliseconds: now) == ahead + 1)
    }

    @Test func theSmallerUIDStaysWhicheverWayRound() {
        #expect(MergeRules.survivor("b", "a") == ("a", "b"))
        #expect(MergeRules.survivor("a", "b") == ("a", "b"))
    }

    @Test func aliasesResolveToTheEndAndACycleToItsSmallestUID() {
        #expect(MergeRules.resolve("c", aliases: ["c": "b", "b": "a"]) == "a")
        #expect(MergeRules.resolve("x", aliases: ["c": "b"]) == "x")
        #expect(MergeRules.resolve("c", aliases: ["c": "b", "b": "d", "d": "c"]) == "b")
        #expect(MergeRules.resolve("d", aliases: ["c": "b", "b": "d", "d": "c"]) == "b")
    }

    @Test func versionsAreNumberedByStampThenUIDInAnyOrder() {
        let versions = [
            (uid: "v2", stamp: ChangeStamp(clock: 20, device: "a")),
            (uid: "v1", stamp: ChangeStamp(clock: 10, device: "b")),
            (uid: "v3", stamp: ChangeStamp(clock: 20, device: "a")),
        ]
        let expected = ["v1": 1, "v2": 2, "v3": 3]
        #expect(MergeRules.versionNumbers(versions) == expected)
        #expect(MergeRules.versionNumbers(versions.reversed()) == expected)
    }

    @Test func aDistinctNameIsTheSameOnEveryDevice() {
        #expect(MergeRules.distinctName("Run", uid: "3f2a9c00-0000") == "Run (3f2a)")
    }
}
