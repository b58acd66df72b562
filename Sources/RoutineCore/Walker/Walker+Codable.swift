/// A walker's state without its routine and its status: what a store saves for a run
/// whose routine version it keeps anyway (a 100,000-node routine need not be copied at
/// every answer) and whose status it records once, on the run itself.
/// `Walker(routine:snapshot:status:)` restores it; the visit order, activations and the
/// current prompt are derived again, so the restored walker continues with exactly the
/// prompts, effects and tokens of the original.
public struct WalkerSnapshot: Codable, Sendable, Equatable {
    /// The saved form's version; bumped when its shape changes.
    public var format: Int
    public var dayKey: DayKey
    /// Merged habit properties, by `HabitName.key`.
    public var habitSpecs: [HabitKey: HabitSpec]
    /// Known-done habit keys, sorted.
    public var knownDone: [HabitKey]
    public var steps: [Step]
    public var nextToken: Int
    /// `Walker.laterPass`: absent outside a pass over the habits left for later (so a
    /// run saved without it reads as before).
    public var laterPass: [Int]?

    /// The format this version writes: 2, without a status. Format 1 held the status
    /// too (a second copy of the store's, which could disagree with it: a run aborted
    /// from outside kept `active` here); it still reads, its status ignored.
    public static let currentFormat = 2
    /// The formats this version reads.
    public static let readableFormats = 1...currentFormat

    /// The largest `nextToken` a saved run may hold: one token is used per `done`
    /// answer, so two billion is out of reach of any real run, and far enough below
    /// `Int.max` that counting on from a saved value cannot overflow.
    public static let maxToken = Int(Int32.max)
}

/// Why a saved run cannot be restored.
public enum WalkerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The snapshot's format is not one this version reads.
    case unsupportedFormat(Int)
    /// The steps do not fit the routine (damaged, hand-edited, or another routine).
    case stepsDoNotFit(String)

    public var description: String {
        switch self {
        case .unsupportedFormat(let format): "unsupported saved run format \(format)"
        case .stepsDoNotFit(let problem): "the saved run does not fit its routine: \(problem)"
        }
    }
}

extension Walker {
    /// The state to save (see `WalkerSnapshot`).
    public var snapshot: WalkerSnapshot {
        WalkerSnapshot(
            format: WalkerSnapshot.currentFormat, dayKey: dayKey, habitSpecs: habitSpecs, knownDone: knownDone.sorted(),
            steps: steps, nextToken: nextToken, laterPass: laterPass)
    }

    /// Restores a saved run of `routine` (the same version it was walking) whose status
    /// is `status` (what the host recorded for the run). Checks every
    /// field, as a store's content may be damaged or hand-edited: `nextToken` within
    /// 1…`maxToken`, habit targets finite and ≥ 0, and steps that fit the routine: nodes
    /// reachable, in visit order, each activated by the steps before it, of the node's
    /// kind, answers of the right kind with finite values ≥ 0, entry tokens unique
    /// and below `nextToken`. No stored value can make the walker trap later.
    public init(routine: Routine, snapshot: WalkerSnapshot, status: RunStatus) throws(WalkerError) {
        guard WalkerSnapshot.readableFormats.contains(snapshot.format) else {
            throw .unsupportedFormat(snapshot.format)
        }
        guard (1...WalkerSnapshot.maxToken).contains(snapshot.nextToken) else {
            throw .stepsDoNotFit("next entry token \(snapshot.nextToken) is outside 1…\(WalkerSnapshot.maxToken)")
        }
        for (key, spec) in snapshot.habitSpecs.sorted(by: { $0.key < $1.key }) {
            for number in [spec.target, spec.weekly].compactMap({ $0 }) where !number.isFinite || number < 0 {
                throw .stepsDoNotFit("habit '\(key)' has a target of \(number)")
            }
        }
        self.init(
            routine: routine, dayKey: snapshot.dayKey, mergedSpecs: snapshot.habitSpecs,
            knownDone: Set(snapshot.knownDone), steps: [], status: status, nextToken: snapshot.nextToken)
        if let problem = check(snapshot.steps, nextToken: snapshot.nextToken) { throw .stepsDoNotFit(problem) }
        self.init(
            routine: routine, dayKey: dayKey, mergedSpecs: habitSpecs, knownDone: knownDone, steps: snapshot.steps,
            status: status, nextToken: nextToken)
        if let pass = snapshot.laterPass {
            guard Set(pass).count == pass.count,
                pass.allSatisfy({ $0 >= 0 && $0 < steps.count && steps[$0].kind == .habit })
            else { throw .stepsDoNotFit("the pass over habits left for later names steps the run does not have") }
            laterPass = pass
        }
    }
}

/// The whole walker, routine included, encodes as `{"routine": …, "status": …}` plus the
/// snapshot's fields. Decoding a damaged save throws a `DecodingError` instead of
/// misbehaving.
extension Walker: Codable {
    private enum CodingKeys: String, CodingKey {
        case routine, status
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let routine = try container.decode(Routine.self, forKey: .routine)
        let status = try container.decode(RunStatus.self, forKey: .status)
        let snapshot = try WalkerSnapshot(from: decoder)
        do {
            try self.init(routine: routine, snapshot: snapshot, status: status)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(routine, forKey: .routine)
        try container.encode(status, forKey: .status)
        try snapshot.encode(to: encoder)
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
            let isQuestion = if case .question = routine.nodes[index].body { true } else { false }
            guard step.kind == (isQuestion ? .question : .habit) else {
                return "step \(number + 1): kind does not fit node '\(step.node)'"
            }
            // Finite and ≥ 0, not capped at `Quantity.maximum`: a run saved before the cap
            // keeps what it recorded then.
            if case .done(let value?) = step.answer, !value.isFinite || value < 0 {
                return "step \(number + 1): value \(value) is not a finite number ≥ 0"
            }
            previous = position
            var option: Int?
            switch (routine.nodes[index].body, step.answer) {
            case (.question(_, let options), .option(let chosen, _)) where chosen >= 0 && chosen < options.count:
                option = chosen
            case (.habit, .done), (.habit, .skipped), (.habit, .alreadyDone), (.habit, .declined), (.habit, .later),
                (_, .notDue):
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
            if case .notDue = step.answer { continue }
            activated.formUnion(routine.activations(of: index, option: option))
        }
        return nil
    }
}
