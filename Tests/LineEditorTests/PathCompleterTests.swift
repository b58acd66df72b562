import Foundation
import Testing

@testable import LineEditor

@Suite struct PathCompleterTests {
    /// A folder with `routines/morning.yaml`, `routines/evening.yaml`,
    /// `readme.md`, `.hidden`, and `linked` (a link to `routines`).
    private func makeFolder() throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("path-completer-\(UUID().uuidString)", isDirectory: true)
        let routines = root.appendingPathComponent("routines", isDirectory: true)
        try FileManager.default.createDirectory(at: routines, withIntermediateDirectories: true)
        for file in ["routines/morning.yaml", "routines/evening.yaml", "readme.md", ".hidden"] {
            try Data("x".utf8).write(to: root.appendingPathComponent(file))
        }
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("linked"), withDestinationURL: routines)
        return root
    }

    @Test func relativePrefixesListTheWorkingDirectory() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let completer = PathCompleter(workingDirectory: root, homeDirectory: nil)
        #expect(completer.completePath(prefix: "r") == ["readme.md", "routines/"])
        #expect(completer.completePath(prefix: "") == ["linked/", "readme.md", "routines/"])
    }

    @Test func directoriesAndLinksToThemEndWithASlash() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let completer = PathCompleter(workingDirectory: root, homeDirectory: nil)
        #expect(completer.completePath(prefix: "lin") == ["linked/"])
        #expect(completer.completePath(prefix: "linked/m") == ["linked/morning.yaml"])
    }

    @Test func aDirectoryPartKeepsItsSpelling() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let completer = PathCompleter(workingDirectory: root, homeDirectory: nil)
        #expect(
            completer.completePath(prefix: "routines/") == [
                "routines/evening.yaml", "routines/morning.yaml",
            ])
        #expect(completer.completePath(prefix: "./routines/m") == ["./routines/morning.yaml"])
    }

    @Test func hiddenEntriesOnlyWhenAsked() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let completer = PathCompleter(workingDirectory: root, homeDirectory: nil)
        #expect(completer.completePath(prefix: ".h") == [".hidden"])
        #expect(!completer.completePath(prefix: "").contains(".hidden"))
    }

    @Test func tildeMeansTheHomeDirectory() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let completer = PathCompleter(
            workingDirectory: URL(fileURLWithPath: "/"), homeDirectory: root)
        #expect(completer.completePath(prefix: "~") == ["~/"])
        #expect(completer.completePath(prefix: "~/re") == ["~/readme.md"])
        #expect(completer.completePath(prefix: "~/routines/e") == ["~/routines/evening.yaml"])
        let homeless = PathCompleter(workingDirectory: root, homeDirectory: nil)
        #expect(homeless.completePath(prefix: "~/re").isEmpty)
    }

    @Test func absolutePrefixesIgnoreTheWorkingDirectory() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let completer = PathCompleter(
            workingDirectory: URL(fileURLWithPath: "/"), homeDirectory: nil)
        #expect(completer.completePath(prefix: root.path + "/rea") == [root.path + "/readme.md"])
    }

    @Test func aMissingDirectoryGivesNothing() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let completer = PathCompleter(workingDirectory: root, homeDirectory: nil)
        #expect(completer.completePath(prefix: "nowhere/x").isEmpty)
        #expect(completer.completePath(prefix: "readme.md/").isEmpty)
    }

    @Test func pathCandidatesDriveTheEngine() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let completer = PathCompleter(workingDirectory: root, homeDirectory: nil)
        let first = CompletionRequest(lineBeforeCursor: "check rou")
        #expect(
            CompletionEngine.action(
                for: first, candidates: completer.completePath(prefix: first.word))
                == .edit(deleteBefore: 0, insert: "tines/"))
        let second = CompletionRequest(lineBeforeCursor: "check routines/")
        #expect(
            CompletionEngine.action(
                for: second, candidates: completer.completePath(prefix: second.word))
                == .list(["routines/evening.yaml", "routines/morning.yaml"]))
    }
}
