/// The habits of one routine, numbered, with the name each is shown by.
///
/// Habits are identified by `HabitName.key`. The shown name is the first spelling of
/// the routine: its entry under `habits:` if it has one, else the first habit node
/// (in node order) naming it, white space folded. A host that knows a habit already
/// (the store keeps the first spelling ever used) passes that name instead.
struct HabitTable: Sendable, Equatable {
    /// Identity keys, by habit number.
    private(set) var keys: [HabitKey] = []
    /// Shown names, by habit number.
    private(set) var names: [String] = []
    /// The habit number of each node, or nil for a question node.
    private(set) var habitOfNode: [Int?] = []
    private var numbers: [HabitKey: Int] = [:]

    init(_ routine: Routine, knownNames: [HabitKey: String] = [:]) {
        for spec in routine.habits { add(spec.name, knownNames) }
        habitOfNode.reserveCapacity(routine.nodes.count)
        for node in routine.nodes {
            if case .habit(let name) = node.body {
                habitOfNode.append(add(name, knownNames))
            } else {
                habitOfNode.append(nil)
            }
        }
    }

    @discardableResult
    private mutating func add(_ name: String, _ knownNames: [HabitKey: String]) -> Int {
        let key = HabitKey(name)
        if let number = numbers[key] { return number }
        let number = keys.count
        numbers[key] = number
        keys.append(key)
        names.append(knownNames[key] ?? HabitName.display(name))
        return number
    }

    /// The habit number of a key, if the routine uses that habit.
    func number(ofKey key: HabitKey) -> Int? { numbers[key] }

    /// The habit number of a node, or nil for a question node or an index out of range.
    func habit(ofNode node: Int) -> Int? {
        node >= 0 && node < habitOfNode.count ? habitOfNode[node] : nil
    }

    var count: Int { keys.count }
}
