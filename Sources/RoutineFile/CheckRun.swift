import Foundation
import RoutineCore

/// `routine check PATH...`: expands paths, reads each file, and collects a report.
/// Touches no store; reads files only.
public enum CheckRun {
    /// Checks every file named or found under the folders named. Folders are searched
    /// recursively for `*.yaml` and `*.yml` (case-insensitive extension), skipping
    /// hidden entries (names starting with `.`); found files are sorted by path. A
    /// path that does not exist or cannot be read gives one error for it.
    /// `keeper`: see `TreeKeeper`.
    /// `testFile`: what a test file's bytes say of its shape (RoutineTesting's reader,
    /// which this module does not know). A test file named outright (`routines/*.yaml` in
    /// a shell names them) is checked with it, as what it is, and reported like any file;
    /// without it, such a file is read as a routine file.
    public static func check(
        paths: [String], keeping keeper: TreeKeeper? = nil, testFile: ((Data) -> [Diagnostic])? = nil
    ) -> CheckReport {
        var files: [CheckReport.File] = []
        for path in expand(paths) {
            if isDirectory(path) {
                // Only an unreadable folder is left in the expanded list.
                files.append(
                    CheckReport.File(
                        path: path,
                        diagnostics: [
                            Diagnostic(.syntax, "cannot read folder: permission denied", at: nil)
                        ]))
                continue
            }
            if let testFile, isTestFile((path as NSString).lastPathComponent) {
                let diagnostics: [Diagnostic]
                do {
                    diagnostics = testFile(try Data(contentsOf: URL(fileURLWithPath: path)))
                } catch {
                    diagnostics = [RoutineFileReader.unreadable(path, error)]
                }
                files.append(CheckReport.File(path: path, diagnostics: diagnostics))
                continue
            }
            let result = RoutineFileReader.read(path: path, assemble: false, keeping: keeper)
            files.append(CheckReport.File(path: path, diagnostics: result.diagnostics))
        }
        return CheckReport(files: files)
    }

    /// The files to check, in order: each path as given; a folder replaced by the
    /// routine files inside it (sorted). Missing paths are kept, so they get reported.
    /// A folder reached twice (symbolic links) is searched once.
    /// `include` picks the files of a folder by name (routine files by default).
    public static func expand(_ paths: [String], include: (String) -> Bool = isRoutineFile) -> [String] {
        var result: [String] = []
        var seenFolders = Set<String>()
        for path in paths {
            guard isDirectory(path) else {
                result.append(path)
                continue
            }
            var found: [String] = []
            var pending = [path]
            while let folder = pending.popLast() {
                let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
                guard seenFolders.insert(resolved).inserted else { continue }
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
                    found.append(folder)  // unreadable folder: reported as unreadable
                    continue
                }
                for name in names where !name.hasPrefix(".") {
                    let child = join(folder, name)
                    if isDirectory(child) {
                        pending.append(child)
                    } else if include(name) {
                        found.append(child)
                    }
                }
            }
            result += found.sorted()
        }
        return result
    }

    /// `*.yaml` and `*.yml`, but not test files (`*.test.yaml`, `*.test.yml`): those
    /// are `routine test`'s, which live beside the routines they test.
    public static func isRoutineFile(_ name: String) -> Bool {
        let lower = name.lowercased()
        return (lower.hasSuffix(".yaml") || lower.hasSuffix(".yml")) && !isTestFile(name)
    }

    /// A routine test file (`*.test.yaml` or `*.test.yml`, SPEC §15.1).
    public static func isTestFile(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".test.yaml") || lower.hasSuffix(".test.yml")
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    public static func isDirectory(_ path: String) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
    }
}
