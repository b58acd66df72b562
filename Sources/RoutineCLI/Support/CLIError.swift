import RoutineApp
import RoutineCore

/// A failure a command reports to the user: one clear line on standard error and a
/// non-zero exit status (1 for a failed command, 64 for a usage error).
public struct CLIError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var exitCode: Int32

    public init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }

    public static func usage(_ message: String) -> CLIError { CLIError(message, exitCode: 64) }

    public var description: String { message }
}

extension CLIError {
    /// The one line for errors of the modules below the CLI, or nil for errors that
    /// ArgumentParser reports itself (usage errors).
    static func describe(_ error: Error) -> String? {
        switch error {
        case let error as StoreError: error.message
        case let error as CLIError: error.message
        case let error as RunError: error.description
        case let error as UndoError: error.description
        default: nil
        }
    }
}
