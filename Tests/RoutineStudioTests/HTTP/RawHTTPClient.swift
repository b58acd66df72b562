import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A raw TCP client for the server tests: it sends exactly the bytes a test gives, so
/// malformed and half requests can be sent too, and reads responses framed by
/// Content-Length.
final class RawHTTPClient {
    let socket: Int32
    private var buffer: [UInt8] = []

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    struct Response {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    /// Connects to `address`:`port` (127.0.0.1 unless told); throws when the connection is refused.
    init(port: Int, address: String = "127.0.0.1", timeout: Double = 10) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(errno)") }
        var time = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = in_port_t(UInt16(port)).bigEndian
        // No close on the failures below: the socket is set, so deinit runs and closes it (a
        // second close here would close whatever another test opened under that number).
        guard inet_pton(AF_INET, address, &target.sin_addr) == 1 else {
            throw Failure(description: "bad address \(address)")
        }
        let result = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            throw Failure(description: "connect to \(address):\(port): \(String(cString: strerror(code)))")
        }
    }

    deinit { close(socket) }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                Glibc.send(socket, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { throw Failure(description: "send: \(errno)") }
            sent += count
        }
    }

    /// A GET with the usual headers for the given port.
    func get(_ target: String, port: Int, extra: String = "") throws -> Response {
        try send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(extra)\r\n")
        return try readResponse()
    }

    /// The next response's status and headers, its body left unread (for HEAD).
    func readHead() throws -> Response {
        var end: Int?
        while end == nil {
            if let found = Self.find([0x0D, 0x0A, 0x0D, 0x0A], in: buffer) {
                end = found
            } else {
                guard try fill() else { throw Failure(description: "closed before a response") }
            }
        }
        guard let end else { throw Failure(description: "no head") }
        let head = String(decoding: buffer[0..<end], as: UTF8.self)
        buffer.removeFirst(end + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line: \(head)")
        }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Response(status: status, headers: headers, body: [])
    }

    func readResponse() throws -> Response {
        var response = try readHead()
        let length = response.header("Content-Length").flatMap { Int($0) } ?? 0
        while buffer.count < length {
            guard try fill() else { throw Failure(description: "closed inside a body") }
        }
        response.body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return response
    }

    /// True when the server closed the connection (read returns 0) with nothing more to say.
    func isClosedByServer() throws -> Bool {
        buffer.isEmpty ? !(try fill()) : false
    }

    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count == 0 { return false }
        guard count > 0 else {
            if errno == ECONNRESET { return false }
            throw Failure(description: "recv: \(String(cString: strerror(errno)))")
        }
        buffer += chunk[0..<count]
        return true
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
