import EndToEndSupport
import Foundation
import Testing

/// Issue 27: every command's `--format json` keeps the key order its documentation gives
/// (SPEC and docs/*.md, quoted beside each line below), through the real binary on one
/// store. Keys a later release added may sit among them; the documented ones keep their
/// order. Foundation's parser forgets the order, so the keys are read from the text.
@Suite struct JSONKeyOrderTests {
    /// Each object of a JSON text, in the order it opens, as its keys in the order written.
    static func objectKeys(_ text: String) -> [[String]] {
        var objects: [[String]] = []
        var open: [Int?] = []  // per container: the object's index in `objects`, nil for an array
        var expectingKey = false
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "{":
                objects.append([])
                open.append(objects.count - 1)
                expectingKey = true
            case "[":
                open.append(nil)
                expectingKey = false
            case "}", "]":
                _ = open.popLast()
                expectingKey = false
            case ",":
                expectingKey = open.last.map { $0 != nil } ?? false
            case ":":
                expectingKey = false
            case "\"":
                var string = ""
                while let next = scalars.popFirst(), next != "\"" {
                    if next == "\\", let escaped = scalars.popFirst() {
                        string.unicodeScalars.append(escaped)
                    } else {
                        string.unicodeScalars.append(next)
                    }
                }
                if expectingKey, let index = open.last ?? nil { objects[index].append(string) }
            default: break
            }
        }
        return objects
    }

    /// Whether `documented` appears in `keys` in the same order (other keys between).
    static func keeps(_ documented: [String], in keys: [String]) -> Bool {
        var rest = keys[...]
        for key in documented {
            guard let found = rest.firstIndex(of: key) else { return false }
            rest = rest[(found + 1)...]
        }
        return true
    }

    /// Checks that the first object of `arguments`' output that has `documented`'s first
    /// key keeps `documented`'s order.
    static func expectOrder(
        _ e2e: EndToEnd, _ arguments: [String], _ documented: [[String]], input: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try e2e.run(arguments, input: input)
        let objects = objectKeys(result.stdout)
        #expect(!objects.isEmpty, "\(arguments): \(result.stdout)\(result.stderr)", sourceLocation: sourceLocation)
        for keys in documented {
            let object = objects.first { $0.contains(keys[0]) }
            #expect(
                object.map { keeps(keys, in: $0) } == true, "\(arguments): \(keys) in \(object ?? [])",
                sourceLocation: sourceLocation)
        }
    }

    @Test func theReaderSeesKeysInTheirOrder() {
        #expect(
            Self.objectKeys(#"{"b":1,"a":[{"z":"x,y","y":{"q":"\"}"}}],"c":null}"#)
                == [["b", "a", "c"], ["z", "y"], ["q"]])
        #expect(Self.keeps(["a", "c"], in: ["a", "b", "c"]))
        #expect(!Self.keeps(["c", "a"], in: ["a", "b", "c"]))
    }

    @Test func everyDocumentedShapeKeepsItsOrder() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled()
        try e2e.ok(["log", "Stretch", "10"])
        try e2e.ok(["run", "morning-checkin"], input: "1\n12\n")

        // SPEC §6: {"id","habit","dayKey","timestamp","timeZone","value","note","run","deletedAt"}
        try Self.expectOrder(
            e2e, ["entries", "--format", "json"],
            [["id", "habit", "dayKey", "timestamp", "timeZone", "value", "note", "run", "deletedAt"]])
        // SPEC §7 (docs/metrics.md): {"habit","doneToday","currentStreak",…}
        try Self.expectOrder(
            e2e, ["stats", "--format", "json"],
            [
                [
                    "habit", "doneToday", "currentStreak", "previousStreak", "bestStreak", "momentum", "weekCount",
                    "weekSum",
                ]
            ])
        // docs/metrics.md: {"day","allDone","routines":[{"routine","state","at","prompt","done",…}],"byHand"}
        try Self.expectOrder(
            e2e, ["today", "--format", "json"],
            [
                ["day", "allDone", "routines", "byHand"],
                ["routine", "state", "at", "prompt", "done", "due", "possible", "optional", "skipped", "declined"],
            ])
        // docs/metrics.md: {"from","days","routines":[{"routine","habits":[{"habit","due","days"}]}]}
        try Self.expectOrder(
            e2e, ["plan", "--format", "json"],
            [["from", "days", "routines"], ["routine", "habits"], ["habit", "due", "days"]])
        // docs/metrics.md: answeredDays, minimumDays, belowGate, daysNeeded, tested, qThreshold, alike, findings
        try Self.expectOrder(
            e2e, ["insights", "--format", "json"],
            [["answeredDays", "minimumDays", "belowGate", "daysNeeded", "tested", "qThreshold", "alike", "findings"]])
        // SPEC §13.5 / docs/visit-order.md: {"routine","combinations","longestChain","habits":[{"habit","on"}]}
        try Self.expectOrder(
            e2e, ["paths", "morning-checkin", "--format", "json"],
            [["routine", "combinations", "longestChain", "habits"], ["habit", "on"]])
        // docs/runs.md: {"run","routine","dayKey","status","dryRun","steps":[{"node","kind",…}],"entries"}
        try Self.expectOrder(
            e2e, ["run", "morning-checkin", "--dry-run", "--format", "json"],
            [
                ["run", "routine", "dayKey", "status", "dryRun", "steps", "entries"],
                ["node", "kind", "prompt", "answer"],
            ],
            input: "1\n12\n")
        // docs/config.md: {"file","fileExists","settings":[{"key","value","source"}]}
        try Self.expectOrder(
            e2e, ["config", "--format", "json"], [["file", "fileExists", "settings"], ["key", "value", "source"]])
        // docs/diagnostics.md: {"files":[{"path","diagnostics":[{"severity","code","line","column","message"}]}],…}
        let broken = try e2e.folder.write("broken.yaml", "routine: broken\nstart: [a]\nnodes:\n  a: {question: Q?}\n")
        try Self.expectOrder(
            e2e, ["check", broken, "--format", "json"],
            [
                ["files", "errors", "warnings"], ["path", "diagnostics"],
                ["severity", "code", "line", "column", "message"],
            ])
        // The same document for a test file named to `check` (checked as a test file).
        let brokenTest = try e2e.folder.write("broken.test.yaml", "routine: broken.yaml\ncases: 3\n")
        try Self.expectOrder(
            e2e, ["check", brokenTest, "--format", "json"],
            [
                ["files", "errors", "warnings"], ["path", "diagnostics"],
                ["severity", "code", "line", "column", "message"],
            ])
        // docs/routine-test.md: {"files":[{"path","routine","cases":[{"name","line","column","passed",…}]}]}
        try Self.expectOrder(
            e2e,
            [
                "test", EndToEnd.routineFile("morning-checkin").replacingOccurrences(of: ".yaml", with: ".test.yaml"),
                "--format", "json",
            ],
            [["files"], ["path", "routine", "cases"], ["name", "line", "column", "passed"]])
        // docs/importing.md: {"source","path","dryRun","habits":[{"name","sourceName","new",…}],"newEntries",…}
        let harsh = e2e.url.appendingPathComponent("harsh")
        try FileManager.default.createDirectory(at: harsh, withIntermediateDirectories: true)
        try "Read: 1\n".write(to: harsh.appendingPathComponent("habits"), atomically: true, encoding: .utf8)
        try "2026-11-20 : Read : y\n".write(to: harsh.appendingPathComponent("log"), atomically: true, encoding: .utf8)
        try Self.expectOrder(
            e2e, ["import-from", "harsh", harsh.path, "--dry-run", "--format", "json"],
            [
                [
                    "source", "path", "dryRun", "habits", "newEntries", "newSkips", "alreadyImported", "notMapped",
                    "suggestions",
                ],
                [
                    "name", "sourceName", "new", "unit", "frequency", "target", "archived", "kept", "entries", "skips",
                    "description",
                ],
            ])
    }
}
