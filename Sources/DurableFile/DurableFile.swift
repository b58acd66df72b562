#if canImport(Glibc)
    import Glibc
#endif

/// Replacing a file so that a crash leaves the old content or the new, never half of
/// each — the one way the program does it (issue 27: it was written three times, in the
/// studio's document writer, the sync key file and the store's backup). A temporary file
/// beside the target (the same file system, so the rename is atomic), made by this
/// process alone (`O_CREAT|O_EXCL`, no link followed) with exactly the mode asked (the
/// umask can only take bits away, so the mode is set again), filled, synced, renamed over
/// the target, then the folder synced so that the rename survives a crash too. A failure
/// at any step removes the temporary file; a failing system call is thrown as a
/// `Failure` naming the step, what the caller's own error throws is passed on as it is.
public enum DurableFile {
    /// The step a system call failed in.
    public enum Step: Sendable, Equatable {
        case create, setMode, write, sync, rename
    }

    /// A failed system call: its step and its errno, read at once.
    public struct Failure: Error, Sendable, Equatable {
        public let step: Step
        public let code: Int32

        public init(step: Step, code: Int32) {
            self.step = step
            self.code = code
        }

        /// The system's words for the errno: `No space left on device`.
        public var reason: String { String(cString: strerror(code)) }
    }

    /// Replaces `target` by `temporary` (a path in the target's folder that the caller
    /// names, so a leftover from a crash says whose it is), created with `mode`, filled by
    /// `fill` (given the open descriptor; it may also write the file by its path, as SQLite
    /// does), synced, handed to `beforeRename` (a test looks at it there), renamed.
    public static func replace(
        _ target: String, through temporary: String, mode: mode_t,
        beforeRename: (_ temporary: String) throws -> Void = { _ in }, fill: (_ descriptor: Int32) throws -> Void
    ) throws {
        let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, mode)
        guard descriptor >= 0 else { throw Failure(step: .create, code: errno) }
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
        }
        do {
            defer { close(descriptor) }
            guard fchmod(descriptor, mode) == 0 else { throw Failure(step: .setMode, code: errno) }
            try fill(descriptor)
            guard fsync(descriptor) == 0 else { throw Failure(step: .sync, code: errno) }
        }
        try beforeRename(temporary)
        guard rename(temporary, target) == 0 else { throw Failure(step: .rename, code: errno) }
        renamed = true
        syncFolder(of: target)
    }

    /// Writes every byte of `bytes` to `descriptor` (a write cut short by a signal is
    /// resumed).
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(Failure) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return write(descriptor, base + written, raw.count - written)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw Failure(step: .write, code: errno) }
            written += count
        }
    }

    /// Syncs the folder `path` is in, so that a rename into it is on disk (best effort:
    /// a folder that cannot be opened is left as it is).
    public static func syncFolder(of path: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
