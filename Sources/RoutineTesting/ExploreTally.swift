import RoutineCore

/// What the walks of `Explorer` did, node by node: reached, asked, each condition's
/// values, each option offered or not, and the habits recorded.
struct ExploreTally: Sendable {
    /// The values a condition took (`when:` of a node or an option).
    struct Values: Sendable {
        var wasTrue = false
        var wasFalse = false
    }

    let routine: Routine
    private var index: [String: Int] = [:]
    private var reached: [Bool]
    private var asked: [Bool]
    private var notDueReasons: [Int: String] = [:]
    private var nodeWhen: [Int: Values] = [:]
    private var optionWhen: [Int: [Int: Values]] = [:]
    private var recorded = Set<HabitKey>()

    init(routine: Routine) {
        self.routine = routine
        for (position, node) in routine.nodes.enumerated() { index[node.id] = position }
        reached = Array(repeating: false, count: routine.nodes.count)
        asked = reached
    }

    /// A prompt was shown: its node is asked; a question's offered options tell its
    /// options' conditions.
    mutating func asked(_ prompt: Prompt) {
        guard let node = index[prompt.node] else { return }
        asked[node] = true
        guard case .question(_, let options) = routine.nodes[node].body else { return }
        for (option, value) in options.enumerated() where value.when != nil {
            let offered = prompt.optionIndices.contains(option)
            if offered { optionWhen[node, default: [:]][option, default: Values()].wasTrue = true }
            if !offered { optionWhen[node, default: [:]][option, default: Values()].wasFalse = true }
        }
    }

    /// A walk ended (or joined a state already walked on from): its steps tell which nodes were reached and how their conditions
    /// came out; its entries, the habits recorded.
    mutating func finished(_ walker: Walker) {
        for step in walker.steps {
            let node = step.nodeIndex
            guard node >= 0, node < routine.nodes.count else { continue }
            reached[node] = true
            if step.answer == .alreadyDone { continue }
            let reason = step.reason
            if let reason, notDueReasons[node] == nil { notDueReasons[node] = reason }
            if routine.nodes[node].when != nil {
                if reason?.hasPrefix("when:") == true {
                    nodeWhen[node, default: Values()].wasFalse = true
                } else {
                    nodeWhen[node, default: Values()].wasTrue = true
                }
            }
            // A question stepped over because no option was offered: every option's condition was false.
            if reason == "no option offered", case .question(_, let options) = routine.nodes[node].body {
                for (option, value) in options.enumerated() where value.when != nil {
                    optionWhen[node, default: [:]][option, default: Values()].wasFalse = true
                }
            }
        }
        for entry in walker.entries { recorded.insert(entry.habitKey) }
    }

    /// What the walks found. `complete`: every walk was made; when the bound stopped
    /// the exploration, a condition seen only one way may still go the other on a walk
    /// not made, so no `constant-condition` ("always") is claimed; the report's note
    /// says the "never" findings may be wrong.
    func findings(places: RoutinePlaces, complete: Bool) -> [ExploreFinding] {
        var found: [ExploreFinding] = []
        var habitSeen = Set<HabitKey>()
        for (node, value) in routine.nodes.enumerated() {
            let name = places.name(node)
            if !reached[node] {
                found.append(
                    ExploreFinding(
                        code: .neverReached, location: places.node(node),
                        message: "\(name) is never reached on any weekday, whatever the answers"))
            } else if !asked[node] {
                let why = notDueReasons[node].map { " (not due: \($0))" } ?? ""
                found.append(
                    ExploreFinding(
                        code: .neverAsked, location: places.node(node),
                        message: "\(name) is reached but never asked\(why)"))
            }
            if complete, let when = value.when, let values = nodeWhen[node], values.wasTrue != values.wasFalse {
                found.append(
                    ExploreFinding(
                        code: .constantCondition, location: places.when(ofNode: node),
                        message: "the condition '\(when)' of \(name) is always \(values.wasTrue)"))
            }
            if case .question(_, let options) = value.body, asked[node] {
                for (option, spec) in options.enumerated() {
                    guard let when = spec.when, let values = optionWhen[node]?[option] else { continue }
                    if !values.wasTrue {
                        found.append(
                            ExploreFinding(
                                code: .neverOffered, location: places.option(option, ofNode: node),
                                message: "option '\(spec.text)' of \(name) is never offered: '\(when)' is always false")
                        )
                    } else if complete, !values.wasFalse {
                        found.append(
                            ExploreFinding(
                                code: .constantCondition, location: places.when(ofOption: option, ofNode: node),
                                message: "the condition '\(when)' of option '\(spec.text)' is always true"))
                    }
                }
            }
            if case .habit(let habit) = value.body, habitSeen.insert(HabitKey(habit)).inserted,
                !recorded.contains(HabitKey(habit))
            {
                found.append(
                    ExploreFinding(
                        code: .neverRecorded, location: places.habit(ofNode: node),
                        message: "habit '\(habit)' is never recorded"))
            }
        }
        return found.sorted { ($0.location, $0.code.rawValue) < ($1.location, $1.code.rawValue) }
    }
}
