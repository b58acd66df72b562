import Foundation
import RoutineCore

/// `routine schema`: the routine file format as a JSON Schema (draft-07, SPEC §15.2), built
/// from `RoutineKeys`, the table the decoder reads its keys from.
///
/// Editors read YAML with YAML 1.2's core types, so `title: 12` reaches the schema as a
/// number and `text: true` as a boolean, while `check` reads every scalar as text: where
/// text is expected the schema takes strings, numbers and booleans alike. The schema is
/// never stricter than `check` (every file `check` passes validates); a few value
/// rules that only the whole file settles (ids that resolve, habit names' length,
/// condition syntax) are left to `check` and the language server.
public enum RoutineSchema {
    public static let identifier = "https://routine.invalid/schema/routine-file.json"

    /// The schema as pretty-printed JSON with sorted keys (stable from run to run).
    public static func json() -> String {
        let data =
            (try? JSONSerialization.data(
                withJSONObject: document(), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    static func document() -> [String: Any] {
        var root = object(RoutineKeys.file, description: "A routine file (docs/file-format.md).")
        root["$schema"] = "http://json-schema.org/draft-07/schema#"
        root["$id"] = identifier
        root["title"] = "routine file"
        root["definitions"] = definitions()
        return root
    }

    /// A mapping with exactly these keys (no others: `check` reports `unknown-key`).
    static func object(_ keys: [RoutineKey], description: String) -> [String: Any] {
        var properties: [String: Any] = [:]
        for key in keys {
            var schema = value(key.value)
            schema["description"] = key.summary
            properties[key.name] = schema
        }
        var result: [String: Any] = [
            "type": "object", "description": description, "properties": properties, "additionalProperties": false,
        ]
        let required = keys.filter(\.required).map(\.name)
        if !required.isEmpty { result["required"] = required }
        return result
    }

    static func definitions() -> [String: Any] {
        var node = object(RoutineKeys.node, description: "A node: a habit to record or a question to ask.")
        node["oneOf"] = nodeKinds
        var inline = object(RoutineKeys.inlineNode, description: "A node written in place of a ref.")
        inline["oneOf"] = nodeKinds
        return [
            "node": node,
            "inlineNode": inline,
            "ref": [
                "description": "A node id, or an inline node.",
                "anyOf": [scalar(pattern: nil), ["$ref": "#/definitions/inlineNode"]],
            ],
            "option": object(RoutineKeys.option, description: "An answer to a question."),
            "habit": [
                "description": "A habit's properties; nothing for a daily yes/no habit.",
                "anyOf": [
                    ["type": "null"],
                    object(RoutineKeys.habitProperties, description: "A habit's properties.")
                        .merging(["not": ["anyOf": exclusivePairs.map { ["required": $0] }]]) { $1 },
                ],
            ],
        ]
    }

    /// A node has 'habit' or 'question', not both; 'options' only with 'question'.
    static var nodeKinds: [[String: Any]] {
        [
            ["required": ["habit"], "not": ["anyOf": [["required": ["question"]], ["required": ["options"]]]]],
            ["required": ["question"], "not": ["required": ["habit"]]],
        ]
    }

    /// Keys of a habit that exclude each other (SPEC §10.1, §18.1): two schedules, or both
    /// day targets. (`weekly` is left out: a quantity habit's is a sum goal that goes with
    /// a schedule, and the schema is never stricter than `check`.)
    static var exclusivePairs: [[String]] {
        let schedules = ["days", "every", "per", "monthly"]
        var pairs: [[String]] = []
        for (index, first) in schedules.enumerated() {
            for second in schedules.dropFirst(index + 1) { pairs.append([first, second]) }
        }
        return pairs + [["at-least", "at-most"]]
    }

    /// Text as `check` takes it: any scalar, not blank.
    static func scalar(pattern: String?) -> [String: Any] {
        var result: [String: Any] = ["type": ["string", "number", "boolean"]]
        result["pattern"] = pattern ?? "\\S"
        return result
    }

    static func value(_ shape: RoutineKey.Value) -> [String: Any] {
        switch shape {
        case .slug:
            return ["type": ["string", "integer"], "minimum": 0, "pattern": "^[a-z0-9][a-z0-9-]*$"]
        case .text, .condition:
            return scalar(pattern: nil)
        case .nodeID:
            return scalar(pattern: "^[A-Za-z0-9_.-]+$")
        case .refs(let nonEmpty):
            let list: [String: Any] = [
                "type": "array", "items": ["$ref": "#/definitions/ref"], "minItems": nonEmpty ? 1 : 0,
            ]
            return nonEmpty ? list : ["anyOf": [["type": "null"], list]]
        case .nodes:
            return [
                "type": ["object", "null"], "propertyNames": ["pattern": "^[A-Za-z0-9_.-]+$"],
                "additionalProperties": ["$ref": "#/definitions/node"],
            ]
        case .habits:
            return [
                "type": ["object", "null"], "propertyNames": ["pattern": "\\S"],
                "additionalProperties": ["$ref": "#/definitions/habit"],
            ]
        case .options:
            return ["type": ["array", "null"], "items": ["$ref": "#/definitions/option"]]
        case .measure:
            return object(RoutineKeys.measure, description: "A measure.")
        case .measureType:
            return ["anyOf": [["enum": RoutineKeys.measureTypes], scalar(pattern: nil)]]
        case .positiveNumber(let maximum):
            var number: [String: Any] = ["type": "number", "exclusiveMinimum": 0]
            if let maximum { number["maximum"] = maximum }
            return ["anyOf": [number, ["type": "string", "pattern": "^ *([0-9]+(\\.[0-9]*)?|\\.[0-9]+) *$"]]]
        case .weekdays:
            let names = Weekday.allCases.map(\.description)
            let anyCase = names.map { name in name.map { "[\($0.uppercased())\($0)]" }.joined() }
            return [
                "type": "array", "minItems": 1, "uniqueItems": true,
                "items": [
                    "anyOf": [
                        ["enum": names],
                        ["type": "string", "pattern": "^ *(\(anyCase.joined(separator: "|"))) *$"],
                    ]
                ],
            ]
        case .frequency:
            return ["type": "string", "pattern": "^ *[0-9]+ */ *[0-9]+ *$"]
        case .wholeNumber(let maximum):
            return [
                "anyOf": [
                    ["type": "integer", "minimum": 1, "maximum": maximum],
                    ["type": "string", "pattern": "^ *[0-9]+ *$"],
                ]
            ]
        case .nonNegativeNumber(let maximum):
            return [
                "anyOf": [
                    ["type": "number", "minimum": 0, "maximum": maximum],
                    ["type": "string", "pattern": "^ *([0-9]+(\\.[0-9]*)?|\\.[0-9]+) *$"],
                ]
            ]
        case .interval:
            return [
                "anyOf": [
                    ["type": "integer", "minimum": 1, "maximum": RoutineDecoder.maxInterval],
                    ["type": "string", "pattern": "^ *[0-9]+ *$"],
                ]
            ]
        }
    }
}
