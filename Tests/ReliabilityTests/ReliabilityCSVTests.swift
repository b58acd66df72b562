import EndToEndSupport
import Foundation
import Testing

/// Hostile CSV into `routine import-entries` (SPEC §5.4: all rows or none, naming the
/// line and column of the first bad row): exit 1, one error line in the form
/// `file:line:col: …`, and nothing written.
@Suite(.serialized) struct ReliabilityCSVTests {
    static let header = "habit,dayKey,value,note,timestamp,timeZone\n"

    /// (name, file bytes, expected line of the error, or nil when any line will do).
    static func cases() -> [(String, Data, Int?)] {
        var cases: [(String, Data, Int?)] = []
        func add(_ name: String, _ body: String, line: Int?) {
            cases.append((name, Data((header + body).utf8), line))
        }
        add("unterminated quote", "Run,2026-01-01,5,,,\n\"Run,2026-01-02,5,,,\nRun,2026-01-03,5,,,\n", line: 3)
        add("quote inside a bare field", "Run,2026-01-01,5,a\"b,,\n", line: 2)
        add("NUL in a habit name", "Ru\u{0}n,2026-01-01,5,,,\n", line: 2)
        add("control characters in a name", "Read\u{1B}[31m,2026-01-01,,,,\n", line: 2)
        add("huge habit name", String(repeating: "h", count: 2_000_000) + ",2026-01-01,,,,\n", line: 2)
        add("huge value", "Run,2026-01-01," + String(repeating: "9", count: 1_000_000) + ",,,\n", line: 2)
        add("bad date: 30 February", "Run,2026-02-30,5,,,\n", line: 2)
        add("bad date: month 13", "Run,2026-13-01,5,,,\n", line: 2)
        add("bad date: words", "Run,yesterday,5,,,\n", line: 2)
        add("bad date: short form", "Run,2026-1-1,5,,,\n", line: 2)
        add("negative value", "Run,2026-01-01,-5,,,\n", line: 2)
        add("not a number", "Run,2026-01-01,five,,,\n", line: 2)
        add("nan", "Run,2026-01-01,nan,,,\n", line: 2)
        add("bad timestamp", "Run,2026-01-01,5,,noon,UTC\n", line: 2)
        add("bad time zone", "Run,2026-01-01,5,,2026-01-01T06:00:00Z,Mars/Olympus\n", line: 2)
        add("too many columns", "Run,2026-01-01,5,,,,extra,more\n", line: 2)
        add("empty habit", ",2026-01-01,5,,,\n", line: 2)
        add("one measure then none", "Swim,2026-01-01,500,,,\nSwim,2026-01-02,,,,\n", line: nil)
        cases.append(("wrong header", Data("habit,day,value\nRun,2026-01-01,5\n".utf8), 1))
        cases.append(("no habit column", Data("dayKey,value\n2026-01-01,5\n".utf8), 1))
        var invalidUTF8 = Data((header + "Run,2026-01-01,5,,,\nRun,2026-01-02,5,").utf8)
        invalidUTF8.append(contentsOf: [0xFF, 0xFE, 0x80])
        invalidUTF8.append(contentsOf: Array(",,\n".utf8))
        cases.append(("invalid UTF-8", invalidUTF8, 3))
        var big = header
        big.reserveCapacity(3_000_000)
        for row in 0..<100_000 {
            big += "Bulk \(row % 50),\(ReliabilityCrashTests.day(row % 3000)),\(row % 7),,,\n"
        }
        big += "Bulk 1,2026-02-31,3,,,\n"
        cases.append(("100,000 good rows then one bad", Data(big.utf8), 100_002))
        return cases
    }

    @Test func hostileCSVIsRefusedWhole() throws {
        let directory = try TemporaryDirectory()
        let store = directory.store
        let env = Binary.environment(store: store)
        for (habit, value) in [("Run", "5"), ("Swim", "400")] {
            let logged = try ReliabilityProcess.routine(
                ["log", "--new", habit, value, "--unit", habit == "Run" ? "km" : "m"], environment: env)
            try #require(logged.status == 0, "log: \(logged.stderr)")
        }
        let logged = try ReliabilityProcess.routine(["log", "--new", "Read"], environment: env)
        try #require(logged.status == 0)
        let counts =
            "SELECT (SELECT count(*) FROM habit_entry) || ' ' || (SELECT count(*) FROM habit) || ' ' || (SELECT count(*) FROM measure)"
        let before = try StoreProbe.rows(store, counts)
        var checked = 0
        for (index, (name, bytes, line)) in Self.cases().enumerated() {
            let file = directory.url.appendingPathComponent("hostile-\(index).csv").path
            try bytes.write(to: URL(fileURLWithPath: file))
            let result = try ReliabilityProcess.routine(
                ["import-entries", "--new", file], environment: env, timeout: 120)
            #expect(result.status == 1, "\(name): \(result.termination) \(result.stderr.prefix(200))")
            let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: true)
            #expect(lines.count == 1, "\(name): \(lines.count) error lines")
            let first = String(lines.first ?? "")
            let prefix = "routine: \(file):"
            #expect(first.hasPrefix(prefix), "\(name): \(first.prefix(300))")
            let position = first.dropFirst(prefix.count).split(separator: ":", maxSplits: 2)
            let lineNumber = position.count == 3 ? Int(position[0]) : nil
            let column = position.count == 3 ? Int(position[1]) : nil
            #expect(lineNumber != nil && column != nil, "\(name): no line:col in \(first.prefix(300))")
            if let line { #expect(lineNumber == line, "\(name): \(first.prefix(300))") }
            #expect(first.count < 1_000, "\(name): the error line is \(first.count) characters long")
            #expect(try StoreProbe.rows(store, counts) == before, "\(name): something was written")
            checked += 1
        }
        #expect(try StoreProbe.integrity(store) == "ok")
        print("reliability csv: \(checked) hostile files refused whole, store unchanged (\(before[0]))")
    }

    /// The same 100,000 good rows alone do load: the refusal above is about the bad row.
    @Test func theGoodRowsAloneLoad() throws {
        let directory = try TemporaryDirectory()
        let env = Binary.environment(store: directory.store)
        var text = Self.header
        for row in 0..<100_000 {
            text += "Bulk \(row % 50),\(ReliabilityCrashTests.day(row % 3000)),\(row % 7),,,\n"
        }
        let file = try directory.write("good.csv", text)
        let result = try ReliabilityProcess.routine(["import-entries", "--new", file], environment: env, timeout: 300)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try StoreProbe.count(directory.store, "SELECT count(*) FROM habit_entry") == 100_000)
    }
}
