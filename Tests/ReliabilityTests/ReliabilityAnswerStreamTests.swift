import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Random answer streams into `routine run` (SPEC §4.2, §9: "no input crashes the
/// program"): control characters, NUL bytes, invalid UTF-8, 1 MB lines, runs of blank
/// lines and run commands, mixed with real answers. Every run must exit 0 and end
/// paused, completed or aborted, with the store holding exactly the entries its
/// transcript lists.
@Suite(.serialized) struct ReliabilityAnswerStreamTests {
    static let streams = 36

    @Test func hostileAnswerStreams() throws {
        let (directory, env, routines) = try AnswerScript.bundledStore()
        let store = directory.store
        var generator = SeededGenerator(seed: 0xBAD_1DEA)
        var statuses: [String: Int] = [:]
        var bytesSent = 0
        for index in 0..<Self.streams {
            let (name, routine) = routines[index % routines.count]
            let day = ReliabilityCrashTests.day(2000 + index)
            let valid = AnswerScript(routine: routine, day: day, generator: &generator, noise: false).lines
            let stream = Self.hostileStream(valid: valid, generator: &generator)
            bytesSent += stream.count
            let json = index % 4 != 3
            let arguments = ["run", name, "--day", day] + (json ? ["--format", "json"] : [])
            let result = try ReliabilityProcess.run(
                Binary.url.path, arguments, environment: env, input: stream, timeout: 120)
            let context = "stream \(index) (\(name), \(stream.count) bytes)"
            #expect(result.status == 0, "\(context): \(result.termination) \(result.stderr.prefix(300))")
            let rows = try StoreProbe.rows(store, "SELECT id, status FROM run WHERE day_key = '\(day)'")
            try #require(rows.count == 1, "\(context): runs \(rows)")
            let fields = rows[0].split(separator: "|").map(String.init)
            #expect(["paused", "completed", "aborted"].contains(fields[1]), "\(context): status \(fields[1])")
            statuses[fields[1], default: 0] += 1
            let live = try StoreProbe.liveEntries(store, day: day)
            #expect(Set(live).count == live.count, "\(context): a habit twice on one day: \(live)")
            guard json else { continue }
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect(object?["status"] as? String == fields[1], "\(context): transcript status")
            let entries = (object?["entries"] as? [[String: Any]] ?? []).map {
                StoreProbe.entryLine(
                    habit: $0["habit"] as? String ?? "?", day: $0["dayKey"] as? String ?? "?",
                    value: $0["value"] as? Double)
            }.sorted()
            #expect(entries == live, "\(context): transcript entries vs store")
            // Every done step has its entry; nothing else was written.
            let steps = object?["steps"] as? [[String: Any]] ?? []
            let done = steps.filter { $0["answer"] as? String == "done" }.map {
                StoreProbe.entryLine(habit: $0["habit"] as? String ?? "?", day: day, value: $0["value"] as? Double)
            }.sorted()
            #expect(done == live, "\(context): done steps vs store")
        }
        #expect(try StoreProbe.integrity(store) == "ok")
        print(
            "reliability answer streams: \(Self.streams) runs, \(bytesSent) bytes of input, endings \(statuses.sorted { $0.key < $1.key })"
        )
    }

    /// Real answers with hostile lines between them; sometimes a run command.
    static func hostileStream(valid: [String], generator: inout SeededGenerator) -> Data {
        var data = Data()
        for answer in valid {
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                data.append(hostileLine(generator: &generator))
                data.append(0x0A)
            }
            switch Int.random(in: 0..<30, using: &generator) {
            case 0: data.append(contentsOf: Array("pause\n".utf8))
            case 1: data.append(contentsOf: Array("abort\n".utf8))
            case 2, 3: data.append(contentsOf: Array("back\n".utf8))
            case 4: data.append(contentsOf: Array("help\n".utf8))
            default: break
            }
            data.append(contentsOf: Array(answer.utf8))
            data.append(0x0A)
        }
        if Bool.random(using: &generator) { data.append(hostileLine(generator: &generator)) }  // no final newline
        return data
    }

    static func hostileLine(generator: inout SeededGenerator) -> Data {
        switch Int.random(in: 0..<9, using: &generator) {
        case 0:  // control characters, ESC sequences included
            return Data(
                (0..<Int.random(in: 1...40, using: &generator)).map { _ in UInt8.random(in: 0...31, using: &generator) }
                    .filter { $0 != 0x0A })
        case 1:  // NUL bytes around an answer-looking word
            return Data([0, 0x79, 0, 0x65, 0x73, 0])
        case 2:  // invalid UTF-8: lone continuation bytes, overlong forms, surrogates, 0xFF
            return Data([0x80, 0xBF, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xFF, 0xFE, 0x31])
        case 3:  // a 1 MB line
            return Data(repeating: UInt8(ascii: "y"), count: 1 << 20)
        case 4:  // many blank lines
            return Data(repeating: 0x0A, count: Int.random(in: 10...2000, using: &generator)).dropLast()
        case 5:  // random bytes
            return Data(
                (0..<Int.random(in: 1...200, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator)
                }.filter { $0 != 0x0A })
        case 6:  // numbers that are not answers
            return Data(
                ["-1", "1e9", "nan", "inf", "0x10", "9999999999999999999999", "1.2.3", "٣"].randomElement(
                    using: &generator)!.utf8)
        case 7:  // carriage returns and tabs around a real answer
            return Data("\t 1 \r".utf8)
        default:  // white space only
            return Data("   \t  ".utf8)
        }
    }
}
