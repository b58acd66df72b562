import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore
import RoutineFile

/// Authoring from the REPL or the CLI: where routine files live, and the edit loop.
enum Authoring {
    static let folder = "routines"

    static func path(for name: String) -> String { "\(folder)/\(name).yaml" }

    /// Opens the routine's file in the editor until it checks clean (then imports it) or
    /// the person declines to edit again (then nothing is stored).
    static func edit(name: String, settings: Settings) throws {
        guard Slug.isValid(name) else {
            throw CLIError.usage("'\(name)' is not a routine name; to correct an entry, give --value")
        }
        let path = try fileToEdit(name: name, settings: settings)
        while true {
            try openEditor(on: path)
            let result = RoutineFileReader.read(path: path)
            for diagnostic in result.diagnostics { Output.line(diagnostic.formatted(path: path)) }
            if let routine = result.routine, !result.hasErrors {
                guard routine.slug == name else {
                    throw CLIError(
                        "\(path) now names the routine '\(routine.slug)', not '\(name)'; nothing was imported")
                }
                let store = try Session.current.store(settings)
                let loaded = RoutineSource.Loaded(
                    routine: routine, stored: nil, source: try? String(contentsOfFile: path, encoding: .utf8),
                    path: path)
                let result = try RoutineSource.importFile(loaded, into: store)
                Output.line(
                    result.outcome == .unchanged
                        ? "\(name) unchanged (version \(result.versionNumber))"
                        : "imported \(name) (version \(result.versionNumber))")
                // As `import` says it (SPEC §10.1): a file that sets a schedule back is told.
                for change in result.scheduleChanges { Output.line(change.line) }
                return
            }
            guard
                Session.current.terminal.confirm(
                    "\(path) has errors and was not imported. Edit again? [Y/n] ", byDefault: true)
            else {
                throw CLIError("\(path) has errors; nothing was imported")
            }
        }
    }

    /// The file to edit: `routines/NAME.yaml`, written from the stored source if only the
    /// store has the routine.
    ///
    /// An existing file is opened only when it is the latest stored version (or the
    /// routine is not stored): a stale copy, edited and imported, would silently undo
    /// the newer versions. Otherwise the person is told, and asked whether to write the
    /// latest version there first.
    private static func fileToEdit(name: String, settings: Settings) throws -> String {
        let path = path(for: name)
        let stored = try Session.current.existingStore(settings)?.routine(slug: name)
        if FileManager.default.fileExists(atPath: path) {
            guard let stored else { return path }
            let text = try? String(contentsOfFile: path, encoding: .utf8)
            if text == stored.source {
                let latest = latestText(stored)
                guard latest != stored.source else { return path }
                // The file is the stored source, but a habit it names was renamed or merged
                // since, or its schedule set by hand: edited as it is, it would bring the old
                // habit or schedule back (issue 19 item 6, issue 31 item 13). Nothing of the
                // person's is lost by writing the current names and schedules.
                do {
                    try latest.write(toFile: path, atomically: true, encoding: .utf8)
                } catch {
                    throw CLIError("cannot write \(path): \(error.localizedDescription)")
                }
                Output.line(
                    "\(path) named habits renamed or merged, or with a schedule set, since; "
                        + "it now has their current names and schedules.")
                return path
            }
            let what =
                (try text.flatMap { try Session.current.store(settings).staleVersion(slug: name, source: $0) })
                .map { "is version \($0.version), not the latest (version \($0.latest))" }
                ?? "differs from the latest stored version (version \(stored.versionNumber))"
            Output.line("\(path) \(what).")
            guard
                Session.current.terminal.confirm(
                    "Write the latest version to \(path) first? (your file is replaced) [y/N]", byDefault: false)
            else {
                throw CLIError(
                    "\(path) is not the latest version of '\(name)'; nothing was opened "
                        + "('routine import --force \(path)' stores your file as it is)")
            }
        }
        guard let stored else {
            throw CLIError("no routine named '\(name)' in \(folder)/ or the store; start one with 'new \(name)'")
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try latestText(stored).write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw CLIError("cannot write \(path): \(error.localizedDescription)")
        }
        return path
    }

    /// The text of the latest version to edit: its source as imported, unless a habit
    /// was renamed or merged, or its schedule set, since (the stored graph follows the
    /// habit, the source keeps what was imported), then the graph written as YAML.
    private static func latestText(_ stored: StoredRoutine) -> String {
        guard !stored.source.isEmpty, RoutineFileReader.read(string: stored.source).routine == stored.routine else {
            return RoutineExporter.yaml(stored.routine)
        }
        return stored.source
    }

    /// Runs `$VISUAL`, else `$EDITOR`, else `vi`, on the file, as the terminal's foreground
    /// job (``ForegroundCommand``: a terminal editor owns the terminal until it ends).
    private static func openEditor(on path: String) throws {
        let env = Session.current.environment
        let editor = [env["VISUAL"], env["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        Output.flush()
        let status: Int32
        do {
            status = try ForegroundCommand.run(
                script: "\(editor) \"$1\"", name: "editor", arguments: [path], environment: env)
        } catch {
            throw CLIError("cannot start the editor '\(editor)': \(error)")
        }
        if status != 0 {
            throw CLIError("the editor '\(editor)' exited with status \(status); nothing was imported")
        }
    }
}
