import Foundation
import Synchronization
import Testing

@testable import RoutineStudio

#if canImport(Glibc)
    import Glibc
#endif

/// The server through real sockets on a port the kernel picks.
@Suite struct HTTPServerTests {
    /// Echoes what it parsed, so the tests see the request as a route would.
    private static func echo(_ request: HTTPRequest) -> HTTPResponse {
        if request.path == "/size" { return .text("\(request.body.count)", status: 200) }
        let query = request.query.keys.sorted().map { "\($0)=\(request.query[$0] ?? "")" }.joined(separator: "&")
        return .text("\(request.method) \(request.path) \(query)", status: 200)
    }

    private func withServer(
        limits: HTTPServer.Limits = HTTPServer.Limits(),
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse = echo,
        _ body: (HTTPServer) throws -> Void
    ) throws {
        let server = try HTTPServer(port: 0, limits: limits, handler: handler)
        server.start()
        defer { server.stop() }
        try body(server)
    }

    @Test func aGetRoundTripsWithTheDefaultHeaders() throws {
        try withServer { server in
            let client = try RawHTTPClient(port: server.port)
            let response = try client.get("/caf%C3%A9?token=abc&x=1+2", port: server.port)
            #expect(response.status == 200)
            #expect(response.text == "GET /café token=abc&x=1 2")
            #expect(response.header("Content-Length") == String(response.body.count))
            #expect(response.header("Cache-Control") == "no-store")
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(
                response.header("Content-Security-Policy")?.hasPrefix("default-src 'self'; img-src 'self' data:")
                    == true)
        }
    }

    @Test func twoRequestsShareOneKeepAliveConnectionAndCloseIsHonoured() throws {
        try withServer { server in
            let client = try RawHTTPClient(port: server.port)
            #expect(try client.get("/one", port: server.port).text == "GET /one ")
            // Both in one packet: the second waits in the buffer behind the first.
            try client.send(
                "GET /two HTTP/1.1\r\nHost: h\r\n\r\nGET /three HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
            #expect(try client.readResponse().text == "GET /two ")
            let last = try client.readResponse()
            #expect(last.text == "GET /three ")
            #expect(last.header("Connection") == "close")
            #expect(try client.isClosedByServer())
        }
    }

    @Test func a2MBBodyArrivesWhole() throws {
        try withServer { server in
            let client = try RawHTTPClient(port: server.port)
            let body = (0..<(2 * 1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            try client.send("POST /size HTTP/1.1\r\nHost: h\r\nContent-Length: \(body.count)\r\n\r\n")
            try client.send(body)
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "\(body.count)")
        }
    }

    @Test func aBodyOverTheLimitGets413() throws {
        try withServer { server in
            let client = try RawHTTPClient(port: server.port)
            try client.send("POST /size HTTP/1.1\r\nHost: h\r\nContent-Length: \(8 * 1024 * 1024 + 1)\r\n\r\n")
            try client.send([UInt8](repeating: 0x61, count: 100_000))
            let response = try client.readResponse()
            #expect(response.status == 413)
            #expect(response.header("Connection") == "close")
        }
    }

    @Test func garbageGets400AndTheServerServesOn() throws {
        try withServer { server in
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<20 {
                let client = try RawHTTPClient(port: server.port)
                let junk = (0..<512).map { _ in UInt8.random(in: 0...255, using: &generator) }
                try client.send([0x01] + junk + Array("\r\n\r\n".utf8))
                #expect(try client.readResponse().status == 400)
            }
            let client = try RawHTTPClient(port: server.port)
            try client.send("NOT HTTP AT ALL\r\n\r\n")
            #expect(try client.readResponse().status == 400)
            #expect(try RawHTTPClient(port: server.port).get("/after", port: server.port).status == 200)
        }
    }

    @Test func chunkedBodiesAreRefused() throws {
        try withServer { server in
            let client = try RawHTTPClient(port: server.port)
            try client.send("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
            #expect(try client.readResponse().status == 501)
        }
    }

    @Test func aHalfRequestThenCloseLeavesTheServerServing() throws {
        try withServer { server in
            for half in ["GET /x HTTP/1.1\r\nHo", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 100\r\n\r\nabc"] {
                let client = try RawHTTPClient(port: server.port)
                try client.send(half)
            }  // each client is closed here, mid-request
            #expect(try RawHTTPClient(port: server.port).get("/next", port: server.port).text == "GET /next ")
        }
    }

    @Test func aStalledRequestGets408() throws {
        var limits = HTTPServer.Limits()
        limits.readTimeout = 0.3
        try withServer(limits: limits) { server in
            let client = try RawHTTPClient(port: server.port)
            try client.send("GET /slow HTTP/1.1\r\nHost: h\r\n")
            #expect(try client.readResponse().status == 408)
        }
    }

    @Test func fiftyConcurrentClientsAreAllAnswered() throws {
        try withServer { server in
            let answered = Mutex(0)
            let port = server.port
            DispatchQueue.concurrentPerform(iterations: 50) { index in
                guard let client = try? RawHTTPClient(port: port),
                    let response = try? client.get("/c\(index)", port: port, extra: "Connection: close\r\n"),
                    response.text == "GET /c\(index) "
                else { return }
                answered.withLock { $0 += 1 }
            }
            #expect(answered.withLock { $0 } == 50)
        }
    }

    @Test func moreConnectionsThanSlotsWaitTheirTurn() throws {
        var limits = HTTPServer.Limits()
        limits.maxConnections = 2
        try withServer(limits: limits) { server in
            // Two idle connections hold both slots; a third is answered once one of them leaves.
            var holders = [try RawHTTPClient(port: server.port), try RawHTTPClient(port: server.port)]
            _ = try holders[0].get("/a", port: server.port)
            _ = try holders[1].get("/b", port: server.port)
            let third = try RawHTTPClient(port: server.port)
            try third.send("GET /c HTTP/1.1\r\nHost: h\r\n\r\n")
            holders.removeFirst()
            #expect(try third.readResponse().text == "GET /c ")
            _ = holders
        }
    }

    @Test func itListensOn127001Only() throws {
        try withServer { server in
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let client = try RawHTTPClient(port: server.port)
            let result = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(client.socket, $0, &length) }
            }
            #expect(result == 0)
            #expect(address.sin_addr.s_addr == UInt32(0x7F00_0001).bigEndian)
            // Another loopback address reaches a socket bound to 0.0.0.0, but not this one.
            #expect(throws: RawHTTPClient.Failure.self) { try RawHTTPClient(port: server.port, address: "127.0.0.2") }
            if let other = Self.nonLoopbackAddress() {
                #expect(throws: RawHTTPClient.Failure.self) { try RawHTTPClient(port: server.port, address: other) }
            }
        }
    }

    @Test func stopFreesThePortAndStartStopCanRepeat() throws {
        let first = try HTTPServer(port: 0, handler: Self.echo)
        let port = first.port
        first.start()
        let client = try RawHTTPClient(port: port)
        #expect(try client.get("/", port: port).status == 200)
        first.stop()
        first.stop()
        #expect(throws: RawHTTPClient.Failure.self) { try RawHTTPClient(port: port) }
        let second = try HTTPServer(port: port, handler: Self.echo)
        second.start()
        #expect(try RawHTTPClient(port: port).get("/again", port: port).text == "GET /again ")
        #expect(throws: HTTPServer.ListenError.self) { try HTTPServer(port: port, handler: Self.echo) }
        do {
            _ = try HTTPServer(port: port, handler: Self.echo)
        } catch {
            #expect("\(error)" == "port \(port) is in use")
        }
        second.stop()
        // Never started: stop still closes the socket.
        let idle = try HTTPServer(port: port, handler: Self.echo)
        idle.stop()
        _ = try HTTPServer(port: port, handler: Self.echo)
    }

    @Test func aRouteCannotBreakTheFraming() throws {
        try withServer(handler: { _ in
            HTTPResponse(
                status: 200,
                headers: [("Content-Length", "999"), ("X-Split", "a\r\nSet-Cookie: x=1"), ("X-Fine", "yes")],
                body: Array("ok".utf8))
        }) { server in
            let client = try RawHTTPClient(port: server.port)
            let response = try client.get("/", port: server.port)
            #expect(response.text == "ok")
            #expect(response.header("Content-Length") == "2")
            #expect(response.header("X-Split") == nil)
            #expect(response.header("Set-Cookie") == nil)
            #expect(response.header("X-Fine") == "yes")
            #expect(try client.get("/", port: server.port).text == "ok")
        }
    }

    /// An IPv4 address of this machine other than loopback, if it has one.
    private static func nonLoopbackAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else {
                continue
            }
            let ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            guard ipv4.s_addr & 0xFF != 127 else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            var copy = ipv4
            guard inet_ntop(AF_INET, &copy, &text, socklen_t(text.count)) != nil else { continue }
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }
}
