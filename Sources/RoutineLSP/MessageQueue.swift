import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The messages read but not yet handled, filled by the reader thread.
final class MessageQueue: @unchecked Sendable {
    enum Item: Sendable {
        case message(JSON)
        /// A framed body that is not JSON (answered with a parse error).
        case unreadable(String)
        /// Input ended.
        case end
        /// A document's text as read in the background (see `LanguageServer.analyse`);
        /// `read` numbers the reads the server started.
        case analysed(uri: String, read: Int, checked: DocumentIndex.Checked)
    }

    private let condition = NSCondition()
    private var items: [Item] = []

    func push(_ item: Item) {
        condition.lock()
        items.append(item)
        condition.signal()
        condition.unlock()
    }

    /// Every item waiting, waiting for at least one.
    func takeAll() -> [Item] {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty { condition.wait() }
        let taken = items
        items.removeAll(keepingCapacity: true)
        return taken
    }

    var isEmpty: Bool {
        condition.lock()
        defer { condition.unlock() }
        return items.isEmpty
    }

    /// Reads `descriptor` to its end, framing messages into `queue`.
    static func readAll(from descriptor: Int32, into queue: MessageQueue, log: (String) -> Void) {
        var framer = MessageFramer()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            framer.feed(chunk[0..<count])
            while let body = framer.next() {
                if let message = JSON.parse(Data(body)) {
                    queue.push(.message(message))
                } else {
                    queue.push(.unreadable("the message is not JSON"))
                }
            }
            for note in framer.skipped { log(note) }
            framer.clearSkipped()
        }
        queue.push(.end)
    }
}
