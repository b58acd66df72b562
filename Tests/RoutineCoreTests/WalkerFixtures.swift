import Foundation

@testable import RoutineCore

/// The spec's morning check-in (SPEC §2), with Meditate a quantity habit (target 10 min).
func morningRoutine(meditateTarget: Double? = 10) -> Routine {
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

let testDay = DayKey("2026-11-22") ?? DayKey(ordinal: 0)

extension Walker {
    /// Feeds lines in order, returning each event.
    mutating func feed(_ lines: [String]) -> [WalkerEvent] {
        lines.map { handle($0) }
    }

    /// The node ids of the steps, with their answers: `water=done`.
    var stepSummary: [String] {
        steps.map { "\($0.node)=\($0.answer.label)" }
    }

    /// Encodes to JSON and decodes again, as a store would between sessions.
    func roundTripped() throws -> Walker {
        let data = try JSONEncoder().encode(self)
        return try JSONDecoder().decode(Walker.self, from: data)
    }
}

extension WalkerEvent {
    var isRejected: Bool {
        if case .rejected = self { return true }
        return false
    }

    var isAnswered: Bool {
        if case .answered = self { return true }
        return false
    }
}

/// The bundled `routines/training.yaml`, transcribed.
func trainingRoutine() -> Routine {
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
