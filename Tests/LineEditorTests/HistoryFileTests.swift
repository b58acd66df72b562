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
}
