import Foundation
import RoutineFile
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One routine file the studio edits (SPEC §19.2). The file on disk is the truth: each edit
/// names the version (a hash of the bytes) it was made against and is refused as `Stale`
/// when the file changed since, on disk or by another edit; each is written atomically
/// (a temporary file in the same folder, fsync, rename, the original's permission bits), and
/// undo and redo are inverse patches, dropped when an outside edit makes them not fit.
public final class StudioDocument: Sendable {
    /// The edit was made against content that is no longer the file's: the client reloads.
    public struct Stale: Error, CustomStringConvertible, Sendable {
        public var current: String
        public var description: String { "the file changed since this edit was made; reload it" }
    }

    /// The file cannot be read or written, as one sentence naming it.
    public struct FileError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    public let path: String
    private let state: Mutex<State>

    private struct State {
        var text: String
        var version: String
        var stamp: DiskStamp
        var undo: [TextPatch] = []
        var redo: [TextPatch] = []
    }

    public init(path: String) throws {
        self.path = path
        let (text, stamp) = try Self.read(path)
        self.state = Mutex(State(text: text, version: Self.version(of: text), stamp: stamp))
    }

    /// Creates a new routine file (a person building one from nothing, SPEC §19.2) and
    /// opens it; refuses to replace a file that exists.
    public static func create(path: String, text: String) throws -> StudioDocument {
        try AtomicFileWriter.create(Array(text.utf8), at: path)
        return try StudioDocument(path: path)
    }

    public func snapshot() -> (text: String, version: String) {
        state.withLock { ($0.text, $0.version) }
    }

    /// Whether there is an edit to undo, or an undone one to make again.
    public var canUndo: Bool { state.withLock { !$0.undo.isEmpty } }
    public var canRedo: Bool { state.withLock { !$0.redo.isEmpty } }

    /// Applies a patch made against `version`; throws `Stale` when the file changed since.
    /// Pushes the inverse on the undo stack and clears redo.
    public func apply(_ patch: TextPatch, against version: String) throws -> (text: String, version: String) {
        try state.withLock { state in
            try current(&state, against: version)
            let inverse = try patch.inverse(on: state.text)
            try write(patch.applied(to: state.text), into: &state)
            state.undo.append(inverse)
            state.redo.removeAll()
            return (state.text, state.version)
        }
    }

    /// Undoes the last edit; nil when there is none.
    public func undo(against version: String) throws -> (text: String, version: String)? {
        try state.withLock { try replay(from: \.undo, to: \.redo, in: &$0, against: version) }
    }

    /// Makes the last undone edit again; nil when there is none.
    public func redo(against version: String) throws -> (text: String, version: String)? {
        try state.withLock { try replay(from: \.redo, to: \.undo, in: &$0, against: version) }
    }

    /// Reads the file again if it changed on disk; true when its content did (an outside
    /// edit): the undo and redo stacks are cleared then, as their patches no longer fit.
    public func refresh() throws -> Bool {
        try state.withLock { try reload(&$0) }
    }

    // MARK: - Inside the lock

    private func current(_ state: inout State, against version: String) throws {
        _ = try reload(&state)
        guard version == state.version else { throw Stale(current: state.version) }
    }

    /// Applies the last patch of one stack and pushes its inverse on the other.
    private func replay(
        from source: WritableKeyPath<State, [TextPatch]>, to target: WritableKeyPath<State, [TextPatch]>,
        in state: inout State, against version: String
    ) throws -> (text: String, version: String)? {
        try current(&state, against: version)
        guard let patch = state[keyPath: source].last else { return nil }
        let inverse = try patch.inverse(on: state.text)
        try write(patch.applied(to: state.text), into: &state)
        state[keyPath: source].removeLast()
        state[keyPath: target].append(inverse)
        return (state.text, state.version)
    }

    private func reload(_ state: inout State) throws -> Bool {
        let stamp = try DiskStamp(path: path)
        guard stamp != state.stamp else { return false }
        let (text, newStamp) = try Self.read(path)
        state.stamp = newStamp
        guard text != state.text else { return false }  // touched, or written back the same
        state.text = text
        state.version = Self.version(of: text)
        state.undo.removeAll()
        state.redo.removeAll()
        return true
    }

    private func write(_ text: String, into state: inout State) throws {
        try AtomicFileWriter.write(Array(text.utf8), to: path)
        state.text = text
        state.version = Self.version(of: text)
        state.stamp = try DiskStamp(path: path)
    }

    // MARK: - Reading

    private static func read(_ path: String) throws -> (String, DiskStamp) {
        for _ in 0..<3 {
            let before = try DiskStamp(path: path)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw FileError(description: "\(path): cannot read the file")
            }
            // A write that landed while reading shows in the stamp: read again.
            guard try DiskStamp(path: path) == before else { continue }
            guard let text = String(validating: Array(data), as: UTF8.self) else {
                throw FileError(description: "\(path): the file is not UTF-8 text")
            }
            return (text, before)
        }
        throw FileError(description: "\(path): the file keeps changing while it is read")
    }

    /// FNV-1a 64 of the UTF-8 bytes, with the length, in hex: equal versions mean equal
    /// content for any edit a person makes (it is not a defence against a forger; the
    /// guard is).
    static func version(of text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + "-" + String(text.utf8.count)
    }
}

/// What `stat` says of a file, to notice cheaply that it changed: the inode (a rename over
/// it), the size, and the modification and status-change times in nanoseconds (ctime moves
/// on every write and cannot be set back by `touch -d`).
struct DiskStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var changed: Int64
    var mode: UInt32

    init(path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR {
                throw StudioDocument.FileError(description: "\(path): the file is gone (deleted or moved away)")
            }
            throw StudioDocument.FileError(description: "\(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw StudioDocument.FileError(description: "\(path): not a regular file")
        }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        mode = UInt32(info.st_mode)
    }
}
