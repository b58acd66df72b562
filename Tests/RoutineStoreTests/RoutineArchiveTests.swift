import Foundation
import RoutineCore
import Testing

@testable import RoutineStore

/// Archived routines and stale files at the store level (SPEC §11).
@Suite struct RoutineArchiveTests {
    @Test func archiveHidesFromTheListAndKeepsVersions() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.importRoutine(Fixtures.morning(), source: "v1", at: Fixtures.instant)
        _ = try store.importRoutine(Fixtures.single("walk", habit: "Walk"), source: "w", at: Fixtures.instant)
        try store.archiveRoutine(slug: "walk", at: Fixtures.instant)
        #expect(try store.routines().map(\.slug) == ["morning-checkin"])
        #expect(
            try store.routines(includeArchived: true).map { "\($0.slug) \($0.isArchived)" } == [
                "morning-checkin false", "walk true",
            ])
        #expect(try store.isRoutineArchived(slug: "walk"))
        #expect(try !store.isRoutineArchived(slug: "morning-checkin"))
        #expect(try store.routine(slug: "walk") != nil)
        #expect(
            StoreError.routineArchived("walk").message
                == "routine 'walk' is archived; 'routine unarchive walk' brings it back")
        try store.archiveRoutine(slug: "walk", archived: false, at: Fixtures.instant)
        #expect(try store.routines().count == 2)
        #expect(throws: StoreError.unknownRoutine("nope")) {
            try store.archiveRoutine(slug: "nope", at: Fixtures.instant)
        }
    }

    @Test func staleVersionFindsAnOlderVersionsText() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.importRoutine(Fixtures.morning(title: "One"), source: "one", at: Fixtures.instant)
        _ = try store.importRoutine(Fixtures.morning(title: "Two"), source: "two", at: Fixtures.instant)
        #expect(
            try store.staleVersion(slug: "morning-checkin", source: "one").map { [$0.version, $0.latest] } == [1, 2])
        #expect(try store.staleVersion(slug: "morning-checkin", source: "two") == nil)
        #expect(try store.staleVersion(slug: "morning-checkin", source: "three") == nil)
        #expect(try store.staleVersion(slug: "other", source: "one") == nil)
    }
}
