import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Four processes at once against one store file: `routine log` (of a habit that does
/// not exist yet, all four racing to create it, and of each worker's own habit) and
/// `routine run` with piped answers, each run on its own day (SPEC §5.1: "several
/// processes may use one store at once without errors or lost writes").
@Suite(.serialized) struct ReliabilityConcurrencyTests {
    static let workers = 4
    static let commandsPerWorker = 16

    /// What one command was and how it ended.
    struct Outcome: Sendable {
        var command: String
        var status: Int32?
        var termination: String
        var stderr: String
        var expectedEntries: [String]
        var transcriptEntries: [String]?
    }

    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var outcomes: [Outcome] = []
        func add(_ outcome: Outcome) {
            lock.lock()
            outcomes.append(outcome)
            lock.unlock()
        }
    }

    struct Command: Sendable {
        var arguments: [String]
        var input: String
        var expectedEntries: [String]
    }

    @Test func fourProcessesLogAndRunAtOnce() throws {
        let (directory, env, routines) = try AnswerScript.bundledStore()
        let store = directory.store
        var generator = SeededGenerator(seed: 0xC0C0_4444)
        var plans: [[Command]] = []
        for worker in 0..<Self.workers {
            var commands: [Command] = []
            for index in 0..<Self.commandsPerWorker {
                let logDay = "2026-03-\(String(format: "%02d", index + 1))"
                switch index % 4 {
                case 0:
                    // All workers race to create this habit on their first command.
                    commands.append(
                        Command(
                            arguments: [
                                "log", "--new", "Shared pages", "\(worker + 1)", "--unit", "pages", "--day", logDay,
                            ],
                            input: "",
                            expectedEntries: [
                                StoreProbe.entryLine(habit: "Shared pages", day: logDay, value: Double(worker + 1))
                            ]))
                case 2:
                    commands.append(
                        Command(
                            arguments: [
                                "log", "--new", "Worker \(worker) habit", "--day", logDay, "--note", "n\(index)",
                            ],
                            input: "",
                            expectedEntries: [
                                StoreProbe.entryLine(habit: "Worker \(worker) habit", day: logDay, value: nil)
                            ]))
                default:
                    let (name, routine) = routines[(worker + index) % routines.count]
                    let day = ReliabilityCrashTests.day(1000 + worker * 100 + index)
                    let script = AnswerScript(routine: routine, day: day, generator: &generator, noise: index % 3 == 0)
                    commands.append(
                        Command(
                            arguments: ["run", name, "--day", day, "--format", "json"],
                            input: script.lines.map { $0 + "\n" }.joined(), expectedEntries: script.finalEntries))
                }
            }
            plans.append(commands)
        }
        let collector = Collector()
        let binary = Binary.url.path
        let frozenPlans = plans
        let started = Date()
        DispatchQueue.concurrentPerform(iterations: Self.workers) { worker in
            for command in frozenPlans[worker] {
                do {
                    let result = try ReliabilityProcess.run(
                        binary, command.arguments, environment: env, input: Data(command.input.utf8), timeout: 60)
                    var transcript: [String]?
                    if command.arguments.first == "run",
                        let object = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
                    {
                        transcript = (object["entries"] as? [[String: Any]] ?? []).map {
                            StoreProbe.entryLine(
                                habit: $0["habit"] as? String ?? "?", day: $0["dayKey"] as? String ?? "?",
                                value: $0["value"] as? Double)
                        }.sorted()
                    }
                    collector.add(
                        Outcome(
                            command: command.arguments.joined(separator: " "), status: result.status,
                            termination: result.termination.description, stderr: result.stderr,
                            expectedEntries: command.expectedEntries, transcriptEntries: transcript))
                } catch {
                    collector.add(
                        Outcome(
                            command: command.arguments.joined(separator: " "), status: nil, termination: "\(error)",
                            stderr: "", expectedEntries: command.expectedEntries, transcriptEntries: nil))
                }
            }
        }
        let elapsed = Date().timeIntervalSince(started)
        let outcomes = collector.outcomes
        #expect(outcomes.count == Self.workers * Self.commandsPerWorker)
        let failed = outcomes.filter { $0.status != 0 }
        let locked = outcomes.filter { $0.stderr.lowercased().contains("locked") || $0.stderr.contains("busy") }
        #expect(failed.isEmpty, "non-zero exits: \(failed.map { "\($0.command): \($0.termination) \($0.stderr)" })")
        #expect(locked.isEmpty, "locked errors: \(locked.map(\.command))")
        for outcome in outcomes where outcome.command.hasPrefix("run") {
            #expect(outcome.transcriptEntries == outcome.expectedEntries, "\(outcome.command)")
        }
        // Lost entries: everything every command was to write is in the store, once.
        let expected = outcomes.flatMap(\.expectedEntries).sorted()
        let live = try StoreProbe.liveEntries(store)
        let lost = expected.count - Set(live).intersection(Set(expected)).count
        #expect(live == expected, "store has \(live.count) live entries, expected \(expected.count)")
        #expect(try StoreProbe.count(store, "SELECT count(*) FROM habit WHERE name_key = 'shared pages'") == 1)
        #expect(try StoreProbe.count(store, "SELECT count(*) FROM measure WHERE unit = 'pages'") == 1)
        #expect(try StoreProbe.integrity(store) == "ok")
        print(
            "reliability concurrency: \(Self.workers) processes at once, \(outcomes.count) commands, "
                + "\(failed.count) non-zero exits, \(locked.count) locked, \(expected.count) entries expected, "
                + "\(live.count) live, \(max(lost, 0)) lost, \(String(format: "%.1f", elapsed)) s")
    }
}
