/// Resolves node refs to node indices, reporting `undefined-node` for unknown ids.
struct RefResolver {
    let indexOfID: IDIndex
    let nodeCount: Int
    private(set) var diagnostics: [Diagnostic] = []
    /// Ids offered as suggestions; filled on the first undefined ref, and left empty
    /// for very large files, where comparing against every id would cost too much.
    private var candidates: [String]?

    init(indexOfID: IDIndex, nodeCount: Int) {
        self.indexOfID = indexOfID
        self.nodeCount = nodeCount
    }

    /// The node index of a ref, or nil (reported) when its id is not defined.
    mutating func resolve(_ ref: DraftRef) -> Int? {
        switch ref.target {
        case .inline(let index):
            return index >= 0 && index < nodeCount ? index : nil
        case .id(let id):
            if let index = indexOfID[id] { return index }
            if candidates == nil {
                candidates =
                    indexOfID.count <= 5_000
                    ? indexOfID.keys.filter { !$0.contains("/") }.sorted() : []
            }
            let hint = Suggestion.hint(Suggestion.closest(to: id, among: candidates ?? []))
            diagnostics.append(
                Diagnostic(
                    .undefinedNode, "node '\(id)' is not defined\(hint)", at: ref.location))
            return nil
        }
    }
}
