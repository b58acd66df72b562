import Foundation
import Synchronization
import TestSupport
import Testing

@testable import RoutineStudio

#if canImport(Glibc)
    import Glibc
#endif

/// The server against clients that misbehave: slow, silent, mangled. It answers with a
/// status or closes, and keeps serving the next client.
@Suite struct HTTPServerAbuseTests {
    private static func echo(_ request: HTTPRequest) -> HTTPResponse {
        .text("\(request.method) \(request.path) \(request.body.count)", status: 200)
    }

    private func withServer(limits: HTTPServer.Limits = HTTPServer.Limits(), _ body: (Int) throws -> Void) throws {
        let server = try HTTPServer(port: 0, limits: limits, handler: Self.echo)
        server.start()
        defer { server.stop() }
        try body(server.port)
    }

    @Test func aBodyThatNeverComesGets408() throws {
        var limits = HTTPServer.Limits()
        limits.readTimeout = 0.3
        try withServer(limits: limits) { port in
            let client = try RawHTTPClient(port: port)
            try client.send("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\n")
            #expect(try client.readResponse().status == 408)
        }
    }

    @Test func anIdleKeepAliveConnectionIsClosedQuietly() throws {
        var limits = HTTPServer.Limits()
        limits.readTimeout = 0.3
        try withServer(limits: limits) { port in
            let client = try RawHTTPClient(port: port)
            #expect(try client.get("/", port: port).status == 200)
            #expect(try client.isClosedByServer())
        }
    }

    @Test func aClientTricklingBytesIsCutOffByTheRequestDeadline() throws {
        var limits = HTTPServer.Limits()
        limits.readTimeout = 1
        limits.requestTimeout = 0.5
        try withServer(limits: limits) { port in
            let client = try RawHTTPClient(port: port)
            let socket = client.socket
            let finish = Mutex(false)
            let finished = DispatchSemaphore(value: 0)
            // A byte every 20 ms never stalls a single read, but the whole head never comes.
            // The sender stops before the client's socket is closed: a number closed and
            // reused by another test's socket must not receive these bytes.
            Thread.detachNewThread {
                defer { finished.signal() }
                let bytes = Array("GET /slow HTTP/1.1\r\nX-Long: ".utf8) + [UInt8](repeating: 0x61, count: 400)
                for byte in bytes where !finish.withLock({ $0 }) {
                    guard [byte].withUnsafeBytes({ send(socket, $0.baseAddress, 1, Int32(MSG_NOSIGNAL)) }) == 1 else {
                        return
                    }
                    usleep(20_000)
                }
            }
            try withExtendedLifetime(client) { () throws -> Void in
                defer {
                    finish.withLock { $0 = true }
                    finished.wait()
                }
                #expect(try client.readResponse().status == 408)
            }
        }
    }

    @Test func headGetsTheHeadersWithoutTheBody() throws {
        try withServer { port in
            let client = try RawHTTPClient(port: port)
            try client.send("HEAD /page HTTP/1.1\r\nHost: h\r\n\r\n")
            // The client reads Content-Length bytes of body; with HEAD none follow, so read the
            // next response on the same connection to be sure nothing was sent in between.
            try client.send("GET /next HTTP/1.1\r\nHost: h\r\n\r\n")
            let head = try client.readHead()
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "12")  // "HEAD /page 0"
            #expect(try client.readResponse().text == "GET /next 0")
        }
    }

    @Test func expectContinueIsAnswered() throws {
        try withServer { port in
            let client = try RawHTTPClient(port: port)
            try client.send("PUT /file HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\n")
            #expect(try client.readResponse().status == 100)
            try client.send("abc")
            #expect(try client.readResponse().text == "PUT /file 3")
        }
    }

    @Test func theParserTakesAnyBytesWithoutCrashing() {
        var generator = SeededGenerator(seed: 29)
        let parser = HTTPRequestParser(limits: HTTPServer.Limits())
        let valid = Array(
            "POST /a%20b?x=1&y=%C3%A9 HTTP/1.1\r\nHost: 127.0.0.1:1\r\nContent-Length: 3\r\nCookie: a=b\r\n\r\nabc".utf8
        )
        var heads = 0
        for round in 0..<5000 {
            var bytes = valid
            for _ in 0...(round % 6) {
                let index = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes.remove(at: index)
                default: bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: index)
                }
                if bytes.isEmpty { bytes = valid }
            }
            if case .head(let head) = parser.parse(bytes) {
                heads += 1
                #expect(head.headLength <= bytes.count)
                #expect(head.contentLength >= 0)
            }
        }
        #expect(heads > 0)
    }

    @Test func mangledRequestsOverTheWireLeaveTheServerServing() throws {
        var limits = HTTPServer.Limits()
        limits.readTimeout = 0.3
        try withServer(limits: limits) { port in
            var generator = SeededGenerator(seed: 7)
            let valid = Array("GET /x HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nok".utf8)
            for _ in 0..<60 {
                var bytes = valid
                for _ in 0..<3 {
                    bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
                }
                let client = try RawHTTPClient(port: port)
                try client.send(bytes)
                if let response = try? client.readResponse() {
                    #expect([200, 400, 408, 413, 431, 501, 505].contains(response.status))
                }
            }
            #expect(try RawHTTPClient(port: port).get("/still", port: port).text == "GET /still 0")
        }
    }
}

extension HTTPServerAbuseTests {
    @Test func blankLinesBeforeARequestAreSkippedEvenInTheirOwnPacket() throws {
        try withServer { port in
            let client = try RawHTTPClient(port: port)
            try client.send("POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nok")
            #expect(try client.readResponse().text == "POST /a 2")
            try client.send("\r\n")  // an old client's stray line break after a body
            usleep(50_000)
            try client.send("GET /b HTTP/1.1\r\nHost: h\r\n\r\n")
            #expect(try client.readResponse().text == "GET /b 0")
        }
    }
}
