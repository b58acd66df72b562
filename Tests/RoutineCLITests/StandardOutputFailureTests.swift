import EndToEndSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 31 item 9: a command whose standard output cannot be written says so in one line
/// and exits 1 (it exited 0, its output lost); a reader that goes away ends it quietly.
@Suite struct StandardOutputFailureTests {
    /// Runs the binary with standard output on `output` (standard error captured).
    private func run(
        _ arguments: [String], output: FileHandle, fixture: EndToEnd
    ) throws -> (
        status: Int32, reason: Process.TerminationReason, stderr: String
    ) {
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = arguments
        process.environment = fixture.environment
        process.currentDirectoryURL = fixture.url
        let errorFile = fixture.url.appendingPathComponent("stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errorHandle
        try process.run()
        process.waitUntilExit()
        try errorHandle.close()
        let stderr = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return (process.terminationStatus, process.terminationReason, stderr)
    }

    private func full() throws -> FileHandle {
        try #require(FileHandle(forWritingAtPath: "/dev/full"), "no /dev/full on this machine")
    }

    /// A store with a routine, a run's answers and entries enough to fill stdio's buffer.
    private func filledStore() throws -> EndToEnd {
        let fixture = try EndToEnd()
        try fixture.importBundled(["morning-checkin"])
        var csv = "habit,dayKey,value,note\n"
        for day in 0..<400 {
            csv += "Walk,\(DayKeyText.day(day)),\(day % 9 + 1),a note long enough to add up quickly \(day)\n"
        }
        try fixture.ok(["import-entries", "--new", try fixture.folder.write("walks.csv", csv)])
        return fixture
    }

    @Test func everyCommandThatPrintsFailsInOneLineOnAFullDisk() throws {
        let fixture = try filledStore()
        let routine = EndToEnd.routineFile("morning-checkin")
        let commands: [[String]] = [
            ["schema"], ["--version"], ["help"], ["help", "log"], ["log", "--help"],
            ["entries", "--format", "csv"], ["entries"], ["entries", "--format", "json"],
            ["list"], ["show", "morning-checkin"], ["export", "morning-checkin"], ["check", routine],
            ["habits"], ["stats"], ["today"], ["plan"], ["runs"], ["answers"], ["answers", "--format", "csv"],
            ["paths", "morning-checkin"], ["config"], ["pauses"], ["goal", "list"],
            ["log", "Walk", "3", "--day", "2027-01-01"],
        ]
        for command in commands {
            let result = try run(command, output: try full(), fixture: fixture)
            #expect(result.status == 1, "routine \(command.joined(separator: " ")) exited \(result.status)")
            #expect(
                result.stderr == "routine: cannot write standard output: No space left on device\n",
                "routine \(command.joined(separator: " ")): \(result.stderr)")
        }
    }

    @Test func aReaderThatGoesAwayEndsTheCommandQuietly() throws {
        let fixture = try filledStore()
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let result = try run(["entries", "--format", "csv"], output: pipe.fileHandleForWriting, fixture: fixture)
        #expect(result.reason == .uncaughtSignal)
        #expect(result.status == SIGPIPE)
        #expect(result.stderr == "")
    }

    @Test func aWrittenOutputStillExitsZero() throws {
        let fixture = try filledStore()
        let result = try fixture.run(["entries", "--format", "csv"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 401)
    }
}

/// Days for the fixtures: 2025-01-01 plus `offset` days, as `YYYY-MM-DD`.
private enum DayKeyText {
    static func day(_ offset: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let start = calendar.date(from: DateComponents(year: 2025, month: 1, day: 1)) ?? Date()
        let day = calendar.date(byAdding: .day, value: offset, to: start) ?? start
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
