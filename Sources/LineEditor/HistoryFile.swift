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

    /// Writes the history through `write` into a temporary file next to `file`,
    /// sets mode 0600 and renames it over `file`, so that the file is always
    /// either the old or the new history, never a half-written one.
    /// Returns whether the new file is in place.
    static func replace(_ file: URL, write: (String) -> Bool) -> Bool {
        let temporary = file.deletingLastPathComponent()
            .appendingPathComponent(".\(file.lastPathComponent).\(getpid()).tmp")
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
}
