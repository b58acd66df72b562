import EndToEndSupport
import Foundation
import RoutineCore
import RoutineFile
import TestSupport
import Testing

/// Seeded mutations of the bundled routines (SPEC §3, §9): thousands read in process
/// with `RoutineFileReader`, a few dozen through `routine check`. Never a crash, exit
/// status 0 or 1, and every diagnostic one line of the form
/// `file:line:col: severity: message [code]`.
@Suite(.serialized) struct ReliabilityMutationTests {
    static let inProcessCases = 3000
    static let binaryCases = 40
    static let diagnosticForm = #"^(.+):([0-9]+):([0-9]+): (error|warning): (.+) \[([a-z-]+)\]$"#

    static func originals() throws -> [String: Data] {
        let folder = Binary.repository.appendingPathComponent("routines")
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        where CheckRun.isRoutineFile(name) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    @Test func mutationsInProcess() throws {
        let originals = try Self.originals()
        let names = originals.keys.sorted()
        let form = try Regex(Self.diagnosticForm)
        var generator = SeededGenerator(seed: 0x4D07_A7E5)
        var withErrors = 0
        var diagnosticsSeen = 0
        var codes: Set<String> = []
        let started = Date()
        for index in 0..<Self.inProcessCases {
            let name = names[index % names.count]
            let (mutant, description) = Mutator.mutate(originals[name]!, generator: &generator)
            let result = RoutineFileReader.read(data: mutant, path: "m.yaml")
            #expect(result.hasErrors == (result.routine == nil), "case \(index) \(description)")
            if result.hasErrors { withErrors += 1 }
            for diagnostic in result.diagnostics {
                diagnosticsSeen += 1
                codes.insert(diagnostic.code.rawValue)
                let line = diagnostic.formatted(path: "m.yaml")
                #expect(
                    line.wholeMatch(of: form) != nil,
                    "case \(index) \(description): \(line.debugDescription.prefix(400))")
                #expect(
                    diagnostic.location.map { $0.line >= 1 && $0.column >= 1 } == true,
                    "case \(index): \(line.prefix(200))")
            }
            if let routine = result.routine {
                // What reads also exports and reads back the same (SPEC §2).
                let again = RoutineFileReader.read(string: RoutineExporter.yaml(routine))
                #expect(again.routine == routine, "case \(index) \(description): export round trip")
            }
        }
        let elapsed = Date().timeIntervalSince(started)
        print(
            "reliability mutations: \(Self.inProcessCases) mutants in process (\(withErrors) with errors, "
                + "\(diagnosticsSeen) diagnostics, codes \(codes.sorted())), \(String(format: "%.1f", elapsed)) s")
    }

    @Test func mutationsThroughTheBinary() throws {
        let originals = try Self.originals()
        let names = originals.keys.sorted()
        let form = try Regex(Self.diagnosticForm)
        let directory = try TemporaryDirectory()
        var generator = SeededGenerator(seed: 0xB1_4A27)
        var statuses: [Int32: Int] = [:]
        for index in 0..<Self.binaryCases {
            let name = names[index % names.count]
            let (mutant, description) = Mutator.mutate(originals[name]!, generator: &generator)
            let path = directory.url.appendingPathComponent("mutant-\(index).yaml").path
            try mutant.write(to: URL(fileURLWithPath: path))
            let env = Binary.environment(store: directory.store)
            let result = try ReliabilityProcess.routine(["check", path], environment: env, timeout: 60)
            let status = result.status ?? -1
            statuses[status, default: 0] += 1
            #expect(
                status == 0 || status == 1,
                "case \(index) \(description): \(result.termination) \(result.stderr.prefix(300))")
            var lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            let summary = lines.popLast() ?? ""
            #expect(summary.hasPrefix("1 file checked"), "case \(index): summary \(summary.prefix(200))")
            for line in lines {
                let match = line.wholeMatch(of: form)
                #expect(match != nil, "case \(index) \(description): \(line.debugDescription.prefix(400))")
                #expect(line.hasPrefix(path + ":"), "case \(index): \(line.prefix(200))")
            }
            #expect(status == (lines.contains { $0.contains(": error: ") } ? 1 : 0), "case \(index): status \(status)")
            // The store is never touched by a check.
            #expect(!FileManager.default.fileExists(atPath: directory.store))
        }
        print("reliability mutations: \(Self.binaryCases) mutants through 'routine check', exit statuses \(statuses)")
    }
}

extension ReliabilityMutationTests {
    /// Found by the fuzzer: a quoted key with an escaped line break made `unknown-key`
    /// span two lines of `routine check` output.
    @Test func controlCharactersInQuotedTextStayOnOneLine() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(
            "keys.yaml",
            "\"foo\\nbar\\ttab\\e\\u2028\": 23\n\"\\r\": 24\nroutine: r\nstart: [a]\nnodes: {a: {habit: A}}\n")
        let result = try ReliabilityProcess.routine(
            ["check", path], environment: Binary.environment(store: directory.store))
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        let form = try Regex(Self.diagnosticForm)
        for line in lines.dropLast() { #expect(line.wholeMatch(of: form) != nil, "\(line.debugDescription)") }
        #expect(lines.first?.contains(#"foo\nbar"#) == true, "\(lines)")
    }
}

/// Seeded, structure-blind mutations of a YAML file.
enum Mutator {
    static let specials = [
        "&", "*", "!", "|", ">", "{", "}", "[", "]", ":", "# ", "%", "@", "`", "\"", "'", "? ", "- ", "\t", "<<: *a",
        "&a ", "*a", "!!str ", "!!binary ", "---\n", "...\n", "\u{FEFF}", "\\", ",", "\r",
        "\"k\\ny\\u2028z\\e\": 1\n", "? \"a\\rb\"\n: c\n",
    ]

    static func mutate(_ original: Data, generator: inout SeededGenerator) -> (Data, String) {
        var bytes = [UInt8](original)
        var done: [String] = []
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            var lines = split(bytes)
            let kind = Int.random(in: 0..<11, using: &generator)
            switch kind {
            case 0 where lines.count > 1:
                let at = Int.random(in: 0..<lines.count, using: &generator)
                lines.remove(at: at)
                bytes = join(lines)
                done.append("delete line \(at + 1)")
            case 1:
                let at = Int.random(in: 0..<lines.count, using: &generator)
                lines.insert(lines[at], at: at)
                bytes = join(lines)
                done.append("duplicate line \(at + 1)")
            case 2 where lines.count > 1:
                let a = Int.random(in: 0..<lines.count, using: &generator)
                let b = Int.random(in: 0..<lines.count, using: &generator)
                lines.swapAt(a, b)
                bytes = join(lines)
                done.append("swap lines \(a + 1) and \(b + 1)")
            case 3 where !bytes.isEmpty:
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[at] ^= UInt8(1) << UInt8.random(in: 0...7, using: &generator)
                done.append("flip a bit at byte \(at)")
            case 4:
                let at = Int.random(in: 0...bytes.count, using: &generator)
                let special = specials.randomElement(using: &generator)!
                bytes.insert(contentsOf: Array(special.utf8), at: at)
                done.append("insert \(special.debugDescription) at byte \(at)")
            case 5 where !bytes.isEmpty:
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                bytes.removeSubrange(at...)
                done.append("truncate at byte \(at)")
            case 6:
                let depth = Int.random(in: 90...130, using: &generator)
                let at = Int.random(in: 0..<lines.count, using: &generator)
                let nest = Array(
                    (String(repeating: "  ", count: 2) + "next: " + String(repeating: "[", count: depth)
                        + "x" + String(repeating: "]", count: depth)).utf8)
                lines.insert(nest, at: at)
                bytes = join(lines)
                done.append("nest \(depth) levels at line \(at + 1)")
            case 7:
                let at = Int.random(in: 0..<lines.count, using: &generator)
                // Mostly 1 kB and 100 kB; 1 MB one time in 16 (a debug build reads it in ~0.1 s).
                let size =
                    Int.random(in: 0..<16, using: &generator) == 0
                    ? 1_000_000 : [1_000, 100_000].randomElement(using: &generator)!
                lines[at] += Array(String(repeating: "x", count: size).utf8)
                bytes = join(lines)
                done.append("append a \(size)-byte scalar to line \(at + 1)")
            case 8:
                let at = Int.random(in: 0..<lines.count, using: &generator)
                let depth = Int.random(in: 50...120, using: &generator)
                var block: [[UInt8]] = []
                for level in 0..<depth {
                    block.append(Array((String(repeating: " ", count: level) + "k\(level):").utf8))
                }
                lines.insert(contentsOf: block, at: at)
                bytes = join(lines)
                done.append("block nesting \(depth) deep at line \(at + 1)")
            case 9:
                let at = Int.random(in: 0...bytes.count, using: &generator)
                let garbage = (0..<Int.random(in: 1...16, using: &generator)).map { _ in
                    UInt8.random(in: 0...255, using: &generator)
                }
                bytes.insert(contentsOf: garbage, at: at)
                done.append("insert \(garbage.count) random bytes at byte \(at)")
            default:
                let at = Int.random(in: 0..<lines.count, using: &generator)
                let indent = Int.random(in: 0...6, using: &generator)
                lines[at] =
                    Array(repeating: UInt8(ascii: " "), count: indent) + lines[at].drop { $0 == UInt8(ascii: " ") }
                bytes = join(lines)
                done.append("re-indent line \(at + 1) to \(indent)")
            }
        }
        return (Data(bytes), done.joined(separator: ", "))
    }

    private static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        return lines.isEmpty ? [[]] : lines
    }

    private static func join(_ lines: [[UInt8]]) -> [UInt8] {
        Array(lines.joined(separator: [0x0A]))
    }
}
