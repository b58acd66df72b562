import Foundation
import RoutineApp
import RoutineCore

/// How `runs` and `runs show` print runs and their recorded steps (SPEC §14.2).
enum RunsText {
    /// `runs --format json`: one array, most recent first.
    static func json(_ runs: [RunInfo]) -> JSONValue {
        .array(runs.map { .object(object($0)) })
    }

    /// `runs show RUN --format json`: the run and its steps (undone ones with `"retracted":true`).
    static func json(_ run: RunInfo, steps: [StepInfo]) -> JSONValue {
        var out = object(run)
        out.append("steps", .array(steps.map(stepObject)))
        return .object(out)
    }

    private static func object(_ run: RunInfo) -> JSONObject {
        [
            "run": .string(run.id.rawValue), "routine": .string(run.slug), "version": .integer(run.versionNumber),
            "dayKey": .string(run.dayKey.description), "status": .string(run.status.rawValue),
            "startedAt": .string(Instant.formatSeconds(run.startedAt)),
            "updatedAt": .string(Instant.formatSeconds(run.updatedAt)),
        ]
    }

    static func stepObject(_ step: StepInfo) -> JSONValue {
        var item: JSONObject = [
            "uid": .string(step.uid), "node": .string(step.node), "kind": .string(step.kind.rawValue),
        ]
        item.append(step.kind == .question ? "prompt" : "habit", .string(step.text))
        item.append("answer", .string(step.answer))
        if let position = step.optionPosition { item.append("option", .integer(position + 1)) }
        if let value = step.value { item.append("value", .number(value)) }
        if let reason = step.reason { item.append("reason", .string(reason)) }
        item.append("at", .string(Instant.formatSeconds(step.recordedAt)))
        item.append("timeZone", .string(step.timeZone))
        item.append("retracted", .bool(step.isRetracted))
        return .object(item)
    }

    /// The text transcript: a heading, then one line per step (`HH:MM  text  answer`);
    /// an amount with its habit's unit from `units` (by habit name: `done 20 min`).
    static func transcript(_ run: RunInfo, steps: [StepInfo], units: [String: String] = [:]) -> String {
        var lines = [
            "Run \(run.id.short)  \(run.slug) v\(run.versionNumber)  \(run.dayKey)  \(run.status.rawValue)"
        ]
        if steps.isEmpty { lines.append("  (no steps recorded)") }
        let width = steps.map(\.text.count).max() ?? 0
        for step in steps {
            var answer = step.answer
            if let value = step.value { answer += " " + amount(value, unit: units[step.text]) }
            if let reason = step.reason { answer += " (\(reason))" }
            if step.isRetracted { answer += "  [undone]" }
            let pad = String(repeating: " ", count: max(0, width - step.text.count))
            lines.append("  \(clock(step.recordedAt, step.timeZone))  \(step.text)\(pad)  \(answer)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An amount as stored (every digit: a transcript shows what was recorded) and its unit.
    static func amount(_ value: Double, unit: String?) -> String {
        JSONValue.numberText(value) + (unit.map { $0.isEmpty ? "" : " " + $0 } ?? "")
    }

    /// `HH:MM` of an instant in the time zone it was recorded in (UTC when unknown).
    static func clock(_ date: Date, _ zone: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
