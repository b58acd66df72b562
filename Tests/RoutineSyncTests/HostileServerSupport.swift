import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A listener on 127.0.0.1 (loopback only) that lets a PostgreSQL client log in
/// (AuthenticationOk, ReadyForQuery) and then never answers a statement: the server of
/// issue 31 item 6. It stops after `stop()` or `lifetime` seconds, whichever is first.
final class SilentPostgres: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    init(lifetime: Double = 60) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 8) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard listener >= 0, bound else { throw HostileServerError("cannot listen on 127.0.0.1") }
        port = UInt16(bigEndian: address.sin_port)
        let deadline = Date().addingTimeInterval(lifetime)
        Thread.detachNewThread { [self] in serve(until: deadline) }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func serve(until deadline: Date) {
        var clients: [Int32] = []
        while !isStopped, Date() < deadline {
            var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            clients.append(client)
            // An SSL or GSS request is declined ("N"); then the startup message.
            var packet = Self.readPacket(client)
            if packet.count == 4, [80_877_103, 80_877_104].contains(Self.integer(packet)) {
                _ = send(client, [UInt8(ascii: "N")], 1, Int32(MSG_NOSIGNAL))
                packet = Self.readPacket(client)
            }
            let loggedIn: [UInt8] = [0x52, 0, 0, 0, 8, 0, 0, 0, 0, 0x5A, 0, 0, 0, 5, 0x49]
            _ = send(client, loggedIn, loggedIn.count, Int32(MSG_NOSIGNAL))
        }
        for client in clients { close(client) }
        close(listener)
        finished.signal()
    }

    /// One length-prefixed startup packet's body (empty when the client went away).
    private static func readPacket(_ client: Int32) -> [UInt8] {
        guard let header = readExactly(client, 4), header.count == 4 else { return [] }
        let length = Int(integer(header))
        guard length >= 4, length < 10_000 else { return [] }
        return readExactly(client, length - 4) ?? []
    }

    private static func readExactly(_ client: Int32, _ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let read = bytes.withUnsafeMutableBytes { recv(client, $0.baseAddress! + got, count - got, 0) }
            guard read > 0 else { return nil }
            got += read
        }
        return bytes
    }

    private static func integer(_ bytes: [UInt8]) -> UInt32 {
        bytes.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
    }

    func stop() {
        lock.withLock { stopped = true }
        _ = finished.wait(timeout: .now() + 5)
    }
}

/// A psql session holding a lock in an open transaction until `release()` (its input
/// closes: psql ends and the transaction with it).
final class LockHolder {
    private let process = Process()
    private let input = Pipe()

    init(url: String, sql: String) throws {
        process.executableURL = URL(fileURLWithPath: PostgresServer.binaries + "/psql")
        process.arguments = ["-X", "-q", "-A", "-t", "-d", url]
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data("BEGIN;\n\(sql);\nSELECT 'lock' || 'held';\n".utf8))
        var seen = ""
        let deadline = Date().addingTimeInterval(20)
        while !seen.contains("lockheld"), Date() < deadline {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            seen += String(decoding: data, as: UTF8.self)
        }
        guard seen.contains("lockheld") else {
            release()
            throw HostileServerError("psql did not take the lock: \(seen)")
        }
    }

    func release() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

struct HostileServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
