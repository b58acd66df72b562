import Foundation
import RoutineCore
import TestSupport
import Testing

@testable import RoutineStore

#if canImport(Glibc)
    import Glibc
#endif

/// `FileLock`, the one policy behind the store's, the runs' and the sync's locks. Two
/// `FileLock`s on one file in one process are two open file descriptions, so they exclude
/// each other as two processes would.
@Suite struct FileLockTests {
    @Test func anExclusiveHolderIsNamedAndClearedOnRelease() throws {
        let temp = TempDir()
        let path = temp.file("thing.lock")
        let first = try FileLock.open(path)
        let second = try FileLock.open(path)

        #expect(try first.take(.exclusive, wait: .once))
        #expect(try second.take(.exclusive, wait: .once) == false)
        #expect(try second.take(.shared, wait: .upTo(.milliseconds(30))) == false)
        #expect(second.holder() == getpid())

        first.release()
        #expect(second.holder() == nil)
        #expect(try second.take(.exclusive, wait: .once))
    }

    @Test func sharedHoldsShareAndKeepAnExclusiveOut() throws {
        let temp = TempDir()
        let path = temp.file("thing.lock")
        let readers = try (0..<2).map { _ in try FileLock.open(path) }
        for reader in readers { #expect(try reader.take(.shared, wait: .once)) }
        let writer = try FileLock.open(path)
        #expect(try writer.take(.exclusive, wait: .upTo(.milliseconds(30))) == false)
        // A shared holder writes no process id.
        #expect(writer.holder() == nil)
        for reader in readers { reader.release() }
        #expect(try writer.take(.exclusive, wait: .once))
    }

    @Test func aLockFileThatCannotBeMadeIsOneLineNamingIt() throws {
        let temp = TempDir()
        let path = temp.file("no-such-folder/thing.lock")
        #expect(throws: StoreError.self) { try FileLock.open(path) }
        do {
            _ = try FileLock.open(path)
        } catch let error as StoreError {
            #expect(error.message.contains(path))
        }
        #expect(throws: StoreError.self) { try FileLock.open(temp.file("missing.lock"), create: false) }
    }

    @Test func aStoreBeingRestoredNamesTheRestoringProcess() throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        _ = try AppDatabase.open(path: path)
        // What `restore` holds for its whole length.
        let restore = try FileLock.open(path + ".lock")
        #expect(try restore.take(.exclusive, wait: .once))

        #expect(throws: StoreError.beingRestored(path: path, pid: getpid())) {
            try AppDatabase.open(path: path, busyTimeout: 0.05)
        }
        restore.release()
        _ = try AppDatabase.open(path: path, busyTimeout: 0.05)
    }
}
