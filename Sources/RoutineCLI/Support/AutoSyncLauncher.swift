import Foundation
import Glibc
import RoutineApp
import RoutineCore
import RoutineSync

/// The command line's part of the automatic sync (SPEC §20, `sync: {auto: true}`): after
/// a command that wrote to a store, `routine sync now --auto` is started detached and
/// never waited for; a failure it left is told once by the next command. What that
/// process does is `AutoSync`'s.
enum AutoSyncLauncher {
    /// A store whose writes start an automatic sync, as the session watches it.
    struct Watch {
        var time: TimeContext
        /// The store's rows written when last looked at (`AppDatabase.Sync.rowsWritten`).
        var written: Int
    }

    /// glibc's `POSIX_SPAWN_SETSID` (2.26 and later), which its header declares only for
    /// `_GNU_SOURCE`, out of Swift's sight.
    static let setSID: Int32 = 0x80

    /// Starts `routine sync now --auto --store PATH` in a session of its own (no
    /// terminal: Ctrl-C and a closed terminal leave it alone), standard streams on
    /// /dev/null (it closes any other descriptor it inherits: `closeInherited`), default
    /// signal handling, and returns at once: nothing waits for the network.
    /// Nil when it could not be started (then the next write tries again).
    static func start(storePath: String) -> pid_t? {
        let executable = ExternalCommand.ownPath
        let arguments = [executable, "sync", "now", "--auto", "--store", storePath]
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        var none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(setSID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid = pid_t()
        guard posix_spawn(&pid, executable, &actions, &attributes, argv, envp) == 0 else { return nil }
        return pid
    }

    /// Closes every descriptor past the standard three that this process inherited (one
    /// opened without close-on-exec by whatever started the command), so a pipe a caller
    /// waits on is not held open by the automatic sync.
    static func closeInherited() {
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 { close(descriptor) }
    }

    /// Collects the exit of automatic syncs that ended (the REPL lives on after
    /// starting them; a command line's process leaves them to init when it exits).
    static func reap(_ pids: [pid_t]) -> [pid_t] {
        pids.filter { pid in
            var status: Int32 = 0
            return waitpid(pid, &status, WNOHANG) == 0
        }
    }

    /// `the last automatic sync failed at 08:12: REASON`, the time in the local zone (with
    /// the day when it was not today).
    static func failureLine(_ failure: AutoSync.Failure, time: TimeContext) -> String {
        let day = DayKey(instant: failure.at, timeZone: time.timeZone, dayStartMinutes: 0)
        let today = DayKey(instant: time.now(), timeZone: time.timeZone, dayStartMinutes: 0)
        let at = day == today ? DayPlanner.clock(failure.at, time.timeZone) : syncTimeText(failure.at, time.timeZone)
        return "the last automatic sync failed at \(at): \(failure.message)"
    }
}
