import EndToEndSupport
import Foundation
import Testing

@testable import RoutineSync

#if canImport(Glibc)
    import Glibc
#endif

/// The key file beside the configuration (SPEC §16.4): 0600 from its first moment,
/// refused when others can read it, refused clearly when damaged.
@Suite struct CryptoKeyFileTests {
    private static let key = try! SyncKey(bytes: (0..<32).map { UInt8($0 * 5) })

    private static func mode(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o7777 : nil
    }

    private static func entries(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func aWrittenKeyReadsBack() throws {
        let folder = try TemporaryDirectory()
        let file = KeyFile(configDirectory: folder.url.path)
        #expect(!file.exists)
        try file.write(serverID: "5E0F7C1A-server", key: Self.key)
        #expect(file.exists)
        let read = try file.read()
        #expect(read.serverID == "5E0F7C1A-server")
        #expect(read.key == Self.key)
        #expect(file.path == folder.url.path + "/sync.key")
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text.hasPrefix("routine-sync-key 1\nserver 5E0F7C1A-server\nkey "))
    }

    @Test func theFileIs0600AtEveryMomentAndNothingElseIsLeft() throws {
        let folder = try TemporaryDirectory()
        let file = KeyFile(configDirectory: folder.url.path)
        var seen: [String: mode_t] = [:]
        try file.write(serverID: "s1", key: Self.key) { temporary in
            // Written and synced, not yet renamed: the temporary copy of the key.
            for name in try Self.entries(folder.url.path) {
                seen[name] = Self.mode(folder.url.path + "/" + name)
            }
            #expect(FileManager.default.fileExists(atPath: temporary))
        }
        #expect(seen.count == 1)
        #expect(seen.values.allSatisfy { $0 == 0o600 })
        #expect(Self.mode(file.path) == 0o600)
        #expect(try Self.entries(folder.url.path) == ["sync.key"])
        // Replacing it: still 0600, still one file, the new key.
        let other = try SyncKey(bytes: Array(repeating: 9, count: 32))
        try file.write(serverID: "s2", key: other)
        #expect(Self.mode(file.path) == 0o600)
        #expect(try Self.entries(folder.url.path) == ["sync.key"])
        #expect(try file.read().key == other)
    }

    @Test func aFailedWriteLeavesTheOldKeyAndNoTemporaryFile() throws {
        let folder = try TemporaryDirectory()
        let file = KeyFile(configDirectory: folder.url.path)
        try file.write(serverID: "old", key: Self.key)
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try file.write(serverID: "new", key: try SyncKey(bytes: Array(repeating: 1, count: 32))) { _ in
                throw Stop()
            }
        }
        #expect(try Self.entries(folder.url.path) == ["sync.key"])
        #expect(try file.read().serverID == "old")
    }

    @Test func windowsLineEndingsStillRead() throws {
        let folder = try TemporaryDirectory()
        let file = KeyFile(configDirectory: folder.url.path)
        try file.write(serverID: "s", key: Self.key)
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: URL(fileURLWithPath: file.path))
        #expect(try file.read().key == Self.key)
    }

    @Test func missingFoldersAreCreated0700() throws {
        let folder = try TemporaryDirectory()
        let config = folder.url.path + "/home/.config/routine"
        let file = KeyFile(configDirectory: config)
        try file.write(serverID: "s", key: Self.key)
        #expect(Self.mode(config) == 0o700)
        #expect(Self.mode(folder.url.path + "/home/.config") == 0o700)
        #expect(try file.read().key == Self.key)
    }

    @Test func aFileReadableByOthersIsRefusedWithTheChmodLine() throws {
        let folder = try TemporaryDirectory()
        let file = KeyFile(configDirectory: folder.url.path)
        try file.write(serverID: "s", key: Self.key)
        for mode: mode_t in [0o644, 0o640, 0o604] {
            chmod(file.path, mode)
            #expect(throws: SyncCryptoError.keyFileOpen(path: file.path, writableOnly: false)) { try file.read() }
        }
        #expect(
            SyncCryptoError.keyFileOpen(path: file.path, writableOnly: false).description
                == "\(file.path) is readable by others: chmod 600 \(file.path)")
        chmod(file.path, 0o620)
        #expect(throws: SyncCryptoError.keyFileOpen(path: file.path, writableOnly: true)) { try file.read() }
        chmod(file.path, 0o600)
        #expect(try file.read().key == Self.key)
    }

    @Test func aMissingFileSaysHowToMakeOne() throws {
        let folder = try TemporaryDirectory()
        let file = KeyFile(configDirectory: folder.url.path)
        #expect(throws: SyncCryptoError.keyFileMissing(path: file.path)) { try file.read() }
    }

    @Test(arguments: [
        ("", "line 1"),
        ("routine-sync-key 2\nserver s\nkey AAAA\n", "newer routine"),
        ("ssh-rsa AAAA\n", "line 1"),
        ("routine-sync-key 1\nserver s\n", "3 lines"),
        ("routine-sync-key 1\nserver s\nkey AAAA\nextra\n", "3 lines"),
        ("routine-sync-key 1\nservers s\nkey AAAA\n", "line 2"),
        ("routine-sync-key 1\nserver \nkey AAAA\n", "line 2"),
        ("routine-sync-key 1\nserver s\nkey not base64!\n", "line 3"),
        ("routine-sync-key 1\nserver s\nkey AAAA\n", "3 bytes, not 32"),
    ])
    func aDamagedFileIsRefusedClearly(content: String, reason: String) throws {
        let folder = try TemporaryDirectory()
        let file = KeyFile(configDirectory: folder.url.path)
        let path = try folder.write("sync.key", content)
        chmod(path, 0o600)
        #expect {
            try file.read()
        } throws: { error in
            guard case .keyFileDamaged(let damagedPath, let why) = error as? SyncCryptoError else { return false }
            return damagedPath == path && why.contains(reason) && !"\(error)".contains("\n")
        }
    }

    @Test func binaryAndHugeFilesAreRefused() throws {
        let folder = try TemporaryDirectory()
        let file = KeyFile(configDirectory: folder.url.path)
        for content in [Data([0xff, 0xfe, 0x00]), Data(repeating: 0x41, count: 100_000)] {
            try content.write(to: URL(fileURLWithPath: file.path))
            chmod(file.path, 0o600)
            #expect(throws: SyncCryptoError.self) { try file.read() }
        }
    }

    @Test func aServerIDThatIsNotOneWordIsNotWritten() throws {
        let folder = try TemporaryDirectory()
        let file = KeyFile(configDirectory: folder.url.path)
        for serverID in ["", "two words", "line\nbreak"] {
            #expect(throws: SyncCryptoError.self) { try file.write(serverID: serverID, key: Self.key) }
        }
        #expect(try Self.entries(folder.url.path).isEmpty)
    }
}
