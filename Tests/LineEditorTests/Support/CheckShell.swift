import Foundation
import TestSupport

/// A scratch folder for one run of `line-editor-check`: it is the child's HOME
/// and holds its XDG_STATE_HOME and history file.
struct CheckShell {
    let root: URL

    /// The history file passed as the first argument by default.
    var historyFile: URL { root.appendingPathComponent("state/nested/history") }

    /// The child's whole environment.
    var environment: [String: String] {
        [
            "HOME": root.path,
            "XDG_STATE_HOME": root.appendingPathComponent("xdg-state").path,
            "PATH": "/usr/bin:/bin",
        ]
    }

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("line-editor-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// Starts the shell on a pseudo-terminal and waits until it reads its first
    /// line. `arguments` default to the history file.
    func start(
        arguments: [String]? = nil, environment extra: [String: String] = [:]
    ) throws
        -> PseudoTerminal
    {
        let terminal = try PseudoTerminal(
            executable: try PseudoTerminal.builtExecutable(named: "line-editor-check"),
            arguments: arguments ?? [historyFile.path],
            environment: environment.merging(extra) { _, new in new })
        try terminal.expectPrompt("check> ")
        return terminal
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
