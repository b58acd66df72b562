import Foundation
import Testing

/// The rules of docs/architecture.md that the compiler cannot see, checked over the text
/// of `Sources/`: a rule stated there holds, or this fails naming the file and line.
@Suite struct SourceRulesTests {
    static let sources = URL(fileURLWithPath: #filePath)  // Tests/RoutineCoreTests/SourceRulesTests.swift
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every Swift file under Sources/, as (path below Sources/, lines).
    static func files() throws -> [(path: String, lines: [Substring])] {
        guard let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
            return []
        }
        var found: [(String, [Substring])] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            let path = String(url.path.dropFirst(sources.path.count + 1))
            found.append((path, text.split(separator: "\n", omittingEmptySubsequences: false)))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// `file:line: text` of each line outside comments that contains `word`.
    static func uses(_ word: String, where keep: (String, Substring) -> Bool = { _, _ in true }) throws -> [String] {
        try files().flatMap { file in
            file.lines.enumerated().compactMap { index, line in
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), line.contains(word), keep(file.path, line) else { return nil }
                return "\(file.path):\(index + 1): \(code)"
            }
        }
    }

    @Test func theSourcesAreFound() throws {
        #expect(try Self.files().count > 100)
    }

    /// No process globals: the exceptions are what a signal handler must reach (it cannot
    /// capture a context) — the terminal the passphrase reader restores, the pipe the
    /// studio's Ctrl-C writes to — each documented where it is declared.
    @Test func noUnsafeGlobalsButTheSignalHandlersState() throws {
        let found = try Self.uses("nonisolated(unsafe)")
        let allowed = [
            "RoutineSync/Crypto/TerminalPassphraseReader.swift": "the signal handler restores",
            "RoutineStudio/App/StudioLaunch.swift": "a signal handler can reach nothing else",
        ]
        #expect(found.allSatisfy { use in allowed.keys.contains { use.hasPrefix($0 + ":") } }, "\(found)")
        for (path, reason) in allowed {
            let file = try Self.files().first { $0.path == path }
            let text = file?.lines.joined(separator: "\n") ?? ""
            #expect(text.contains(reason), "\(path): the exception must say why it exists")
        }
        #expect(try Self.uses("static var shared").isEmpty)
    }

    /// No clock reads below the CLI: the time comes in through `TimeContext` (or as an
    /// argument). The one system clock is `TimeSettings` (what `TimeContext.now` is when
    /// `ROUTINE_NOW` is not set); a wait's deadline (`Date().addingTimeInterval`) is no
    /// reading of the time of anything.
    @Test func noClockReadsBelowTheCommands() throws {
        let found = try Self.uses("Date()") { path, line in
            !path.hasPrefix("RoutineCLI/") && path != "RoutineCore/Time/TimeSettings.swift"
                && !line.contains("Date().addingTimeInterval(")
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// No silent fallbacks on read: a stored value that does not read back is damage
    /// (`StoredRow`, naming table, row and column), never a stand-in day or instant.
    @Test func noStandInValuesOnReadFromTheStore() throws {
        let found =
            try Self.uses("?? DayKey(") { path, _ in path.hasPrefix("RoutineStore/") }
            + Self.uses("?? Date(") { path, _ in path.hasPrefix("RoutineStore/") }
            + Self.uses("?? .habit") { path, _ in path.hasPrefix("RoutineStore/") }
        #expect(found.isEmpty, "\(found)")
    }

    /// One lock policy (issue 27): `flock` is called in `FileLock` alone.
    @Test func locksAreTakenInOnePlace() throws {
        let found = try Self.uses("flock(") { path, _ in path != "RoutineStore/FileLock.swift" }
        #expect(found.isEmpty, "\(found)")
    }

    /// No day is written into the code as a stand-in for today or a week (issue 27: the
    /// hard-coded Monday of `paths`): days come from the caller's clock or the input.
    @Test func noDayIsWrittenIntoTheCode() throws {
        let found = try Self.uses("DayKey(\"")
        #expect(found.isEmpty, "\(found)")
    }

    /// The names of days and months are written in one place (issue 27: they were in
    /// three), `CalendarNames`; every view and the schedule words take them from there.
    @Test func dayAndMonthNamesAreWrittenOnce() throws {
        let names = ["\"Mon\"", "\"Monday\"", "\"mon\", \"tue\"", "\"Sun\"", "\"Jan\"", "\"January\"", "\"Dec\""]
        let found = try names.flatMap { name in
            try Self.uses(name) { path, _ in path != "RoutineCore/Time/CalendarNames.swift" }
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// The application layer draws no terminal (docs/architecture.md: RoutineApp, "No
    /// terminal"; issue 27: the answer calendar wrote ANSI codes there): colours are the
    /// front ends'.
    @Test func theApplicationLayerWritesNoTerminalCodes() throws {
        let found = try Self.uses("\\u{1B}") { path, _ in path.hasPrefix("RoutineApp/") }
        #expect(found.isEmpty, "\(found)")
    }

    /// JSON that a command prints keeps its documented key order, so it is written in
    /// order (`JSONValue`), never from a `[String: Any]` through `JSONSerialization`, whose
    /// order is the dictionary's. Two uses are left, named here: the sync applier reads and
    /// re-writes changes (no output), and `routine schema` prints with sorted keys.
    @Test func noUnorderedJSONIsWritten() throws {
        let allowed = ["RoutineStore/SyncApplier", "RoutineFile/RoutineSchema.swift"]
        let found = try ["JSONSerialization", "[String: Any]"].flatMap { word in
            try Self.uses(word) { path, _ in !allowed.contains { path.hasPrefix($0) } }
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// Every JSON the tool writes is one `JSONValue` written by its one serializer
    /// (RoutineCore/JSON, issue 27): no JSON is put together from strings elsewhere — no
    /// string literal that opens an object with a key (`{\"`), an array of strings (`[\"`),
    /// or writes a key (`name\":`) — and the old string helper (`JSONText`) is gone.
    @Test func jsonIsBuiltAsOneValue() throws {
        let outside: (String, Substring) -> Bool = { path, _ in !path.hasPrefix("RoutineCore/JSON/") }
        var found = try ["{\\\"", "[\\\"", "JSONText"].flatMap { try Self.uses($0, where: outside) }
        found += try Self.files().filter { outside($0.path, "") }.flatMap { file in
            file.lines.enumerated().compactMap { index, line -> String? in
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), line.contains(#/[A-Za-z]\\":/#) else { return nil }
                return "\(file.path):\(index + 1): \(code)"
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// Output has one home per front end (issue 27; docs/architecture.md, "Where output is
    /// drawn"): the metrics (RoutineCore/Metrics) and the application layer compute figures
    /// and return values; neither builds a JSON document nor paints a terminal (the JSON of
    /// `stats`, `today`, `plan` and `answers`, the plan's grid and the heat map's drawing are
    /// RoutineCLI's). `JSONValue.numberText`, the one form of a number in text, is no JSON.
    @Test func theMetricsAndTheApplicationLayerDrawNoOutput() throws {
        let below: (String, Substring) -> Bool = { path, line in
            (path.hasPrefix("RoutineCore/Metrics/") || path.hasPrefix("RoutineApp/"))
                && !line.contains("JSONValue.numberText")
        }
        let found = try ["JSONValue", "TerminalText.sgr", "statsJSON"].flatMap { try Self.uses($0, where: below) }
        #expect(found.isEmpty, "\(found)")
    }

    /// A report is a plain value below the front ends; its text and its JSON are drawn by
    /// the front end that prints it (issue 27; docs/architecture.md, "Where output is
    /// drawn"): `check`'s, `test`'s and `paths`' reports, the run's transcript, `today`'s
    /// lines and short forms, the `stats` table, the habit hints and the goal views are
    /// RoutineCLI's (`Support/`), and so is `show`'s terminal tree (`TreeDrawing`), so no
    /// JSON document (`jsonValue`, `json()`) and none of those drawers is declared below
    /// it. Left there, named: the export notations of a routine (YAML, JSON, DOT, Mermaid:
    /// file formats, which the import also writes) and `routine schema`'s JSON Schema
    /// (RoutineFile).
    @Test func theReportsAreDrawnByTheFrontEndThatPrintsThem() throws {
        let frontEnds = ["RoutineCLI/", "RoutineStudio/", "RoutineLSP/", "routine/"]
        let fileFormats = [
            "RoutineFile/GraphFormats.swift", "RoutineFile/RoutineExporter.swift", "RoutineFile/RoutineSchema.swift",
        ]
        let below: (String, Substring) -> Bool = { path, _ in
            !frontEnds.contains { path.hasPrefix($0) } && !fileFormats.contains(path)
        }
        let drawers = [
            "var jsonValue", "func jsonValue(", "func json(", "enum HabitHints", "enum StatsTable", "enum GoalView",
            "var shortLine", "var reminderLines", "func summary()", "enum TreeDrawing",
        ]
        let found = try drawers.flatMap { try Self.uses($0, where: below) }
        #expect(found.isEmpty, "\(found)")
    }

    /// The front ends stand on the application layer (issue 27): no file of RoutineCLI,
    /// RoutineStudio, RoutineLSP or `routine` imports RoutineStore or GRDB (the build's
    /// import fence, Plugins/ImportFence, refuses it too), and none names `AppDatabase`:
    /// they hold `AppServices`, which keeps the store to itself.
    @Test func theFrontEndsDoNotReachTheStore() throws {
        let frontEnds = ["RoutineCLI/", "RoutineStudio/", "RoutineLSP/", "routine/"]
        let inFrontEnd: (String, Substring) -> Bool = { path, _ in frontEnds.contains { path.hasPrefix($0) } }
        let imports = try ["import RoutineStore", "import GRDB"].flatMap { try Self.uses($0, where: inFrontEnd) }
        #expect(imports.isEmpty, "\(imports)")
        let named = try Self.uses("AppDatabase", where: inFrontEnd)
        #expect(named.isEmpty, "\(named)")
    }

    /// A front end reaches the store only through `AppServices` (issue 27): no public
    /// function or initializer of RoutineApp takes the store (`AppDatabase`); the ones the
    /// services and their tests call are internal, and `AppServices+Services.swift` hands
    /// them the services' store. A default argument naming one of its constants is no way in.
    @Test func theApplicationLayerTakesNoStoreFromAFrontEnd() throws {
        var found: [String] = []
        for file in try Self.files() where file.path.hasPrefix("RoutineApp/") {
            let text = file.lines.joined(separator: "\n")
            var rest = text[...]
            while let start = rest.range(of: "public ") {
                let after = rest[start.upperBound...]
                let name = after.prefix { $0 != "(" && $0 != "{" && $0 != "\n" && $0 != "<" }
                let signature = after.prefix { $0 != "{" }
                let words = name.split(separator: " ")
                if let last = words.last, words.contains("func") || last == "init",
                    signature.replacingOccurrences(of: "AppDatabase.busyTimeout", with: "").contains("AppDatabase")
                {
                    found.append("\(file.path): \(name)")
                }
                rest = after
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// The values a front end gets back are not the store's (issue 27): they are
    /// RoutineCore's (`Stored/`), and no layer above the store names a store type for the
    /// front ends under a name of its own (`typealias X = RoutineStore.X`).
    @Test func theApplicationLayerPassesOnNoStoreType() throws {
        let found = try Self.uses("RoutineStore.") { path, line in
            !path.hasPrefix("RoutineStore/") && !line.contains("import ")
        }
        #expect(found.isEmpty, "\(found)")
        let stored = try Self.files().filter { $0.path.hasPrefix("RoutineCore/Stored/") }
        #expect(stored.contains { $0.path.hasSuffix("/HabitInfo.swift") })
        let grdb = stored.flatMap { file in file.lines.filter { $0.contains("import GRDB") }.map { _ in file.path } }
        #expect(grdb.isEmpty, "\(grdb)")
    }
}
