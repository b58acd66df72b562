import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The studio's HTTP/1.1 server: POSIX sockets, bound to 127.0.0.1 only, a thread for the
/// accept loop and one per connection (at most `Limits.maxConnections` at once; the kernel
/// queues the rest). Small on purpose (docs/studio-server.md says why it is not Hummingbird):
/// `Content-Length` bodies only, keep-alive, and a refusal with the right status for any
/// input it does not serve, so that no bytes a client sends can stop it.
public final class HTTPServer: Sendable {
    /// What one connection may cost the server.
    public struct Limits: Sendable {
        /// The request line and headers together.
        public var maxHeadBytes = 64 * 1024
        public var maxHeaderCount = 100
        public var maxBodyBytes = 8 * 1024 * 1024
        /// Connections served at once; more wait in the kernel's queue.
        public var maxConnections = 16
        /// The longest wait for a client's next bytes (a stalled request gets 408; an idle
        /// keep-alive connection is closed).
        public var readTimeout: Double = 10
        /// The longest a whole request (head and body) may take to arrive, so a client
        /// trickling a byte at a time cannot keep a connection for ever.
        public var requestTimeout: Double = 60

        public init() {}
    }

    /// Why the server could not listen, as one sentence.
    public struct ListenError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    public let port: Int
    let limits: Limits
    private let listener: Int32
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    private let state = Mutex(State())
    private let slots: DispatchSemaphore
    private let acceptLoopDone = DispatchSemaphore(value: 0)

    private struct State {
        var started = false
        var stopped = false
        var connections: Set<Int32> = []
    }

    /// Binds 127.0.0.1 only (never 0.0.0.0); port 0 picks a free one.
    public convenience init(port: Int, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        try self.init(port: port, limits: Limits(), handler: handler)
    }

    public init(port: Int, limits: Limits, handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        guard (0...65535).contains(port) else {
            throw ListenError(description: "port \(port) is not between 0 and 65535")
        }
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketFD >= 0 else {
            throw ListenError(description: "cannot open a socket: \(String(cString: strerror(errno)))")
        }
        var one: Int32 = 1
        setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)  // 127.0.0.1
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(socketFD, 128) == 0 else {
            let code = errno
            close(socketFD)
            switch code {
            case EADDRINUSE: throw ListenError(description: "port \(port) is in use")
            case EACCES: throw ListenError(description: "port \(port) needs privileges; choose one above 1023")
            default:
                throw ListenError(
                    description: "cannot listen on 127.0.0.1:\(port): \(String(cString: strerror(code)))")
            }
        }
        self.listener = socketFD
        self.port = Self.localPort(socketFD) ?? port
        self.limits = limits
        self.handler = handler
        self.slots = DispatchSemaphore(value: max(1, limits.maxConnections))
    }

    deinit {
        stop()
    }

    /// Starts the accept loop on its own thread; a second call does nothing.
    public func start() {
        let first = state.withLock { state in
            defer { state.started = true }
            return !state.started && !state.stopped
        }
        guard first else { return }
        Thread.detachNewThread { [self] in
            acceptLoop()
            acceptLoopDone.signal()
        }
    }

    /// Closes the listening socket (the port is free when this returns) and ends the open
    /// connections; a request being handled finishes its handler first, but its answer may
    /// not be sent.
    public func stop() {
        let started = state.withLock { state -> Bool? in
            guard !state.stopped else { return nil }
            state.stopped = true
            // Under the lock, every descriptor in the set is still open (a worker removes its
            // own before closing it), so no other file that reused a number is shut.
            for connection in state.connections { shutdown(connection, Int32(SHUT_RDWR)) }
            return state.started
        }
        guard let started else { return }
        if started {
            shutdown(listener, Int32(SHUT_RDWR))  // wakes the blocked accept
            acceptLoopDone.wait()
        }
        close(listener)
    }

    /// The port the socket is bound to (the one the kernel chose for port 0).
    private static func localPort(_ socketFD: Int32) -> Int? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        return result == 0 ? Int(UInt16(bigEndian: address.sin_port)) : nil
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func acceptLoop() {
        while true {
            // A free slot first, so that at most maxConnections are served at once.
            while slots.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
                if isStopped { return }
            }
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                let code = errno
                slots.signal()
                if isStopped { return }
                switch code {
                case EINTR, ECONNABORTED, EPROTO: continue
                default: usleep(20_000)  // out of descriptors or memory: wait, then try again
                }
                continue
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)  // accept4 is not in Glibc's Swift overlay
            let admitted = state.withLock { state in
                guard !state.stopped else { return false }
                state.connections.insert(client)
                return true
            }
            guard admitted else {
                close(client)
                slots.signal()
                return
            }
            Thread.detachNewThread { [self] in
                HTTPConnection(socket: client, limits: limits, handler: handler).serve()
                state.withLock { _ = $0.connections.remove(client) }
                close(client)
                slots.signal()
            }
        }
    }
}
