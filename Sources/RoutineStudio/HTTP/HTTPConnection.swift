import Dispatch
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

    func serve() {
        setTimeout(SO_RCVTIMEO, seconds: limits.readTimeout)
        setTimeout(SO_SNDTIMEO, seconds: limits.readTimeout)
        var one: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var reader = Reader(socket: socket)
        while true {
            guard let request = readRequest(&reader) else { return }
            let response = handler(request.request)
            let bytes = Self.serialize(
                response, forHEAD: request.request.method == "HEAD", keepAlive: request.keepAlive)
            guard write(bytes), request.keepAlive else { return }
        }
    }

    /// The next request with its body, or nil when the connection is to close (the refusal,
    /// if any, is sent).
    private func readRequest(_ reader: inout Reader) -> HTTPRequestParser.Head? {
        let parser = HTTPRequestParser(limits: limits)
        let deadline = Deadline(seconds: limits.requestTimeout)
        var searched = 0
        var received = !reader.buffer.isEmpty
        var head: HTTPRequestParser.Head
        while true {
            // Blank lines before a request are ignored (RFC 9112 §2.2).
            let blanks = reader.buffer.prefix { $0 == 0x0D || $0 == 0x0A }.count
            if blanks > 0 {
                reader.buffer.removeFirst(blanks)
                searched = 0
            }
            switch parser.parse(reader.buffer, searchFrom: searched) {
            case .head(let parsed):
                head = parsed
            case .refused(let refusal):
                refuse(refusal.status, refusal.message)
                return nil
            case .incomplete:
                searched = reader.buffer.count
                guard fill(&reader, deadline: deadline, midRequest: received) else { return nil }
                received = true
                continue
            }
            break
        }
        reader.buffer.removeFirst(head.headLength)
        if head.contentLength > reader.buffer.count,
            head.request.header("Expect")?.lowercased() == "100-continue"
        {
            guard write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return nil }
        }
        while reader.buffer.count < head.contentLength {
            guard fill(&reader, deadline: deadline, midRequest: true) else { return nil }
        }
        head.request.body = Array(reader.buffer[0..<head.contentLength])
        reader.buffer.removeFirst(head.contentLength)
        return head
    }

    /// Reads more bytes; false when the connection is to close: the client left, or it
    /// stalled (then a half request gets 408; an idle keep-alive connection closes quietly).
    private func fill(_ reader: inout Reader, deadline: Deadline, midRequest: Bool) -> Bool {
        if midRequest, deadline.isPast {
            refuse(408, "the request took too long to arrive")
            return false
        }
        switch reader.read() {
        case .bytes: return true
        case .closed: return false
        case .timedOut:
            if midRequest { refuse(408, "the request stalled") }
            return false
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
        let deadline = Deadline(seconds: 2)
        var drain = Reader(socket: socket)
        while !deadline.isPast, case .bytes = drain.read() {
            drain.buffer.removeAll(keepingCapacity: true)
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

/// The bytes received and not yet used, and the one chunk `recv` reads into.
private struct Reader {
    enum Outcome {
        case bytes
        case closed
        case timedOut
    }

    let socket: Int32
    var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    init(socket: Int32) { self.socket = socket }

    mutating func read() -> Outcome {
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
}

/// A point on the monotonic clock (the wall clock may jump).
private struct Deadline {
    let end: UInt64

    init(seconds: Double) {
        end = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1_000_000_000)
    }

    var isPast: Bool { DispatchTime.now().uptimeNanoseconds > end }
}
