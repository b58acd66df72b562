import Foundation
import Testing

@testable import LineEditor

@Suite struct HistoryFileTests {
    @Test func stateHomeComesFirst() {
        let url = HistoryFile.defaultURL(
            programName: "routine", environment: ["XDG_STATE_HOME": "/s/state", "HOME": "/home/u"])
        #expect(url?.path == "/s/state/routine/history")
    }

    @Test func homeIsTheFallback() {
        let url = HistoryFile.defaultURL(programName: "routine", environment: ["HOME": "/home/u"])
        #expect(url?.path == "/home/u/.local/state/routine/history")
    }

    @Test func aRelativeStateHomeIsIgnored() {
        let url = HistoryFile.defaultURL(
            programName: "routine", environment: ["XDG_STATE_HOME": "state", "HOME": "/home/u"])
        #expect(url?.path == "/home/u/.local/state/routine/history")
    }

    @Test func noLocationMeansNoFile() {
        #expect(HistoryFile.defaultURL(programName: "routine", environment: [:]) == nil)
        #expect(HistoryFile.defaultURL(programName: "routine", environment: ["HOME": ""]) == nil)
    }

    @Test func replaceWritesAPrivateFileAtomically() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("history-\(UUID().uuidString)/deeper", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let file = folder.appendingPathComponent("history")
        try HistoryFile.prepareDirectory(for: file)
        let folderMode =
            try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)

        #expect(
            HistoryFile.replace(file) { path in
                FileManager.default.createFile(atPath: path, contents: Data("one\n".utf8))
            })
        #expect(try String(contentsOf: file, encoding: .utf8) == "one\n")
        let mode =
            try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // A failed write leaves the old history and no temporary file behind.
        #expect(
            !HistoryFile.replace(file) { path in
                _ = FileManager.default.createFile(atPath: path, contents: Data("half".utf8))
                return false
            })
        #expect(try String(contentsOf: file, encoding: .utf8) == "one\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["history"])
    }

    // Issue 13, item 8: the temporary file was created 0666 (minus umask) by libedit's
    // fopen, filled, and only then made 0600: world-readable for a moment.
    @Test func theTemporaryFileIsPrivateBeforeAnythingIsWrittenToIt() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("history-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("history")
        try HistoryFile.prepareDirectory(for: file)
        let previous = umask(0)
        defer { umask(previous) }
        var modeWhenWriting: mode_t?
        #expect(
            HistoryFile.replace(file) { path in
                var info = stat()
                if stat(path, &info) == 0 { modeWhenWriting = info.st_mode & 0o777 }
                // What libedit's history_save does: fopen "w" (truncates, keeps the mode).
                guard let stream = fopen(path, "w") else { return false }
                fputs("one\n", stream)
                return fclose(stream) == 0
            })
        #expect(modeWhenWriting == 0o600)
        #expect(try String(contentsOf: file, encoding: .utf8) == "one\n")

        // A leftover temporary file (a killed process with our pid) is replaced, and a
        // link planted there is not followed.
        let temporary = folder.appendingPathComponent(".history.\(getpid()).tmp")
        let victim = folder.appendingPathComponent("victim")
        FileManager.default.createFile(atPath: victim.path, contents: Data("keep".utf8))
        try FileManager.default.createSymbolicLink(at: temporary, withDestinationURL: victim)
        #expect(
            HistoryFile.replace(file) { path in
                FileManager.default.createFile(atPath: path, contents: Data("two\n".utf8))
            })
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep")
        #expect(try String(contentsOf: file, encoding: .utf8) == "two\n")
    }

    // Issue 13, item 10: a history file that is a FIFO or a link to /dev/zero hung the
    // REPL at start (libedit read it).
    @Test func onlyASmallRegularFileIsReadAsHistory() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("history-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

        #expect(HistoryFile.status(of: url("absent")) == .absent)
        FileManager.default.createFile(atPath: url("plain").path, contents: Data("list\n".utf8))
        #expect(HistoryFile.status(of: url("plain")) == .readable)
        #expect(mkfifo(url("fifo").path, 0o600) == 0)
        #expect(HistoryFile.status(of: url("fifo")) == .refused(reason: "it is a FIFO, not a regular file"))
        try FileManager.default.createSymbolicLink(
            at: url("zero"), withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
        #expect(HistoryFile.status(of: url("zero")) == .refused(reason: "it is a device, not a regular file"))
        try FileManager.default.createSymbolicLink(at: url("dangling"), withDestinationURL: url("nowhere"))
        #expect(HistoryFile.status(of: url("dangling")) == .refused(reason: "it is a link to nothing"))
        try FileManager.default.createDirectory(at: url("folder"), withIntermediateDirectories: false)
        #expect(HistoryFile.status(of: url("folder")) == .refused(reason: "it is a folder"))
        let big = url("big")
        FileManager.default.createFile(atPath: big.path, contents: nil)
        #expect(truncate(big.path, HistoryFile.maxBytes + 1) == 0)
        #expect(HistoryFile.status(of: big) == .refused(reason: "it is larger than 4 MB"))
    }
}
