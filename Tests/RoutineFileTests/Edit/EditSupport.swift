import Foundation
import RoutineCore
import RoutineFile
import Testing

/// A routine as the edit tests compare it: start ids, and per node id its body and refs
/// (inline nodes appear under their ids, like any other).
struct GraphSummary: Equatable, CustomStringConvertible {
    var start: [String]
    var nodes: [String: String]

    init(start: [String], nodes: [String: String]) {
        self.start = start
        self.nodes = nodes
    }

    init(_ routine: Routine) {
        let ids = routine.nodes.map(\.id)
        start = routine.start.map { ids[$0] }
        nodes = [:]
        for node in routine.nodes {
            nodes[node.id] = Self.describe(node, ids: ids)
        }
    }

    static func describe(_ node: Node, ids: [String]) -> String {
        let next = node.next.map { ids[$0] }.joined(separator: ",")
        switch node.body {
        case .habit(let name):
            return "habit \(name) -> [\(next)]"
        case .question(let text, let options):
            let described = options.map { "\($0.text) -> [\($0.next.map { ids[$0] }.joined(separator: ","))]" }
            return "question \(text) {\(described.joined(separator: "; "))} -> [\(next)]"
        }
    }

    var description: String {
        "start \(start)\n" + nodes.keys.sorted().map { "\($0): \(nodes[$0] ?? "")" }.joined(separator: "\n")
    }
}

/// What an edit did to a text, checked the way the studio needs it.
struct EditOutcome {
    var before: String
    var after: String
    var patch: TextPatch

    /// The routine read back (fails the test when the file has errors).
    func summary(sourceLocation: Testing.SourceLocation = #_sourceLocation) -> GraphSummary? {
        let result = RoutineFileReader.read(string: after)
        let routine = result.routine
        #expect(
            routine != nil, "the edited file has errors: \(result.diagnostics)\n\(after)",
            sourceLocation: sourceLocation)
        return routine.map(GraphSummary.init)
    }

    /// The lines removed from `before` and added in `after` (a longest-common-subsequence diff).
    var diff: (removed: [String], added: [String]) { lineDiff(before, after) }
}

/// Applies `edit` and checks the invariants every edit keeps: the patch applies, its
/// inverse gives the old bytes back (undo) and re-applying gives the new ones (redo),
/// and every comment line of the old text is still there (a comment after content goes
/// only with the line it is on) unless `keepsComments` is false.
func edited(
    _ text: String, _ edit: RoutineEdit, keepsComments: Bool = true,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> EditOutcome {
    let patch = try RoutineEditor.patch(edit, in: text)
    let after = try patch.applied(to: text)
    let inverse = try patch.inverse(on: text)
    #expect(try inverse.applied(to: after) == text, "undo is not byte for byte", sourceLocation: sourceLocation)
    #expect(
        try patch.applied(to: try inverse.applied(to: after)) == after, "redo differs", sourceLocation: sourceLocation)
    if keepsComments {
        // A comment line stays byte for byte; a comment after content goes only with its line.
        var lines = after.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        let removed = lineDiff(text, after).removed
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init) {
            guard let hash = line.firstIndex(of: "#") else { continue }
            if line[..<hash].allSatisfy({ $0 == " " }) {
                let kept = lines.firstIndex(of: line)
                #expect(kept != nil, "lost the comment line \(line)", sourceLocation: sourceLocation)
                if let kept { lines.remove(at: kept) }
            } else {
                let comment = String(line[hash...])
                #expect(
                    after.contains(comment) || removed.contains(line), "lost the comment \(comment)",
                    sourceLocation: sourceLocation)
            }
        }
    }
    return EditOutcome(before: text, after: after, patch: patch)
}

/// The error an edit is refused with.
func refusal(_ edit: RoutineEdit, in text: String) -> String? {
    do {
        _ = try RoutineEditor.patch(edit, in: text)
        return nil
    } catch {
        return error.description
    }
}

/// A line diff: the lines of `a` not in a longest common subsequence with `b`, and the
/// lines of `b` not in it.
func lineDiff(_ a: String, _ b: String) -> (removed: [String], added: [String]) {
    let x = a.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    let y = b.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    var table = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
    for i in stride(from: x.count - 1, through: 0, by: -1) {
        for j in stride(from: y.count - 1, through: 0, by: -1) {
            table[i][j] = x[i] == y[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
        }
    }
    var removed: [String] = []
    var added: [String] = []
    var i = 0
    var j = 0
    while i < x.count || j < y.count {
        if i < x.count, j < y.count, x[i] == y[j] {
            i += 1
            j += 1
        } else if j < y.count, i == x.count || table[i][j + 1] >= table[i + 1][j] {
            added.append(y[j])
            j += 1
        } else {
            removed.append(x[i])
            i += 1
        }
    }
    return (removed, added)
}

/// A bundled routine from the repository's `routines/` folder.
func bundledRoutine(_ name: String, filePath: String = #filePath) throws -> String {
    let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent("routines/\(name).yaml"), encoding: .utf8)
}

/// The graph of a text that reads without errors.
func graph(_ text: String) -> GraphSummary? {
    RoutineFileReader.read(string: text).routine.map(GraphSummary.init)
}
