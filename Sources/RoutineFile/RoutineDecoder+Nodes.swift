import RoutineCore

/// Nodes, refs and habits.
extension RoutineDecoder {
    mutating func startRefs(_ value: YAMLNode) -> [DraftRef]? {
        guard case .sequence(let items) = value.kind else {
            invalid(value, "'start' must be a list of node refs, not \(value.kindName)")
            return nil
        }
        guard !items.isEmpty else {
            invalid(value, "'start' must list at least one node")
            return nil
        }
        return items.enumerated().compactMap { ref($1, base: "start", number: $0 + 1) }
    }

    /// The entries of a `next` list; `base` prefixes generated ids (`walk/next`, `feeling/3`).
    /// `base` is only built for an inline node without `id:` (rare; a string per node otherwise).
    mutating func refList(_ value: YAMLNode, base: @autoclosure () -> String) -> [DraftRef] {
        if value.isNull { return [] }
        guard case .sequence(let items) = value.kind else {
            invalid(value, "'next' must be a list of node refs, not \(value.kindName)")
            return []
        }
        var refs: [DraftRef] = []
        refs.reserveCapacity(items.count)
        for (number, item) in items.enumerated() {
            if let found = ref(item, base: base(), number: number + 1) { refs.append(found) }
        }
        return refs
    }

    /// A node id, or an inline node (which is decoded here and added to `nodes`); an
    /// inline node without `id:` is named `base/number`.
    mutating func ref(_ value: YAMLNode, base: @autoclosure () -> String, number: Int) -> DraftRef? {
        switch value.kind {
        case .scalar(let id, _):
            guard !id.isEmpty else {
                invalid(value, "a node ref is empty")
                return nil
            }
            return DraftRef(.id(id), at: value.location)
        case .sequence:
            invalid(value, "a node ref must be a node id or an inline node, not a list")
            return nil
        case .mapping:
            let fields = keyed(value, allowed: Self.inlineKeys, what: "inline node")
            var id = "\(base())/\(number)"
            var idLocation = value.location
            if let pair = fields["id"] {
                if let written = text(pair.value, what: "an inline node's id") {
                    if Self.isNodeID(written) {
                        id = written
                        idLocation = pair.value.location
                    } else {
                        invalid(pair.value, "'\(written)' is not a valid node id (use letters, digits, '_', '.', '-')")
                    }
                }
            }
            let index = node(
                value, fields: fields, id: id, idLocation: idLocation,
                location: value.location, isInline: true)
            return DraftRef(.inline(index), at: value.location)
        }
    }

    mutating func topLevelNodes(_ value: YAMLNode) {
        if value.isNull { return }
        guard case .mapping(let pairs) = value.kind else {
            invalid(value, "'nodes' must be a mapping of node ids to nodes, not \(value.kindName)")
            return
        }
        for pair in pairs { topLevelNode(pair) }
    }

    /// One pair under `nodes:`: a node id and its node. `RoutineFileReader` hands the
    /// pairs over one at a time as libyaml reads them (`YAMLEventReader`'s stream), to a
    /// decoder of their own, which `splice` then joins in where `topLevelNodes` runs.
    mutating func topLevelNode(_ pair: YAMLPair) {
        guard let id = pair.key.text else {
            invalid(pair.key, "a node id must be text, not \(pair.key.kindName)")
            return
        }
        if !Self.isNodeID(id) {
            invalid(pair.key, "'\(id)' is not a valid node id (use letters, digits, '_', '.', '-')")
        }
        let fields: Fields
        if case .mapping = pair.value.kind {
            fields = keyed(pair.value, allowed: Self.nodeKeys, what: "node '\(id)'")
        } else {
            invalid(
                pair.value, "node '\(id)' must be a mapping with 'habit' or 'question', not \(pair.value.kindName)")
            fields = Fields()
        }
        _ = node(
            pair.value, fields: fields, id: id, idLocation: pair.key.location,
            location: pair.key.location, isInline: false)
    }

    /// Joins the nodes and diagnostics of `streamed` (a decoder fed by `topLevelNode`
    /// alone) in at this point, as if `topLevelNodes` had decoded them here: the same
    /// nodes, diagnostics and order. Its refs to its own inline nodes are moved past
    /// the nodes decoded before (those of `start:`; usually none).
    mutating func splice(_ streamed: consuming RoutineDecoder) {
        if diagnostics.isEmpty {
            diagnostics = streamed.diagnostics
        } else {
            diagnostics += streamed.diagnostics
        }
        let base = nodes.count
        guard base > 0 else {
            nodes = streamed.nodes
            return
        }
        func moved(_ refs: [DraftRef]) -> [DraftRef] {
            refs.map { ref in
                guard case .inline(let index) = ref.target else { return ref }
                return DraftRef(.inline(index + base), at: ref.location)
            }
        }
        nodes.reserveCapacity(base + streamed.nodes.count)
        for var node in streamed.nodes {
            node.next = moved(node.next)
            if case .question(let prompt, var options, let location) = node.body {
                for index in options.indices { options[index].next = moved(options[index].next) }
                node.body = .question(prompt, options: options, at: location)
            }
            nodes.append(node)
        }
    }

    /// Decodes one node (its keys already checked) and appends it; returns its index.
    /// The node is appended before its inline children, so a parent precedes them.
    mutating func node(
        _ value: YAMLNode, fields: Fields, id: String, idLocation: SourceLocation,
        location: SourceLocation, isInline: Bool
    ) -> Int {
        let index = nodes.count
        nodes.append(DraftNode(id: id, idLocation: idLocation, location: location, isInline: isInline, body: .missing))
        var body = DraftNode.Body.missing
        let slots = isInline ? Self.inlineSlots : Self.nodeSlots
        let habit = fields[slot: slots.habit]
        let question = fields[slot: slots.question]
        if let habit, let question {
            let later = habit.key.location < question.key.location ? question : habit
            invalid(later.key, "a node has either 'habit' or 'question', not both")
        }
        if case .mapping = value.kind, habit == nil, question == nil {
            diagnostics.append(
                Diagnostic(
                    .missingKey, "node '\(id)' needs a 'habit' or a 'question'", at: location))
        }
        if let habit, question == nil || habit.key.location < (question?.key.location ?? habit.key.location) {
            let name = habitName(habit.value) ?? ""
            body = .habit(name, at: habit.value.location)
            if let options = fields[slot: slots.options] {
                invalid(options.key, "'options' belongs to a question node, not a habit node")
            }
        } else if let question {
            let prompt = text(question.value, what: "a question") ?? ""
            var options: [DraftOption] = []
            if let list = fields[slot: slots.options] {
                options = self.options(list.value, nodeID: id)
            }
            body = .question(prompt, options: options, at: question.key.location)
        }
        let next = fields[slot: slots.next].map { refList($0.value, base: "\(id)/next") } ?? []
        nodes[index].body = body
        nodes[index].next = next
        nodes[index].when = fields[slot: slots.when].flatMap { condition($0.value) }
        return index
    }

    mutating func options(_ value: YAMLNode, nodeID: String) -> [DraftOption] {
        if value.isNull { return [] }
        guard case .sequence(let items) = value.kind else {
            invalid(value, "'options' must be a list of options, not \(value.kindName)")
            return []
        }
        var result: [DraftOption] = []
        result.reserveCapacity(items.count)
        for (number, item) in items.enumerated() {
            guard case .mapping = item.kind else {
                invalid(item, "an option must be a mapping with 'text' and 'next', not \(item.kindName)")
                result.append(DraftOption(text: "", at: item.location))
                continue
            }
            let fields = keyed(item, allowed: Self.optionKeys, what: "option")
            var option = DraftOption(text: "", at: item.location)
            if let pair = fields[slot: Self.optionSlots.text] {
                option.text = text(pair.value, what: "an option's text") ?? ""
                option.location = pair.value.location
            } else {
                missing("text", in: item, what: "an option of '\(nodeID)'")
            }
            if let pair = fields[slot: Self.optionSlots.next] {
                option.next = refList(pair.value, base: "\(nodeID)/\(number + 1)")
            }
            option.when = fields[slot: Self.optionSlots.when].flatMap { condition($0.value) }
            result.append(option)
        }
        return result
    }

    mutating func habits(_ value: YAMLNode) -> [DraftHabit] {
        if value.isNull { return [] }
        guard case .mapping(let pairs) = value.kind else {
            invalid(value, "'habits' must be a mapping of habit names to properties, not \(value.kindName)")
            return []
        }
        var result: [DraftHabit] = []
        for pair in pairs {
            guard let name = habitName(pair.key) else { continue }
            var habit = DraftHabit(name: name, at: pair.key.location)
            if !pair.value.isNull {
                guard case .mapping = pair.value.kind else {
                    invalid(pair.value, "habit '\(name)' must have a mapping of properties, not \(pair.value.kindName)")
                    result.append(habit)
                    continue
                }
                let fields = keyed(pair.value, allowed: Self.habitKeys, what: "habit '\(name)'")
                if let measure = fields["measure"] {
                    habit.measure = self.measure(measure.value, habit: name)
                    habit.measureLocation = measure.value.location
                }
                if let target = fields["target"] {
                    if habit.measure == nil, fields["measure"] == nil {
                        invalid(target.key, "'target' is only for quantity habits: give '\(name)' a measure")
                    } else {
                        habit.target = positiveNumber(target.value, what: "the target of '\(name)'")
                        // `y` records the target as an entry: the same cap as a typed amount.
                        if let value = habit.target, value > Quantity.maximum {
                            invalid(
                                target.value,
                                "the target of '\(name)' must be at most \(JSONValue.numberText(Quantity.maximum))")
                            habit.target = nil
                        }
                    }
                }
                let isQuantity = fields["measure"] != nil
                if let weekly = fields["weekly"], isQuantity {
                    habit.weekly = positiveNumber(weekly.value, what: "the weekly target of '\(name)'")
                }
                habit.schedule = schedule(fields, habit: name, isQuantity: isQuantity)
                habit.dayTarget = dayTarget(fields, habit: name, isQuantity: isQuantity)
            }
            result.append(habit)
        }
        return result
    }

    mutating func measure(_ value: YAMLNode, habit: String) -> Measure? {
        guard case .mapping = value.kind else {
            invalid(value, "the measure of '\(habit)' must be a mapping with 'unit' and 'type', not \(value.kindName)")
            return nil
        }
        let fields = keyed(value, allowed: Self.measureKeys, what: "measure of '\(habit)'")
        var parts: [String] = []
        for key in Self.measureKeys {
            guard let pair = fields[key] else {
                invalid(value, "the measure of '\(habit)' needs a '\(key)'")
                continue
            }
            if let part = text(pair.value, what: "the \(key) of '\(habit)'") { parts.append(part) }
        }
        guard parts.count == 2 else { return nil }
        return Measure(unit: parts[0], type: parts[1])
    }

    /// A `when:` value: non-empty text, with where its characters start (checked later,
    /// against the whole file, by `RoutineValidator`).
    mutating func condition(_ value: YAMLNode) -> DraftCondition? {
        guard case .scalar(let raw, let plain) = value.kind else {
            invalid(value, "'when' must be a condition written as text, not \(value.kindName)")
            return nil
        }
        guard let text = text(value, what: "a condition") else { return nil }
        _ = raw
        return Self.draftCondition(text, at: value.location, plain: plain)
    }
}
