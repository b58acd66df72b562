import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A pseudo-terminal pair for the passphrase tests: the reader under test gets the slave
/// side as its terminal; the test types on the master side and reads there what the
/// terminal shows — an echoed passphrase would appear in ``shown``.
final class CryptoTerminalPair: @unchecked Sendable {
    let master: Int32
    let slave: Int32
    let slaveName: String
    private(set) var shown: [UInt8] = []
    /// Where the next ``waitFor(_:timeout:)`` starts looking in ``shown``.
    private var matched = 0

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init() throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else {
            throw Failure(description: "openpty: errno \(errno)")
        }
        var name = [CChar](repeating: 0, count: 256)
        guard ttyname_r(slave, &name, name.count) == 0 else {
            close(master)
            close(slave)
            throw Failure(description: "ttyname_r failed")
        }
        self.master = master
        self.slave = slave
        self.slaveName = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        close(master)
        close(slave)
    }

    /// What the terminal showed so far, carriage returns removed.
    var text: String { String(decoding: shown.filter { $0 != 0x0d }, as: UTF8.self) }

    /// The slave side's local modes now.
    var localModes: tcflag_t {
        var settings = termios()
        _ = tcgetattr(slave, &settings)
        return settings.c_lflag
    }

    var echoes: Bool { localModes & tcflag_t(ECHO) != 0 }

    /// Types `text` on the keyboard.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads what the terminal shows until `needle` appears after the previous match;
    /// throws after `timeout` seconds with what was shown.
    func waitFor(_ needle: String, timeout: Double = 20) throws {
        let wanted = Array(needle.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let start = (matched..<max(matched, shown.count - wanted.count + 1)).first(where: {
                Array(shown[$0..<($0 + wanted.count)]) == wanted
            }) {
                matched = start + wanted.count
                return
            }
            guard Date() < deadline else {
                throw Failure(
                    description: "timed out waiting for \(needle.debugDescription); shown: \(text.debugDescription)")
            }
            readShown(waitingAtMost: 0.05)
        }
    }

    /// Waits until the reader has switched echo off (it does before the prompt shows,
    /// but the test reads the prompt from another thread's write).
    func waitForEchoOff(timeout: Double = 20) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while echoes {
            guard Date() < deadline else { throw Failure(description: "echo never went off") }
            readShown(waitingAtMost: 0.01)
        }
    }

    /// Reads whatever the terminal shows within `seconds`.
    func readShown(waitingAtMost seconds: Double) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(seconds * 1000)) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if count > 0 { shown += buffer[0..<count] }
    }
}

/// Runs `body` on a thread of its own (it blocks reading the terminal while the test
/// types) and hands back its result.
final class BackgroundRead: @unchecked Sendable {
    private var outcome: Result<String, any Error>?
    private let finished = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () throws -> String) {
        Thread { [self] in
            outcome = Result { try body() }
            finished.signal()
        }.start()
    }

    /// The result, waiting up to `timeout` seconds.
    func result(timeout: Double = 20) throws -> String {
        guard finished.wait(timeout: .now() + timeout) == .success, let outcome else {
            throw CryptoTerminalPair.Failure(description: "the read did not finish")
        }
        return try outcome.get()
    }
}
