import DurableFile
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The one way a file is replaced (`DurableFile`, issue 27): the new content and mode or
/// the old file, never a temporary left beside it.
@Suite struct DurableFileTests {
    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("durable-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aReplacementHasTheNewBytesAndExactlyTheModeAsked() throws {
        let root = try folder()
        let target = root + "/file"
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        let saved = umask(0o077)
        defer { umask(saved) }
        try DurableFile.replace(target, through: root + "/.file.tmp", mode: 0o640) {
            try DurableFile.writeAll(Array("new".utf8), to: $0)
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
        #expect(mode == 0o640)  // not narrowed by the umask
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["file"])
    }

    @Test func aFailureLeavesTheOldFileAndNoTemporary() throws {
        struct Stop: Error {}
        let root = try folder()
        let target = root + "/file"
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        #expect(throws: Stop.self) {
            try DurableFile.replace(target, through: root + "/.file.tmp", mode: 0o600) { descriptor in
                try DurableFile.writeAll(Array("half".utf8), to: descriptor)
                throw Stop()
            }
        }
        #expect(throws: Stop.self) {
            try DurableFile.replace(
                target, through: root + "/.file.tmp", mode: 0o600, beforeRename: { _ in throw Stop() }
            ) {
                try DurableFile.writeAll(Array("whole".utf8), to: $0)
            }
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["file"])
    }

    @Test func aStepThatFailsIsNamedWithItsErrno() throws {
        let root = try folder()
        #expect(throws: DurableFile.Failure(step: .create, code: ENOENT)) {
            try DurableFile.replace(root + "/file", through: root + "/missing/.file.tmp", mode: 0o600) { _ in }
        }
        // A temporary that exists already is not taken over (O_EXCL).
        try "someone's".write(toFile: root + "/.file.tmp", atomically: false, encoding: .utf8)
        #expect(throws: DurableFile.Failure(step: .create, code: EEXIST)) {
            try DurableFile.replace(root + "/file", through: root + "/.file.tmp", mode: 0o600) { _ in }
        }
        #expect(try String(contentsOfFile: root + "/.file.tmp", encoding: .utf8) == "someone's")
    }
}
