import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The base protocol's framing: `Content-Length: N\r\n` (other headers ignored), a blank
/// line, then N bytes of JSON. Bytes are fed in as they arrive; whole bodies come out.
///
/// Nothing an editor or a person types can wedge it: bytes before a header are skipped
/// up to the next `Content-Length:`, a header block without a usable length is dropped,
/// and a body is never waited for beyond its stated length (at most `maxBody`).
public struct MessageFramer {
    /// The largest body accepted (a 10 MB document is sent whole on open, escaped).
    public static let maxBody = 256 << 20

    private var buffer: [UInt8] = []
    private var start = 0
    /// Notes on what was skipped, for the server's standard error.
    public private(set) var skipped: [String] = []

    public init() {}

    public mutating func clearSkipped() { skipped.removeAll() }

    public mutating func feed(_ bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next whole body, or nil until more bytes arrive.
    public mutating func next() -> [UInt8]? {
        while true {
            guard let headerStart = find(Self.lengthWord, from: start) else {
                // Keep a tail that may be the start of the word; drop the rest.
                let keep = max(start, buffer.count - Self.lengthWord.count)
                if keep > start, buffer[start..<keep].contains(where: { !Self.isSpace($0) }) {
                    skipped.append("skipped \(keep - start) bytes that are not a message header")
                }
                start = keep
                compact()
                return nil
            }
            if headerStart > start, buffer[start..<headerStart].contains(where: { !Self.isSpace($0) }) {
                skipped.append("skipped \(headerStart - start) bytes that are not a message header")
            }
            start = headerStart
            guard let end = find(Array("\r\n\r\n".utf8), from: start) else {
                if buffer.count - start > 64 << 10 {
                    skipped.append("dropped a header block without an end")
                    start += Self.lengthWord.count
                    continue
                }
                return nil
            }
            let header = String(decoding: buffer[start..<end], as: UTF8.self)
            guard let length = Self.contentLength(header), length <= Self.maxBody else {
                skipped.append("dropped a header without a usable Content-Length: \(header.prefix(80))")
                start = end + 4
                continue
            }
            let bodyStart = end + 4
            guard buffer.count - bodyStart >= length else { return nil }
            let body = Array(buffer[bodyStart..<bodyStart + length])
            start = bodyStart + length
            compact()
            return body
        }
    }

    private static let lengthWord = Array("content-length:".utf8)

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// The length in a header block (`Content-Length` in any letter case).
    static func contentLength(_ header: String) -> Int? {
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { continue }
            let digits = parts[1].trimmingCharacters(in: .whitespaces)
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }), digits.count < 12 else {
                return nil
            }
            return Int(digits)
        }
        return nil
    }

    /// Where `word` starts at or after `from` (letters compared case-insensitively).
    private func find(_ word: [UInt8], from: Int) -> Int? {
        guard buffer.count - from >= word.count, let first = word.first else { return nil }
        var index = from
        let last = buffer.count - word.count
        while index <= last {
            if Self.lower(buffer[index]) == first {
                var matched = true
                for offset in 1..<word.count where Self.lower(buffer[index + offset]) != word[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    private static func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }

    /// Drops consumed bytes once they are most of the buffer (amortised O(1) per byte).
    private mutating func compact() {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
    }

    /// One framed message.
    public static func frame(_ body: String) -> [UInt8] {
        let bytes = Array(body.utf8)
        return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
    }
}

/// Writes framed messages to a file descriptor, whole, from any thread.
public final class MessageWriter: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()

    public init(descriptor: Int32) { self.descriptor = descriptor }

    public func send(_ message: JSON) {
        let bytes = MessageFramer.frame(message.sortedText)
        lock.lock()
        defer { lock.unlock() }
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return  // the editor went away; the next read sees the end of input
                }
                offset += written
            }
        }
    }
}
