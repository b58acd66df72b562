import EndToEndSupport
import Foundation
import Testing

/// Runs the libFuzzer target for the routine-file reader (`scripts/fuzz`, see
/// docs/RELIABILITY.md) for a bounded time: 10 s by default, 45 s when `CI=true`, or
/// `ROUTINE_FUZZ_SECONDS`. It always runs (never skips itself into green); the first run
/// on a machine also builds the instrumented modules (about a minute).
@Suite(.serialized) struct ReliabilityFuzzTests {
    static var seconds: Int {
        let environment = ProcessInfo.processInfo.environment
        if let text = environment["ROUTINE_FUZZ_SECONDS"], let value = Int(text), value > 0 { return value }
        return environment["CI"] == "true" ? 45 : 10
    }

    @Test func routineFileReaderSurvivesTheFuzzer() throws {
        let script = Binary.repository.appendingPathComponent("scripts/fuzz").path
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let started = Date()
        let result = try ReliabilityProcess.run(
            "/bin/bash", [script, String(Self.seconds)], environment: environment, timeout: Double(Self.seconds) + 900)
        let elapsed = Date().timeIntervalSince(started)
        let output = result.stdout + result.stderr
        func stat(_ name: String) -> Int? {
            guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("stat::\(name):") }) else {
                return nil
            }
            return Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
        }
        let crash = output.split(separator: "\n").filter {
            $0.contains("Fatal error") || $0.contains("ERROR:") || $0.contains("Test unit written")
        }
        #expect(
            result.termination == .exited(0), "fuzzer: \(result.termination); \(crash.prefix(5)) \(output.suffix(2000))"
        )
        let executed = stat("number_of_executed_units") ?? 0
        #expect(executed > 0, "the fuzzer ran no input: \(output.suffix(2000))")
        let build = output.split(separator: "\n").first { $0.hasPrefix("fuzz: built in") } ?? "fuzz: build time unknown"
        print(
            "reliability fuzz: \(Self.seconds) s, \(executed) inputs, \(stat("average_exec_per_sec") ?? 0) exec/s, "
                + "\(stat("new_units_added") ?? 0) new corpus units, peak \(stat("peak_rss_mb") ?? 0) MB; \(build); "
                + "\(String(format: "%.0f", elapsed)) s in all")
    }
}
