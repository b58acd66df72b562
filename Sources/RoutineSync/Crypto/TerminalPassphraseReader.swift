import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads one line from a terminal without echoing it: the passphrase prompt of
/// ``PassphraseSource``, written over file descriptors so tests drive it through a real
/// pseudo-terminal.
///
/// The terminal is put in raw-ish mode — no echo, no canonical line editing, no signal
/// keys — and the line is edited here: Enter ends it, Backspace removes a character,
/// Ctrl-U the whole line, Ctrl-C or Ctrl-D on an empty line give up
/// (``SyncCryptoError/passphraseInterrupted``). Taking Ctrl-C as a key rather than as
/// SIGINT means the terminal is restored by a `defer` on every way out of the read.
/// A signal from outside (SIGTERM, SIGHUP, SIGQUIT, SIGINT by `kill`) would still end
/// the process mid-read, so while the terminal is changed a handler for each of those
/// whose disposition is the default restores the terminal and re-raises the signal: the
/// shell never gets back a terminal without echo. Signals the program handles itself are
/// left to it.
public enum TerminalPassphraseReader {
    /// One read at a time: the signal handler restores one saved terminal.
    private static let lock = NSLock()
    private static let guardedSignals = [SIGHUP, SIGINT, SIGQUIT, SIGTERM]

    /// Writes `prompt` to `output`, reads a line from `input` (a terminal) without echo,
    /// restores the terminal and writes a newline.
    public static func read(prompt: String, input: Int32, output: Int32) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        var original = termios()
        guard tcgetattr(input, &original) == 0 else {
            throw SyncCryptoError.terminal(reason: String(cString: strerror(errno)))
        }
        var quiet = original
        quiet.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        withUnsafeMutableBytes(of: &quiet.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        let keys = Keys(original)
        let installed = installHandlers(descriptor: input, settings: original)
        defer {
            var settings = original
            _ = tcsetattr(input, TCSADRAIN, &settings)
            removeHandlers(installed)
            write("\n", to: output)
        }
        guard tcsetattr(input, TCSAFLUSH, &quiet) == 0 else {
            throw SyncCryptoError.terminal(reason: String(cString: strerror(errno)))
        }
        write(prompt, to: output)
        var line = try readLine(from: input, keys: keys)
        defer {
            for index in line.indices { line[index] = 0 }
        }
        guard let text = String(validating: line, as: UTF8.self) else {
            throw SyncCryptoError.terminal(reason: "what was typed is not UTF-8 text")
        }
        return text
    }

    /// The editing keys of the terminal as it was set, plus the usual defaults.
    private struct Keys {
        var interrupt: Set<UInt8> = [0x03]
        var endOfInput: Set<UInt8> = [0x04]
        var erase: Set<UInt8> = [0x7f, 0x08]
        var kill: Set<UInt8> = [0x15]

        init(_ settings: termios) {
            withUnsafeBytes(of: settings.c_cc) { characters in
                // 0 is _POSIX_VDISABLE on Linux: the key is switched off.
                func add(_ slot: Int32, to keys: inout Set<UInt8>) {
                    if characters[Int(slot)] != 0 { keys.insert(characters[Int(slot)]) }
                }
                add(VINTR, to: &interrupt)
                add(VEOF, to: &endOfInput)
                add(VERASE, to: &erase)
                add(VKILL, to: &kill)
            }
        }
    }

    private static func readLine(from input: Int32, keys: Keys) throws -> [UInt8] {
        var line: [UInt8] = []
        while true {
            var byte: UInt8 = 0
            let count = Glibc.read(input, &byte, 1)
            if count < 0 {
                if errno == EINTR { continue }
                throw SyncCryptoError.terminal(reason: String(cString: strerror(errno)))
            }
            if count == 0 {
                // The terminal hung up.
                if line.isEmpty { throw SyncCryptoError.passphraseInterrupted }
                return line
            }
            switch byte {
            case 0x0a, 0x0d:
                return line
            case _ where keys.interrupt.contains(byte):
                throw SyncCryptoError.passphraseInterrupted
            case _ where keys.endOfInput.contains(byte):
                if line.isEmpty { throw SyncCryptoError.passphraseInterrupted }
            case _ where keys.erase.contains(byte):
                // One character: its UTF-8 continuation bytes, then its first byte.
                while let last = line.last, last & 0xc0 == 0x80 { line.removeLast() }
                if !line.isEmpty { line.removeLast() }
            case _ where keys.kill.contains(byte):
                line.removeAll()
            case 0..<0x20:
                // Other control keys (Tab, Escape, Ctrl-Z) are not part of a passphrase.
                break
            default:
                line.append(byte)
            }
        }
    }

    /// Writes to the terminal; a prompt that cannot be shown is no reason to fail the read.
    private static func write(_ text: String, to output: Int32) {
        try? DescriptorIO.writeAll(Array(text.utf8), to: output)
    }

    /// Installs the restoring handler for each guarded signal whose disposition is the
    /// default; returns those signals.
    private static func installHandlers(descriptor: Int32, settings: termios) -> [Int32] {
        savedDescriptor = descriptor
        savedSettings = settings
        var installed: [Int32] = []
        for signal in guardedSignals {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else {
                continue
            }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = restoreTerminalAndReraise
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            if sigaction(signal, &action, nil) == 0 { installed.append(signal) }
        }
        return installed
    }

    private static func removeHandlers(_ signals: [Int32]) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = nil
        sigemptyset(&action.sa_mask)
        for signal in signals {
            _ = sigaction(signal, &action, nil)
        }
        savedDescriptor = -1
    }
}

/// The terminal the signal handler restores: plain globals, set before the handlers are
/// installed, so the handler touches nothing but memory and async-signal-safe calls.
nonisolated(unsafe) private var savedDescriptor: Int32 = -1
nonisolated(unsafe) private var savedSettings = termios()

/// Restores the saved terminal, puts back the default disposition and raises the
/// signal again, so the process ends as it would have, with its terminal whole.
private func restoreTerminalAndReraise(_ signal: Int32) {
    if savedDescriptor >= 0 {
        _ = tcsetattr(savedDescriptor, TCSANOW, &savedSettings)
    }
    _ = Glibc.signal(signal, nil)
    _ = raise(signal)
}
