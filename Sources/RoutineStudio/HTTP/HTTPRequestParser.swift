import Foundation

/// Reads a request's head (request line and headers) from the bytes a connection has
/// received so far. Pure: the server feeds it its buffer, so every malformed input is a
/// tested value, never a crash. Only what the studio needs of HTTP/1.1 is accepted:
/// origin-form targets, `Content-Length` bodies, no `Transfer-Encoding`.
struct HTTPRequestParser: Sendable {
    var limits: HTTPServer.Limits

    /// A head that parsed: the request without its body, how many bytes the head took,
    /// the body's length, and whether the connection stays open after the response.
    struct Head: Sendable {
        var request: HTTPRequest
        var headLength: Int
        var contentLength: Int
        var keepAlive: Bool
    }

    /// A request refused before its handler: the status and one sentence. The connection
    /// is closed after the answer, since what follows in it cannot be trusted.
    struct Refusal: Error, Sendable, Equatable {
        var status: Int
        var message: String
    }

    enum Outcome: Sendable {
        case incomplete
        case head(Head)
        case refused(Refusal)
    }

    /// `searchFrom`: how many bytes of the buffer were searched already (the count at the
    /// last call), so a client trickling bytes costs linear time, not quadratic; the search
    /// backs up over a blank line that the new bytes may complete.
    func parse(_ buffer: [UInt8], searchFrom: Int = 0) -> Outcome {
        guard let end = Self.endOfHead(buffer, from: searchFrom) else {
            if buffer.count > limits.maxHeadBytes {
                return .refused(Refusal(status: 431, message: "the request's headers are over 64 KiB"))
            }
            // A stray line of garbage without a line break is refused as soon as it cannot be a
            // request line, rather than waiting for the timeout.
            if let refusal = Self.hopelessStart(buffer) { return .refused(refusal) }
            return .incomplete
        }
        guard end.headEnd <= limits.maxHeadBytes else {
            return .refused(Refusal(status: 431, message: "the request's headers are over 64 KiB"))
        }
        do {
            return .head(try head(buffer[0..<end.linesEnd], headLength: end.headEnd))
        } catch {
            return .refused(error)
        }
    }

    private func head(_ bytes: ArraySlice<UInt8>, headLength: Int) throws(Refusal) -> Head {
        var lines = Self.lines(bytes)
        guard !lines.isEmpty else { throw Self.bad("the request is empty") }
        let requestLine = lines.removeFirst()
        let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw Self.bad("the request line is not METHOD TARGET VERSION") }
        let method = try Self.token(parts[0], what: "method")
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            if version.hasPrefix("HTTP/") {
                throw Refusal(status: 505, message: "only HTTP/1.1 and HTTP/1.0 are served")
            }
            throw Self.bad("the request line has no HTTP version")
        }
        let (path, query) = try Self.target(parts[1])
        guard lines.count <= limits.maxHeaderCount else {
            throw Refusal(status: 431, message: "the request has more than \(limits.maxHeaderCount) headers")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            headers.append(try Self.header(line))
        }
        var request = HTTPRequest(method: method, path: path, query: query, headers: headers)
        if version == "HTTP/1.1", request.header("Host") == nil {
            throw Self.bad("an HTTP/1.1 request must name its Host")
        }
        if request.header("Transfer-Encoding") != nil {
            throw Refusal(status: 501, message: "Transfer-Encoding (chunked bodies) is not served; send Content-Length")
        }
        let contentLength = try Self.contentLength(request, limit: limits.maxBodyBytes)
        let connection = (request.header("Connection") ?? "").lowercased()
        let tokens = connection.split(separator: ",").map { $0.trimmingPrefix(" ") }
        let keepAlive = version == "HTTP/1.1" && !tokens.contains { $0.hasPrefix("close") }
        request.body = []
        return Head(request: request, headLength: headLength, contentLength: contentLength, keepAlive: keepAlive)
    }

    // MARK: - Pieces

    /// Where the head ends: the blank line (CRLF CRLF; a bare LF is accepted too, as RFC 9112
    /// allows). `linesEnd` excludes the blank line, `headEnd` includes it.
    static func endOfHead(_ buffer: [UInt8], from start: Int = 0) -> (linesEnd: Int, headEnd: Int)? {
        var index = max(0, min(start - 3, buffer.count - 3))
        while index < buffer.count {
            if buffer[index] == 0x0A {
                if index + 1 < buffer.count, buffer[index + 1] == 0x0A { return (index, index + 2) }
                if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A {
                    return (index, index + 3)
                }
            }
            index += 1
        }
        return nil
    }

    /// A refusal for a start that no request line can begin with (a control byte, say).
    private static func hopelessStart(_ buffer: [UInt8]) -> Refusal? {
        let isText: (UInt8) -> Bool = { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0D || $0 == 0x0A }
        return buffer.prefix(16).allSatisfy(isText) ? nil : bad("the request line holds bytes that are not text")
    }

    private static func lines(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
    }

    private static func bad(_ message: String) -> Refusal { Refusal(status: 400, message: message) }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    private static func token(_ bytes: ArraySlice<UInt8>, what: String) throws(Refusal) -> String {
        guard !bytes.isEmpty, bytes.allSatisfy(isTokenByte) else { throw bad("the \(what) is not a token") }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func header(_ line: ArraySlice<UInt8>) throws(Refusal) -> (name: String, value: String) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            if line.first == 0x20 || line.first == 0x09 { throw bad("folded header lines are not accepted") }
            throw bad("a header line has no colon")
        }
        let name = try token(line[line.startIndex..<colon], what: "header name")
        var value = line[(colon + 1)...]
        while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
        while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
        guard value.allSatisfy({ $0 >= 0x20 && $0 != 0x7F || $0 == 0x09 }) else {
            throw bad("the \(name) header holds control bytes")
        }
        return (name, String(decoding: value, as: UTF8.self))
    }

    private static func contentLength(_ request: HTTPRequest, limit: Int) throws(Refusal) -> Int {
        let values = request.headers.filter { $0.name.lowercased() == "content-length" }.map(\.value)
        guard let first = values.first else { return 0 }
        guard values.allSatisfy({ $0 == first }) else { throw bad("the request has two different Content-Length") }
        guard !first.isEmpty, first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            throw bad("Content-Length is not a number")
        }
        guard first.utf8.count <= 12, let length = Int(first), length <= limit else {
            throw Refusal(status: 413, message: "the body is over \(limit / (1024 * 1024)) MiB")
        }
        return length
    }

    /// The path, percent-decoded, and the query's parameters of an origin-form target.
    static func target(_ bytes: ArraySlice<UInt8>) throws(Refusal) -> (String, [String: String]) {
        guard bytes.first == UInt8(ascii: "/") else { throw bad("the request target is not a path") }
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw bad("the request target holds bad bytes") }
        let question = bytes.firstIndex(of: UInt8(ascii: "?"))
        var rawPath = bytes[..<(question ?? bytes.endIndex)]
        if let hash = rawPath.firstIndex(of: UInt8(ascii: "#")) { rawPath = rawPath[..<hash] }
        guard let path = percentDecoded(rawPath, plusIsSpace: false), !path.contains("\0") else {
            throw bad("the path's percent-encoding is not valid UTF-8")
        }
        var query: [String: String] = [:]
        if let question {
            var rawQuery = bytes[(question + 1)...]
            if let hash = rawQuery.firstIndex(of: UInt8(ascii: "#")) { rawQuery = rawQuery[..<hash] }
            for pair in rawQuery.split(separator: UInt8(ascii: "&")) {
                let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
                let value = equals == pair.endIndex ? pair[equals...] : pair[(equals + 1)...]
                guard let name = percentDecoded(pair[..<equals], plusIsSpace: true),
                    let decoded = percentDecoded(value, plusIsSpace: true)
                else { throw bad("the query's percent-encoding is not valid UTF-8") }
                query[name] = decoded
            }
        }
        return (path, query)
    }

    /// Percent-decoding of URL bytes; nil for a broken escape or bytes that are not UTF-8.
    static func percentDecoded(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> String? {
        var text = String(decoding: bytes, as: UTF8.self)  // the target is ASCII, checked before
        if plusIsSpace { text = text.replacingOccurrences(of: "+", with: " ") }
        return text.removingPercentEncoding
    }
}
