import CYaml
import Foundation
import RoutineCore
import TestSupport
import Testing

@testable import RoutineFile

/// libyaml's plain-scalar scanner copies runs of ASCII in one step and keeps its three
/// scratch strings from one scalar to the next (Sources/CYaml/README.md). Checked
/// against libyaml as released (`routine_as_released`), event by event: every field
/// of every event (marks at both ends, styles, anchors, tags, the implicit flags, the
/// scalar's bytes and its terminating zero) and the error with its marks, on the YAML
/// test suite, on routines, on mangled inputs and on scalars placed across libyaml's
/// chunk boundaries and at the very end of the input.
@Suite struct ScannerFastPathTests {
    /// libyaml's events for `bytes`, as text; the error, if any, ends it.
    static func events(_ bytes: [UInt8], asReleased: Bool) -> String {
        var out = ""
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return "no parser" }
        defer { yaml_parser_delete(&parser) }
        parser.routine_as_released = asReleased ? 1 : 0
        var event = yaml_event_t()
        bytes.withUnsafeBufferPointer { buffer in
            var empty: UInt8 = 0
            withUnsafePointer(to: &empty) { nothing in
                yaml_parser_set_input_string(&parser, buffer.baseAddress ?? nothing, buffer.count)
                yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
                while true {
                    guard yaml_parser_parse(&parser, &event) == 1 else {
                        out += "error \(parser.error.rawValue) \(text(parser.problem)) \(mark(parser.problem_mark))"
                        out += " \(text(parser.context)) \(mark(parser.context_mark))"
                        out += " \(parser.problem_offset) \(parser.problem_value)\n"
                        return
                    }
                    out += describe(event) + "\n"
                    let done = event.type == YAML_STREAM_END_EVENT
                    yaml_event_delete(&event)
                    if done { return }
                }
            }
        }
        return out
    }

    static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? "-"
    }

    static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String {
        pointer.map { String(cString: $0) } ?? "-"
    }

    static func mark(_ mark: yaml_mark_t) -> String { "\(mark.index)/\(mark.line)/\(mark.column)" }

    static func describe(_ event: yaml_event_t) -> String {
        var out = "\(event.type.rawValue) \(mark(event.start_mark))-\(mark(event.end_mark))"
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            out += " scalar \(scalar.style.rawValue) \(scalar.plain_implicit)\(scalar.quoted_implicit)"
            out += " &\(text(scalar.anchor)) !\(text(scalar.tag)) \(scalar.length):"
            if let value = scalar.value {
                // The bytes as they are, and the zero libyaml leaves after them.
                out += UnsafeBufferPointer(start: value, count: scalar.length).map { String($0, radix: 16) }
                    .joined(separator: ".")
                out += value[scalar.length] == 0 ? "" : " unterminated"
            }
        case YAML_SEQUENCE_START_EVENT:
            let start = event.data.sequence_start
            out += " sequence \(start.style.rawValue) \(start.implicit) &\(text(start.anchor)) !\(text(start.tag))"
        case YAML_MAPPING_START_EVENT:
            let start = event.data.mapping_start
            out += " mapping \(start.style.rawValue) \(start.implicit) &\(text(start.anchor)) !\(text(start.tag))"
        case YAML_ALIAS_EVENT:
            out += " alias \(text(event.data.alias.anchor))"
        case YAML_DOCUMENT_START_EVENT:
            let start = event.data.document_start
            out += " document \(start.implicit) \(start.version_directive?.pointee.minor ?? -1)"
            var tag = start.tag_directives.start
            while let current = tag, current != start.tag_directives.end {
                out += " \(text(current.pointee.handle))=\(text(current.pointee.prefix))"
                tag = current + 1
            }
        case YAML_DOCUMENT_END_EVENT:
            out += " end \(event.data.document_end.implicit)"
        default:
            break
        }
        return out
    }

    static func scansAlike(_ bytes: [UInt8]) -> Bool {
        events(bytes, asReleased: false) == events(bytes, asReleased: true)
    }

    @Test func theYAMLTestSuiteScansAlike() throws {
        let folder = try #require(fixturesURL()).appendingPathComponent("yaml-test-suite")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }
        #expect(names.count >= 400)
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            #expect(Self.scansAlike(bytes), "\(name)")
        }
    }

    /// The comparison sees a difference where there is one: a scalar's last byte, a
    /// mark, a style.
    @Test func theComparisonTellsEventsApart() {
        let plain = Self.events(Array("a: bc\n".utf8), asReleased: false)
        #expect(plain != Self.events(Array("a: bd\n".utf8), asReleased: false))
        #expect(plain != Self.events(Array("a:  bc\n".utf8), asReleased: false))
        #expect(plain != Self.events(Array("a: 'bc'\n".utf8), asReleased: false))
        #expect(plain.contains("scalar 1 10 &- !- 2:62.63"))
    }

    /// Plain scalars where the fast path starts, stops and hands back: at the end of
    /// the input (with and without a line break), before ':' and the flow indicators,
    /// folded over lines (the scratch strings in use, grown, then reused), after
    /// multi-byte characters and line separators, with comments and document markers.
    @Test func plainScalarsScanAlike() {
        var cases = [
            "a", "ab", "abc", "key: value", "key: value\n", "key: value # note", "a:b: c", "a: b:c",
            "{a: b, c:d, e: [f,g]}", "[a:b, c]", "[a:,]", "{a:}", "[x:[]]", "[ab:]", "- a b  c\n- d",
            "a: one\n  two\n\n  three\n", "a: one\n\n\n\n\n  two\n", "- x\n  y\n- z\n",
            "a: l\u{2028}m\u{2029}n\u{85}o", "a: é!é", "a: 🧘x🧘", "a: b\t\tc", "a: b\t\n\tc",
            "--- a\n...\n--- b", "a: b\n---\nc", "a: b #c\n#d\ne: f", "a: b#c", "? a\n: b", "a: -b- -c",
            "a: 'q' b", "a: x\r\ny\rz\r\n", "[a, b\n, c]", "{a: b\n  c}", "a: &x y\nb: *x", "a: !t y",
            "a: " + String(repeating: "long", count: 40), "a: " + String(repeating: "w ", count: 300),
            "a: b\n" + String(repeating: "\n", count: 40) + "  c",
        ]
        cases += cases.map { $0 + "\n" }
        for text in cases {
            #expect(Self.scansAlike(Array(text.utf8)), "\(text.debugDescription)")
        }
    }

    /// A long plain scalar, and a plain scalar's last characters, across each 16 KB
    /// chunk of libyaml's input (its buffer is refilled there).
    @Test func scalarsAcrossChunkBoundariesScanAlike() {
        for boundary in [16_384, 32_768] {
            for shift in -6...6 {
                var text = "a: x\n"
                while text.utf8.count < boundary + shift - 40 { text += "key: value\n" }
                let tail = String(repeating: "p", count: 80)
                #expect(Self.scansAlike(Array((text + "long: " + tail + "\n").utf8)), "\(boundary) \(shift)")
                #expect(Self.scansAlike(Array((text + "k: " + tail).utf8)), "\(boundary) \(shift) at the end")
                #expect(Self.scansAlike(Array((text + "[" + tail + ", q:]").utf8)), "\(boundary) \(shift) flow")
            }
        }
    }

    @Test func routinesScanAlike() {
        for text in ReaderFastPathTests.routines() {
            #expect(Self.scansAlike(Array(text.utf8)))
        }
    }

    /// Routines with bytes and YAML's indicators put at random places, and bytes
    /// deleted: every kind of ending for a plain scalar, and broken ones.
    @Test func mangledInputsScanAlike() {
        let palette: [[UInt8]] = [
            [0x00], [0x09], [0x0A], [0x0D], [0x0D, 0x0A], [0x7F], [0xC2, 0x85], [0xC3, 0xA9], [0xE2, 0x80, 0xA8],
            [0xF0, 0x9F, 0xA7, 0x98], Array(": ".utf8), Array(":".utf8), Array("- ".utf8), Array("\"".utf8),
            Array("'".utf8), Array("#".utf8), Array(" #".utf8), Array("&a ".utf8), Array("*a".utf8),
            Array("{".utf8), Array("}".utf8), Array("[".utf8), Array("]".utf8), Array(",".utf8), Array("?".utf8),
            Array(" ".utf8), Array("\n  ".utf8), Array("\n\n".utf8), Array("\n---\n".utf8), Array("\n...\n".utf8),
            Array("|".utf8), Array(">".utf8), Array("!".utf8), Array(":,".utf8), Array("a b".utf8),
        ]
        var random = SeededGenerator(seed: 3201)
        let bases = ReaderFastPathTests.routines().map { Array($0.utf8) }
        for round in 0..<1_500 {
            let bytes = ReaderFastPathTests.mangled(
                bases[round % bases.count], palette: palette, deleting: true, using: &random)
            #expect(Self.scansAlike(bytes), "round \(round)")
        }
    }
}
