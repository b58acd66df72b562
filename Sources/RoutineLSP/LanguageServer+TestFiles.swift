import RoutineCore
import RoutineTesting

/// Completion in a routine test file (`*.test.yaml`, SPEC §15.3): the keys the decoder
/// takes where a key goes (the file's, a case's, a history's, an entry's …), run
/// statuses after `status:`, and not-due reasons inside `not-due:`.
extension LanguageServer {
    func testFileCompletions(_ document: OpenDocument, line: Int, before: String) -> [JSON] {
        guard let shape = YAMLContext.shape(Substring(before + "x")) else { return [] }
        if let key = shape.key {
            // After `key:` on this line: a value.
            guard let colon = before.range(of: key + ":") else { return [] }
            if key == "status" {
                return RunStatus.allCases.map { item($0.rawValue, .enumMember, detail: "run status") }
            }
            // A node's reason: `stretch: ` under `not-due:`, or inside `not-due: {stretch: `.
            let inNotDue =
                key == "not-due"
                ? before[colon.upperBound...].contains(":")
                : YAMLContext.ancestors(in: document.document, line: line, column: shape.content).first == "not-due"
            guard inNotDue else { return [] }
            return NotDueReason.allCases.map { item($0.rawValue, .enumMember, detail: "not-due reason") }
        }
        // A key being typed.
        return TestFileShape.keys(at: mappingPath(document, line: line, shape: shape)).map {
            keyItem($0.name, detail: $0.summary)
        }
    }

    /// What a key on `line` of a test file means, from the keys its mapping takes (a
    /// case's `day` is not a history entry's `day`, and neither is a routine file's key).
    func testFileKeyHover(_ document: OpenDocument, line: Int, shape: YAMLContext.LineShape, key: String) -> String? {
        TestFileShape.keys(at: mappingPath(document, line: line, shape: shape)).first { $0.name == key }
            .map { "**\(key)**: \($0.summary)" }
    }

    /// The path (outermost key first, `-` for a list item) of the mapping a key on `line`
    /// belongs to: the item's own mapping after `- `, else the mapping its indent is in.
    private func mappingPath(_ document: OpenDocument, line: Int, shape: YAMLContext.LineShape) -> [String] {
        let path: [String]
        if let dash = shape.dash {
            path = ["-"] + YAMLContext.ancestors(in: document.document, line: line, column: dash, inList: true)
        } else {
            path = YAMLContext.ancestors(in: document.document, line: line, column: shape.content)
        }
        return path.reversed()
    }
}
