import Foundation
import RoutineCore

#if canImport(Glibc)
    import Glibc
#endif

/// The one home of the `flock(2)` locks that keep routine's processes apart: the store's
/// lock (`StoreLock`: every open store shares it, `restore` holds it alone), each run's
/// claim (`RunLocks`) and the sync's lock (one sync of a store at a time).
///
/// One policy for all of them (issue 27):
/// - A lock is an open descriptor of a file beside the store, made private (0600) when it
///   is missing; where it cannot be written it is opened for reading, which still takes a
///   shared hold. The kernel drops a hold when its process ends, however it ends.
/// - Taking a hold retries when a signal interrupts it (`EINTR`). A hold another process
///   has (`EWOULDBLOCK`) is tried again every 10 ms until the wait is over (`Wait`, on the
///   monotonic clock); then `take` says no. Any other error is thrown, naming the file:
///   a lock that cannot be taken is never taken for granted.
/// - The process that holds a lock exclusively writes its process id into the file (and
///   clears it on release), so that whoever waits for it or is refused can name the
///   holder (`holder()`); shared holders are many and write nothing.
package final class FileLock: @unchecked Sendable {
    package enum Mode: Sendable {
        case shared, exclusive
    }

    /// How long `take` waits while another process holds the lock.
    package enum Wait: Sendable {
        /// One try.
        case once
        /// Tries until this long has passed.
        case upTo(Duration)
        /// Blocks until the lock is free.
        case forever
    }

    package let path: String
    private let descriptor: Int32
    private let writable: Bool
    /// Set and read under the caller's own serialisation: a `FileLock` is taken and
    /// released by one owner (the types above each guard theirs).
    private var heldExclusively = false

    private init(path: String, descriptor: Int32, writable: Bool) {
        self.path = path
        self.descriptor = descriptor
        self.writable = writable
    }

    deinit {
        Glibc.close(descriptor)
    }

    /// Opens the lock file at `path`, making it when `create` is true and it is missing.
    /// Throws `cannotCreateFile` when it can be neither made nor read.
    package static func open(_ path: String, create: Bool = true) throws -> FileLock {
        let flags = O_RDWR | O_CLOEXEC | (create ? O_CREAT : 0)
        let descriptor = Glibc.open(path, flags, 0o600)
        if descriptor >= 0 { return FileLock(path: path, descriptor: descriptor, writable: true) }
        let readOnly = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard readOnly >= 0 else {
            throw StoreError.cannotCreateFile(path: path, reason: String(cString: strerror(errno)))
        }
        return FileLock(path: path, descriptor: readOnly, writable: false)
    }

    /// Takes a hold of `mode`, waiting as `wait` says while another process holds it:
    /// true when taken, false when the wait ended first.
    package func take(_ mode: Mode, wait: Wait) throws -> Bool {
        let operation = mode == .shared ? LOCK_SH : LOCK_EX
        switch wait {
        case .forever:
            while flock(descriptor, operation) != 0 {
                guard errno == EINTR else { throw failure() }
            }
        case .once, .upTo:
            let clock = ContinuousClock()
            let deadline: ContinuousClock.Instant
            if case .upTo(let duration) = wait {
                deadline = clock.now.advanced(by: duration)
            } else {
                deadline = clock.now
            }
            while flock(descriptor, operation | LOCK_NB) != 0 {
                switch errno {
                case EINTR: continue
                case EWOULDBLOCK:
                    guard clock.now < deadline else { return false }
                    usleep(10_000)
                default: throw failure()
                }
            }
        }
        if mode == .exclusive { recordHolder() }
        return true
    }

    /// Gives the hold up (the file stays: a new file would be a second lock).
    package func release() {
        if heldExclusively, writable { _ = ftruncate(descriptor, 0) }
        heldExclusively = false
        flock(descriptor, LOCK_UN)
    }

    /// The process id the exclusive holder wrote, if any.
    package func holder() -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer.prefix(count), as: UTF8.self)
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private func recordHolder() {
        heldExclusively = true
        guard writable, ftruncate(descriptor, 0) == 0 else { return }
        let line = "\(getpid())\n"
        _ = line.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    private func failure() -> StoreError {
        .cannotLock(path: path, reason: String(cString: strerror(errno)))
    }
}
