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
