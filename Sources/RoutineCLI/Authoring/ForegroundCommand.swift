import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a command that uses the terminal (an editor) as a shell runs a foreground job.
///
/// Foundation's `Process` starts its child in a process group of its own without handing
/// it the terminal: a terminal editor (vim, nvim) is then a background job, stopped
/// (SIGTTOU/SIGTTIN) the moment it sets up the screen, and Ctrl-C reaches this process
/// instead (issue 31 item 12). Here the child gets its own group *and* the terminal
/// (`tcsetpgrp`), so its keys, Ctrl-C and Ctrl-Z go to it alone; when it ends, this
/// process takes the terminal back (with SIGTTOU blocked, as a background group asking
/// for the terminal would otherwise be stopped) and restores the terminal modes it had
/// (the line editor's), whatever the child left.
enum ForegroundCommand {
    /// Runs `/bin/sh -c script name arguments…` in `environment`; returns its exit status,
    /// or 128 + the signal that ended it.
    static func run(
        script: String, name: String, arguments: [String], environment: [String: String]
    ) throws
        -> Int32
    {
        let terminal = STDIN_FILENO
        // Only a foreground job may hand the terminal on (a script's `routine edit` with a
        // pipe for input has no terminal to hand).
        let handsTerminal = isatty(terminal) != 0 && tcgetpgrp(terminal) == getpgrp()
        var modes = termios()
        let savedModes = handsTerminal && tcgetattr(terminal, &modes) == 0
        let pid = try spawn(
            ["/bin/sh", "-c", script, name] + arguments, environment: environment, ownGroup: handsTerminal)
        if handsTerminal {
            // Also here, not only in the child: whichever runs first, the group exists
            // before the terminal is handed to it.
            _ = setpgid(pid, pid)
            withTerminalSignalsBlocked { _ = tcsetpgrp(terminal, pid) }
        }
        defer {
            if handsTerminal {
                withTerminalSignalsBlocked {
                    _ = tcsetpgrp(terminal, getpgrp())
                    if savedModes { _ = tcsetattr(terminal, TCSADRAIN, &modes) }
                }
            }
        }
        return wait(for: pid, handsTerminal: handsTerminal)
    }

    private static func spawn(_ arguments: [String], environment: [String: String], ownGroup: Bool) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGPIPE, SIGCHLD, SIGWINCH] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, arguments[0], nil, &attributes, argv + [nil], envp + [nil])
        guard status == 0 else {
            throw CLIError(String(cString: strerror(status)))
        }
        return pid
    }

    /// Waits for the child to end. A child stopped by Ctrl-Z is continued (this is not a
    /// job-control shell: there is no `fg` to bring it back with), with the terminal.
    private static func wait(for pid: pid_t, handsTerminal: Bool) -> Int32 {
        while true {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WUNTRACED)
            if result < 0 {
                if errno == EINTR { continue }
                return 1
            }
            let low = status & 0x7f
            if low == 0x7f {  // stopped
                if handsTerminal { withTerminalSignalsBlocked { _ = tcsetpgrp(STDIN_FILENO, pid) } }
                _ = kill(-pid, SIGCONT)
                _ = kill(pid, SIGCONT)
                continue
            }
            return low == 0 ? (status >> 8) & 0xff : 128 + low
        }
    }

    /// Runs `body` with SIGTTOU and SIGTTIN blocked on this thread: a process that is not
    /// in the terminal's foreground group may then set it (POSIX `tcsetpgrp`).
    private static func withTerminalSignalsBlocked(_ body: () -> Void) {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTTOU)
        sigaddset(&blocked, SIGTTIN)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        body()
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
}
