import Foundation
import RoutineCore
import TestSupport
import Testing

@testable import RoutineFile

/// libyaml's reader copies runs of printable ASCII into its buffer instead of decoding
/// them one character at a time, and its plain-scalar scanner copies runs of ASCII in
/// one step (Sources/CYaml/README.md). The released way is kept as the oracle
/// (`asReleased`): both must give the same tree, the same marks and the same
/// diagnostics on every input. `ScannerFastPathTests` compares libyaml's events.
@Suite struct ReaderFastPathTests {
    /// Everything the reader gives back, as text: each node's kind, position, scalar
    /// style and text; the diagnostics with their positions; whether reading stopped.
    static func dump(_ output: YAMLEventReader.Output) -> String {
        var out = output.stopped ? "stopped\n" : "read\n"
        for diagnostic in output.diagnostics {
            out += "\(diagnostic.location?.line ?? 0):\(diagnostic.location?.column ?? 0) "
            out += "\(diagnostic.code.rawValue) \(diagnostic.message)\n"
        }
        if let root = output.root { dump(root, into: &out) }
        return out
    }

    static func dump(_ node: YAMLNode, into out: inout String) {
        out += "@\(node.location.line):\(node.location.column)"
        switch node.kind {
        case .scalar(let text, let plain):
            out += plain ? "p" : "q"
            out += "\(text.utf8.count):\(text)"
        case .sequence(let items):
            out += "[\(items.count)"
            for item in items { dump(item, into: &out) }
            out += "]"
        case .mapping(let pairs):
            out += "{\(pairs.count)"
            for pair in pairs {
                dump(pair.key, into: &out)
                dump(pair.value, into: &out)
            }
            out += "}"
        }
    }

    /// `base` with one to four edits at random places: bytes from `palette` put in, and,
    /// when `deleting`, one edit in four a run of up to eight bytes taken out instead.
    static func mangled(
        _ base: [UInt8], palette: [[UInt8]], deleting: Bool = false, using random: inout SeededGenerator
    ) -> [UInt8] {
        var bytes = base
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let at = Int.random(in: 0...bytes.count, using: &random)
            if deleting, Int.random(in: 0..<4, using: &random) == 0, at < bytes.count {
                bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &random)))
            } else {
                bytes.insert(contentsOf: palette[Int.random(in: 0..<palette.count, using: &random)], at: at)
            }
        }
        return bytes
    }

    static func readAlike(_ data: Data) -> Bool {
        dump(YAMLEventReader.read(data)) == dump(YAMLEventReader.read(data, asReleased: true))
    }

    /// Routines of every kind of text: the SPEC example, the bundled-style random
    /// routines (bigger than libyaml's 16 KB input chunks), names beyond ASCII.
    static func routines() -> [String] {
        var texts = [specExample]
        for seed in UInt64(1)...4 {
            let routine = RandomRoutines.make(nodes: 60 * Int(seed * seed), seed: seed)
            texts.append(RoutineExporter.yaml(routine))
        }
        texts.append("routine: café\nstart: [ñ]\nnodes:\n  ñ:\n    habit: \"Méditer 🧘\\u0085\"\n")
        return texts
    }

    @Test func theYAMLTestSuiteReadsAlike() throws {
        let folder = try #require(fixturesURL()).appendingPathComponent("yaml-test-suite")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }
        #expect(names.count >= 400)
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(Self.readAlike(data), "\(name)")
        }
    }

    @Test func routinesReadAlike() {
        for text in Self.routines() {
            #expect(Self.readAlike(Data(text.utf8)))
        }
    }

    /// Bytes the fast path stops at (controls, DEL, C1, multi-byte characters, a byte
    /// order mark, invalid UTF-8) and YAML's own indicators, put at random places; and a
    /// multi-byte character across each 16 KB chunk boundary of libyaml's input.
    @Test func mutatedInputsReadAlike() {
        let palette: [[UInt8]] = [
            [0x00], [0x01], [0x09], [0x0A], [0x0D], [0x0D, 0x0A], [0x1B], [0x7F], [0x80], [0xC2, 0x85],
            [0xC2, 0x9B], [0xC3, 0xA9], [0xE2, 0x80, 0xA8], [0xF0, 0x9F, 0xA7, 0x98], [0xEF, 0xBB, 0xBF],
            [0xED, 0xA0, 0x80], [0xFF], Array(": ".utf8), Array("- ".utf8), Array("\"".utf8), Array("'".utf8),
            Array("#".utf8), Array("&a ".utf8), Array("*a".utf8), Array("{".utf8), Array("]".utf8),
        ]
        var random = SeededGenerator(seed: 32)
        let bases = Self.routines().map { Array($0.utf8) }
        for round in 0..<1_500 {
            let bytes = Self.mangled(bases[round % bases.count], palette: palette, using: &random)
            #expect(Self.readAlike(Data(bytes)), "round \(round)")
        }
        guard let big = bases.max(by: { $0.count < $1.count }) else { return }
        #expect(big.count > 40_000)
        for boundary in [16_384, 32_768] {
            for shift in -3...1 {
                var bytes = big
                bytes.insert(contentsOf: [0xF0, 0x9F, 0xA7, 0x98], at: boundary + shift)
                #expect(Self.readAlike(Data(bytes)), "at \(boundary + shift)")
            }
        }
    }
}
