import LineEditor

/// Where completion finds the names it offers; closures so the REPL can read the
/// store lazily, only when Tab is pressed.
public struct CompletionSources: Sendable {
    public var routines: @Sendable () -> [String]
    public var habits: @Sendable () -> [String]
    public var paths: @Sendable (String) -> [String]
    /// Ids of runs that can be resumed or aborted (SPEC §11: Tab completes them).
    public var runs: @Sendable () -> [String]

    public init(
        routines: @escaping @Sendable () -> [String], habits: @escaping @Sendable () -> [String],
        paths: @escaping @Sendable (String) -> [String], runs: @escaping @Sendable () -> [String] = { [] }
    ) {
        self.routines = routines
        self.habits = habits
        self.paths = paths
        self.runs = runs
    }
}

/// Tab completion for the REPL, pure: from the text before the cursor to the words
/// that may stand in place of the word being typed.
public enum ReplCompleter {
    /// Words the shell itself understands besides the commands.
    public static let shellWords = ["help", "clear"] + LeaveWords.all

    /// Candidates for the word at the cursor, sorted, without duplicates. Words are
    /// split by `LineWords`, the same rules the REPL parses a line with.
    public static func candidates(
        request: CompletionRequest, catalog: CommandCatalog, sources: CompletionSources
    ) -> [String] {
        let words = request.precedingWords
        let current = request.word
        let found: [String]
        if words.isEmpty {
            found = catalog.commandNames + shellWords
        } else if words[0] == "help" {
            found = words.count == 1 ? catalog.commandNames : []
        } else {
            found = argumentCandidates(words: words, current: current, catalog: catalog, sources: sources)
        }
        return unique(found.filter { matches($0, prefix: current) })
    }

    private static func argumentCandidates(
        words: [String], current: String, catalog: CommandCatalog, sources: CompletionSources
    ) -> [String] {
        let (command, consumed) = catalog.resolve(words)
        guard consumed > 0 else { return [] }
        if consumed == words.count, !command.subcommands.isEmpty {
            // `edit <Tab>`: its subcommands, and what its short form takes first (routines).
            let first = command.fallback.first?.positionals.first
            return command.subcommands.map(\.name)
                + (first.map { values(of: $0, current: current, sources: sources) } ?? [])
        }
        let arguments = Array(words[consumed...])
        if let last = arguments.last, let kind = command.optionValues[last] {
            return values(of: kind, current: current, sources: sources)
        }
        if current.hasPrefix("-") { return command.flags }
        var positionalIndex = 0
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if command.optionValues[word] != nil {
                index += 2
                continue
            }
            if !word.hasPrefix("-") { positionalIndex += 1 }
            index += 1
        }
        guard let lastKind = command.positionals.last else { return [] }
        let kind = positionalIndex < command.positionals.count ? command.positionals[positionalIndex] : lastKind
        return values(of: kind, current: current, sources: sources)
    }

    private static func values(
        of kind: CommandCatalog.ValueKind, current: String, sources: CompletionSources
    ) -> [String] {
        switch kind {
        case .routine: sources.routines()
        case .habit: sources.habits()
        case .run: sources.runs()
        case .path: sources.paths(current)
        case .routineOrPath: sources.routines() + sources.paths(current)
        case .choice(let values): values
        case .other: []
        }
    }

    private static func matches(_ candidate: String, prefix: String) -> Bool {
        prefix.isEmpty || candidate.lowercased().hasPrefix(prefix.lowercased())
    }

    private static func unique(_ words: [String]) -> [String] {
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }.sorted()
    }
}
