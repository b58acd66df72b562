import Foundation

/// Another program this one calls (`notify-send`, `systemctl`), found on `$PATH` as a
/// shell finds it.
enum ExternalCommand {
    /// The first executable `name` in the folders of `$PATH`; nil when there is none.
    static func find(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// How a call ended: its exit status and the last line it wrote (output or errors).
    struct Outcome {
        var status: Int32
        var output: String
        var lastLine: String {
            output.split(separator: "\n").last.map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
        }
    }

    /// Runs `executable` with `arguments` (no shell, no terminal input), and waits.
    static func run(_ executable: String, _ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// This program's own absolute path (what a timer or a crontab line runs).
    static var ownPath: String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}
