import Foundation

/// Runs the built `routine` binary as a user would: arguments, environment, piped
/// standard input, captured standard output and error, exit status.
public struct Binary {
    public struct Result {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The `routine` executable built beside the test bundle (`swift test` builds every
    /// executable of the package first).
    public static let url: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("routine")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return repository.appendingPathComponent(".build/debug/routine")
    }()

    /// The repository root (for `routines/`).
    public static let repository = URL(fileURLWithPath: #filePath)  // Tests/EndToEndSupport/Binary.swift
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A fixed clock and zone, no colour, and a private store and state folder.
    public static func environment(store: String, extra: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for key in [
            "ROUTINE_STORE", "ROUTINE_DAY_START", "NO_COLOR", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME",
        ] {
            env[key] = nil
        }
        env["ROUTINE_NOW"] = "2026-11-22T06:30:00Z"
        env["TZ"] = "UTC"
        env["ROUTINE_STORE"] = store
        env["XDG_STATE_HOME"] = (store as NSString).deletingLastPathComponent + "/state"
        env["NO_COLOR"] = "1"
        // Never the developer's own configuration file.
        env["XDG_CONFIG_HOME"] = (store as NSString).deletingLastPathComponent + "/config"
        for (key, value) in extra { env[key] = value }
        return env
    }

    @discardableResult
    public static func run(
        _ arguments: [String], input: String? = nil, environment: [String: String], currentDirectory: URL? = nil
    )
        throws -> Result
    {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = environment
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let stdinPipe = Pipe()
        let stdoutFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "routine-out-\(UUID().uuidString)")
        let stderrFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "routine-err-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
        FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: stdoutFile)
            try? FileManager.default.removeItem(at: stderrFile)
        }
        let outHandle = try FileHandle(forWritingTo: stdoutFile)
        let errHandle = try FileHandle(forWritingTo: stderrFile)
        process.standardInput = stdinPipe
        process.standardOutput = outHandle
        process.standardError = errHandle
        try process.run()
        if let input { stdinPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try stdinPipe.fileHandleForWriting.close()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        let out = (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
        return Result(status: process.terminationStatus, stdout: out, stderr: err)
    }
}

/// A temporary folder removed when the value goes away.
public final class TemporaryDirectory {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("routine-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public var store: String { url.appendingPathComponent("store.sqlite").path }

    public func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
