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
            guard before.range(of: key + ":") != nil else { return [] }
            if key == "status" {
                return RunStatus.allCases.map { item($0.rawValue, .enumMember, detail: "run status") }
            }
            let path = YAMLContext.ancestors(in: document.document, line: line, column: shape.content)
            guard path.first == "not-due" else { return [] }
            return NotDueReason.allCases.map { item($0.rawValue, .enumMember, detail: "not-due reason") }
        }
        // A key being typed: in a list item (`- ` then the key), or a plain key.
        let path: [String]
        if let dash = shape.dash {
            path = ["-"] + YAMLContext.ancestors(in: document.document, line: line, column: dash, inList: true)
        } else {
            path = YAMLContext.ancestors(in: document.document, line: line, column: shape.content)
        }
        return TestFileShape.keys(at: path.reversed()).map { keyItem($0.name, detail: $0.summary) }
    }
}
