import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What went wrong while running the binary in an end-to-end test.
public struct EndToEndError: Error, CustomStringConvertible {
    public var description: String
}

/// One end-to-end fixture: a private folder with its own store and state folder, the
/// fixed clock and zone of `Binary.environment`, and runs of the real binary that are
/// killed (and reported) when they take longer than a timeout.
public final class EndToEnd {
    public let folder: TemporaryDirectory
    public var environment: [String: String]

    public init(extra: [String: String] = [:]) throws {
        folder = try TemporaryDirectory()
        environment = Binary.environment(store: folder.store, extra: extra)
    }

    public var store: String { folder.store }
    public var url: URL { folder.url }

    public static let routines = Binary.repository.appendingPathComponent("routines")
    public static let bundled = ["evening-journal", "morning-checkin", "training"]

    public static func routineFile(_ name: String) -> String {
        routines.appendingPathComponent("\(name).yaml").path
    }

    /// Runs the binary with `arguments`, piping `input` (then end of input).
    @discardableResult
    public func run(
        _ arguments: [String], input: String? = nil, extra: [String: String] = [:], currentDirectory: URL? = nil,
        timeout: Double = 60
    ) throws -> Binary.Result {
        var env = environment
        for (key, value) in extra { env[key] = value }
        return try EndToEnd.run(
            arguments, input: input, environment: env, currentDirectory: currentDirectory ?? url, timeout: timeout)
    }

    /// Runs and expects exit status 0; returns standard output.
    @discardableResult
    public func ok(_ arguments: [String], input: String? = nil, extra: [String: String] = [:]) throws -> String {
        let result = try run(arguments, input: input, extra: extra)
        guard result.status == 0 else {
            throw EndToEndError(
                description:
                    "routine \(arguments.joined(separator: " ")) exited \(result.status)\n\(result.stdout)\n\(result.stderr)"
            )
        }
        return result.stdout
    }

    /// Parses a command's JSON output.
    public func json(_ arguments: [String], input: String? = nil) throws -> Any {
        let out = try ok(arguments, input: input)
        return try JSONSerialization.jsonObject(with: Data(out.utf8), options: [.fragmentsAllowed])
    }

    /// `entries --format json` (with `--all` when asked) as dictionaries.
    public func entries(all: Bool = false) throws -> [[String: Any]] {
        let value = try json(["entries", "--format", "json"] + (all ? ["--all"] : []))
        guard let array = value as? [[String: Any]] else {
            throw EndToEndError(description: "entries JSON is not an array of objects: \(value)")
        }
        return array
    }

    /// Loads `rows` entries of 20 habits (`Bulk 0` …) on the first days of 2026's months,
    /// (and one entry of `habit` when given), then backs the store up to `big.sqlite` in
    /// the folder and returns its path: a store big enough that a backup or a restore of
    /// it takes a while.
    @discardableResult
    public func bulkBackup(rows: Int = 20_000, habit: String? = nil) throws -> String {
        var csv = "habit,dayKey,value\n"
        for row in 0..<rows { csv += "Bulk \(row % 20),2026-\(String(format: "%02d", row % 12 + 1))-01,\(row % 9)\n" }
        try ok(["import-entries", "--new", try folder.write("bulk.csv", csv)])
        if let habit { try ok(["log", habit, "--new"]) }
        let backup = url.appendingPathComponent("big.sqlite").path
        try ok(["backup", backup])
        return backup
    }

    /// Imports the bundled routines (all of them, or those named).
    public func importBundled(_ names: [String] = EndToEnd.bundled) throws {
        try ok(["import"] + names.map(EndToEnd.routineFile))
    }

    /// Runs `arguments` as a process with a deadline: on a timeout the process is killed
    /// and the error says so, with whatever it wrote.
    public static func run(
        _ arguments: [String], input: String?, environment: [String: String], currentDirectory: URL?,
        timeout: Double
    ) throws -> Binary.Result {
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = arguments
        process.environment = environment
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let temporary = FileManager.default.temporaryDirectory
        let outFile = temporary.appendingPathComponent("routine-e2e-out-\(UUID().uuidString)")
        let errFile = temporary.appendingPathComponent("routine-e2e-err-\(UUID().uuidString)")
        let inFile = temporary.appendingPathComponent("routine-e2e-in-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: outFile.path, contents: nil)
        FileManager.default.createFile(atPath: errFile.path, contents: nil)
        // Input from a file, not a pipe: no writer to block, and end of input is certain.
        FileManager.default.createFile(atPath: inFile.path, contents: Data((input ?? "").utf8))
        defer {
            for file in [outFile, errFile, inFile] { try? FileManager.default.removeItem(at: file) }
        }
        let outHandle = try FileHandle(forWritingTo: outFile)
        let errHandle = try FileHandle(forWritingTo: errFile)
        let inHandle = try FileHandle(forReadingFrom: inFile)
        process.standardInput = inHandle
        process.standardOutput = outHandle
        process.standardError = errHandle
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        let finished = done.wait(timeout: .now() + timeout) == .success
        if !finished {
            kill(process.processIdentifier, SIGKILL)
            _ = done.wait(timeout: .now() + 10)
        }
        try outHandle.close()
        try errHandle.close()
        try inHandle.close()
        let out = (try? String(contentsOf: outFile, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOf: errFile, encoding: .utf8)) ?? ""
        guard finished else {
            throw EndToEndError(
                description:
                    "routine \(arguments.joined(separator: " ")) did not end within \(timeout) s\n\(out)\n\(err)")
        }
        return Binary.Result(status: process.terminationStatus, stdout: out, stderr: err)
    }

    /// The answers of a script as piped input: one per line.
    public static func lines(_ answers: [String]) -> String {
        answers.map { $0 + "\n" }.joined()
    }

    /// A pseudo-terminal running the binary in `folder` with this fixture's environment
    /// (colour as `extra` says: `NO_COLOR` is removed when `extra` maps it to "").
    public func terminal(
        _ arguments: [String] = [], extra: [String: String] = [:], in folder: URL? = nil
    ) throws
        -> PseudoTerminal
    {
        var env = environment
        for (key, value) in extra { env[key] = value.isEmpty ? nil : value }
        let directory = (folder ?? url).path
        // PseudoTerminal has no working-folder parameter: a shell changes folder, then
        // becomes the program (same pid, so kill and wait reach the binary itself).
        let quoted = ([Binary.url.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return try PseudoTerminal(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "cd '\(directory)' && exec \(quoted.joined(separator: " "))"],
            environment: env, columns: 200)
    }
}

/// Checks a string is a lower-case UUID.
public func isUUID(_ text: String) -> Bool {
    UUID(uuidString: text) != nil && text == text.lowercased() && text.count == 36
}

extension Dictionary where Key == String, Value == Any {
    public func string(_ key: String) -> String? { self[key] as? String }
    public func isNull(_ key: String) -> Bool { self[key] is NSNull }
}
