import Testing

@testable import RoutineStudio

@Suite struct HTTPRequestParserTests {
    private let parser = HTTPRequestParser(limits: HTTPServer.Limits())

    private func refusal(_ text: String) -> Int? {
        if case .refused(let refusal) = parser.parse(Array(text.utf8)) { return refusal.status }
        return nil
    }

    @Test func aRequestParsesWithItsPathQueryAndHeaders() throws {
        let text =
            "POST /nodes/caf%C3%A9%20bar?token=ab%2Bc&q=a+b&flag HTTP/1.1\r\nHost: x\r\n"
            + "Content-Length: 5\r\nCookie: a=1; b=\"2\"\r\n\r\nhello"
        guard case .head(let head) = parser.parse(Array(text.utf8)) else {
            Issue.record("not parsed")
            return
        }
        #expect(head.request.method == "POST")
        #expect(head.request.path == "/nodes/café bar")
        #expect(head.request.query == ["token": "ab+c", "q": "a b", "flag": ""])
        #expect(head.request.header("content-length") == "5")
        #expect(head.request.cookies == ["a": "1", "b": "2"])
        #expect(head.contentLength == 5)
        #expect(head.keepAlive)
        #expect(head.headLength == text.utf8.count - 5)
    }

    @Test func aHalfHeadWaitsForMore() {
        guard case .incomplete = parser.parse(Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8)) else {
            Issue.record("a half head is not refused")
            return
        }
    }

    @Test func malformedHeadsAreRefusedWithTheirStatus() {
        #expect(refusal("GET /\r\n\r\n") == 400)
        #expect(refusal("GET / HTTP/1.1\r\n\r\n") == 400)  // no Host
        #expect(refusal("GET http://x/ HTTP/1.1\r\nHost: x\r\n\r\n") == 400)
        #expect(refusal("GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n") == 400)
        #expect(refusal("GET /%ff HTTP/1.1\r\nHost: x\r\n\r\n") == 400)
        #expect(refusal("GET /%00 HTTP/1.1\r\nHost: x\r\n\r\n") == 400)
        #expect(refusal("G(T / HTTP/1.1\r\nHost: x\r\n\r\n") == 400)
        #expect(refusal("GET / HTTP/1.1\r\nHost: x\r\nBad Name: y\r\n\r\n") == 400)
        #expect(refusal("GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n") == 400)
        #expect(refusal("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n") == 400)
        #expect(refusal("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n") == 400)
        #expect(refusal("GET / HTTP/2.0\r\nHost: x\r\n\r\n") == 505)
        #expect(refusal("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n") == 501)
        #expect(refusal("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 8388609\r\n\r\n") == 413)
        #expect(refusal("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n") == 413)
        #expect(refusal("\u{1}\u{2}garbage") == 400)
    }

    @Test func headsOverTheLimitsAreRefused() {
        let many = (0..<101).map { "X-\($0): y\r\n" }.joined()
        #expect(refusal("GET / HTTP/1.1\r\nHost: x\r\n\(many)\r\n") == 431)
        let long = String(repeating: "a", count: 70 * 1024)
        #expect(refusal("GET / HTTP/1.1\r\nHost: x\r\nX: \(long)") == 431)
    }

    @Test func connectionCloseAndHTTP10EndTheConnection() {
        for text in ["GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "GET / HTTP/1.0\r\n\r\n"] {
            guard case .head(let head) = parser.parse(Array(text.utf8)) else {
                Issue.record("not parsed: \(text)")
                continue
            }
            #expect(!head.keepAlive)
        }
    }
}

extension HTTPRequestParserTests {
    @Test func aHeadSplitAnywhereAcrossTwoReadsIsFound() {
        let parser = HTTPRequestParser(limits: HTTPServer.Limits())
        for ending in ["\r\n", "\n"] {
            let head = Array("POST /a HTTP/1.1\(ending)Host: h\(ending)Content-Length: 40\(ending)\(ending)".utf8)
            let whole = head + Array(String(repeating: "b", count: 40).utf8)
            // The first read ends at `split`; the second brings the rest, body and all.
            for split in 1..<head.count {
                if case .head = parser.parse(Array(whole[0..<split])) {
                    Issue.record("a head found in \(split) of \(head.count) bytes")
                }
                guard case .head(let parsed) = parser.parse(whole, searchFrom: split) else {
                    Issue.record("no head after a split at \(split) of \(head.count)")
                    continue
                }
                #expect(parsed.headLength == head.count)
            }
        }
    }
}
