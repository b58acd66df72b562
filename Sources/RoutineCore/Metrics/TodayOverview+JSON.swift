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
    public var json: String {
        func names(_ items: [Item]) -> String {
            "[" + items.map { JSONText.string($0.name) }.joined(separator: ",") + "]"
        }
        func body(_ section: Section) -> String {
            let done = section.items("done").map { item in
                let stats = item.stats
                return "{\"habit\":\(JSONText.string(item.name)),"
                    + "\"value\":\(stats.habit.isQuantity ? JSONText.number(stats.todaySum) : "null"),"
                    + "\"streak\":\(stats.currentStreak)}"
            }.joined(separator: ",")
            let possible = section.items("possible").map {
                "{\"habit\":\(JSONText.string($0.name)),\"dependsOn\":\(JSONText.string($0.state.detail ?? ""))}"
            }.joined(separator: ",")
            let optional = section.items("optional").map {
                "{\"habit\":\(JSONText.string($0.name)),\"reason\":\(JSONText.string($0.state.detail ?? ""))}"
            }.joined(separator: ",")
            let notDue =
                section.items("not-due").count + section.items("optional").count + section.items("paused").count
            return "\"done\":[\(done)],\"due\":\(names(section.dueItems)),\"possible\":[\(possible)],"
                + "\"optional\":[\(optional)],\"skipped\":\(names(section.items("skipped"))),"
                + "\"declined\":\(names(section.items("declined"))),\"notDue\":\(notDue),"
                + "\"habits\":[\(section.items.map(Self.classJSON).joined(separator: ","))]"
        }
        let routines = sections.filter { $0.slug != nil }.map { section -> String in
            var state = "not-started"
            var at = "null"
            var prompt = "null"
            switch section.state {
            case .paused(let text):
                state = "paused"
                prompt = text.map(JSONText.string) ?? "null"
            case .completed(let time):
                state = "completed"
                at = JSONText.string(time)
            case .aborted(let time):
                state = "aborted"
                at = JSONText.string(time)
            case .notStarted, nil: break
            }
            return "{\"routine\":\(JSONText.string(section.slug ?? "")),\"state\":\"\(state)\",\"at\":\(at),"
                + "\"prompt\":\(prompt),\(body(section))}"
        }
        let byHand = sections.first { $0.slug == nil }.map { "{\(body($0))}" } ?? "null"
        return "{\"day\":\"\(day)\",\"allDone\":\(allDone),\"routines\":[\(routines.joined(separator: ","))],"
            + "\"byHand\":\(byHand)}"
    }

    static func classJSON(_ item: Item) -> String {
        var out =
            "{\"habit\":\(JSONText.string(item.name)),\"state\":\"\(item.state.name)\","
            + "\"class\":\"\(item.state.className)\""
        switch item.state {
        case .possible(let why): out += ",\"dependsOn\":" + JSONText.string(why)
        case .optional(let why): out += ",\"reason\":" + JSONText.string(why)
        case .notDue(let why): out += ",\"reason\":" + JSONText.string(why.text)
        case .paused: out += ",\"reason\":\"paused\""
        case .partial(let amount, let target):
            out += ",\"progress\":" + JSONText.string(DayState.progress(amount, of: target))
        default: break
        }
        return out + "}"
    }
}
