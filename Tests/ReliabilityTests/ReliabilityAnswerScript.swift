import EndToEndSupport
import Foundation
import RoutineCore
import RoutineFile
import TestSupport
import Testing

/// A seeded answer script for one bundled routine, made by walking the routine in
/// process with the same `Walker` the binary uses: valid answers (numbers, texts,
/// prefixes, y/n/done/skip, values), with some rejected lines, `help` and `back` mixed
/// in. For every prefix of the script it keeps the walker's state and live entries, so
/// a test can tell from a store how far a killed process got and what must be there.
struct AnswerScript {
    /// A walker's progress (its status is the store's run row, not part of the saved state).
    struct State: Equatable {
        var steps: [Step]
        var nextToken: Int
    }

    let routine: Routine
    let day: String
    private(set) var lines: [String] = []
    /// `states[i]`: the walker after the first `i` lines.
    private(set) var states: [State] = []
    /// `entries[i]`: the live entries after the first `i` lines, as `StoreProbe` lines.
    private(set) var entries: [[String]] = []

    /// A private store with the bundled routines imported through the binary, its
    /// environment, and the same routines read in process: where every answer-script
    /// suite starts.
    static func bundledStore() throws -> (
        directory: TemporaryDirectory, env: [String: String], routines: [(name: String, routine: Routine)]
    ) {
        let directory = try TemporaryDirectory()
        let env = Binary.environment(store: directory.store)
        let imported = try ReliabilityProcess.routine(
            ["import", Binary.repository.appendingPathComponent("routines").path], environment: env)
        try #require(imported.status == 0, "import: \(imported.stderr)")
        return (directory, env, try bundled())
    }

    /// The bundled routines, read in process (their test files beside them are not routines).
    static func bundled() throws -> [(name: String, routine: Routine)] {
        let folder = Binary.repository.appendingPathComponent("routines")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter(CheckRun.isRoutineFile)
            .sorted()
        return try files.map { file in
            let result = RoutineFileReader.read(path: folder.appendingPathComponent(file).path)
            guard let routine = result.routine else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(file) does not read"])
            }
            return (routine.slug, routine)
        }
    }

    init(routine: Routine, day: String, generator: inout SeededGenerator, noise: Bool = true) {
        self.routine = routine
        self.day = day
        // The day's weekday conditions and schedules apply as in the binary (the bundled
        // routines' conditions read no history, so an empty one models them exactly).
        let dayKey = DayKey(day) ?? DayKey(ordinal: 0)
        var walker = Walker(routine: routine, dayKey: dayKey, context: .empty(dayKey))
        record(walker)
        while walker.status == .active, let prompt = walker.prompt, lines.count < 80 {
            let line = Self.answer(to: prompt, canGoBack: !walker.steps.isEmpty, noise: noise, generator: &generator)
            _ = walker.handle(line)
            lines.append(line)
            record(walker)
        }
    }

    private mutating func record(_ walker: Walker) {
        states.append(State(steps: walker.steps, nextToken: walker.snapshot.nextToken))
        entries.append(
            walker.entries.map { StoreProbe.entryLine(habit: $0.habit, day: day, value: $0.value) }.sorted())
    }

    /// The final live entries.
    var finalEntries: [String] { entries.last ?? [] }

    /// The largest `i` in `range` whose state is `snapshot`'s, or nil.
    func position(of snapshot: WalkerSnapshot, in range: ClosedRange<Int>) -> Int? {
        let state = State(steps: snapshot.steps, nextToken: snapshot.nextToken)
        return range.reversed().first { $0 < states.count && Self.sameProgress(states[$0], state) }
    }

    /// Steps and tokens must match exactly.
    private static func sameProgress(_ a: State, _ b: State) -> Bool {
        a.steps == b.steps && a.nextToken == b.nextToken
    }

    private static func answer(
        to prompt: Prompt, canGoBack: Bool, noise: Bool, generator: inout SeededGenerator
    ) -> String {
        if noise {
            let roll = Int.random(in: 0..<100, using: &generator)
            if roll < 6 { return ["maybe", "0", "-1", "1e3", "nan", "??", "yess"].randomElement(using: &generator)! }
            if roll < 9 { return "help" }
            if roll < 15 && canGoBack { return "back" }
            if roll < 18 { return "" }
        }
        switch prompt.kind {
        case .question:
            let index = Int.random(in: 0..<prompt.options.count, using: &generator)
            let text = prompt.options[index]
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: return text
            case 1: return "  \(text.uppercased())  "
            default: return "\(index + 1)"
            }
        case .habit:
            if prompt.isQuantity {
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: return "n"
                case 1: return prompt.target == nil ? "7" : "y"
                default: return String(format: "%.1f", Double(Int.random(in: 0...400, using: &generator)) / 10)
                }
            }
            return ["y", "yes", "done", "d", "n", "skip"].randomElement(using: &generator)!
        }
    }
}

extension StoreProbe {
    /// The walker snapshot a store keeps for `run`, or nil when there is no such run.
    static func snapshot(_ store: String, run: String) throws -> WalkerSnapshot? {
        guard let hex = try rows(store, "SELECT hex(walker_state) FROM run WHERE id = '\(run)'").first else {
            return nil
        }
        var data = Data(capacity: hex.count / 2)
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            data.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return try JSONDecoder().decode(WalkerSnapshot.self, from: data)
    }
}
