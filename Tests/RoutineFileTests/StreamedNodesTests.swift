import Foundation
import RoutineCore
import TestSupport
import Testing

@testable import RoutineFile

/// The nodes under `nodes:` are decoded as libyaml reads them (`YAMLEventReader`'s
/// stream) instead of from a tree of the whole file. Decoding the whole tree first,
/// which the reader still does for every other mapping, is the oracle: the same draft
/// (every node, ref, option and position) and the same diagnostics on every input.
@Suite struct StreamedNodesTests {
    /// Reads `data` both ways; nil when they agree, else what differs.
    /// Both streamed ways are compared with the whole tree: each node from its own small
    /// tree, and each node from its flat events where that gives no diagnostic.
    static func difference(_ data: Data) -> String? {
        let treeKeeper = TreeKeeper()
        let tree = RoutineFileReader.read(
            data: data, assemble: true, keeping: treeKeeper, storedHabits: [], nodes: .wholeTree)
        for reading in [RoutineFileReader.NodeReading.streamedTrees, .fromEvents] {
            let streamedKeeper = TreeKeeper()
            let streamed = RoutineFileReader.read(
                data: data, assemble: true, keeping: streamedKeeper, storedHabits: [], nodes: reading)
            if streamed.diagnostics != tree.diagnostics {
                return "\(reading): diagnostics: \(streamed.diagnostics) against \(tree.diagnostics)"
            }
            if streamedKeeper.draft != treeKeeper.draft { return "\(reading): drafts differ" }
            if streamed.routine != tree.routine { return "\(reading): routines differ" }
        }
        return nil
    }

    /// How many of `data`'s nodes under `nodes:` are decoded from their events (the
    /// rest from their trees).
    static func fromEvents(_ data: Data) -> Int {
        var decoder = RoutineDecoder()
        var count = 0
        _ = YAMLEventReader.read(
            data, streaming: ("nodes", { _ in }),
            fastSink: { key, events in
                guard decoder.topLevelNode(key: key, events: events) else { return false }
                count += 1
                return true
            })
        return count
    }

    /// Files whose `nodes:` is not the simple case: inline nodes in `start:` before it
    /// (the streamed nodes' inline refs are moved past them), `nodes:` before `start:`,
    /// twice, anchored, an alias, not a mapping, empty, under a second document; anchors
    /// inside it used after it; bad keys and values inside it.
    static let cases = [
        "routine: a\nstart: [{habit: A, next: [b]}, b]\nnodes:\n  b:\n    habit: B\n    next: [{habit: C, next: [d]}]\n  d:\n    question: Q?\n    options:\n      - text: x\n        next: [{habit: E}]\n      - text: y\n",
        "nodes:\n  b:\n    habit: B\n    next: [{id: i, habit: I}]\nroutine: a\nstart: [{habit: A, next: [b, i]}]\n",
        "routine: a\nstart: [b]\nnodes:\n  b: {habit: B}\nnodes:\n  c: {habit: C}\n",
        "routine: a\nstart: [b]\nnodes: 3\nnodes:\n  c: {habit: C}\n",
        "routine: a\nstart: [b]\nnodes: &n\n  b: {habit: B}\ntitle: *n\n",
        "routine: a\nstart: [b]\nx: &n\n  b: {habit: B}\nnodes: *n\n",
        "routine: a\nstart: [b]\nnodes:\n  b: &h {habit: B, next: [c]}\n  c: *h\nhabits: {B: *h}\n",
        "routine: a\nstart: [b]\nnodes:\n",
        "routine: a\nstart: [b]\nnodes: {}\n",
        "routine: a\nstart: [b]\nnodes: [b]\n",
        "routine: a\nstart: [b]\n\"nodes\":\n  b: {habit: B}\n",
        "routine: a\nstart: [b]\n? [nodes]\n: {b: {habit: B}}\nnodes:\n  b: {habit: B}\n",
        "---\nroutine: a\nstart: [b]\n---\nnodes:\n  b: {habit: B}\n",
        "- nodes:\n    b: {habit: B}\n",
        "routine: a\nstart: [b]\nnodes:\n  b:\n    habit: B\n    habit: C\n    bogus: 1\n  b: [x]\n  bad id: {question: q, habit: h}\n  ? [k]\n  : {}\n  e: {next: [b, zz, '', [x]], when: 'done('}\n",
        "routine: a\nstart: [b]\nnodes:\n  b: {habit: B, next: [c]}\n  c: {habit: C, next: [b]}\n",
        "routine: a\nstart: [b]\nnodes:\n  b: {habit: B}\n  c: {habit: C}\n  d: [unclosed\n",
        "routine: a\nstart: [b]\nnodes:\n  b: {habit: B, next: [c]}\n  c: {habit: C, next: [x\n",
    ]

    /// Nodes that the events' decoding takes, or hands to the tree's at each point where
    /// the tree's reports something (or needs the tree: anchors, aliases, deep nesting,
    /// inline nodes, keys that are not plain ASCII).
    static let eventCases = [
        "b:\n    habit: B\n    next: [c, d]\n  c:\n    question: Q?\n    options:\n      - text: x\n        next: [d]\n        when: done(B)\n      - text: 'y'\n  d: {habit: D, when: \"weekday in [sat]\"}\n",
        "b:\n    habit: &x B\n    next: [*x]\n  c: {habit: C, next: *x}\n",
        "b: {habit: B, next: [[[[[[[[[[[[[[[[[[[[x]]]]]]]]]]]]]]]]]]]]}\n  c: {habit: C, next: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[x]]]}\n",
        "b:\n    \"habit\": B\n    'next': [c]\n  c: {question: \"Q\", options: ~}\n  d: {question: Q, options: null}\n  e: {question: Q, options: Null}\n  f: {question: Q, options: NULL}\n  g: {question: Q, options: 'null'}\n  h: {question: Q, options: nul}\n",
        "b: {habit: B, next: NULL}\n  c: {habit: C, next: []}\n  d: {habit: D, next: }\n  e: {habit: E, next: [b, {habit: C}]}\n  f: {habit: F, next: ['', b]}\n  g: {habit: G, next: 'b'}\n  h: {habit: G, next: [[b]]}\n  i: {habit: G, next: [{id: j, habit: J}]}\n",
        "b: {habit: \"\u{3000}\"}\n  c: {habit: \"\\e[2J\"}\n  d: {question: \" \", options: [{text: \" x\"}, {text: x, when: \"a\\nb\"}]}\n  e: {habit: \"\\u0085x\"}\n  f: {habit: \"\\u00A0\"}\n  g: {habit: ' B'}\n",
        "b: {habit: \(String(repeating: "h", count: 201))}\n  c: {habit: \(String(repeating: "é", count: 150))}\n  d: {habit: \(String(repeating: "h", count: 200))}\n  e: {habit: \(String(repeating: "é", count: 201))}\n",
        "b: {habit: B, options: [{text: x}]}\n  c: {habit: C, question: Q}\n  d: {question: Q, habit: H}\n  e: {next: [b]}\n  f: {}\n  g: {habit: B, habit: C}\n  h: {habit: B, bogus: 1}\n  i: {habit: B, when: [x]}\n  j: {habit: [B]}\n  k: {habit: {a: b}}\n",
        "b: {question: Q, options: [{text: x, bogus: 1}, {text: x, text: y}, {next: [b]}, x, [y], {text: [z]}, {text: ''}]}\n  c: {question: Q, options: {text: x}}\n  d: {question: Q, options: [{text: x, next: [{habit: I}]}, {text: y, when: {a: b}}]}\n  e: {question: [Q]}\n",
        "b:\n    habit: B\n    when: |\n      done(B)\n  c:\n    habit: C\n    when: >\n      done(B)\n      or done(C)\n  d: {habit: D, when: ''}\n  e: {habit: E, when: '  '}\n",
        "b: !!map {habit: !x B, next: !!seq [c]}\n  c: [x]\n  d: x\n  e:\n  ? {a: b}\n  : {habit: B}\n  ? [k]\n  : {habit: K}\n",
        "b: {habit: B, next: [c]}\n  \u{212A}: {habit: K}\n  bad id: {habit: B}\n  c: {h\u{0061}bit: C}\n  d: {\"ne\\x78t\": [b], habit: D}\n  e: {\"hab\\u0130t\": E}\n",
        "b: {habit: B, next: [c]}\n  b: {habit: B2}\n  c: {question: Q, options: [{text: A}, {text: a}, {text: A}]}\n  d: {question: Q, options: []}\n  e: {question: Q, options: [{text: A}]}\n",
    ].map {
        "routine: a\nstart: [a]\nhabits:\n  B: {measure: {unit: min, type: time}}\nnodes:\n  a: {habit: A, next: [b]}\n  "
            + $0
    }

    @Test func eventCasesDecodeAlike() {
        for text in Self.eventCases {
            #expect(Self.difference(Data(text.utf8)) == nil, "\(text)")
        }
        // The first is decoded from its events throughout; the rest each in part.
        #expect(Self.fromEvents(Data(Self.eventCases[0].utf8)) == 4)
        #expect(Self.eventCases.allSatisfy { Self.fromEvents(Data($0.utf8)) >= 1 })
    }

    /// Generated routines of every size the benchmark's generator makes the shape of:
    /// each node from its events, the same draft and diagnostics as the whole tree's.
    @Test func generatedRoutinesDecodeFromEventsAlike() {
        for seed in UInt64(1)...6 {
            let text = RoutineExporter.yaml(RandomRoutines.make(nodes: 40 * Int(seed), seed: seed))
            #expect(Self.difference(Data(text.utf8)) == nil, "seed \(seed)")
            #expect(Self.fromEvents(Data(text.utf8)) > 0, "seed \(seed)")
        }
    }

    @Test func casesDecodeAlike() {
        for text in Self.cases {
            #expect(Self.difference(Data(text.utf8)) == nil, "\(text)")
        }
    }

    @Test func theYAMLTestSuiteDecodesAlike() throws {
        let folder = try #require(fixturesURL()).appendingPathComponent("yaml-test-suite")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }
        #expect(names.count >= 400)
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(Self.difference(data) == nil, "\(name)")
        }
    }

    /// Routines with inline nodes, and the cases above, with keys, anchors, aliases,
    /// flow collections, document markers and broken lines put in at random places.
    @Test func mangledRoutinesDecodeAlike() {
        let palette: [[UInt8]] = [
            Array("\nnodes:\n".utf8), Array("\n  x: {habit: H}\n".utf8), Array("\nstart: [{habit: I}]\n".utf8),
            Array(": ".utf8), Array("- ".utf8), Array("&a ".utf8), Array("*a".utf8), Array("{".utf8),
            Array("]".utf8), Array("\n---\n".utf8), Array("\n    next: [{habit: J}]\n".utf8), [0x0A], [0x09],
            Array("'".utf8), Array("\n  y:\n    question: q\n".utf8),
        ]
        var bases = (Self.cases + Self.eventCases).map { Array($0.utf8) }
        for seed in UInt64(1)...3 {
            bases.append(Array(RoutineExporter.yaml(RandomRoutines.make(nodes: 30 * Int(seed), seed: seed)).utf8))
        }
        var random = SeededGenerator(seed: 33)
        var decoded = 0
        var fromEvents = 0
        for round in 0..<1_200 {
            let bytes = ReaderFastPathTests.mangled(
                bases[round % bases.count], palette: palette, deleting: true, using: &random)
            #expect(Self.difference(Data(bytes)) == nil, "round \(round): \(String(decoding: bytes, as: UTF8.self))")
            if YAMLEventReader.read(Data(bytes), streaming: ("nodes", { _ in })).streamed { decoded += 1 }
            fromEvents += Self.fromEvents(Data(bytes))
        }
        // Most of them are still streamed (a syntax error stops either way), and many
        // of their nodes decoded from their events.
        #expect(decoded > 300)
        #expect(fromEvents > 1_000)
    }
}
