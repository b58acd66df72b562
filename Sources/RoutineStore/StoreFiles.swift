import Foundation
import RoutineCore

#if canImport(Glibc)
    import Glibc
#endif

/// The files a store is made of, and path arithmetic that never traps.
///
/// A store is its main file and SQLite's companions beside it: the write-ahead log
/// (`-wal`), its index (`-shm`) and the rollback journal (`-journal`), and our lock file
/// (`.lock`, see `StoreLock`). Overwriting or
/// renaming any of them damages the store as surely as overwriting the main file, so
/// every rule of the form "this file is not the store" (a backup target, a restore
/// source) asks `isPart(_:of:)`, here, and nowhere else.
public enum StoreFiles {
    /// The suffixes SQLite gives the store's companion files.
    public static let companionSuffixes = ["-wal", "-shm", "-journal"]
    /// The suffix of the lock file that keeps `restore` and other processes apart
    /// (`StoreLock`): replacing it would be as bad as replacing the store.
    static let lockSuffix = ".lock"

    /// The store's main file, its companions and its lock file.
    public static func all(of store: String) -> [String] {
        [store] + (companionSuffixes + [lockSuffix]).map { store + $0 }
    }

    /// True when `candidate` names the store or one of its companions: the same inode
    /// where both exist, else the same absolute, standardised path.
    public static func isPart(_ candidate: String, of store: String) -> Bool {
        let wanted = absolute(candidate)
        return all(of: store).contains { file in
            var a = stat()
            var b = stat()
            if stat(candidate, &a) == 0, stat(file, &b) == 0 { return a.st_dev == b.st_dev && a.st_ino == b.st_ino }
            return wanted == absolute(file)
        }
    }

    /// Removes a store this process created and then wrote nothing into (a failed
    /// `import` into a store that did not exist): its file, its companions and its run
    /// lock folder when empty. The caller has closed its connection first.
    public static func discardNew(_ store: String) {
        for file in all(of: store) { unlink(file) }
        rmdir(store + ".runs")
    }

    /// The longest path a new store may have, in bytes: the system's limit (`PATH_MAX`,
    /// which counts the closing NUL) less room for the longest file made beside it
    /// (`store.sqlite.runs/` and a run's lock file).
    static let maxPathBytes = Int(PATH_MAX) - 1 - 64

    /// Why no store can be made at `path` (the path, or one name in it, is longer than
    /// the system allows), or nil. Checked before anything is made, so that a path that
    /// cannot work leaves no folders behind.
    static func lengthProblem(_ path: String) -> String? {
        let bytes = path.utf8.count
        if bytes > maxPathBytes {
            return "the path is too long (\(bytes) bytes; at most \(maxPathBytes) here)"
        }
        if let name = path.split(separator: "/").first(where: { $0.utf8.count > Int(NAME_MAX) }) {
            return "a name in the path is too long (\(name.utf8.count) bytes; at most \(NAME_MAX))"
        }
        return nil
    }

    /// `path` as an error message shows it: a path of hundreds of bytes is cut in the middle.
    static func shown(_ path: String) -> String {
        guard path.count > 120 else { return path }
        return path.prefix(60) + "…" + path.suffix(50)
    }

    /// Makes `directory` and each missing folder above it (mode 0700), and returns the
    /// folders it made, outermost first. When one cannot be made, those made are removed
    /// again and the reason is thrown: a failed creation leaves nothing behind.
    static func makeDirectories(_ directory: String) throws -> [String] {
        var missing: [String] = []
        var folder = directory
        while !folder.isEmpty, folder != "/", access(folder, F_OK) != 0 {
            missing.append(folder)
            folder = Self.directory(of: folder)
        }
        var made: [String] = []
        for folder in missing.reversed() {
            if mkdir(folder, 0o700) == 0 {
                made.append(folder)
            } else if errno != EEXIST {
                let reason = String(cString: strerror(errno))
                removeDirectories(made)
                throw StoreError.cannotCreateDirectory(path: shown(directory), reason: reason)
            }
        }
        return made
    }

    /// Removes folders `makeDirectories` made (when still empty), innermost first.
    static func removeDirectories(_ made: [String]) {
        for folder in made.reversed() { rmdir(folder) }
    }

    /// The folder holding `path` ("" for a bare file name), by plain string slicing:
    /// Foundation's `NSString.deletingLastPathComponent` traps on a one-character path
    /// on Linux (`--store S`).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        let head = path[..<slash]
        if head.allSatisfy({ $0 == "/" }) { return "/" }
        var folder = String(head)
        while folder.hasSuffix("/") { folder.removeLast() }
        return folder
    }

    /// `path` made absolute against the working directory, with `.`, `..` and doubled
    /// slashes folded (symbolic links are left as they are).
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
