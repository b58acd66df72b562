import Foundation
import RoutineCore
import RoutineFile

/// Why a stored routine could not be had (no store, no such name): one line.
public struct RoutineLookupError: Error, Sendable {
    public var message: String

    public init(_ message: String) { self.message = message }
}

/// `routine test PATH...` (SPEC §15.1): finds the test files, reads each, resolves the
/// routine it names, checks it against that routine, and runs its cases. Writes nothing
/// anywhere; a stored routine is read through `stored`, which the caller provides (this
/// module knows no store).
public enum RoutineTestRun {
    /// Runs every test file named or found under the folders named (`*.test.yaml`,
    /// `*.test.yml`, recursively, hidden entries skipped; a file named outright runs
    /// whatever its name). A test file with an error runs none of its cases.
    /// `storeMeasures`: the store's habits when a store is configured (see `CaseRun`).
    public static func run(
        paths: [String], stored: (String) throws -> Routine, storeMeasures: () -> [HabitKey: HabitSpec] = { [:] }
    ) -> TestReport {
        var report = TestReport()
        for given in paths {
            for path in CheckRun.expand([given], include: CheckRun.isTestFile) {
                // `routine test` in a folder names its files as `routines/x.test.yaml`, not `./routines/…`.
                let shown = given == "." && path.hasPrefix("./") ? String(path.dropFirst(2)) : path
                report.files.append(runFile(shown, stored: stored, storeMeasures: storeMeasures))
            }
        }
        return report
    }

    static func runFile(
        _ path: String, stored: (String) throws -> Routine, storeMeasures: () -> [HabitKey: HabitSpec] = { [:] }
    ) -> TestReport.FileResult {
        var result = TestReport.FileResult(path: path)
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            // Worded as `check` words it (one home: `RoutineFileReader.unreadable`).
            result.diagnostics = [RoutineFileReader.unreadable(path, error)]
            return result
        }
        let decoded = TestFileDecoder.decode(data)
        result.diagnostics = decoded.diagnostics
        guard let file = decoded.file else { return result }
        let routine: Routine
        switch resolve(file, testPath: path, stored: stored) {
        case .failure(let diagnostic):
            result.diagnostics.append(diagnostic)
            return result
        case .success(let found):
            routine = found.routine
            result.routine = found.label
        }
        result.diagnostics += TestFileChecker.diagnostics(file, routine: routine)
        result.diagnostics.sort {
            ($0.location ?? SourceLocation(line: 0, column: 0)) < ($1.location ?? SourceLocation(line: 0, column: 0))
        }
        guard !result.diagnostics.contains(where: { $0.severity == .error }) else { return result }
        let measures = file.cases.isEmpty ? [:] : storeMeasures()
        for testCase in file.cases {
            let run = CaseRun(testCase, routine: routine, storeMeasures: measures)
            result.cases.append(
                TestReport.CaseResult(
                    name: testCase.name, location: testCase.location,
                    failures: CaseVerdict.failures(of: testCase, run: run), run: run))
        }
        return result
    }

    /// The routine a test file names: a routine file, by a path relative to the test
    /// file (or absolute); else, for a name shaped like a slug, the stored routine.
    static func resolve(
        _ file: TestFile, testPath: String, stored: (String) throws -> Routine
    ) -> Resolved {
        let routinePath = self.routinePath(file.routine, testPath: testPath)
        let at = file.routineLocation
        if FileManager.default.fileExists(atPath: routinePath), !CheckRun.isDirectory(routinePath) {
            let read = RoutineFileReader.read(path: routinePath)
            guard let routine = read.routine else {
                let count = read.errorCount
                let first =
                    read.diagnostics.first { $0.severity == .error }.map { ": " + $0.formatted(path: routinePath) }
                    ?? ""
                return .failure(
                    Diagnostic(
                        .invalidValue, "the routine \(routinePath) has \(count) error\(count == 1 ? "" : "s")\(first)",
                        at: at))
            }
            return .success((routine, routinePath))
        }
        guard Slug.isValid(file.routine) else {
            return .failure(Diagnostic(.invalidValue, "no routine file \(routinePath)", at: at))
        }
        do {
            return .success((try stored(file.routine), file.routine))
        } catch let error as RoutineLookupError {
            return .failure(
                Diagnostic(.invalidValue, "no routine file \(routinePath), and \(error.message)", at: at))
        } catch {
            return .failure(Diagnostic(.invalidValue, "no routine file \(routinePath), and \(error)", at: at))
        }
    }

    enum Resolved {
        case success((routine: Routine, label: String))
        case failure(Diagnostic)
    }

    /// `routine` joined to the test file's folder, unless it is absolute.
    static func routinePath(_ routine: String, testPath: String) -> String {
        if routine.hasPrefix("/") { return routine }
        guard let slash = testPath.lastIndex(of: "/") else { return routine }
        return String(testPath[...slash]) + routine
    }
}
