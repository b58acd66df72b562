import Foundation
import RoutineCore
import Testing

@testable import RoutineStore

/// Archived routines and stale files at the store level (SPEC §11).
@Suite struct RoutineArchiveTests {
    @Test func archiveHidesFromTheListAndKeepsVersions() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.routines.importRoutine(Fixtures.morning(), source: "v1", at: Fixtures.instant)
        _ = try store.routines.importRoutine(Fixtures.single("walk", habit: "Walk"), source: "w", at: Fixtures.instant)
        try store.routines.archiveRoutine(slug: "walk", at: Fixtures.instant)
        #expect(try store.routines.all().map(\.slug) == ["morning-checkin"])
        #expect(
            try store.routines.all(includeArchived: true).map { "\($0.slug) \($0.isArchived)" } == [
                "morning-checkin false", "walk true",
            ])
        #expect(try store.routines.isRoutineArchived(slug: "walk"))
        #expect(try !store.routines.isRoutineArchived(slug: "morning-checkin"))
        #expect(try store.routines.routine(slug: "walk") != nil)
        #expect(
            StoreError.routineArchived("walk").message
                == "routine 'walk' is archived; 'routine unarchive walk' brings it back")
        try store.routines.archiveRoutine(slug: "walk", archived: false, at: Fixtures.instant)
        #expect(try store.routines.all().count == 2)
        #expect(throws: StoreError.unknownRoutine("nope")) {
            try store.routines.archiveRoutine(slug: "nope", at: Fixtures.instant)
        }
    }

    @Test func staleVersionFindsAnOlderVersionsText() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.routines.importRoutine(Fixtures.morning(title: "One"), source: "one", at: Fixtures.instant)
        _ = try store.routines.importRoutine(Fixtures.morning(title: "Two"), source: "two", at: Fixtures.instant)
        #expect(
            try store.routines.staleVersion(slug: "morning-checkin", source: "one").map { [$0.version, $0.latest] } == [
                1, 2,
            ])
        #expect(try store.routines.staleVersion(slug: "morning-checkin", source: "two") == nil)
        #expect(try store.routines.staleVersion(slug: "morning-checkin", source: "three") == nil)
        #expect(try store.routines.staleVersion(slug: "other", source: "one") == nil)
    }
}
