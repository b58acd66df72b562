// A real pseudo-terminal for end-to-end tests of interactive programs.
//
// The same file exists in Tests/LineEditorTests/Support/ and
// Tests/RoutineCLITests/Support/ (test targets cannot share sources): change
// both together.
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What went wrong while driving a program through a ``PseudoTerminal``.
public struct PseudoTerminalError: Error, CustomStringConvertible {
    public var description: String
}

/// Runs an executable on a new pseudo-terminal, as a person at a terminal would.
///
/// The child gets its own session (`setsid`) with the terminal's slave side as
/// its controlling terminal and as standard input, output and error, so libedit
/// sees a real terminal, Ctrl-C (`"\u{03}"`) becomes SIGINT from the line
/// discipline, and Ctrl-D (`"\u{04}"`) is end of input. The window is 80×24
/// unless told otherwise. `TERM` defaults to `xterm`: libedit then behaves as for
/// most people (cursor movement, key bindings from terminfo), and the escapes it
/// writes are removed from ``output``. `LANG` defaults to `C.UTF-8`.
///
/// Every wait has a timeout (30 s by default: a shared 2-core machine running the
/// other suites can hold a prompt back for 10 s; a passing wait returns as soon as the
/// text is there); on a timeout or an early end of output the error carries
/// everything read so far. The child is killed (SIGKILL) when the value
/// goes away without having waited for it. Not thread-safe: use one per test.
public final class PseudoTerminal {
    /// The child's process id.
    public let pid: pid_t
    private let master: Int32
    private var raw: [UInt8] = []
    /// Where the next ``expect(_:timeout:)`` starts searching in ``output``.
    private var searchStart = 0
    private var exitStatus: Int32?
    /// The master side reported end of output (the child closed the terminal).
    private var closed = false

    /// Starts `executable` with `arguments` (not including the program name).
    /// `environment` is the whole environment of the child, plus `TERM` and
    /// `LANG` defaults when it does not set them.
    public init(
        executable: URL, arguments: [String] = [], environment: [String: String] = [:],
        columns: UInt16 = 80, rows: UInt16 = 24
    ) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw PseudoTerminalError(description: "openpty failed: errno \(errno)")
        }
        defer { close(slave) }
        // ttyname_r, not ttyname: tests start terminals on several threads at once, and
        // ttyname's static buffer, overwritten meanwhile, once named "/dev/pts/" (the
        // folder: posix_spawn failed with EISDIR).
        var nameBuffer = [CChar](repeating: 0, count: 256)
        let nameResult = ttyname_r(slave, &nameBuffer, nameBuffer.count)
        guard nameResult == 0 else {
            close(master)
            throw PseudoTerminalError(description: "ttyname_r failed: error \(nameResult)")
        }
        let slaveName = String(cString: nameBuffer)
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)

        var environment = environment
        environment["TERM"] = environment["TERM"] ?? "xterm"
        environment["LANG"] = environment["LANG"] ?? "C.UTF-8"

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened in the child after setsid, so the terminal becomes its controlling one.
        posix_spawn_file_actions_addopen(&actions, 0, slaveName, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        // POSIX_SPAWN_SETSID is 0x80 in glibc (a GNU extension Swift does not import).
        let setSession: Int32 = 0x80
        posix_spawnattr_setflags(
            &attributes,
            Int16(setSession | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)))

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp {
                free(pointer)
            }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        guard result == 0 else {
            close(master)
            throw PseudoTerminalError(
                description: "cannot start \(executable.path): error \(result)")
        }
        self.pid = pid
        self.master = master
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// Everything the program wrote so far, with terminal escapes, carriage
    /// returns, bells and backspaces removed.
    public var output: String { Self.clean(raw) }

    /// Everything the program wrote so far, byte for byte, escapes included.
    public var rawOutput: String { String(decoding: raw, as: UTF8.self) }

    /// Types `text` as raw bytes: `"\r"` is Enter, `"\t"` Tab, `"\u{1b}[A"` the
    /// up arrow, `"\u{03}"` Ctrl-C, `"\u{04}"` Ctrl-D.
    public func send(_ text: String) throws {
        var bytes = Array(text.utf8)
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw PseudoTerminalError(description: "write to terminal failed: errno \(errno)")
            }
            bytes.removeFirst(written)
        }
    }

    /// Reads output until `substring` appears (in ``output``, after the end of
    /// the previous match) and returns the cleaned output from the previous match
    /// up to and including this one. Throws on timeout or when the program closes
    /// the terminal first, with all output so far in the message.
    @discardableResult
    public func expect(_ substring: String, timeout: Double = 30) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let text = output
            let start = text.index(
                text.startIndex, offsetBy: min(searchStart, text.count))
            if let found = text.range(of: substring, range: start..<text.endIndex) {
                searchStart = text.distance(from: text.startIndex, to: found.upperBound)
                return String(text[start..<found.upperBound])
            }
            if closed {
                throw PseudoTerminalError(
                    description:
                        "output ended before \(substring.debugDescription); output:\n\(text)")
            }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                throw PseudoTerminalError(
                    description:
                        "timed out waiting for \(substring.debugDescription); output:\n\(text)")
            }
            readAvailable(waitingAtMost: remaining)
        }
    }

    /// Waits until the program has taken the terminal out of canonical mode,
    /// as libedit does while it reads a line, reading output meanwhile.
    ///
    /// Call it after the prompt appeared and before typing: libedit draws the
    /// prompt a moment before it switches the terminal, and bytes sent in
    /// between are handled by the kernel's line discipline instead (echoed
    /// twice; Ctrl-D taken as an end-of-file marker and lost; Ctrl-C sent while
    /// the program is not yet reading). Throws on timeout.
    public func waitForLineEditing(timeout: Double = 30) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            var settings = termios()
            guard tcgetattr(master, &settings) == 0 else {
                throw PseudoTerminalError(description: "tcgetattr failed: errno \(errno)")
            }
            if settings.c_lflag & tcflag_t(ICANON) == 0 {
                return
            }
            if closed || deadline.timeIntervalSinceNow <= 0 {
                throw PseudoTerminalError(
                    description: "the program never started editing a line; output:\n\(output)")
            }
            readAvailable(waitingAtMost: 0.005)
            if !closed { usleep(1_000) }
        }
    }

    /// Waits until the program is blocked reading its standard input (Linux: the
    /// `read` system call on descriptor 0 in `/proc/PID/syscall`), reading output
    /// meanwhile: keys sent after it reach a program that is waiting for them, not one
    /// still busy with the previous ones. Throws on timeout.
    public func waitUntilReadingInput(timeout: Double = 30) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let state = (try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? ""
            if state.hasPrefix("0 0x0 ") { return }
            if closed || deadline.timeIntervalSinceNow <= 0 {
                throw PseudoTerminalError(
                    description: "the program never waited for input (\(state)); output:\n\(output)")
            }
            readAvailable(waitingAtMost: 0.005)
            if !closed { usleep(1_000) }
        }
    }

    /// Reads until `prompt` appears, then waits until the line editor reads
    /// (see ``waitForLineEditing(timeout:)``): after it, typed keys reach the editor.
    @discardableResult
    public func expectPrompt(_ prompt: String, timeout: Double = 30) throws -> String {
        let text = try expect(prompt, timeout: timeout)
        try waitForLineEditing(timeout: timeout)
        return text
    }

    /// Waits for the program to end, reading its output meanwhile (so it never
    /// blocks on a full terminal). Returns the exit status, or 128 + the signal
    /// number when a signal ended it. Throws on timeout (the program is then
    /// killed when this value goes away).
    public func waitForExit(timeout: Double = 30) throws -> Int32 {
        if let exitStatus { return exitStatus }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                readAvailable(waitingAtMost: 0)
                let signal = status & 0x7f
                let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
                exitStatus = code
                return code
            }
            if result < 0 && errno != EINTR {
                throw PseudoTerminalError(description: "waitpid failed: errno \(errno)")
            }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                throw PseudoTerminalError(
                    description: "timed out waiting for exit; output:\n\(output)")
            }
            if closed {
                usleep(10_000)
            } else {
                readAvailable(waitingAtMost: min(remaining, 0.05))
            }
        }
    }

    /// Reads whatever is there, waiting up to `seconds` for the first bytes.
    private func readAvailable(waitingAtMost seconds: Double) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, min(seconds, 3600)) * 1000)
        let ready = poll(&descriptor, 1, milliseconds)
        guard ready > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if count > 0 {
            raw.append(contentsOf: buffer[0..<count])
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            // Linux reports EIO on the master once every slave descriptor is closed.
            closed = true
        }
    }

    /// Removes CSI sequences (`ESC [ … final`), OSC sequences (`ESC ] … BEL` or
    /// `ESC \`), other two- and three-byte escapes, and `\r`, BEL and backspace.
    public static func clean(_ bytes: [UInt8]) -> String {
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1b:
                index = skipEscape(bytes, from: index)
            case 0x0d, 0x07, 0x08:
                index += 1
            default:
                kept.append(byte)
                index += 1
            }
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// The index just after the escape sequence that starts at `start`.
    private static func skipEscape(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        guard index < bytes.count else { return index }
        switch bytes[index] {
        case UInt8(ascii: "["):
            index += 1
            while index < bytes.count, !(0x40...0x7e).contains(bytes[index]) {
                index += 1
            }
            return index + 1
        case UInt8(ascii: "]"):
            index += 1
            while index < bytes.count {
                if bytes[index] == 0x07 { return index + 1 }
                if bytes[index] == 0x1b, index + 1 < bytes.count,
                    bytes[index + 1] == UInt8(ascii: "\\")
                {
                    return index + 2
                }
                index += 1
            }
            return index
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "#"):
            return index + 2
        default:
            return index + 1
        }
    }

    /// The built executable `name`, next to the running test binary or in the
    /// package's `.build/debug` (found from this source file's path), or at the
    /// path in the environment variable `<NAME>_PATH` (upper-cased, `-` as `_`).
    /// Throws, naming every place tried, when none exists.
    public static func builtExecutable(named name: String, filePath: String = #filePath) throws -> URL {
        var candidates: [URL] = []
        let variable = name.uppercased().replacingOccurrences(of: "-", with: "_") + "_PATH"
        if let path = ProcessInfo.processInfo.environment[variable] {
            candidates.append(URL(fileURLWithPath: path))
        }
        // The test binary runs from .build/<triple>/debug/ (routinePackageTests.xctest).
        let runningBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        candidates.append(runningBinary.deletingLastPathComponent().appendingPathComponent(name))
        let bundle = Bundle.main.bundleURL
        candidates.append(bundle.appendingPathComponent(name))
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent(name))
        if let first = CommandLine.arguments.first {
            let argumentZero = URL(fileURLWithPath: first).resolvingSymlinksInPath()
            candidates.append(argumentZero.deletingLastPathComponent().appendingPathComponent(name))
        }
        // Tests/TestSupport/PseudoTerminal.swift -> package root.
        let packageRoot = URL(fileURLWithPath: filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/\(name)"))
        for candidate in candidates {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: candidate.path)
            {
                return candidate
            }
        }
        throw PseudoTerminalError(
            description: "executable '\(name)' not found (run `swift build` first); tried:\n"
                + candidates.map(\.path).joined(separator: "\n"))
    }
}
