/// A CSV file that cannot be read: the first problem, at its 1-based line (physical:
/// quoted fields spanning lines are counted) and column (the field number).
/// Shown as `LINE:COLUMN: MESSAGE`; the CLI puts the file's name in front.
public struct CSVError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "\(line):\(column): \(message)" }
}
