import Foundation

/// Completes file paths for the REPL (`check routines/`, `import ~/Downloads/x.yaml`).
///
/// Pure apart from reading directories: the working and home directories are
/// given, so tests complete inside a temporary folder.
public struct PathCompleter: Sendable {
    /// Where relative prefixes are resolved.
    public var workingDirectory: URL
    /// What a leading `~/` stands for; `nil` leaves `~` unexpanded (no match).
    public var homeDirectory: URL?

    public init(
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        homeDirectory: URL? = FileManager.default.homeDirectoryForCurrentUser
    ) {
        self.workingDirectory = workingDirectory
        self.homeDirectory = homeDirectory
    }

    /// The paths that start with `prefix`, spelled as the user typed the
    /// directory part (`~/`, relative or absolute), sorted; directories (and
    /// links to them) end with `/`.
    ///
    /// Only one directory is read: the one `prefix` names up to its last `/`.
    /// Hidden entries appear only when the typed name starts with `.`. An
    /// unreadable or missing directory gives no candidates. `~` alone completes
    /// to `~/`.
    public func completePath(prefix: String) -> [String] {
        if prefix == "~" {
            return homeDirectory == nil ? [] : ["~/"]
        }
        let directoryPart: String
        let namePrefix: String
        if let slash = prefix.lastIndex(of: "/") {
            directoryPart = String(prefix[...slash])
            namePrefix = String(prefix[prefix.index(after: slash)...])
        } else {
            directoryPart = ""
            namePrefix = prefix
        }
        guard let directory = resolve(directoryPart) else { return [] }
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: directory.path) else {
            return []
        }
        let showHidden = namePrefix.hasPrefix(".")
        return
            names
            .filter { $0.hasPrefix(namePrefix) && (showHidden || !$0.hasPrefix(".")) }
            .sorted()
            .map { name in
                var isDirectory: ObjCBool = false
                let path = directory.appendingPathComponent(name).path
                let exists = fileManager.fileExists(atPath: path, isDirectory: &isDirectory)
                return directoryPart + name + (exists && isDirectory.boolValue ? "/" : "")
            }
    }

    /// The directory that the typed directory part names.
    private func resolve(_ directoryPart: String) -> URL? {
        if directoryPart.isEmpty {
            return workingDirectory
        }
        if directoryPart.hasPrefix("/") {
            return URL(fileURLWithPath: directoryPart, isDirectory: true)
        }
        if directoryPart.hasPrefix("~/") {
            guard let home = homeDirectory else { return nil }
            let rest = String(directoryPart.dropFirst(2))
            return rest.isEmpty ? home : home.appendingPathComponent(rest, isDirectory: true)
        }
        return workingDirectory.appendingPathComponent(directoryPart, isDirectory: true)
    }
}
