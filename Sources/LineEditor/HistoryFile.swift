import Foundation

/// Where a program keeps its line history, and how the file is written.
public enum HistoryFile {
    /// `$XDG_STATE_HOME/<programName>/history`, else
    /// `$HOME/.local/state/<programName>/history` (the XDG default); `nil` when
    /// neither variable is set to an absolute path (XDG says to ignore relative
    /// ones), in which case no history is kept.
    public static func defaultURL(programName: String, environment: [String: String]) -> URL? {
        let base: URL
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = URL(fileURLWithPath: state, isDirectory: true)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".local/state", isDirectory: true)
        } else {
            return nil
        }
        return base.appendingPathComponent(programName, isDirectory: true)
            .appendingPathComponent("history")
    }

    /// Creates the folder that will hold `file` (mode 0700, parents included)
    /// when it is missing. An existing folder keeps its mode.
    static func prepareDirectory(for file: URL) throws {
        let directory = file.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        {
            return
        }
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
    }

    /// The most a history file may hold to be read (a thousand long lines fit many
    /// times over); a bigger one is not history this program wrote.
    static let maxBytes: off_t = 4 << 20

    /// Whether `file` can be read as history.
    public enum Status: Equatable, Sendable {
        /// No file yet: start empty and create it on the first save.
        case absent
        /// A regular file within ``HistoryFile/maxBytes``: load it.
        case readable
        /// Anything else (a FIFO, a device, a folder, too big, no read permission):
        /// reading could hang or never end, so the session keeps no history file.
        /// `reason` says why, for one line to the person.
        case refused(reason: String)
    }

    /// Looks at `file` (following links, as reading it would) without opening it, so
    /// that a FIFO or a link to `/dev/zero` cannot block or flood the start.
    public static func status(of file: URL) -> Status {
        var info = stat()
        guard stat(file.path, &info) == 0 else {
            if errno == ENOENT {
                var link = stat()
                // A dangling link would be written through on save: refuse it too.
                if lstat(file.path, &link) == 0 { return .refused(reason: "it is a link to nothing") }
                return .absent
            }
            return .refused(reason: String(cString: strerror(errno)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .refused(reason: "it is a folder")
        case S_IFIFO: return .refused(reason: "it is a FIFO, not a regular file")
        case S_IFCHR, S_IFBLK: return .refused(reason: "it is a device, not a regular file")
        default: return .refused(reason: "it is not a regular file")
        }
        if info.st_size > maxBytes {
            return .refused(reason: "it is larger than \(maxBytes >> 20) MB")
        }
        guard access(file.path, R_OK) == 0 else { return .refused(reason: "it cannot be read") }
        return .readable
    }

    /// Writes the history through `write` into a temporary file next to `file`,
    /// and renames it over `file`, so that the file is always either the old or the
    /// new history, never a half-written one. The temporary file is created with mode
    /// 0600 before `write` fills it (and only by us: `O_EXCL`, no link followed), so
    /// the history is never readable by others, not even for a moment.
    /// Returns whether the new file is in place.
    static func replace(_ file: URL, write: (String) -> Bool) -> Bool {
        let temporary = file.deletingLastPathComponent()
            .appendingPathComponent(".\(file.lastPathComponent).\(getpid()).tmp")
        guard createPrivate(temporary.path) else { return false }
        guard write(temporary.path) else {
            unlink(temporary.path)
            return false
        }
        guard chmod(temporary.path, 0o600) == 0, rename(temporary.path, file.path) == 0 else {
            unlink(temporary.path)
            return false
        }
        return true
    }

    /// Creates an empty file at `path` with mode 0600; a leftover of a killed process
    /// with the same id (which cannot be running: it would be us) is removed first.
    private static func createPrivate(_ path: String) -> Bool {
        for _ in 0..<2 {
            let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 {
                // The umask can only remove bits; make it exactly 0600 all the same.
                let ok = fchmod(fd, 0o600) == 0
                close(fd)
                if ok { return true }
                unlink(path)
                return false
            }
            guard errno == EEXIST, unlink(path) == 0 else { return false }
        }
        return false
    }
}
