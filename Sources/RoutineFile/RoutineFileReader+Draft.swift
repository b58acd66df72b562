import Foundation
import RoutineCore

extension RoutineFileReader {
    /// Reads a routine file and keeps its draft: the source positions of every node,
    /// option and condition, which tools that point back into the file need
    /// (`routine test --explore` puts its warnings there). The draft is nil when the
    /// file could not be read or is not YAML.
    public static func readWithDraft(path: String) -> (result: RoutineFileResult, draft: RoutineDraft?) {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else {
            return (read(path: path), nil)
        }
        let keeper = TreeKeeper()
        let result = read(data: data, path: path, keeping: keeper)
        return (result, keeper.draft)
    }
}
