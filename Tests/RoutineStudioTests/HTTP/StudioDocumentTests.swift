import Foundation
import RoutineFile
import Synchronization
import Testing

@testable import RoutineStudio

#if canImport(Glibc)
    import Glibc
#endif

/// StudioDocument on real files in a fresh temporary folder.
@Suite struct StudioDocumentTests {
    private static let original = "# Morning — comments stay\nid: morning\nnodes:\n  read:\n    habit: Read  # a book\n"

    private func withFile(_ text: String = original, _ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studio-doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("morning.yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try body(path)
    }

    private func disk(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    /// The patch that replaces the first `old` in `text` by `new`.
    private func patch(_ text: String, _ old: String, _ new: String) throws -> TextPatch {
        let range = try #require(text.range(of: old))
        let offset = text.utf8.distance(from: text.utf8.startIndex, to: range.lowerBound)
        return TextPatch(offset: offset, length: old.utf8.count, replacement: new)
    }

    @Test func applyUndoRedoByteForByte() throws {
        try withFile { path in
            let document = try StudioDocument(path: path)
            let start = document.snapshot()
            #expect(start.text == Self.original)
            let edited = try document.apply(patch(start.text, "Read", "Lire à voix haute"), against: start.version)
            let expected = Self.original.replacingOccurrences(of: "Read", with: "Lire à voix haute")
            #expect(edited.text == expected)
            #expect(try disk(path) == expected)
            #expect(edited.version != start.version)
            let second = try document.apply(patch(edited.text, "id: morning", "id: morning2"), against: edited.version)

            let undone = try #require(try document.undo(against: second.version))
            #expect(undone == edited)
            let undoneTwice = try #require(try document.undo(against: undone.version))
            #expect(undoneTwice.text == Self.original)
            #expect(undoneTwice.version == start.version)
            #expect(try disk(path) == Self.original)
            #expect(try document.undo(against: undoneTwice.version) == nil)

            let redone = try #require(try document.redo(against: undoneTwice.version))
            #expect(redone == edited)
            #expect(try disk(path) == expected)
            // A new edit clears what could be redone.
            let other = try document.apply(patch(redone.text, "book", "novel"), against: redone.version)
            #expect(try document.redo(against: other.version) == nil)
        }
    }

    @Test func anEditAgainstAnOldVersionIsStale() throws {
        try withFile { path in
            let document = try StudioDocument(path: path)
            let start = document.snapshot()
            let first = try document.apply(patch(start.text, "Read", "Run"), against: start.version)
            #expect(throws: StudioDocument.Stale.self) {
                try document.apply(patch(start.text, "morning", "evening"), against: start.version)
            }
            #expect(throws: StudioDocument.Stale.self) { try document.undo(against: start.version) }
            #expect(try disk(path) == first.text)
        }
    }

    @Test func anOutsideWriteIsSeenAndClearsTheStacks() throws {
        try withFile { path in
            let document = try StudioDocument(path: path)
            let start = document.snapshot()
            let edited = try document.apply(patch(start.text, "Read", "Run"), against: start.version)
            #expect(try document.refresh() == false)
            // Same size, written in place (not renamed): only the stamp and bytes tell.
            let outside = edited.text.replacingOccurrences(of: "Run", with: "Sit")
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.write(contentsOf: Data(outside.utf8))
            try handle.close()
            #expect(try document.refresh() == true)
            #expect(document.snapshot().text == outside)
            #expect(try document.undo(against: document.snapshot().version) == nil)
            // An edit made on the content before the outside write is stale.
            #expect(throws: StudioDocument.Stale.self) {
                try document.apply(patch(edited.text, "Run", "Walk"), against: edited.version)
            }
            #expect(try disk(path) == outside)
        }
    }

    @Test func anOutsideWriteBeforeAnEditWithoutARefreshMakesItStale() throws {
        try withFile { path in
            let document = try StudioDocument(path: path)
            let start = document.snapshot()
            try Data((Self.original + "# added outside\n").utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: StudioDocument.Stale.self) {
                try document.apply(patch(start.text, "Read", "Run"), against: start.version)
            }
            #expect(try disk(path) == Self.original + "# added outside\n")
        }
    }

    @Test func anEditorsRenameAndATouchAreToldApart() throws {
        try withFile { path in
            let document = try StudioDocument(path: path)
            let start = document.snapshot()
            let edited = try document.apply(patch(start.text, "Read", "Run"), against: start.version)
            // touch: the stamp moves, the bytes do not; the undo stack still fits.
            #expect(utimes(path, nil) == 0)
            #expect(try document.refresh() == false)
            // An editor that writes a new file and renames it over the old one (vim, most IDEs).
            let other = path + ".swp"
            try Data((edited.text + "# from vim\n").utf8).write(to: URL(fileURLWithPath: other))
            #expect(rename(other, path) == 0)
            #expect(try document.refresh() == true)
            #expect(document.snapshot().text == edited.text + "# from vim\n")
            #expect(try document.undo(against: document.snapshot().version) == nil)
        }
    }

    @Test func twoEditsAgainstOneVersionAtOnceLetOneThrough() throws {
        try withFile { path in
            let document = try StudioDocument(path: path)
            let start = document.snapshot()
            let patches = try (0..<8).map { try patch(start.text, "Read", "Read\($0)") }
            let outcomes = Mutex<[Bool]>([])
            DispatchQueue.concurrentPerform(iterations: patches.count) { index in
                let applied = (try? document.apply(patches[index], against: start.version)) != nil
                outcomes.withLock { $0.append(applied) }
            }
            #expect(outcomes.withLock { $0.filter { $0 }.count } == 1)
            #expect(try disk(path) == document.snapshot().text)
        }
    }

    @Test func aNewFileIsCreatedButNeverReplacesOne() throws {
        try withFile { path in
            let new = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("new.yaml").path
            let document = try StudioDocument.create(path: new, text: "id: new\nnodes: {}\n")
            #expect(document.snapshot().text == "id: new\nnodes: {}\n")
            #expect(try disk(new) == "id: new\nnodes: {}\n")
            do {
                _ = try StudioDocument.create(path: path, text: "")
                Issue.record("replaced an existing file")
            } catch {
                #expect("\(error)" == "\(path): a file of that name exists already")
            }
            #expect(try disk(path) == Self.original)
        }
    }

    @Test func permissionBitsAreKept() throws {
        try withFile { path in
            #expect(chmod(path, 0o640) == 0)
            let document = try StudioDocument(path: path)
            let start = document.snapshot()
            _ = try document.apply(patch(start.text, "Read", "Run"), against: start.version)
            var info = stat()
            #expect(stat(path, &info) == 0)
            #expect(info.st_mode & 0o7777 == 0o640)
            let leftovers = try FileManager.default.contentsOfDirectory(
                atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
            #expect(leftovers == ["morning.yaml"])
        }
    }

    @Test func aReadOnlyFileIsNotReplaced() throws {
        try withFile { path in
            #expect(chmod(path, 0o444) == 0)
            let document = try StudioDocument(path: path)
            let start = document.snapshot()
            do {
                _ = try document.apply(patch(start.text, "Read", "Run"), against: start.version)
                Issue.record("a read-only file was replaced")
            } catch {
                #expect("\(error)" == "\(path): the file is read-only")
            }
            #expect(try disk(path) == Self.original)
        }
    }

    @Test func aSymbolicLinkStaysALinkAndItsTargetChanges() throws {
        try withFile { path in
            let link = path + ".link.yaml"
            #expect(symlink(path, link) == 0)
            let document = try StudioDocument(path: link)
            let start = document.snapshot()
            _ = try document.apply(patch(start.text, "Read", "Run"), against: start.version)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == path)
            #expect(try disk(path).contains("habit: Run"))
        }
    }

    @Test func aVanishedFileGivesOneClearError() throws {
        try withFile { path in
            let document = try StudioDocument(path: path)
            let start = document.snapshot()
            try FileManager.default.removeItem(atPath: path)
            for attempt in 0..<2 {
                do {
                    if attempt == 0 {
                        _ = try document.refresh()
                    } else {
                        _ = try document.apply(patch(start.text, "Read", "Run"), against: start.version)
                    }
                    Issue.record("no error for a vanished file")
                } catch {
                    #expect("\(error)" == "\(path): the file is gone (deleted or moved away)")
                }
            }
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(throws: StudioDocument.FileError.self) { try StudioDocument(path: path) }
        }
    }

    @Test func aFileThatIsNotUTF8IsRefusedAtOpen() throws {
        try withFile { path in
            try Data([0x69, 0x64, 0x3A, 0x20, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: path))
            do {
                _ = try StudioDocument(path: path)
                Issue.record("opened a file that is not UTF-8")
            } catch {
                #expect("\(error)" == "\(path): the file is not UTF-8 text")
            }
        }
    }
}
