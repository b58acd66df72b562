import Foundation
import RoutineLSP
import Testing

/// The small JSON value the protocol is read and written through.
@Suite struct JSONTests {
    @Test func booleansStayApartFromNumbers() throws {
        let value = try #require(JSON.parse(#"{"a":true,"b":1,"c":0,"d":false,"e":null,"f":-2.5e1}"#))
        #expect(value["a"] == .bool(true))
        #expect(value["b"] == .number(1))
        #expect(value["c"] == .number(0))
        #expect(value["d"] == .bool(false))
        #expect(value["e"] == .null)
        #expect(value["f"] == .number(-25))
    }

    /// Issue 31 item 19: integers past 2^53 (a request id) come back exactly, not rounded
    /// to a double (`1.2345678901234568e+16`).
    @Test func largeIntegersStayExact() throws {
        for text in ["12345678901234567", "-9007199254740993", "9223372036854775807", "0", "-1"] {
            #expect(JSON.parse(text)?.text == text, "\(text)")
        }
        #expect(JSON.parse("12345678901234567")?.int == 12_345_678_901_234_567)
        // Past Int64 and with a fraction or exponent: a double, as before.
        #expect(JSON.parse("1.5")?.number == 1.5)
        #expect(JSON.parse("1e3")?.int == 1000)
        #expect(JSON.parse("92233720368547758070")?.number == 9.223372036854775807e19)
        #expect(JSON.parse("3") == .number(3))
    }

    @Test func stringsDecodeEscapesAndSurrogatePairs() throws {
        let value = try #require(JSON.parse(#"["a\"b\\c\n", "\ud83d\ude00", "e\u0301", "\u00e9"]"#))
        #expect(value[0]?.string == "a\"b\\c\n")
        #expect(value[1]?.string == "😀")
        #expect(value[2]?.string == "e\u{301}")
        #expect(value[3]?.string == "é")
    }

    @Test func writesWhatItReads() throws {
        let original: JSON = [
            "text": "line\nbreak \"quoted\" \u{1} 😀", "n": 42, "x": .number(1.5), "list": [true, .null, "a"],
        ]
        let again = try #require(JSON.parse(original.text))
        #expect(again == original)
        #expect(JSON(7).text == "7")
    }

    @Test func refusesWhatIsNotJSON() {
        for text in ["", "{", "{\"a\":}", "[1,]", "01", "tru", "\"abc", "{\"a\":1} x", "nul", "[1 2]", "\"\u{1}\""] {
            #expect(JSON.parse(text) == nil, "\(text)")
        }
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(JSON.parse(deep) == nil)
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(JSON.parse(fine) != nil)
    }
}

/// The base protocol's framing, fed the way pipes deliver bytes.
@Suite struct FramingTests {
    func bodies(_ chunks: [[UInt8]]) -> ([String], [String]) {
        var framer = MessageFramer()
        var out: [String] = []
        for chunk in chunks {
            framer.feed(chunk)
            while let body = framer.next() { out.append(String(decoding: body, as: UTF8.self)) }
        }
        return (out, framer.skipped)
    }

    @Test func messagesSplitAnywhereComeOutWhole() {
        let stream = MessageFramer.frame("{\"a\":1}") + MessageFramer.frame("{\"é\":\"😀\"}")
        for split in 0...stream.count {
            let (out, _) = bodies([Array(stream[..<split]), Array(stream[split...])])
            #expect(out == ["{\"a\":1}", "{\"é\":\"😀\"}"], "split at \(split)")
        }
    }

    @Test func headersInAnyCaseAndOtherHeadersAreRead() {
        let body = "{}"
        let text = "content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + body
        #expect(bodies([Array(text.utf8)]).0 == ["{}"])
    }

    @Test func garbageAndBrokenHeadersAreSkipped() {
        let stream =
            Array("hello there\r\n".utf8) + Array("Content-Length: abc\r\n\r\n".utf8)
            + Array("Content-Length: 99999999999999\r\n\r\n".utf8) + MessageFramer.frame("{\"ok\":true}")
        let (out, skipped) = bodies([stream])
        #expect(out == ["{\"ok\":true}"])
        #expect(skipped.count == 3)
    }
}
