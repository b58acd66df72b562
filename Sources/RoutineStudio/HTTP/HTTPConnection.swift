import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One accepted connection: reads requests one after the other (keep-alive), hands each to
/// the handler and writes its response. Every way a client can misbehave ends in a refusal
/// with its status, or in closing the connection; never in a crash or a thread stuck for ever.
struct HTTPConnection {
    let socket: Int32
    let limits: HTTPServer.Limits
    let handler: @Sendable (HTTPRequest) -> HTTPResponse

    /// The default safety headers; a route may set its own instead.
    static let defaultHeaders: [(name: String, value: String)] = [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        (
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'"
        ),
        ("Referrer-Policy", "same-origin"),
    ]

    private enum Read {
        case bytes
        case closed
        case timedOut
    }

    func serve() {
        setTimeout(SO_RCVTIMEO, seconds: limits.readTimeout)
        setTimeout(SO_SNDTIMEO, seconds: limits.readTimeout)
        var one: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let parser = HTTPRequestParser(limits: limits)
        var buffer: [UInt8] = []
        while true {
            // Blank lines between requests are ignored (RFC 9112 §2.2).
            let blanks = buffer.prefix { $0 == 0x0D || $0 == 0x0A }.count
            if blanks > 0 { buffer.removeFirst(blanks) }
            var started = buffer.isEmpty ? nil : Date()
            var head: HTTPRequestParser.Head?
            while head == nil {
                switch parser.parse(buffer) {
                case .head(let parsed): head = parsed
                case .refused(let refusal):
                    refuse(refusal.status, refusal.message)
                    return
                case .incomplete:
                    if let started, Date().timeIntervalSince(started) > limits.requestTimeout {
                        refuse(408, "the request took too long to arrive")
                        return
                    }
                    switch read(into: &buffer) {
                    case .bytes: started = started ?? Date()
                    case .closed: return
                    case .timedOut:
                        // An idle keep-alive connection is closed quietly; a half request is told.
                        if !buffer.isEmpty { refuse(408, "the request stalled") }
                        return
                    }
                }
            }
            guard var head else { return }
            buffer.removeFirst(head.headLength)
            if head.contentLength > buffer.count,
                head.request.header("Expect")?.lowercased() == "100-continue"
            {
                guard write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return }
            }
            while buffer.count < head.contentLength {
                if let started, Date().timeIntervalSince(started) > limits.requestTimeout {
                    refuse(408, "the request took too long to arrive")
                    return
                }
                switch read(into: &buffer) {
                case .bytes: continue
                case .closed: return
                case .timedOut:
                    refuse(408, "the request's body stalled")
                    return
                }
            }
            head.request.body = Array(buffer[0..<head.contentLength])
            buffer.removeFirst(head.contentLength)
            let response = handler(head.request)
            let bytes = Self.serialize(response, forHEAD: head.request.method == "HEAD", keepAlive: head.keepAlive)
            guard write(bytes), head.keepAlive else { return }
        }
    }

    /// The response's bytes: status line, the route's headers (those that would break the
    /// framing, or hold line breaks, are dropped), the defaults, `Content-Length`, the body.
    static func serialize(_ response: HTTPResponse, forHEAD: Bool, keepAlive: Bool) -> [UInt8] {
        var response = response
        if !(200...599).contains(response.status) {
            response = .text("the studio answered with status \(response.status)\n", status: 500)
        }
        let framing: Set<String> = ["content-length", "transfer-encoding", "connection"]
        var headers = response.headers.filter { header in
            !framing.contains(header.name.lowercased())
                && !header.name.isEmpty
                && header.name.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") }
                && !header.value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 }
        }
        for header in defaultHeaders where response.header(header.name) == nil {
            headers.append(header)
        }
        let noBody = response.status == 204 || response.status == 304
        if response.status != 204 {
            headers.append(("Content-Length", String(noBody ? 0 : response.body.count)))
        }
        if !keepAlive { headers.append(("Connection", "close")) }
        var text = "HTTP/1.1 \(response.status) \(HTTPResponse.reason(response.status))\r\n"
        for header in headers { text += "\(header.name): \(header.value)\r\n" }
        text += "\r\n"
        var bytes = Array(text.utf8)
        if !forHEAD && !noBody { bytes += response.body }
        return bytes
    }

    /// Answers with the refusal and closes; what the client is still sending (the rest of an
    /// oversize body) is read and dropped for a moment first, since closing with unread bytes
    /// resets the connection and the client might never see the answer.
    private func refuse(_ status: Int, _ message: String) {
        guard write(Self.serialize(.text(message + "\n", status: status), forHEAD: false, keepAlive: false)) else {
            return
        }
        shutdown(socket, Int32(SHUT_WR))
        setTimeout(SO_RCVTIMEO, seconds: 0.5)
        let until = Date().addingTimeInterval(2)
        var drained: [UInt8] = []
        while Date() < until, case .bytes = read(into: &drained) {
            drained.removeAll(keepingCapacity: true)
        }
    }

    private func read(into buffer: inout [UInt8]) -> Read {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer += chunk[0..<count]
                return .bytes
            }
            if count == 0 { return .closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .timedOut
            default: return .closed
            }
        }
    }

    /// Sends everything (no SIGPIPE when the client has gone); false when it could not.
    private func write(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return send(socket, base + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count > 0 {
                sent += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    private func setTimeout(_ option: Int32, seconds: Double) {
        let whole = Int(seconds)
        var time = timeval(tv_sec: whole, tv_usec: Int((seconds - Double(whole)) * 1_000_000))
        setsockopt(socket, SOL_SOCKET, option, &time, socklen_t(MemoryLayout<timeval>.size))
    }
}
