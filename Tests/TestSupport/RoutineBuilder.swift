import RoutineCore

/// Builds `Routine` values in Swift, naming nodes by id; refs are resolved at `build`.
public struct RoutineBuilder {
    private enum Body {
        case habit(String)
        case question(String, [(text: String, next: [String])])
    }

    private var entries: [(id: String, body: Body, next: [String])] = []
    public var habits: [HabitSpec] = []

    public init() {}

    public mutating func habit(_ id: String, _ name: String? = nil, next: [String] = []) {
        entries.append((id, .habit(name ?? id), next))
    }

    public mutating func question(_ id: String, _ text: String, _ options: [(String, [String])], next: [String] = []) {
        entries.append((id, .question(text, options.map { (text: $0.0, next: $0.1) }), next))
    }

    /// The routine; an unknown ref or a graph `Routine` refuses is a test bug and traps.
    public func build(_ slug: String = "test", start: [String], title: String? = nil) -> Routine {
        var index: [String: Int] = [:]
        for (number, entry) in entries.enumerated() { index[entry.id] = number }
        func refs(_ ids: [String]) -> [Int] {
            ids.map { id in
                guard let number = index[id] else { fatalError("unknown node \(id)") }
                return number
            }
        }
        let nodes = entries.map { entry -> Node in
            switch entry.body {
            case .habit(let name):
                return Node(id: entry.id, body: .habit(name), next: refs(entry.next))
            case .question(let text, let options):
                return Node(
                    id: entry.id,
                    body: .question(text, options: options.map { Option(text: $0.text, next: refs($0.next)) }),
                    next: refs(entry.next))
            }
        }
        return checked { try Routine(slug: slug, title: title, start: refs(start), nodes: nodes, habits: habits) }
    }
}

/// SplitMix64: a small seeded generator, so property tests are deterministic.

/// The SPEC §2 example routine, as its file.
public let specExample = """
    routine: morning-checkin          # required
    title: Morning Check-in
    start: [feeling]

    habits:
      Meditate:
        measure: { unit: min, type: time }
        target: 10
      Run:
        measure: { unit: km, type: distance }
        weekly: 15

    nodes:
      feeling:
        question: How are you feeling today?
        options:
          - text: Great!
            next: [water, meditate]
          - text: Okay
            next: [walk]
          - text: Not so good
            next:
              - habit: Read a book
                next: [journal]
      water:
        habit: Drink Water
      meditate:
        habit: Meditate
      walk:
        habit: Go for a walk
        next: [journal]
      journal:
        habit: Journal

    """

/// Issue 19 item 20's routine: `when:` on an option and on a node, a schedule, an
/// option that leads to no node, two start nodes (the tree, DOT and Mermaid tests).
public let diagramDetailExample = """
    routine: d
    start: [warm, q]
    habits:
      Swim:
        days: [tue, thu]
    nodes:
      warm:
        habit: Warm-up
      q:
        question: Session?
        options:
          - text: Swim
            next: [swim]
          - text: Walk
            when: weekday == sat
            next: [walk]
          - text: Rest
      swim:
        habit: Swim
      walk:
        habit: Walk
        when: not done(Swim)

    """

/// The spec's morning check-in (SPEC §2), with Meditate a quantity habit (target 10 min).
public func morningRoutine(meditateTarget: Double? = 10) -> Routine {
    var builder = RoutineBuilder()
    builder.question(
        "feeling", "How are you feeling today?",
        [("Great!", ["water", "meditate"]), ("Okay", ["walk"]), ("Not so good", ["feeling/3/1"])])
    builder.habit("water", "Drink Water")
    builder.habit("meditate", "Meditate")
    builder.habit("walk", "Go for a walk", next: ["journal"])
    builder.habit("journal", "Journal")
    builder.habit("feeling/3/1", "Read a book", next: ["journal"])
    builder.habits = [HabitSpec(name: "Meditate", measure: Measure(unit: "min", type: "time"), target: meditateTarget)]
    return builder.build("morning-checkin", start: ["feeling"], title: "Morning Check-in")
}

public let testDay = DayKey("2026-11-22") ?? DayKey(ordinal: 0)

/// The head of `paths`' text for the bundled training routine (`trainingRoutine()`,
/// `routines/training.yaml`): its counts and how often each habit is asked, up to the
/// list of paths that `--list` adds after it.
public let trainingPathsHead = """
    Training Log (training)
    combinations: 5
    longest chain: 4 prompts
    habits:
      every  Warm-up
      some   Run
      some   Cycle
      some   Swim
      some   Strength training
      some   Stretch
      some   Foam rolling
    (every: asked however you answer; some: on some answers or days; none: never asked)

    """

/// The bundled `routines/training.yaml`, transcribed.
public func trainingRoutine() -> Routine {
    var builder = RoutineBuilder()
    builder.habit("warm-up", "Warm-up")
    builder.question(
        "session", "What is today's session?",
        [
            ("Run", ["run"]), ("Ride", ["ride"]), ("Swim", ["swim"]), ("Strength", ["strength"]),
            ("Rest day", ["foam-roll"]),
        ])
    builder.habit("run", "Run", next: ["stretch"])
    builder.habit("ride", "Cycle", next: ["stretch"])
    builder.habit("swim", "Swim")
    builder.habit("strength", "Strength training", next: ["stretch"])
    builder.habit("stretch", "Stretch")
    builder.habit("foam-roll", "Foam rolling")
    func minutes(_ name: String, _ target: Double?) -> HabitSpec {
        HabitSpec(name: name, measure: Measure(unit: "min", type: "time"), target: target)
    }
    builder.habits = [
        minutes("Warm-up", 10), HabitSpec(name: "Run", measure: Measure(unit: "km", type: "distance"), weekly: 15),
        HabitSpec(name: "Cycle", measure: Measure(unit: "km", type: "distance"), weekly: 60),
        HabitSpec(name: "Swim", measure: Measure(unit: "m", type: "distance"), target: 1000),
        minutes("Strength training", 30), minutes("Stretch", 10),
    ]
    return builder.build("training", start: ["warm-up", "session"], title: "Training Log")
}

extension Walker {
    /// Feeds lines in order, returning each event.
    public mutating func feed(_ lines: [String]) -> [WalkerEvent] {
        lines.map { handle($0) }
    }
}
