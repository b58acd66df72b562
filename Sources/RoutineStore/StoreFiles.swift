import Foundation

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
