import Foundation
import RoutineCore

/// The outcome of reading one routine file.
public struct RoutineFileResult: Sendable {
    /// The routine, or nil when the file has any error.
    public var routine: Routine?
    /// Every diagnostic of the file, sorted by position (line, then column).
    public var diagnostics: [Diagnostic]
    /// Where each habit under `habits:` declares its measure (else its name), by key: a
    /// conflict with the store found later (`import`) is reported at the file's line:col.
    public var declarations: [HabitKey: SourceLocation] = [:]

    public init(routine: Routine?, diagnostics: [Diagnostic]) {
        self.routine = routine
        self.diagnostics = diagnostics
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}

/// Reads routine files: UTF-8 YAML → `Routine` plus every diagnostic, in one pass.
///
/// Pipeline: `YAMLEventReader` (libyaml events → a marked tree; `syntax` and the
/// nesting/alias/document guards), `RoutineDecoder` (tree → `RoutineDraft`; shape
/// codes), `RoutineValidator` (graph codes, and the `Routine`). The nodes under
/// `nodes:` are the one part decoded while libyaml reads: each node's small tree goes
/// to the decoder as soon as it is complete (the same decoding, not kept in the tree). When YAML itself
/// is broken only the `syntax` diagnostic is given: the structure after it is unknown.
public enum RoutineFileReader {
    /// Reads a file from disk. A file that cannot be read gives one `syntax`
    /// diagnostic without a position (see docs/diagnostics.md).
    /// With `assemble: false` (`routine check`) only the diagnostics are wanted: the
    /// routine is not built and `routine` is nil.
    public static func read(
        path: String, assemble: Bool = true, keeping keeper: TreeKeeper? = nil, storedHabits: [String] = []
    )
        -> RoutineFileResult
    {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return RoutineFileResult(routine: nil, diagnostics: [unreadable(path, error)])
        }
        return read(data: data, path: path, assemble: assemble, keeping: keeper, storedHabits: storedHabits)
    }

    /// The one `syntax` diagnostic, without a position, for a file that cannot be read:
    /// why, in a few words (`check` reports a test file it cannot read the same way).
    public static func unreadable(_ path: String, _ error: Error) -> Diagnostic {
        Diagnostic(.syntax, "cannot read file: \(Self.reason(error, path: path))", at: nil)
    }

    /// Reads routine YAML from memory; `path` is only used by callers for messages.
    /// `storedHabits`: the store's habit names, when one is at hand (see `RoutineValidator`).
    public static func read(
        data: Data, path: String = "", assemble: Bool = true, keeping keeper: TreeKeeper? = nil,
        storedHabits: [String] = []
    )
        -> RoutineFileResult
    {
        read(data: data, assemble: assemble, keeping: keeper, storedHabits: storedHabits, nodes: .fromEvents)
    }

    /// How the nodes under `nodes:` are read (`read(data:…nodes:)`).
    enum NodeReading {
        /// From a tree of the whole file, as every other key: the tests' oracle.
        case wholeTree
        /// As libyaml reads them, each from its own small tree (`YAMLEventReader`'s stream).
        case streamedTrees
        /// As libyaml reads them, each from its flat events (`NodeEvents`) when that
        /// gives no diagnostic, else from its small tree: what every caller uses.
        case fromEvents
    }

    /// `nodes`: how the nodes are read; every way gives the same result (the tests
    /// compare them), the later ones with less work.
    static func read(
        data: Data, assemble: Bool, keeping keeper: TreeKeeper?, storedHabits: [String], nodes reading: NodeReading
    ) -> RoutineFileResult {
        let streaming = reading != .wholeTree
        let nodes = StreamedNodes(byteCount: streaming ? data.count : 0)
        let yaml = YAMLEventReader.read(
            data, streaming: streaming ? ("nodes", { nodes.decoder.topLevelNode($0) }) : nil,
            fastSink: reading == .fromEvents ? { nodes.decoder.topLevelNode(key: $0, events: $1) } : nil)
        var diagnostics = yaml.diagnostics
        if yaml.stopped {
            RoutineValidator.sortByPosition(&diagnostics)
            return RoutineFileResult(routine: nil, diagnostics: diagnostics)
        }
        var decoder = RoutineDecoder()
        let draft = decoder.decode(yaml.root, streamed: yaml.streamed ? nodes.take() : nil)
        diagnostics += decoder.diagnostics
        let validated = RoutineValidator.validate(draft, assemble: assemble, storedHabits: storedHabits)
        if diagnostics.isEmpty {
            diagnostics = validated.diagnostics  // already sorted
        } else {
            diagnostics += validated.diagnostics
            RoutineValidator.sortByPosition(&diagnostics)
        }
        let hasErrors = diagnostics.contains { $0.severity == .error }
        keeper?.last = (yaml, draft)
        var result = RoutineFileResult(routine: hasErrors ? nil : validated.routine, diagnostics: diagnostics)
        for habit in draft.habits where result.declarations[HabitKey(habit.name)] == nil {
            result.declarations[HabitKey(habit.name)] = habit.measureLocation ?? habit.location
        }
        return result
    }

    /// Reads routine YAML from a string.
    public static func read(string: String, path: String = "") -> RoutineFileResult {
        read(data: Data(string.utf8), path: path)
    }

    private static func reason(_ error: Error, path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return "no such file"
        }
        if isDirectory.boolValue { return "is a folder" }
        if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
        return (error as NSError).localizedDescription
    }
}

/// The decoder that `YAMLEventReader`'s stream feeds with the pairs under `nodes:`.
private final class StreamedNodes {
    var decoder = RoutineDecoder()

    /// Room for a node per 64 bytes of the file (a generated node takes about 85), so
    /// that a big file's nodes are not copied each time their array fills up: pages of
    /// the room that no node reaches are never touched. A denser file grows it as usual.
    init(byteCount: Int) {
        if byteCount >= 65_536 { decoder.nodes.reserveCapacity(byteCount / 64) }
    }

    /// The decoder, moved out (its arrays are not copied).
    func take() -> RoutineDecoder {
        defer { decoder = RoutineDecoder() }
        return decoder
    }
}

/// Keeps the YAML tree and draft of the file read last, instead of freeing them node by
/// node when the read returns. A one-shot `routine check`, which exits right after its
/// last file, passes one and never frees it (the draft of a 100,000-node file; its
/// nodes' trees are freed as they are decoded); each read replaces, and frees, the
/// trees before. A long-lived process (the REPL) passes none.
public final class TreeKeeper: @unchecked Sendable {
    var last: Any?

    public init() {}

    /// The draft of the file read last: every id, ref and habit with its position, for
    /// the language server's navigation. Nil before a read and after a syntax error.
    public var draft: RoutineDraft? { (last as? (YAMLEventReader.Output, RoutineDraft))?.1 }
}
