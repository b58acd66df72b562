import RoutineCore

extension TodayOverview {
    /// One line of JSON: `{"day","allDone","routines":[{"routine","state","at","prompt",
    /// "done":[{"habit","value","streak"}],"due":[habit],"possible":[{"habit","dependsOn"}],
    /// "optional":[{"habit","reason"}],"skipped":[habit],"declined":[habit],"notDue":N,
    /// "habits":[{"habit","state","class","reason"?,"dependsOn"?,"progress"?}]}],"byHand":{…}|null}`:
    /// `due` is the habits due and not done (open, later, partial, or missed on a past
    /// day; a partial one's `progress` is `5/8`), `notDue`
    /// counts the not-due, paused and optional ones, and `habits` gives every habit's
    /// state (the ledger's, SPEC §17.1) and its class (`certain`, `possible`, `optional`,
    /// `not-due`, `done`, `skipped`, `declined`; SPEC §13.3).
    var json: String { jsonValue.text }

    /// The document of `json` as the one JSON value.
    var jsonValue: JSONValue {
        func names(_ items: [Item]) -> JSONValue { JSONValue(items.map(\.name)) }
        func body(_ section: Section) -> JSONObject {
            let done = section.items("done").map { item -> JSONValue in
                let stats = item.stats
                return [
                    "habit": .string(item.name), "value": stats.habit.isQuantity ? JSONValue(stats.todaySum) : .null,
                    "streak": .integer(stats.currentStreak),
                ]
            }
            let possible = section.items("possible").map { item -> JSONValue in
                ["habit": .string(item.name), "dependsOn": .string(item.state.detail ?? "")]
            }
            let optional = section.items("optional").map { item -> JSONValue in
                ["habit": .string(item.name), "reason": .string(item.state.detail ?? "")]
            }
            let notDue =
                section.items("not-due").count + section.items("optional").count + section.items("paused").count
            return [
                "done": .array(done), "due": names(section.dueItems), "possible": .array(possible),
                "optional": .array(optional), "skipped": names(section.items("skipped")),
                "declined": names(section.items("declined")), "notDue": .integer(notDue),
                "habits": .array(section.items.map(Self.classJSON)),
            ]
        }
        let routines = sections.filter { $0.slug != nil }.map { section -> JSONValue in
            var state = "not-started"
            var at = JSONValue.null
            var prompt = JSONValue.null
            switch section.state {
            case .paused(let text):
                state = "paused"
                prompt = JSONValue(text)
            case .completed(let time):
                state = "completed"
                at = .string(time)
            case .aborted(let time):
                state = "aborted"
                at = .string(time)
            case .notStarted, nil: break
            }
            var object: JSONObject = [
                "routine": .string(section.slug ?? ""), "state": .string(state), "at": at, "prompt": prompt,
            ]
            for (key, value) in body(section) { object.append(key, value) }
            return .object(object)
        }
        let byHand = sections.first { $0.slug == nil }.map { JSONValue.object(body($0)) } ?? .null
        return [
            "day": .string(day.description), "allDone": .bool(allDone), "routines": .array(routines),
            "byHand": byHand,
        ]
    }

    static func classJSON(_ item: Item) -> JSONValue {
        var out: JSONObject = [
            "habit": .string(item.name), "state": .string(item.state.name), "class": .string(item.state.className),
        ]
        switch item.state {
        case .possible(let why): out.append("dependsOn", .string(why))
        case .optional(let why): out.append("reason", .string(why))
        case .notDue(let why): out.append("reason", .string(why.text))
        case .paused: out.append("reason", "paused")
        case .partial(let amount, let target): out.append("progress", .string(DayState.progress(amount, of: target)))
        default: break
        }
        return .object(out)
    }
}
