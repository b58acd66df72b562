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
    static func difference(_ data: Data) -> String? {
        let streamedKeeper = TreeKeeper()
        let treeKeeper = TreeKeeper()
        let streamed = RoutineFileReader.read(
            data: data, assemble: true, keeping: streamedKeeper, storedHabits: [], streaming: true)
        let tree = RoutineFileReader.read(
            data: data, assemble: true, keeping: treeKeeper, storedHabits: [], streaming: false)
        if streamed.diagnostics != tree.diagnostics {
            return "diagnostics: \(streamed.diagnostics) against \(tree.diagnostics)"
        }
        if streamedKeeper.draft != treeKeeper.draft { return "drafts differ" }
        if streamed.routine != tree.routine { return "routines differ" }
        return nil
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
    ]

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
        var bases = Self.cases.map { Array($0.utf8) }
        for seed in UInt64(1)...3 {
            bases.append(Array(RoutineExporter.yaml(RandomRoutines.make(nodes: 30 * Int(seed), seed: seed)).utf8))
        }
        var random = SeededGenerator(seed: 33)
        var decoded = 0
        for round in 0..<1_200 {
            let bytes = ReaderFastPathTests.mangled(
                bases[round % bases.count], palette: palette, deleting: true, using: &random)
            #expect(Self.difference(Data(bytes)) == nil, "round \(round): \(String(decoding: bytes, as: UTF8.self))")
            if YAMLEventReader.read(Data(bytes), streaming: ("nodes", { _ in })).streamed { decoded += 1 }
        }
        // Most of them are still streamed (a syntax error stops either way).
        #expect(decoded > 300)
    }
}
