import RoutineCore
import RoutineFile

/// Routines read from YAML text, as a file would be.
enum RoutineFileReaderFixture {
    static func routine(_ yaml: String) -> Routine? {
        RoutineFileReader.read(string: yaml).routine
    }

    static func draft(_ yaml: String) throws -> (Routine, RoutineDraft?) {
        let folder = try TestFolder()
        let path = try folder.write("explored.yaml", yaml)
        let read = RoutineFileReader.readWithDraft(path: path)
        guard let routine = read.result.routine else {
            throw FixtureError(
                message: read.result.diagnostics.map { $0.formatted(path: "explored.yaml") }.joined(separator: "\n"))
        }
        return (routine, read.draft)
    }

    struct FixtureError: Error { var message: String }
}
