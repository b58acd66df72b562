/// A walker saves as its routine, day, habit knowledge, steps, status and token
/// counter; the visit order, activations and cursor are derived again on decoding, so
/// a decoded walker continues with exactly the prompts and effects of the original.
///
/// Decoding checks that the steps fit the routine (nodes reachable, in visit order,
/// each activated by the steps before it, answers of the right kind), so a damaged or
/// hand-edited saved run fails to decode instead of misbehaving.
extension Walker: Codable {
    private enum CodingKeys: String, CodingKey {
        case format, routine, dayKey, habitSpecs, knownDone, steps, status, nextToken
    }

    /// The saved form's version; bumped when its shape changes.
    static let format = 1

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let format = try container.decode(Int.self, forKey: .format)
        guard format == Walker.format else {
            throw DecodingError.dataCorruptedError(
                forKey: .format, in: container, debugDescription: "unsupported saved run format \(format)")
        }
        let routine = try container.decode(Routine.self, forKey: .routine)
        let steps = try container.decode([Step].self, forKey: .steps)
        let nextToken = try container.decode(Int.self, forKey: .nextToken)
        self.init(
            routine: routine, dayKey: try container.decode(DayKey.self, forKey: .dayKey),
            mergedSpecs: try container.decode([String: HabitSpec].self, forKey: .habitSpecs),
            knownDone: Set(try container.decode([String].self, forKey: .knownDone)), steps: [],
            status: try container.decode(RunStatus.self, forKey: .status), nextToken: nextToken)
        if let problem = check(steps, nextToken: nextToken) {
            throw DecodingError.dataCorruptedError(forKey: .steps, in: container, debugDescription: problem)
        }
        self.init(
            routine: routine, dayKey: dayKey, mergedSpecs: habitSpecs, knownDone: knownDone, steps: steps,
            status: status, nextToken: nextToken)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Walker.format, forKey: .format)
        try container.encode(routine, forKey: .routine)
        try container.encode(dayKey, forKey: .dayKey)
        try container.encode(habitSpecs, forKey: .habitSpecs)
        try container.encode(knownDone.sorted(), forKey: .knownDone)
        try container.encode(steps, forKey: .steps)
        try container.encode(status, forKey: .status)
        try container.encode(nextToken, forKey: .nextToken)
    }

    /// Why `steps` cannot belong to a run of this walker's routine, or nil when they can.
    private func check(_ steps: [Step], nextToken: Int) -> String? {
        var activated = Set(routine.start)
        var previous = -1
        var tokens = Set<Int>()
        for (number, step) in steps.enumerated() {
            let index = step.nodeIndex
            guard index >= 0, index < routine.nodes.count, routine.nodes[index].id == step.node,
                let position = order.positions[index]
            else { return "step \(number + 1): no reachable node '\(step.node)'" }
            guard position > previous, activated.contains(index) else {
                return "step \(number + 1): node '\(step.node)' is out of order or not activated"
            }
            previous = position
            var option: Int?
            switch (routine.nodes[index].body, step.answer) {
            case (.question(_, let options), .option(let chosen, _)) where chosen >= 0 && chosen < options.count:
                option = chosen
            case (.habit, .done), (.habit, .skipped), (.habit, .alreadyDone):
                break
            default:
                return "step \(number + 1): answer does not fit node '\(step.node)'"
            }
            if let token = step.token {
                guard case .done = step.answer, token >= 1, token < nextToken, tokens.insert(token).inserted else {
                    return "step \(number + 1): bad entry token \(token)"
                }
            } else if case .done = step.answer {
                return "step \(number + 1): a done step without an entry token"
            }
            activated.formUnion(routine.activations(of: index, option: option))
        }
        return nil
    }
}
