import Foundation
import RoutineCore
import RoutineFile

/// What one version of a document says: `check`'s diagnostics, and where every node id
/// and habit name is written, for navigation, completion and hover.
///
/// Built from the reader's draft (the same read as `check`), so the language server and
/// `check` never disagree about a file. A file that is not YAML has its one `syntax`
/// diagnostic and an empty index.
public struct DocumentIndex: Sendable {
    /// Where a node id or habit name is written: the first character of the name (past
    /// an opening quote) and its length in Unicode scalars, on one line.
    public struct Span: Sendable, Equatable {
        public var name: String
        public var location: SourceLocation
        public var length: Int
    }

    public enum Role: Sendable, Equatable {
        /// A node's definition (a key under `nodes:`, or an inline node's `id:`).
        case definition
        /// A ref: in `start`, a `next` list, or `answer(...)` inside a condition.
        case reference
    }

    public struct NodeName: Sendable, Equatable {
        public var span: Span
        public var role: Role
    }

    public var diagnostics: [Diagnostic]
    public var draft: RoutineDraft?
    /// Every written node id, definitions and refs, in file order.
    public var nodeNames: [NodeName] = []
    /// Every habit name written: declarations under `habits:` and `habit:` values.
    public var habitNames: [Span] = []
    /// Where each node's id is defined, by id (the first definition of a duplicate).
    public var definitions: [String: Span] = [:]
    /// The nodes that lead to each node (by id): starts are marked `start`.
    public var predecessors: [String: [String]] = [:]

    /// What `check` says of a text, and the reader's draft of it (nil after a syntax error).
    public struct Checked: Sendable {
        public var diagnostics: [Diagnostic]
        public var draft: RoutineDraft?
    }

    /// Reads a text as `check` does. The YAML tree is freed on another thread: freeing a
    /// large file's tree node by node is a good part of a read, and nobody waits for it.
    public static func check(_ text: String) -> Checked {
        let keeper = TreeKeeper()
        let result = RoutineFileReader.read(data: Data(text.utf8), assemble: false, keeping: keeper)
        let checked = Checked(diagnostics: result.diagnostics, draft: keeper.draft)
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(keeper) {} }
        return checked
    }

    public init(text: String) {
        self.init(text: text, checked: Self.check(text))
    }

    /// The index of a text already read (the spans are found in `text`).
    public init(text: String, checked: Checked) {
        self.init(document: TextDocument(text: text, version: 0), checked: checked)
    }

    /// The index of an open document's text already read: its lines are already indexed.
    init(document: TextDocument, checked: Checked) {
        diagnostics = checked.diagnostics
        draft = checked.draft
        guard let draft else { return }
        let lines = Lines(document)
        for node in draft.nodes where !node.id.contains("/") {
            let span = lines.span(node.id, at: node.idLocation)
            nodeNames.append(NodeName(span: span, role: .definition))
            if definitions[node.id] == nil { definitions[node.id] = span }
        }
        func refs(_ list: [DraftRef], from source: String) {
            for ref in list {
                switch ref.target {
                case .id(let id):
                    nodeNames.append(NodeName(span: lines.span(id, at: ref.location), role: .reference))
                    predecessors[id, default: []].append(source)
                case .inline(let index):
                    if draft.nodes.indices.contains(index) {
                        predecessors[draft.nodes[index].id, default: []].append(source)
                    }
                }
            }
        }
        refs(draft.start ?? [], from: "start")
        for node in draft.nodes {
            refs(node.next, from: node.id)
            if let when = node.when { answers(in: when, lines: lines) }
            switch node.body {
            case .habit(let name, let location) where !name.isEmpty:
                habitNames.append(lines.span(name, at: location))
            case .question(_, let options, _):
                for option in options {
                    refs(option.next, from: node.id)
                    if let when = option.when { answers(in: when, lines: lines) }
                }
            case .habit, .missing: break
            }
        }
        for habit in draft.habits { habitNames.append(lines.span(habit.name, at: habit.location)) }
        nodeNames.sort { $0.span.location < $1.span.location }
    }

    /// `answer(NODE)` calls in a condition written on one line are refs to NODE.
    private mutating func answers(in condition: DraftCondition, lines: Lines) {
        guard let shift = condition.shift, case .success(let expression) = ConditionParser.parse(condition.text)
        else { return }
        for argument in Self.answerArguments(expression) {
            let scalars = condition.text.prefix(argument.offset).unicodeScalars.count + (argument.quoted ? 1 : 0)
            let location = SourceLocation(
                line: condition.location.line, column: condition.location.column + shift + scalars)
            nodeNames.append(
                NodeName(
                    span: Span(name: argument.text, location: location, length: argument.text.unicodeScalars.count),
                    role: .reference))
        }
    }

    static func answerArguments(_ expression: ConditionExpr) -> [ConditionArgument] {
        switch expression {
        case .or(let terms), .and(let terms): return terms.flatMap(answerArguments)
        case .compare(_, let left, let right, _): return answerArguments(left) + answerArguments(right)
        case .not(let inner, _): return answerArguments(inner)
        case .member(let left, let items, _): return answerArguments(left) + items.flatMap(answerArguments)
        case .call(let function, let arguments, _):
            return function == .answer ? Array(arguments.prefix(1)) : []
        case .number, .weekdayName, .bool, .string, .weekday: return []
        }
    }

    /// The node id written at a location, if any.
    public func nodeName(at location: SourceLocation) -> NodeName? {
        nodeNames.first { $0.span.contains(location) }
    }

    /// The habit name written at a location, if any.
    public func habitName(at location: SourceLocation) -> Span? {
        habitNames.first { $0.contains(location) }
    }

    /// Every place `id` is written, definitions first.
    public func occurrences(of id: String) -> [NodeName] {
        let all = nodeNames.filter { $0.span.name == id }
        return all.filter { $0.role == .definition } + all.filter { $0.role == .reference }
    }

    /// The node ids defined, in file order.
    public var nodeIDs: [String] {
        var seen = Set<String>()
        return nodeNames.filter { $0.role == .definition }.map(\.span.name).filter { seen.insert($0).inserted }
    }
}

extension DocumentIndex.Span {
    public func contains(_ location: SourceLocation) -> Bool {
        location.line == self.location.line && location.column >= self.location.column
            && location.column <= self.location.column + length
    }
}

/// The text's lines as arrays of scalars, for finding where a name starts exactly.
///
/// Over the document's own index of lines: splitting the text again into `Character`s
/// (grapheme breaking over every byte) was half the cost of an index (issue 31 item 8).
struct Lines {
    private let document: TextDocument

    init(_ document: TextDocument) {
        self.document = document
    }

    /// The span of `name` written at `location`: past an opening quote, and (for a key
    /// that YAML folded) no longer than the rest of the line.
    func span(_ name: String, at location: SourceLocation) -> DocumentIndex.Span {
        var location = location
        if location.line - 1 < document.lineCount, location.line >= 1 {
            let scalars = document.line(location.line - 1).unicodeScalars
            if let index = scalars.index(
                scalars.startIndex, offsetBy: location.column - 1, limitedBy: scalars.endIndex),
                index < scalars.endIndex, scalars[index] == "\"" || scalars[index] == "'"
            {
                location.column += 1
            }
        }
        return DocumentIndex.Span(name: name, location: location, length: name.unicodeScalars.count)
    }
}
